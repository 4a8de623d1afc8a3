#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a watcher could not start: the path concerned, what went wrong, and the system's error number.
public struct WatchError: Error, Equatable, CustomStringConvertible {
    public enum Reason: Equatable, Sendable {
        /// `inotify_init1` failed (not Linux, or the per-user instance limit is reached).
        case inotifyUnavailable
        /// The kernel's watch limit (`fs.inotify.max_user_watches`) is reached.
        case watchLimitReached
        /// A root exists but is a file, not a directory.
        case notADirectory
        /// The named system call failed for another reason.
        case systemCallFailed(String)
    }

    /// The root or directory concerned, as given; nil when the failure is not about one path.
    public var path: String?
    public var reason: Reason
    /// The `errno` value the system call left, or 0.
    public var errorNumber: Int32

    public init(path: String?, reason: Reason, errorNumber: Int32) {
        self.path = path
        self.reason = reason
        self.errorNumber = errorNumber
    }

    public var description: String {
        let subject = path.map { "\($0): " } ?? ""
        let message: String
        switch reason {
        case .inotifyUnavailable:
            message = "cannot watch for changes: inotify is unavailable; use polling instead"
        case .watchLimitReached:
            message = "cannot watch for changes: the inotify watch limit is reached; "
                + "raise fs.inotify.max_user_watches or use polling instead"
        case .notADirectory:
            message = "cannot watch for changes: not a directory"
        case .systemCallFailed(let call):
            message = "cannot watch for changes: \(call) failed"
        }
        guard errorNumber != 0, let text = strerror(errorNumber) else { return "error: " + subject + message }
        return "error: " + subject + message + " (" + String(cString: text) + ")"
    }
}
