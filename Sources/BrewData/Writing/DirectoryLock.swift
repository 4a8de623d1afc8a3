import BrewKit
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A lock on a directory, so that two brewguide commands never write into it at once: `build`,
/// `watch` and `serve` lock the output directory; `erase`, `import`, `merge` and the commands that
/// write records lock the data directory (`DataDirectoryLock`).
///
/// Rules:
/// - The lock is flock(2) on a hidden file beside the directory (`.Site.lock` for `Site`), since
///   the directory itself may not exist yet (import) or may trade places with its staging copy
///   (build). Every spelling of a path (`Site`, `./Site/`, an absolute path, a symbolic link)
///   finds the same file.
/// - The kernel releases a flock when its process ends, however it ends, so a lock held by a
///   dead process never blocks. The holder removes the file as it lets go, and a waiting process
///   that then gets the lock of a removed file opens the path again, so there is never more than
///   one holder and nothing is left beside the directory after a clean exit.
/// - The holder writes its command and pid into the file. A second command retries for `wait`
///   (5 s, or `BREWGUIDE_LOCK_WAIT_SECONDS`), then fails with a message naming the holder.
/// - A writer whose lock file cannot be opened (a folder at its path, a read-only parent, no
///   permission) is refused, saying why: writing on without the lock could interleave with
///   another command's writes. A reader goes on without it: nothing can write there either.
public final class DirectoryLock: Sendable {
    /// Why the lock was not taken.
    public enum Refusal: Error, CustomStringConvertible, Sendable {
        case busy(Busy)
        case cannotOpen(Unopenable)

        public var description: String {
            switch self {
            case .busy(let busy): busy.description
            case .cannotOpen(let unopenable): unopenable.description
            }
        }
    }

    /// A lock file that could not be opened, and why.
    public struct Unopenable: Error, CustomStringConvertible, Sendable {
        public var directory: String
        public var lockPath: String
        /// The system's words: "Is a directory", "Permission denied".
        public var reason: String
        public var description: String {
            "\(directory) cannot be locked: its lock file \(lockPath) cannot be opened (\(reason)); brewguide writes there only while it holds that lock, so that no other command writes at the same time. Make the folder holding it writable (or remove what is at that path), then run the command again"
        }
    }

    public struct Busy: Error, CustomStringConvertible, Sendable {
        public var directory: String
        /// "brewguide erase (pid 4242)", or nil when the holder did not say.
        public var holder: String?
        public var waitedSeconds: Double
        public var description: String {
            "\(directory) is in use by \(holder ?? "another brewguide command"); waited \(waitedSeconds == waitedSeconds.rounded() ? String(Int(waitedSeconds)) : String(waitedSeconds)) s. Try again when it has finished."
        }
    }

    public let lockPath: String
    /// The open lock file; -1 once released (by `release()` or `deinit`, whichever comes first).
    private let descriptor: Locked<Int32>
    /// Whether this is a reader's lock, held by several readers at once and by no writer meanwhile.
    public let isShared: Bool

    private init(lockPath: String, descriptor: Int32, isShared: Bool = false) {
        self.lockPath = lockPath
        self.descriptor = Locked(descriptor)
        self.isShared = isShared
    }

    deinit { release() }

    /// The seconds a command waits for a lock another one holds.
    public static var defaultWaitSeconds: Double {
        ProcessInfo.processInfo.environment["BREWGUIDE_LOCK_WAIT_SECONDS"].flatMap(Double.init).map { max(0, min($0, 600)) } ?? 5
    }

    /// Takes the lock of `directory` for `command` (the words a person typed, such as
    /// "brewguide build"), waiting up to `waitSeconds` while another process holds it.
    /// - Parameter shared: a reader's lock (`build` reading the data): readers share it with each
    ///   other and wait for a writer, and a writer waits for them.
    public static func acquire(directory: String, command: String, shared: Bool = false, waitSeconds: Double = defaultWaitSeconds) throws(Refusal) -> DirectoryLock {
        let path = lockPath(for: directory)
        let deadline = Date().addingTimeInterval(waitSeconds)
        var fd: Int32
        while true {
            fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            guard fd >= 0 else {
                let number = errno
                let reason = String(cString: strerror(number))
                // A reader of a folder that cannot hold the lock file (read-only) goes on: no
                // command can write there either. So does a command whose directory's parent does
                // not exist yet: there is nothing there to protect (import makes it). A writer is
                // refused.
                var isFolder: ObjCBool = false
                let parentMissing = number == ENOENT && !FileManager.default.fileExists(atPath: (path as NSString).deletingLastPathComponent, isDirectory: &isFolder)
                if shared || parentMissing { return DirectoryLock(lockPath: path, descriptor: -1, isShared: shared) }
                throw .cannotOpen(Unopenable(directory: directory, lockPath: path, reason: reason))
            }
            while flock(fd, (shared ? LOCK_SH : LOCK_EX) | LOCK_NB) != 0 {
                guard errno == EWOULDBLOCK || errno == EINTR, Date() < deadline else {
                    let holder = holder(readFrom: fd)
                    close(fd)
                    throw .busy(Busy(directory: directory, holder: holder, waitedSeconds: waitSeconds))
                }
                usleep(50_000)
            }
            // The holder before us removes the file as it lets go: the lock counts only when the
            // file locked is still the one at the path.
            var locked = stat()
            var named = stat()
            if fstat(fd, &locked) == 0, stat(path, &named) == 0, locked.st_ino == named.st_ino, locked.st_dev == named.st_dev { break }
            close(fd)
        }
        // Readers leave the note alone: a writer waiting on them says "another brewguide command".
        if shared { return DirectoryLock(lockPath: path, descriptor: fd, isShared: true) }
        let note = Array("\(command) (pid \(getpid()))\n".utf8)
        _ = ftruncate(fd, 0)
        _ = note.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
        return DirectoryLock(lockPath: path, descriptor: fd)
    }

    /// Gives the lock up and removes its file (also done when the lock is deinitialised; when the
    /// process ends, the system gives it up and the file stays until the next holder lets go).
    public func release() {
        // Taken out under the lock, so two releases never close one descriptor twice.
        let held = descriptor.withLock { descriptor in
            defer { descriptor = -1 }
            return descriptor
        }
        guard held >= 0 else { return }
        // A reader removes the file only when it is the last holder: taking the lock whole says so.
        if !isShared || flock(held, LOCK_EX | LOCK_NB) == 0 { _ = unlink(lockPath) }
        close(held)
    }

    /// `<parent>/.<name>.lock` for a directory, resolved to one real path (`WriteTarget.resolved`).
    public static func lockPath(for directory: String) -> String {
        let resolved = WriteTarget.resolved(directory)
        let name = (resolved as NSString).lastPathComponent
        let parent = (resolved as NSString).deletingLastPathComponent
        return (parent as NSString).appendingPathComponent(".\(name.isEmpty || name == "/" ? "root" : name).lock")
    }

    private static func holder(readFrom fd: Int32) -> String? {
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        let text = String(decoding: buffer.prefix(count), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text.filter { !$0.isASCII || ($0.asciiValue ?? 0) >= 0x20 }
    }
}

/// The lock every command that writes into a data directory takes first: `erase`, `import`,
/// `merge`, and the commands that add records (`log`, `session`, `kitchen`). Once it holds the
/// lock, it removes what killed commands left there (`LeftoverFiles`): temporaries of dead
/// processes, and staging folders of dead imports beside the directory.
///
/// ```swift
/// let lock = try DataDirectoryLock.acquire(root: dataOptions.data, command: "brewguide log")
/// defer { lock.release() }
/// ```
public enum DataDirectoryLock {
    public static func acquire(root: String, command: String) throws(CommandError) -> DirectoryLock {
        if let refusal = WriteTarget.systemRefusal(WriteTarget.resolved(root)) {
            throw CommandError("the data directory \(root) \(refusal); name a folder of its own")
        }
        let lock: DirectoryLock
        do {
            lock = try DirectoryLock.acquire(directory: root, command: command)
        } catch {
            throw CommandError("the data directory \(error.description)")
        }
        LeftoverFiles.removeDeadTemporaries(ofJournal: root)
        LeftoverFiles.removeDeadImportStaging(beside: root)
        return lock
    }

    /// The lock a command takes to read the data directory whole (`build`, each rebuild of
    /// `watch`): shared with other readers, so that it never reads a record half-way through a
    /// writer's change of several files (a log and the preferences it selects). Nothing is removed.
    public static func acquireForReading(root: String, command: String) throws(CommandError) -> DirectoryLock {
        do {
            return try DirectoryLock.acquire(directory: root, command: command, shared: true)
        } catch {
            throw CommandError("the data directory \(error.description)")
        }
    }
}
