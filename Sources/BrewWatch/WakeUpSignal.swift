#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A pipe that wakes the watcher thread out of `poll()` when `stop()` is called. Once signalled it stays
/// readable (nobody drains it), which is what a one-way stop wants. The descriptors are closed when the
/// last owner lets go, so a late `signal()` can never write into a descriptor number reused elsewhere.
final class WakeUpSignal: Sendable {
    /// The end to `poll()` for `POLLIN`.
    let readFileDescriptor: Int32
    /// The end `signal()` writes one byte to.
    private let writeFileDescriptor: Int32

    init() throws {
        var descriptors: [Int32] = [-1, -1]
        guard pipe(&descriptors) == 0 else {
            throw WatchError(path: nil, reason: .systemCallFailed("pipe"), errorNumber: errno)
        }
        for descriptor in descriptors {
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        }
        readFileDescriptor = descriptors[0]
        writeFileDescriptor = descriptors[1]
    }

    /// Makes `readFileDescriptor` readable. Never blocks (a full pipe is readable already).
    func signal() {
        var byte: UInt8 = 1
        _ = write(writeFileDescriptor, &byte, 1)
    }

    /// Waits at most `timeoutMilliseconds` (nil: no limit) for the signal alone; true when it came.
    func wait(timeoutMilliseconds: Int?) -> Bool {
        var descriptor = pollfd(fd: readFileDescriptor, events: Int16(POLLIN), revents: 0)
        let result = poll(&descriptor, 1, Int32(clamping: timeoutMilliseconds ?? -1))
        return result > 0
    }

    deinit {
        close(readFileDescriptor)
        close(writeFileDescriptor)
    }
}
