import BrewData
import BrewWatch
import Foundation
import Testing

/// Edits, atomic saves and deletions of files that were there when watching began.
@Suite struct FileChangeTests {
    @Test(arguments: testedBackends)
    func plainEditReportsTheFile(backend: DirectoryWatcher.Backend) async throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        try tree.write("logs/2024-05-01.json", #"{"rating": 3}"#)
        try tree.write("logs/2024-05-02.json")
        let watcher = try DirectoryWatcher(roots: [tree.path], backend: backend, ignoring: EditorDroppings.isIgnored)
        defer { watcher.stop() }

        try tree.write("logs/2024-05-01.json", #"{"rating": 4, "notes": "longer now"}"#)

        let observation = await watcher.observe(untilSeen: [tree.at("logs/2024-05-01.json")])
        #expect(observation.changedPaths == [tree.at("logs/2024-05-01.json")])
        #expect(!observation.needsRescan)
    }

    @Test(arguments: testedBackends)
    func atomicRenameSaveReportsOnlyTheTarget(backend: DirectoryWatcher.Backend) async throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        try tree.write("recipes/ethiopia.json", "old")
        let watcher = try DirectoryWatcher(roots: [tree.path], backend: backend, ignoring: EditorDroppings.isIgnored)
        defer { watcher.stop() }

        // As BrewData's AtomicFile saves: a hidden temporary file beside the target, renamed over it.
        try tree.write("recipes/.ethiopia.json.4242-17.tmp", "new")
        try tree.rename("recipes/.ethiopia.json.4242-17.tmp", to: "recipes/ethiopia.json")

        let observation = await watcher.observe(untilSeen: [tree.at("recipes/ethiopia.json")])
        #expect(observation.changedPaths == [tree.at("recipes/ethiopia.json")])
    }

    @Test(arguments: testedBackends)
    func deletionReportsTheFile(backend: DirectoryWatcher.Backend) async throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        try tree.write("sessions/monday.csv", "a,b\n")
        try tree.write("sessions/tuesday.csv", "a,b\n")
        let watcher = try DirectoryWatcher(roots: [tree.path], backend: backend, ignoring: EditorDroppings.isIgnored)
        defer { watcher.stop() }

        try tree.delete("sessions/monday.csv")

        let observation = await watcher.observe(untilSeen: [tree.at("sessions/monday.csv")])
        #expect(observation.changedPaths == [tree.at("sessions/monday.csv")])
        #expect(!observation.needsRescan)
    }

    @Test(arguments: testedBackends)
    func renameReportsBothNames(backend: DirectoryWatcher.Backend) async throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        try tree.write("recipes/kenya.json")
        let watcher = try DirectoryWatcher(roots: [tree.path], backend: backend, ignoring: EditorDroppings.isIgnored)
        defer { watcher.stop() }

        try tree.rename("recipes/kenya.json", to: "recipes/kenya-aa.json")

        let expected: Set = [tree.at("recipes/kenya.json"), tree.at("recipes/kenya-aa.json")]
        let observation = await watcher.observe(untilSeen: expected)
        #expect(observation.changedPaths == expected)
    }

    @Test(arguments: testedBackends)
    func watchesSeveralRoots(backend: DirectoryWatcher.Backend) async throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        try tree.write("Data/preferences.json")
        try tree.write("Templates/page.mustache", "{{title}}")
        let watcher = try DirectoryWatcher(roots: [tree.at("Data"), tree.at("Templates") + "/"], backend: backend, ignoring: EditorDroppings.isIgnored)
        defer { watcher.stop() }
        #expect(watcher.roots == [tree.at("Data"), tree.at("Templates")])

        try tree.write("Templates/page.mustache", "<h1>{{title}}</h1>")
        try tree.write("Data/preferences.json", #"{"units": "metric"}"#)
        try tree.write("elsewhere.txt", "not watched")

        let expected: Set = [tree.at("Templates/page.mustache"), tree.at("Data/preferences.json")]
        let observation = await watcher.observe(untilSeen: expected)
        #expect(observation.changedPaths == expected)
    }
}
