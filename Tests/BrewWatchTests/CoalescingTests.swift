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
            roots: [tree.path], backend: backend, quietMilliseconds: 150, maximumDelayMilliseconds: 5_000)
        defer { watcher.stop() }

        var expected: Set<String> = []
        for index in 0 ..< 500 {
            let name = "logs/sync-\(index).json"
            try tree.write(name, #"{"index": \#(index)}"#)
            expected.insert(tree.at(name))
        }

        let observation = await watcher.observe(untilSeen: expected, settleMilliseconds: 400)
        #expect(observation.changedPaths == expected)
        #expect(observation.batches.count <= 2)
        #expect(!observation.needsRescan)
    }

    @Test func changesWhileTheConsumerIsBusyMergeIntoOneBatch() async throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        try tree.write("a.json")
        try tree.write("b.json")
        let watcher = try DirectoryWatcher(roots: [tree.path], backend: .inotify, quietMilliseconds: 20)
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
