import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Replaces files so a crash leaves the old file or the new one, never a torn one:
/// write a hidden temporary file in the same folder, fsync it, rename it over the
/// target, fsync the folder.
///
/// The file keeps what it was given: a file replaced keeps its mode and owner (a private 0600
/// journal stays private after every rewrite); a new file takes `newFileMode`, or else the mode of
/// the data files beside it (`DataFileMode`), and a folder made for it the matching folder mode.
/// Every writer of a data file goes through here.
public enum AtomicFile {
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public var path: String
        public var reason: String
        public var description: String { "\(path): \(reason)" }
    }

    /// - Parameter newFileMode: the permission bits of the file when it does not exist yet (an
    ///   export's archive takes the data files' mode, `DataFileMode.ofDataFiles(in:)`); nil for the
    ///   mode of the data files beside it.
    public static func write(_ bytes: [UInt8], to path: String, newFileMode: mode_t? = nil) throws(Failure) {
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        var existing = stat()
        let replaces = stat(path, &existing) == 0 && existing.st_mode & S_IFMT == S_IFREG
        let mode = replaces ? existing.st_mode & 0o7777 : newFileMode ?? DataFileMode.forNewFile(in: folder)
        try createFolder(folder.isEmpty ? "." : folder, fileMode: mode)
        let temporary = ((folder.isEmpty ? "." : folder) as NSString)
            .appendingPathComponent(".\(name).\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp")
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL, mode.map { $0 & 0o600 } ?? 0o644)
        guard fd >= 0 else { throw Failure(path: temporary, reason: "cannot create: \(String(cString: strerror(errno)))") }
        // The owner first (changing it clears set-id bits), then the mode, before a byte is written.
        if replaces, existing.st_uid != getuid() || existing.st_gid != getgid() {
            // Only root may give a file away; a group the writer is in may be kept. A file that
            // cannot keep its owner still keeps its mode.
            _ = fchown(fd, existing.st_uid, existing.st_gid) == 0 || fchown(fd, getuid(), existing.st_gid) == 0
        }
        if let mode, fchmod(fd, mode) != 0 {
            let reason = String(cString: strerror(errno))
            close(fd)
            unlink(temporary)
            throw Failure(path: path, reason: "cannot give the new copy the file's mode \(String(mode, radix: 8)): \(reason)")
        }
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

    /// Makes `folder` and the folders above it that are missing, each with the folder mode of
    /// `fileMode` (0700 for 0600 files; the process's default when nil).
    static func createFolder(_ folder: String, fileMode: mode_t?) throws(Failure) {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue { return }
        let attributes: [FileAttributeKey: Any]? = fileMode.map { [.posixPermissions: Int(DataFileMode.folderMode(for: $0))] }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: attributes)
        } catch {
            throw Failure(path: folder, reason: "cannot create the folder: \(error.localizedDescription)")
        }
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
