import BrewData
import BrewWatch
import Foundation
import Testing

/// Files editors leave beside the real ones are never reported, and their save dances report only the
/// file that was saved.
@Suite struct EditorDroppingTests {
    @Test(arguments: testedBackends)
    func droppingsAloneProduceNoBatch(backend: DirectoryWatcher.Backend) async throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        try tree.write("logs/monday.json")
        let watcher = try DirectoryWatcher(roots: [tree.path], backend: backend, ignoring: EditorDroppings.isIgnored)
        defer { watcher.stop() }

        try tree.write("logs/.monday.json.swp", "vim swap")
        try tree.write("logs/.monday.json.swx", "vim swap")
        try tree.write("logs/monday.json~", "backup")
        try tree.write("logs/#monday.json#", "emacs autosave")
        try tree.write("logs/.#monday.json", "emacs lock")
        try tree.write("logs/jb_tmp___", "JetBrains")
        try tree.write("logs/.DS_Store", "Finder")
        try tree.write("logs/.goutputstream-Q1W2E3", "gedit")
        try tree.write("logs/4913", "vim probe")
        try tree.write(".git/index", "hidden folder")
        try tree.write("logs/.monday.json.swp", "vim swap, again")

        let batch = await watcher.nextBatch(timeoutMilliseconds: 300)
        #expect(batch == nil)
    }

    @Test(arguments: testedBackends)
    func vimStyleSaveReportsOnlyTheTarget(backend: DirectoryWatcher.Backend) async throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        try tree.write("logs/monday.json", "old")
        try tree.write("logs/.monday.json.swp", "swap")
        let watcher = try DirectoryWatcher(roots: [tree.path], backend: backend, ignoring: EditorDroppings.isIgnored)
        defer { watcher.stop() }

        // What vim does with backupcopy=auto in a folder it may write: probe with 4913, move the file to
        // the backup name, write the new file, delete the backup; the swap file changes meanwhile.
        try tree.write("logs/4913", "")
        try tree.delete("logs/4913")
        try tree.rename("logs/monday.json", to: "logs/monday.json~")
        try tree.write("logs/monday.json", "new")
        try tree.write("logs/.monday.json.swp", "swap, updated")
        try tree.delete("logs/monday.json~")

        let observation = await watcher.observe(untilSeen: [tree.at("logs/monday.json")])
        #expect(observation.changedPaths == [tree.at("logs/monday.json")])
        #expect(!observation.needsRescan)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/vim")), arguments: testedBackends)
    func realVimSaveReportsOnlyTheTarget(backend: DirectoryWatcher.Backend) async throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        try tree.write("logs/monday.json", #"{"rating": 3}"#)
        let inodeBefore = try #require(FileManager.default.attributesOfItem(atPath: tree.at("logs/monday.json"))[.systemFileNumber] as? Int)
        let watcher = try DirectoryWatcher(roots: [tree.path], backend: backend, ignoring: EditorDroppings.isIgnored)
        defer { watcher.stop() }

        // backupskip= because its default skips /tmp; with it, vim saves by 4913, rename to monday.json~,
        // write, delete the backup (its swap files come and go too).
        let vim = Process()
        vim.executableURL = URL(fileURLWithPath: "/usr/bin/vim")
        vim.arguments = [
            "-u", "NONE", "-i", "NONE", "-N", "-Es",
            "-c", "set writebackup backupcopy=auto backupskip=", "-c", "%s/3/4/", "-c", "wq", tree.at("logs/monday.json"),
        ]
        try vim.run()
        vim.waitUntilExit()
        #expect(vim.terminationStatus == 0)
        let inodeAfter = try #require(FileManager.default.attributesOfItem(atPath: tree.at("logs/monday.json"))[.systemFileNumber] as? Int)
        #expect(inodeAfter != inodeBefore, "vim wrote in place, so the rename dance was not exercised")

        let observation = await watcher.observe(untilSeen: [tree.at("logs/monday.json")])
        #expect(observation.changedPaths == [tree.at("logs/monday.json")])
        #expect(!observation.needsRescan)
    }

    @Test(arguments: testedBackends)
    func geditStyleSaveReportsOnlyTheTarget(backend: DirectoryWatcher.Backend) async throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        try tree.write("recipes/v60.json", "old")
        let watcher = try DirectoryWatcher(roots: [tree.path], backend: backend, ignoring: EditorDroppings.isIgnored)
        defer { watcher.stop() }

        // gedit (GIO): write .goutputstream-XXXXXX beside the target, rename it over the target.
        try tree.write("recipes/.goutputstream-7ZK2B1", "new")
        try tree.rename("recipes/.goutputstream-7ZK2B1", to: "recipes/v60.json")

        let observation = await watcher.observe(untilSeen: [tree.at("recipes/v60.json")])
        #expect(observation.changedPaths == [tree.at("recipes/v60.json")])
    }
}
