import BrewData
import BrewWatch
import Foundation
import Testing

/// Directories that appear, arrive, leave, and roots that do not exist yet.
@Suite struct DirectoryChangeTests {
    @Test(arguments: testedBackends)
    func newSubdirectoryWithFilesIsWatchedAndReported(backend: DirectoryWatcher.Backend) async throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        try tree.makeDirectory("logs")
        let watcher = try DirectoryWatcher(roots: [tree.path], backend: backend, ignoring: EditorDroppings.isIgnored)
        defer { watcher.stop() }

        // `mkdir -p logs/2024/05 && cp …`: files land before and after the watcher sees the folders.
        try tree.write("logs/2024/05/01.json")
        try tree.write("logs/2024/05/02.json")
        try tree.write("logs/2024/summary.csv", "a\n")
        let first = await watcher.observe(untilSeen: [
            tree.at("logs/2024/05/01.json"), tree.at("logs/2024/05/02.json"), tree.at("logs/2024/summary.csv"),
        ])
        #expect(first.changedPaths == [
            tree.at("logs/2024/05/01.json"), tree.at("logs/2024/05/02.json"), tree.at("logs/2024/summary.csv"),
        ])
        #expect(!first.needsRescan)

        // The new folders are watched now: a later edit deep inside is seen.
        try tree.write("logs/2024/05/02.json", #"{"rating": 5}"#)
        let second = await watcher.observe(untilSeen: [tree.at("logs/2024/05/02.json")])
        #expect(second.changedPaths == [tree.at("logs/2024/05/02.json")])
    }

    @Test(arguments: testedBackends)
    func directoryMovedInReportsItsFiles(backend: DirectoryWatcher.Backend) async throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        try tree.makeDirectory("Data/logs")
        try tree.write("outside/batch/a.json")
        try tree.write("outside/batch/deeper/b.json")
        let watcher = try DirectoryWatcher(roots: [tree.at("Data")], backend: backend, ignoring: EditorDroppings.isIgnored)
        defer { watcher.stop() }

        try tree.rename("outside/batch", to: "Data/logs/batch")

        let expected: Set = [tree.at("Data/logs/batch/a.json"), tree.at("Data/logs/batch/deeper/b.json")]
        let observation = await watcher.observe(untilSeen: expected)
        #expect(observation.changedPaths == expected)

        try tree.write("Data/logs/batch/deeper/c.json")
        let later = await watcher.observe(untilSeen: [tree.at("Data/logs/batch/deeper/c.json")])
        #expect(later.changedPaths == [tree.at("Data/logs/batch/deeper/c.json")])
    }

    @Test(arguments: testedBackends)
    func directoryMovedOutAsksForARescan(backend: DirectoryWatcher.Backend) async throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        try tree.write("Data/logs/old/a.json")
        try tree.write("Data/logs/keep.json")
        try tree.makeDirectory("outside")
        let watcher = try DirectoryWatcher(roots: [tree.at("Data")], backend: backend, ignoring: EditorDroppings.isIgnored)
        defer { watcher.stop() }

        try tree.rename("Data/logs/old", to: "outside/old")

        let observation = await watcher.observe(untilRescan: 10_000)
        #expect(observation.needsRescan)
        #expect(observation.changedPaths.contains(tree.at("Data/logs/old")))

        // The moved-out folder is no longer watched; the rest still is.
        try tree.write("outside/old/a.json", "changed outside")
        try tree.write("Data/logs/keep.json", "changed inside")
        let later = await watcher.observe(untilSeen: [tree.at("Data/logs/keep.json")])
        #expect(later.changedPaths == [tree.at("Data/logs/keep.json")])
    }

    @Test(arguments: testedBackends)
    func rootThatAppearsLaterIsWatchedFromThen(backend: DirectoryWatcher.Backend) async throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        let watcher = try DirectoryWatcher(roots: [tree.at("Templates/overrides")], backend: backend, ignoring: EditorDroppings.isIgnored)
        defer { watcher.stop() }

        try tree.write("Templates/unrelated.mustache")
        try tree.write("Templates/overrides/page.mustache")

        let first = await watcher.observe(untilSeen: [tree.at("Templates/overrides/page.mustache")])
        #expect(first.changedPaths == [tree.at("Templates/overrides/page.mustache")])

        try tree.write("Templates/overrides/page.mustache", "edited")
        let second = await watcher.observe(untilSeen: [tree.at("Templates/overrides/page.mustache")])
        #expect(second.changedPaths == [tree.at("Templates/overrides/page.mustache")])
    }

    @Test(arguments: testedBackends)
    func deletedRootAsksForARescanAndIsWatchedAgainWhenItReturns(backend: DirectoryWatcher.Backend) async throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        try tree.write("Data/logs/a.json")
        let watcher = try DirectoryWatcher(roots: [tree.at("Data")], backend: backend, ignoring: EditorDroppings.isIgnored)
        defer { watcher.stop() }

        try tree.delete("Data")
        let gone = await watcher.observe(untilRescan: 10_000)
        #expect(gone.needsRescan)
        #expect(gone.changedPaths.contains(tree.at("Data")))

        try tree.write("Data/logs/b.json")
        let back = await watcher.observe(untilSeen: [tree.at("Data/logs/b.json")])
        #expect(back.changedPaths.contains(tree.at("Data/logs/b.json")))
    }
}
