#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the polling backend remembers of one file to tell whether it changed: if any field differs
/// between two scans, the file is reported.
struct FileStamp: Equatable {
    /// The inode number: an atomic rename-over gives the path a new one even when size and time match.
    var inode: UInt64
    /// The size in bytes.
    var sizeBytes: Int64
    /// The modification time in nanoseconds since 1970.
    var modifiedNanoseconds: Int64
    /// True for a real directory (a symbolic link is not followed).
    var isDirectory: Bool

    /// The stamp of whatever is at `path`, not following a symbolic link; nil when nothing is there.
    init?(atPath path: String) {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        inode = UInt64(status.st_ino)
        sizeBytes = Int64(status.st_size)
        #if canImport(Darwin)
        let modified = status.st_mtimespec
        #else
        let modified = status.st_mtim
        #endif
        modifiedNanoseconds = Int64(modified.tv_sec) * 1_000_000_000 + Int64(modified.tv_nsec)
        isDirectory = (status.st_mode & S_IFMT) == S_IFDIR
    }
}
