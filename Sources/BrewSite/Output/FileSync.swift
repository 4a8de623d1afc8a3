import Foundation

/// File operations for keeping a tree equal to a set of files with the fewest writes:
/// compare before writing, rewrite in place, remove only what is left over.
enum FileSync {
    enum Outcome: Equatable {
        case unchanged, created, rewritten
        case failed(String)
    }

    /// Makes the file at `path` hold `bytes`: untouched when it already does, rewritten in place
    /// when it differs (cheaper here than a new file and an unlink), created when missing.
    static func write(_ bytes: UnsafeBufferPointer<UInt8>, to path: String) -> Outcome {
        let existing = open(path, O_RDWR | O_CLOEXEC)
        if existing < 0 {
            return errno == ENOENT ? create(bytes, at: path) : .failed(String(cString: strerror(errno)))
        }
        defer { close(existing) }
        if holds(bytes, descriptor: existing) { return .unchanged }
        guard ftruncate(existing, 0) == 0, lseek(existing, 0, SEEK_SET) == 0 else { return .failed(String(cString: strerror(errno))) }
        return writeAll(bytes, to: existing) ? .rewritten : .failed(String(cString: strerror(errno)))
    }

    /// Creates a file known not to exist yet (in a new folder): one `open`, no lookup first.
    static func create(_ bytes: UnsafeBufferPointer<UInt8>, at path: String) -> Outcome {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return .failed(String(cString: strerror(errno))) }
        defer { close(descriptor) }
        return writeAll(bytes, to: descriptor) ? .created : .failed(String(cString: strerror(errno)))
    }

    /// Whether the open file holds exactly `bytes`.
    static func holds(_ bytes: UnsafeBufferPointer<UInt8>, descriptor: Int32) -> Bool {
        var status = stat()
        guard fstat(descriptor, &status) == 0, Int(status.st_size) == bytes.count else { return false }
        if bytes.isEmpty { return true }
        var buffer = [UInt8](repeating: 0, count: bytes.count)
        var offset = 0
        while offset < buffer.count {
            let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + offset, $0.count - offset, off_t(offset)) }
            if count <= 0 { return false }
            offset += count
        }
        return memcmp(buffer, bytes.baseAddress!, bytes.count) == 0
    }

    static func writeAll(_ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written <= 0 { return false }
            offset += written
        }
        return true
    }

    /// Removes one file; true when it was there.
    static func removeFile(_ path: String) -> Bool {
        unlink(path) == 0
    }

    /// Removes every file under `root` whose relative path is not in `keeping`, and the folders
    /// left empty. Returns the relative paths removed.
    static func removeFiles(under root: String, keeping: Set<String>) -> [String] {
        var removed: [String] = []
        _ = prune(root, relative: "", keeping: keeping, removed: &removed)
        return removed
    }

    /// - Returns: whether the folder is empty afterwards.
    private static func prune(_ directory: String, relative: String, keeping: Set<String>, removed: inout [String]) -> Bool {
        guard let handle = opendir(directory) else { return false }
        var entries: [(name: String, isDirectory: Bool)] = []
        while let entry = readdir(handle) {
            let name = withUnsafePointer(to: entry.pointee.d_name) { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
            if name == "." || name == ".." { continue }
            entries.append((name, Int32(entry.pointee.d_type) == Int32(DT_DIR)))
        }
        closedir(handle)
        var remaining = entries.count
        for entry in entries {
            let path = directory + "/" + entry.name
            let child = relative.isEmpty ? entry.name : relative + "/" + entry.name
            if entry.isDirectory {
                if prune(path, relative: child, keeping: keeping, removed: &removed), rmdir(path) == 0 { remaining -= 1 }
            } else if !keeping.contains(child), unlink(path) == 0 {
                removed.append(child)
                remaining -= 1
            }
        }
        return remaining == 0
    }
}
