#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Files only their owner reads (mode 0600), written atomically: the bytes go to a new file
/// beside the target (made 0600 from the start, never readable by others for a moment), are
/// flushed to disk, then renamed over the target, so a reader sees the old file or the whole new
/// one, never a part.
enum PrivateFile {
    /// Makes `directory` (and its parents) when missing, readable by its owner only.
    static func makeDirectory(_ directory: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }

    /// `body`'s result, run while holding an exclusive flock(2) on `directory/.ca.lock` (made, and
    /// the folder too, when missing), so two `serve` starting at once make one CA, not two over
    /// each other; the kernel lets go when the process ends. Run without the lock where the
    /// folder takes no new file (a CA kept read-only can still be read).
    static func withLock<Result>(in directory: URL, _ body: () throws -> Result) throws -> Result {
        try? makeDirectory(directory)
        let descriptor = open(directory.appendingPathComponent(".ca.lock").path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return try body() }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0, errno == EINTR {}
        return try body()
    }

    /// Writes `bytes` to `url` atomically with mode 0600.
    static func write(_ bytes: Data, to url: URL) throws {
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw failure("cannot create", temporary) }
        var done = false
        defer {
            if !done { unlink(temporary.path) }
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
        let wrote = (try? handle.write(contentsOf: bytes)) != nil
        // The mode asked for may have been narrowed by the umask, never widened; 0600 exactly.
        let finished = wrote && fchmod(descriptor, 0o600) == 0 && fsync(descriptor) == 0
        close(descriptor)
        guard finished else { throw failure("cannot write", temporary) }
        guard rename(temporary.path, url.path) == 0 else { throw failure("cannot rename to \(url.lastPathComponent)", temporary) }
        done = true
    }

    private static func failure(_ what: String, _ url: URL) -> CertificateAuthorityError {
        CertificateAuthorityError(path: url.path, message: "\(what): \(String(cString: strerror(errno)))")
    }
}
