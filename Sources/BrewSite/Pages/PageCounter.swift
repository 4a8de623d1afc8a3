import BrewKit

/// The pages a render has done, counted from several threads.
final class PageCounter: Sendable {
    private let done = Locked(0)

    /// Counts one more page. - Returns: the pages done, this one included.
    func increment() -> Int {
        done.withLock { count in
            count += 1
            return count
        }
    }
}
