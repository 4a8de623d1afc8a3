import BrewData
import BrewWatch
import Foundation
import Testing

/// Bursts of changes arrive as one batch (or very few), with every path in them.
@Suite struct CoalescingTests {
    @Test(arguments: testedBackends)
    func burstOf500FilesArrivesInAtMostTwoBatches(backend: DirectoryWatcher.Backend) async throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        try tree.makeDirectory("logs")
        // A longer quiet period than the default keeps the test honest on a loaded machine, where the
        // writing loop itself can stall for tens of milliseconds.
        let watcher = try DirectoryWatcher(
            roots: [tree.path], backend: backend, quietMilliseconds: 250, maximumDelayMilliseconds: 10_000, ignoring: EditorDroppings.isIgnored)
        defer { watcher.stop() }

        let names = (0 ..< 500).map { "logs/sync-\($0).json" }
        let expected = Set(names.map(tree.at))
        // The consumer waits before the burst starts, so batches go straight to it as they become due
        // (a batch nobody has taken yet would merge with the next one and hide a lack of coalescing).
        async let observed = watcher.observe(untilSeen: expected, timeoutMilliseconds: 30_000, settleMilliseconds: 600)
        try await Task.sleep(for: .milliseconds(50))
        for (index, name) in names.enumerated() {
            try tree.write(name, #"{"index": \#(index)}"#)
        }

        let observation = await observed
        #expect(observation.changedPaths == expected)
        #expect(observation.batches.count <= 2, "batch sizes: \(observation.batches.map(\.changedPaths.count))")
        #expect(!observation.needsRescan)
    }

    @Test func changesWhileTheConsumerIsBusyMergeIntoOneBatch() async throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        try tree.write("a.json")
        try tree.write("b.json")
        let watcher = try DirectoryWatcher(roots: [tree.path], backend: .inotify, quietMilliseconds: 20, ignoring: EditorDroppings.isIgnored)
        defer { watcher.stop() }

        // Two edits far enough apart to be two batches; nobody takes the first before the second is due.
        try tree.write("a.json", "1")
        try await Task.sleep(for: .milliseconds(300))
        try tree.write("b.json", "2")
        try await Task.sleep(for: .milliseconds(300))

        let observation = await watcher.observe(untilSeen: [tree.at("a.json"), tree.at("b.json")])
        #expect(observation.batches == [WatchBatch(changedPaths: [tree.at("a.json"), tree.at("b.json")])])
    }
}
