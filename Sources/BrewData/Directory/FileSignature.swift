import Foundation

/// What tells one version of a file from the next without reading it: device and inode (a
/// rename-style save makes a new inode), size, and modification and change times in nanoseconds.
public struct FileSignature: Hashable, Sendable {
    public var device: UInt64
    public var inode: UInt64
    public var sizeBytes: Int64
    public var modifiedNanoseconds: Int64
    public var changedNanoseconds: Int64

    public init(device: UInt64, inode: UInt64, sizeBytes: Int64, modifiedNanoseconds: Int64, changedNanoseconds: Int64) {
        self.device = device
        self.inode = inode
        self.sizeBytes = sizeBytes
        self.modifiedNanoseconds = modifiedNanoseconds
        self.changedNanoseconds = changedNanoseconds
    }

    /// Nil when the file is missing or cannot be looked at.
    public init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
        sizeBytes = Int64(status.st_size)
        modifiedNanoseconds = Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
        changedNanoseconds = Int64(status.st_ctim.tv_sec) * 1_000_000_000 + Int64(status.st_ctim.tv_nsec)
    }
}
