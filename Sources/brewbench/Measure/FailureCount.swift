import BrewKit

/// A counter the floor's threads share.
final class FailureCount: Sendable {
    private let count = Locked(0)

    func add() {
        count.withLock { $0 += 1 }
    }

    var value: Int { count.value }
}
