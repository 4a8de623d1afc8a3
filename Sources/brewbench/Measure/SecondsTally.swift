import BrewKit

/// Seconds added up by the steps of a benchmark.
final class SecondsTally: Sendable {
    private let total = Locked(0.0)

    func add(_ seconds: Double) {
        total.withLock { $0 += seconds }
    }

    var value: Double { total.value }
}
