import BrewData
import Foundation
import Testing
import TestSupport

/// What a killed `import` or `erase` left is removed by the next command, and only when its process is gone.
@Suite struct LeftoverFilesTests {
    /// The id of a process that has ended.
    static func deadPID() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    @Test func theNextDataCommandRemovesTemporariesOfDeadProcessesOnly() throws {
        let folder = try MergeByKindTests.DataFolder(["logs/a.json": "[]"])
        let dead = try Self.deadPID()
        let leftovers = [".erasures.json.\(dead)-12345.tmp", "logs/.a.json.\(dead)-9.tmp", "logs/2026/.b.json.\(dead)-7.tmp"]
        // Kept: a live process's, names of other shapes, and any file outside the folders that
        // commands write into (a folder of the person's own, a hidden folder).
        try FileManager.default.createDirectory(atPath: folder.root + "/notes/deep", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder.root + "/logs/2026", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder.root + "/logs/.git", withIntermediateDirectories: true)
        let kept = [".erasures.json.\(getpid())-1.tmp", ".erasures.json.\(dead).tmp", "logs/.notes.tmp", "notes/.draft.txt.\(dead)-3.tmp",
                    "notes/deep/.x.json.\(dead)-4.tmp", "logs/.git/.index.\(dead)-5.tmp", "logs/a.json"]
        for relative in leftovers + kept.dropLast() { #expect(FileManager.default.createFile(atPath: folder.root + "/" + relative, contents: Data("x".utf8))) }
        let lock = try DataDirectoryLock.acquire(root: folder.root, command: "brewguide erase")
        lock.release()
        for relative in leftovers { #expect(!FileManager.default.fileExists(atPath: folder.root + "/" + relative), "\(relative) stayed") }
        for relative in kept { #expect(FileManager.default.fileExists(atPath: folder.root + "/" + relative), "\(relative) was removed") }
    }

    /// A folder that is not a journal (a home folder given as `--data`) is never cleaned, and in a
    /// journal only temporaries of names brewguide writes there go (issue 37).
    @Test func onlyAJournalIsCleanedAndOnlyOfNamesBrewguideWrites() throws {
        let dead = try Self.deadPID()
        let home = TestPaths.temporary("leftover-home").path
        try FileManager.default.createDirectory(atPath: home + "/logs", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: home) }
        let homeFiles = [".bashrc.\(dead)-7.tmp", ".erasures.json.\(dead)-8.tmp", "logs/.a.json.\(dead)-9.tmp"]
        for relative in homeFiles { #expect(FileManager.default.createFile(atPath: home + "/" + relative, contents: Data("x".utf8))) }
        #expect(!WriteTarget.isJournal(home), "one data folder alone is not a journal")
        try DataDirectoryLock.acquire(root: home, command: "brewguide erase").release()
        for relative in homeFiles { #expect(FileManager.default.fileExists(atPath: home + "/" + relative), "\(relative) was removed from a folder that is not a journal") }

        let folder = try MergeByKindTests.DataFolder(["logs/a.json": "[]"])
        let ours = [".preferences.json.\(dead)-1.tmp", "..brewguide-merge.json.\(dead)-2.tmp", "logs/.b.csv.\(dead)-3.tmp", "kitchen/images/.soup.jpg.\(dead)-4.tmp"]
        let theirs = [".bashrc.\(dead)-7.tmp", ".notes.json.\(dead)-5.tmp", "logs/.notes.txt.\(dead)-6.tmp", "logs/..json.\(dead)-6.tmp", "kitchen/.vimrc.\(dead)-8.tmp"]
        try FileManager.default.createDirectory(atPath: folder.root + "/kitchen/images", withIntermediateDirectories: true)
        for relative in ours + theirs { #expect(FileManager.default.createFile(atPath: folder.root + "/" + relative, contents: Data("x".utf8))) }
        #expect(WriteTarget.isJournal(folder.root))
        try DataDirectoryLock.acquire(root: folder.root, command: "brewguide erase").release()
        for relative in ours { #expect(!FileManager.default.fileExists(atPath: folder.root + "/" + relative), "\(relative) stayed") }
        for relative in theirs { #expect(FileManager.default.fileExists(atPath: folder.root + "/" + relative), "\(relative) was removed") }
    }

    @Test func anImportRemovesTheStagingFolderADeadImportLeft() throws {
        let parent = TestPaths.temporary("leftover").path
        defer { try? FileManager.default.removeItem(atPath: parent) }
        let dead = try Self.deadPID()
        let stale = parent + "/.target.import-\(dead)"
        let live = parent + "/.target.import-\(getpid() == 1 ? 2 : 1)"  // pid 1 is always alive
        try FileManager.default.createDirectory(atPath: stale + "/logs", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: live, withIntermediateDirectories: true)
        let archive = Archive.bytes(for: DataSnapshot(), toolVersion: "test", createdAt: Date(timeIntervalSince1970: 0))
        _ = try Importer.run(archive: archive, name: "test", into: parent + "/target")
        #expect(!FileManager.default.fileExists(atPath: stale))
        #expect(FileManager.default.fileExists(atPath: live))
        #expect(FileManager.default.fileExists(atPath: parent + "/target"))
    }

    @Test func onlyTheShapesBrewguideWritesAreRecognised() {
        #expect(LeftoverFiles.pidOfTemporary(".logs.json.4242-77.tmp") == 4242)
        #expect(LeftoverFiles.pidOfTemporary(".erasures.json.4242.tmp") == nil)
        #expect(LeftoverFiles.pidOfTemporary(".a.4242-99999999999.tmp") == nil)
        #expect(LeftoverFiles.pidOfTemporary("..4242-1.tmp") == nil)
        #expect(LeftoverFiles.pidOfTemporary("logs.json.4242.tmp") == nil)
        #expect(LeftoverFiles.pidOfTemporary(".backup.tmp") == nil)
        #expect(LeftoverFiles.pidOfTemporary(".x.12a.tmp") == nil)
    }

    @Test func onlyTheFoldersCommandsWriteIntoAreCleaned() {
        let folders = LeftoverFiles.writtenFolders
        #expect(folders.first == "")
        for folder in ["recipes", "logs", "sessions", "flows", "kitchen"] { #expect(folders.contains(folder), "\(folder)") }
        #expect(!folders.contains("kitchen/plan"), "scanned with kitchen/")
    }
}
