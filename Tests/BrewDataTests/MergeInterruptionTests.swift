import BrewData
import BrewKit
import Foundation
import Testing
import TestSupport

/// A merge stopped after any of its file changes (as a kill would stop it) is finished by the
/// next `merge --yes`: the target ends as an uninterrupted merge leaves it and `check` passes
/// (issue 24: a killed merge left a kitchen recipe id twice, and merging again fixed nothing).
@Suite struct MergeInterruptionTests {
    static let demo = TestPaths.journal.path

    static func temporary(_ name: String) -> String {
        TestPaths.temporary("merge-interrupt-\(name)").path
    }

    /// Every file under a folder, hidden ones left out, relative path → bytes.
    static func files(_ folder: String) -> [String: Data] {
        var result: [String: Data] = [:]
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return result }
        while let relative = enumerator.nextObject() as? String {
            if relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
            let path = (folder as NSString).appendingPathComponent(relative)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
                result[relative] = FileManager.default.contents(atPath: path)
            }
        }
        return result
    }

    static func errors(_ root: String) -> [String] {
        DataDirectoryReader(root: root).read().validated.diagnostics.filter { $0.severity == .error }.map(\.description)
    }

    /// The source: the demo journal with the shakshuka edited later (so the incoming copy takes its
    /// id and the target's becomes a conflicted copy in a new file) and one log changed.
    static func source() throws -> String {
        let source = temporary("source")
        try FileManager.default.copyItem(atPath: demo, toPath: source)
        let recipe = (source as NSString).appendingPathComponent("kitchen/recipes/shakshuka.json")
        let text = try String(contentsOfFile: recipe, encoding: .utf8)
            .replacingOccurrences(of: "\"title\": \"Shakshuka\"", with: "\"title\": \"Shakshuka, spicier\"")
            .replacingOccurrences(of: "2026-03-02T10:30:00Z", with: "2026-03-09T10:30:00Z")
        try text.write(toFile: recipe, atomically: true, encoding: .utf8)
        return source
    }

    /// The merge as the command runs it: finish an interrupted one, then merge and write.
    static func mergeAsTheCommandDoes(_ source: String, into target: String,
                                      afterEachChange: (Int) throws(CommandError) -> Void = { _ throws(CommandError) in }) throws(CommandError) {
        _ = try MergeJournal.finishInterrupted(root: target)
        let snapshot = try DataSnapshot.load(root: target)
        let outcome = Merger.leavingOccupiedImagePaths(Merger.merge([try DataSnapshot.load(root: source)], into: snapshot), root: target)
        try MergeWriter.apply(outcome, target: snapshot, root: target, afterEachChange: afterEachChange)
    }

    @Test func aMergeStoppedAfterAnyChangeIsFinishedByTheNextRun() throws {
        let source = try Self.source()
        defer { try? FileManager.default.removeItem(atPath: source) }
        let complete = Self.temporary("complete")
        defer { try? FileManager.default.removeItem(atPath: complete) }
        try FileManager.default.copyItem(atPath: Self.demo, toPath: complete)
        let target = try DataSnapshot.load(root: complete)
        let changes = try MergeWriter.changes(for: Merger.merge([try DataSnapshot.load(root: source)], into: target), root: complete)
        try #require(changes.count >= 2, "the merge writes a new file and removes a replaced record: \(changes.map(\.path))")
        try Self.mergeAsTheCommandDoes(source, into: complete)
        #expect(Self.errors(complete).isEmpty, "\(Self.errors(complete))")
        let expected = Self.files(complete)
        #expect(!FileManager.default.fileExists(atPath: MergeJournal.path(root: complete)), "the journal goes when the merge is done")

        struct Killed: Error {}
        for stop in 0..<changes.count - 1 {
            let folder = Self.temporary("round\(stop)")
            defer { try? FileManager.default.removeItem(atPath: folder) }
            try FileManager.default.copyItem(atPath: Self.demo, toPath: folder)
            #expect(throws: CommandError.self) {
                try Self.mergeAsTheCommandDoes(source, into: folder) { index throws(CommandError) in
                    if index == stop { throw CommandError("killed after change \(index)") }
                }
            }
            #expect(FileManager.default.fileExists(atPath: MergeJournal.path(root: folder)), "stop \(stop): the journal is left for the next run")
            try Self.mergeAsTheCommandDoes(source, into: folder)
            #expect(Self.errors(folder).isEmpty, "stop \(stop): check fails after the next merge: \(Self.errors(folder))")
            #expect(Self.files(folder) == expected, "stop \(stop): the next merge does not finish the interrupted one")
            #expect(!FileManager.default.fileExists(atPath: MergeJournal.path(root: folder)))
        }
    }

    /// A file someone changed after the merge was interrupted is not written over: finishing stops
    /// and names it, and the journal stays.
    @Test func finishingNeverWritesOverAFileChangedSince() throws {
        let root = Self.temporary("changed")
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: (root as NSString).appendingPathComponent("logs"), withIntermediateDirectories: true)
        let logs = (root as NSString).appendingPathComponent("logs/a.json")
        try Data("[1]".utf8).write(to: URL(fileURLWithPath: logs))
        let journal = MergeJournal(changes: [
            MergeJournal.change("logs/new.json", root: root, to: Array("[2]".utf8)),
            MergeJournal.change("logs/a.json", root: root, to: nil),
        ])
        try journal.write(root: root)
        try Data("[1, 3]".utf8).write(to: URL(fileURLWithPath: logs))
        #expect(throws: CommandError.self) { try MergeJournal.finishInterrupted(root: root) }
        #expect(FileManager.default.contents(atPath: logs) == Data("[1, 3]".utf8), "the file changed since is kept")
        #expect(FileManager.default.fileExists(atPath: MergeJournal.path(root: root)))
    }
}
