import BrewData
import BrewKit
import Foundation
import Testing
import TestSupport

/// `kitchen/inbox.json` is read by the directory's one reader, as a data file like any folder's:
/// parsed once per read, again only when it changed (reported as a changed file), its entries on
/// their shelf of the store and their ids checked to be unique.
@Suite struct InboxReadByTheOneReaderTests {
    static let entries = """
        [
          {"id": "share-1", "type": "url", "content": "https://example.com/shakshuka", "status": "pending"},
          {"id": "share-2", "type": "text", "content": "Garlic toast", "status": "ready", "recipeId": "garlic-toast"}
        ]
        """

    static func journal(inbox: String) throws -> (root: String, inbox: String) {
        let root = TestPaths.temporary("inbox-one-reader").path
        try FileManager.default.copyItem(atPath: TestPaths.journal.path, toPath: root)
        let path = KitchenInbox.path(root: root)
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try inbox.write(toFile: path, atomically: true, encoding: .utf8)
        return (root, path)
    }

    @Test func aRefreshReadsTheInboxAgainOnlyWhenItChanged() throws {
        let (root, inbox) = try Self.journal(inbox: Self.entries)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let source = PlanFilesParsedOnceTests.CountingSource()
        var reader = IncrementalDataReader(root: root, source: source)
        let first = reader.refresh()
        #expect(first.result.validated.dataset.kitchenInbox.map(\.value.id) == ["share-1", "share-2"])
        #expect(first.result.files.contains { $0.path == inbox && $0.kind == .kitchenInbox })
        #expect(source.reads.value[inbox] == 1)

        let unchanged = reader.refresh()
        #expect(source.reads.value[inbox] == 1, "an inbox that did not change is not read again")
        #expect(!unchanged.changedAnything)

        try Self.entries.replacingOccurrences(of: "\"pending\"", with: "\"failed\", \"error\": \"no answer\"")
            .write(toFile: inbox, atomically: true, encoding: .utf8)
        let edited = reader.refresh()
        #expect(source.reads.value[inbox] == 2)
        #expect(edited.changedPaths == [inbox], "the inbox is told as the file that changed, not as preferences")
        #expect(edited.result.validated.dataset.kitchenInbox.first?.value.status == .failed)

        try FileManager.default.removeItem(atPath: inbox)
        let removed = reader.refresh()
        #expect(removed.removedPaths == [inbox])
        #expect(removed.result.validated.dataset.kitchenInbox.isEmpty)
    }

    /// An entry's id names no file, so it is checked to be unique only: "SHARE-1" beside
    /// "share-1" is two entries, a second "share-1" is a warning (the site is not held back).
    @Test func anInboxEntryIDIsCheckedToBeUnique() throws {
        let entries = Self.entries.replacingOccurrences(of: "\"share-2\"", with: "\"SHARE-1\"").replacingOccurrences(of: "\n]", with: ",\n  {\"id\": \"share-1\", \"type\": \"text\", \"content\": \"Again\"}\n]")
        let (root, inbox) = try Self.journal(inbox: entries)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let findings = DataDirectoryReader(root: root).read().validated.diagnostics.filter { $0.location.file == inbox }.map(\.description)
        #expect(findings == ["\(inbox):4:10: warning: inbox entry id \"share-1\" is already used (first at \(inbox):2:10); a merge keeps only one inbox entry of an id: give this one its own"])
    }

    /// The reader lists the inbox with the folders' files; the rights commands still take it whole,
    /// by its kind's rule: `erase --all` removes it once, even when it does not parse, and an
    /// erase of one brew does not read it at all.
    @Test func eraseTakesTheInboxWholeEvenWhenItDoesNotParse() throws {
        let (root, inbox) = try Self.journal(inbox: "[{\"id\": \"share-1\", ")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let all = try Eraser.plan(root: root, selection: .all)
        #expect(all.fileChanges.filter { $0.path == inbox }.count == 1)
        #expect(all.fileChanges.first { $0.path == inbox }?.content == nil)
        let log = try #require(DataDirectoryReader(root: root).read().validated.dataset.logs.first?.value.id)
        let one = try Eraser.plan(root: root, selection: .log(log))
        #expect(!one.fileChanges.contains { $0.path == inbox })
        #expect(one.erasures.map(\.id) == [log])
    }

    /// `kitchen clip`'s own read of the inbox is the reader's decoder: the same entries and findings.
    @Test func kitchenClipsReadIsTheReadersDecoding() throws {
        let broken = Self.entries.replacingOccurrences(of: "\"type\": \"text\"", with: "\"type\": \"fax\"")
        let (root, inbox) = try Self.journal(inbox: broken)
        defer { try? FileManager.default.removeItem(atPath: root) }
        var diagnostics: [Diagnostic] = []
        let entries = KitchenInbox.read(root: root, diagnostics: &diagnostics)
        #expect(entries.map(\.value.id) == ["share-1"])
        let read = DataDirectoryReader(root: root).read()
        let readersFindings = read.validated.diagnostics.filter { $0.location.file == inbox }.map(\.description)
        #expect(!diagnostics.isEmpty)
        #expect(diagnostics.map(\.description) == readersFindings)
        #expect(read.validated.dataset.kitchenInbox.map(\.value) == entries.map(\.value))
    }
}
