import Synchronization

/// A value several threads share, behind one lock: the one way the code base guards shared
/// mutable state (`Synchronization.Mutex`, so the compiler checks what is shared; no
/// `@unchecked Sendable` class with a hand-held `NSLock`).
///
/// The lock is held only for the closure; work that takes long (rendering a card, a row) is done
/// outside it, and a value two threads both made is then kept once (`value(for:make:)`).
public final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    public init(_ value: Value) {
        mutex = Mutex(value)
    }

    /// Runs `body` with the value, holding the lock; what it returns is returned.
    @discardableResult
    public func withLock<Result: Sendable>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try mutex.withLock { value in try body(&value) }
    }

    /// The value as it is now.
    public var value: Value { withLock { $0 } }
}
