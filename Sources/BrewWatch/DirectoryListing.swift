#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads directories with `opendir`/`readdir`, which is all the watcher needs and much cheaper than
/// Foundation's enumerators on a 10,000-file data directory.
enum DirectoryListing {
    /// One name in a directory.
    struct Entry: Equatable {
        /// The name alone, without the directory.
        var name: String
        /// True for a real directory; a symbolic link to one is not followed and counts as a file.
        var isDirectory: Bool
    }

    /// The entries of the directory at `path`, without `.` and `..`; empty when it cannot be read
    /// (vanished, not a directory, no permission).
    static func entries(ofDirectory path: String) -> [Entry] {
        guard let directory = opendir(path) else { return [] }
        defer { closedir(directory) }
        var entries: [Entry] = []
        while let record = readdir(directory) {
            let name = withUnsafeBytes(of: record.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            let type = record.pointee.d_type
            let isDirectory: Bool
            if type == UInt8(DT_UNKNOWN) {
                isDirectory = isRealDirectory(join(path, name))
            } else {
                isDirectory = type == UInt8(DT_DIR)
            }
            entries.append(Entry(name: name, isDirectory: isDirectory))
        }
        return entries
    }

    /// True when `path` is a directory, following a symbolic link (roots may be links).
    static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }

    /// True when `path` is a directory itself, not a link to one.
    static func isRealDirectory(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }

    /// True when something (a file, a directory, a dangling link) is at `path`.
    static func exists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }

    /// `directory` and `name` joined by one slash.
    static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    /// True when `path` is `directory` or inside it, by spelling.
    static func isPath(_ path: String, inside directory: String) -> Bool {
        if path == directory { return true }
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        return path.hasPrefix(prefix)
    }

    /// The directory part of `path` (`a/b` for `a/b/c`, `.` for `c`, `/` for `/c`).
    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }

    /// `path` without trailing slashes (but `/` stays `/`, and an empty path becomes `.`).
    static func normalized(_ path: String) -> String {
        var result = path
        while result.count > 1 && result.hasSuffix("/") { result.removeLast() }
        return result.isEmpty ? "." : result
    }
}
