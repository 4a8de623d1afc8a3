import Foundation

/// The pages a render has done, counted from several threads.
final class PageCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var done = 0

    /// Counts one more page. - Returns: the pages done, this one included.
    func increment() -> Int {
        lock.lock()
        defer { lock.unlock() }
        done += 1
        return done
    }
}
