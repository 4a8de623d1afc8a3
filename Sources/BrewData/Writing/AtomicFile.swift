import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Replaces files so a crash leaves the old file or the new one, never a torn one:
/// write a hidden temporary file in the same folder, fsync it, rename it over the
/// target, fsync the folder.
public enum AtomicFile {
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public var path: String
        public var reason: String
        public var description: String { "\(path): \(reason)" }
    }

    public static func write(_ bytes: [UInt8], to path: String) throws(Failure) {
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: folder.isEmpty ? "." : folder, withIntermediateDirectories: true)
        } catch {
            throw Failure(path: folder, reason: "cannot create the folder: \(error.localizedDescription)")
        }
        let temporary = ((folder.isEmpty ? "." : folder) as NSString)
            .appendingPathComponent(".\(name).\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp")
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard fd >= 0 else { throw Failure(path: temporary, reason: "cannot create: \(String(cString: strerror(errno)))") }
        var written = 0
        let ok = bytes.withUnsafeBytes { buffer -> Bool in
            while written < buffer.count {
                let count = Foundation.write(fd, buffer.baseAddress! + written, buffer.count - written)
                if count <= 0 { return false }
                written += count
            }
            return fsync(fd) == 0
        }
        let reason = String(cString: strerror(errno))
        close(fd)
        guard ok else {
            unlink(temporary)
            throw Failure(path: path, reason: "cannot write: \(reason)")
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw Failure(path: path, reason: "cannot replace: \(reason)")
        }
        syncFolder(folder.isEmpty ? "." : folder)
    }

    /// Removes a file (an atomic step on its own) and syncs its folder.
    public static func remove(_ path: String) throws(Failure) {
        guard unlink(path) == 0 || errno == ENOENT else {
            throw Failure(path: path, reason: "cannot remove: \(String(cString: strerror(errno)))")
        }
        let folder = (path as NSString).deletingLastPathComponent
        syncFolder(folder.isEmpty ? "." : folder)
    }

    /// Flushes a folder's entries (a rename or unlink) to disk.
    public static func syncFolder(_ folder: String) {
        let fd = open(folder, O_RDONLY)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        close(fd)
    }
}
