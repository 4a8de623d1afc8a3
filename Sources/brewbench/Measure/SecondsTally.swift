import Foundation

/// Seconds added up by the steps of a benchmark.
final class SecondsTally: @unchecked Sendable {
    private let lock = NSLock()
    private var total = 0.0

    func add(_ seconds: Double) {
        lock.lock()
        total += seconds
        lock.unlock()
    }

    var value: Double {
        lock.lock()
        defer { lock.unlock() }
        return total
    }
}
