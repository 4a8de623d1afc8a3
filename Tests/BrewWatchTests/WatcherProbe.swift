import BrewWatch

/// What a test saw from a watcher: the batches, in order, and everything in them together.
struct Observation {
    var batches: [WatchBatch] = []

    /// Every path any batch named.
    var changedPaths: Set<String> { batches.reduce(into: []) { $0.formUnion($1.changedPaths) } }
    /// True when any batch asked for a rescan.
    var needsRescan: Bool { batches.contains { $0.needsRescan } }
}

extension DirectoryWatcher {
    /// Takes batches until every path in `expected` was seen (or `timeoutMilliseconds` passed, generous for
    /// a loaded machine), then keeps taking until no batch came for `settleMilliseconds`, so paths that
    /// should not be there have the chance to show up.
    func observe(
        untilSeen expected: Set<String>,
        timeoutMilliseconds: Int = 10_000,
        settleMilliseconds: Int = 250
    ) async -> Observation {
        var observation = Observation()
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: .milliseconds(timeoutMilliseconds))
        while !expected.isSubset(of: observation.changedPaths) && clock.now < deadline {
            let remainingMilliseconds = Int((deadline - clock.now).components.seconds * 1_000) + 1
            guard let batch = await nextBatch(timeoutMilliseconds: remainingMilliseconds) else { break }
            observation.batches.append(batch)
        }
        while let batch = await nextBatch(timeoutMilliseconds: settleMilliseconds) {
            observation.batches.append(batch)
        }
        return observation
    }

    /// Waits for a batch that asks for a rescan, keeping what came on the way.
    func observe(untilRescan timeoutMilliseconds: Int = 10_000) async -> Observation {
        var observation = Observation()
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: .milliseconds(timeoutMilliseconds))
        while !observation.needsRescan && clock.now < deadline {
            guard let batch = await nextBatch(timeoutMilliseconds: 500) else { continue }
            observation.batches.append(batch)
        }
        return observation
    }
}

/// The backends the file-system tests run against: inotify, and polling fast enough for a test.
let testedBackends: [DirectoryWatcher.Backend] = [.inotify, .polling(intervalMilliseconds: 40)]
