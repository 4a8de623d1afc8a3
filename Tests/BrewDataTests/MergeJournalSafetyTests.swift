@testable import BrewData
import BrewKit
import Foundation
import Testing
import TestSupport

/// A tampered merge journal (`.brewguide-merge.json`) is bounded as every data file is, and
/// nothing it names leads out of the data directory, through a symbolic link or otherwise:
/// the journal is refused whole and nothing is changed by it (issue 37).
@Suite struct MergeJournalSafetyTests {
    /// A data directory with `logs/`, `kitchen/`, and `outside/` beside it, empty.
    final class Place {
        let parent = TestPaths.temporary("merge-journal-safety").path
        var root: String { parent + "/data" }
        var outside: String { parent + "/outside" }

        init() throws {
            for folder in ["data/logs", "data/kitchen", "outside"] {
                try FileManager.default.createDirectory(atPath: parent + "/" + folder, withIntermediateDirectories: true)
            }
        }

        deinit { try? FileManager.default.removeItem(atPath: parent) }

        func writeJournal(_ changes: [(path: String, before: String?, after: String?)]) throws {
            let items = changes.map { change in
                "{\"path\": \(Self.quoted(change.path)), \"before\": \(change.before.map(Self.quoted) ?? "null"), \"after\": \(change.after.map { Self.quoted(Data($0.utf8).base64EncodedString()) } ?? "null")}"
            }
            try writeJournal(text: "{\"format\": \"brewguide-merge-journal\", \"changes\": [\(items.joined(separator: ", "))]}")
        }

        func writeJournal(text: String) throws {
            try Data(text.utf8).write(to: URL(fileURLWithPath: MergeJournal.path(root: root)))
        }

        static func quoted(_ text: String) -> String {
            String(decoding: try! JSONSerialization.data(withJSONObject: text, options: .fragmentsAllowed), as: UTF8.self)
        }

        var outsideFiles: [String] { (try? FileManager.default.subpathsOfDirectory(atPath: outside)) ?? [] }
    }

    static func refusal(_ root: String) -> String? {
        do {
            _ = try MergeJournal.finishInterrupted(root: root)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func aJournalThroughALinkToAFolderOutsideIsRefusedWhole() throws {
        let place = try Place()
        try FileManager.default.createSymbolicLink(atPath: place.root + "/kitchen/lnk", withDestinationPath: "../../outside")
        // The first change is fine on its own: it is not made either, as the journal is refused whole.
        try place.writeJournal([("logs/first.json", nil, "[]"), ("kitchen/lnk/escape.json", nil, "[]")])
        let message = try #require(Self.refusal(place.root), "the journal was applied")
        #expect(message.contains("changes[1] names \"kitchen/lnk/escape.json\", but kitchen/lnk leads out of the data directory through a symbolic link (to \(KitchenImageFiles.realPath(place.outside)!))"), "\(message)")
        #expect(message.contains("nothing was changed"), "\(message)")
        #expect(place.outsideFiles.isEmpty, "written outside: \(place.outsideFiles)")
        #expect(!FileManager.default.fileExists(atPath: place.root + "/logs/first.json"))
        #expect(FileManager.default.fileExists(atPath: MergeJournal.path(root: place.root)), "the journal is kept to be looked at")
    }

    @Test func aFileThatIsALinkOutsideOrToNothingIsRefused() throws {
        let place = try Place()
        try Data("[1]".utf8).write(to: URL(fileURLWithPath: place.outside + "/theirs.json"))
        try FileManager.default.createSymbolicLink(atPath: place.root + "/logs/out.json", withDestinationPath: "../../outside/theirs.json")
        try place.writeJournal([("logs/out.json", Archive.sha256(Array("[1]".utf8)), nil)])
        let out = try #require(Self.refusal(place.root))
        #expect(out.contains("logs/out.json leads out of the data directory through a symbolic link"), "\(out)")
        #expect(FileManager.default.fileExists(atPath: place.outside + "/theirs.json"))

        try FileManager.default.removeItem(atPath: place.root + "/logs/out.json")
        try FileManager.default.createSymbolicLink(atPath: place.root + "/logs/nothing.json", withDestinationPath: "../../outside/none.json")
        try place.writeJournal([("logs/nothing.json", nil, "[]")])
        let nothing = try #require(Self.refusal(place.root))
        #expect(nothing.contains("logs/nothing.json is a symbolic link to nothing there"), "\(nothing)")
        #expect(!FileManager.default.fileExists(atPath: place.outside + "/none.json"))
    }

    @Test func aLinkThatStaysInsideIsFollowed() throws {
        let place = try Place()
        try FileManager.default.createDirectory(atPath: place.root + "/kitchen/images", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: place.root + "/kitchen/photos", withDestinationPath: "images")
        try place.writeJournal([("kitchen/photos/soup.jpg", nil, "jpeg")])
        #expect(Self.refusal(place.root) == nil)
        #expect(FileManager.default.contents(atPath: place.root + "/kitchen/images/soup.jpg") == Data("jpeg".utf8))
    }

    @Test(arguments: ["../outside/x.json", "/etc/x.json", "logs/./x.json", ".brewguide-merge.json", "logs/.a.json.1-2.tmp", "logs//x.json", ""])
    func aPathThatIsNotAPlainRelativeOneIsRefused(_ path: String) throws {
        let place = try Place()
        try place.writeJournal([("logs/first.json", nil, "[]"), (path, nil, "[]")])
        let message = try #require(Self.refusal(place.root), "\(path) was accepted")
        #expect(message.contains("changes[1] has no path inside the data directory"), "\(message)")
        #expect(!FileManager.default.fileExists(atPath: place.root + "/logs/first.json"))
    }

    @Test func aPathNamedTwiceIsRefused() throws {
        let place = try Place()
        try place.writeJournal([("logs/a.json", nil, "[]"), ("logs/a.json", Archive.sha256(Array("[]".utf8)), nil)])
        let message = try #require(Self.refusal(place.root))
        #expect(message.contains("changes[1] names \"logs/a.json\" a second time"), "\(message)")
    }

    /// A journal over the data-file bound is refused from its size, without reading it (a sparse file).
    @Test func aJournalOverTheBoundIsNotRead() throws {
        let place = try Place()
        let path = MergeJournal.path(root: place.root)
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: UInt64(DataFileBytes.maximumBytes) + 24_000_000)
        try handle.close()
        let message = try #require(Self.refusal(place.root))
        #expect(message.contains("more than the 268,435,456 bytes (256.0 MB) a merge journal may be"), "\(message)")
        #expect(message.contains("nothing was changed by it"), "\(message)")
    }

    /// A journal of more changes than one merge makes is refused before any change is made.
    @Test func aJournalOfTooManyChangesIsRefusedBeforeAnyChange() throws {
        let place = try Place()
        let count = MergeJournal.maximumChanges + 1
        var text = "{\"format\": \"brewguide-merge-journal\", \"changes\": ["
        text.reserveCapacity(count * 60)
        for index in 0..<count {
            text += (index == 0 ? "" : ",") + "{\"path\": \"logs/n-\(index).json\", \"before\": null, \"after\": \"W10=\"}"
        }
        try place.writeJournal(text: text + "]}")
        #expect(throws: CommandError.self) { try MergeJournal.load(root: place.root) }
        let message = try #require(Self.refusal(place.root))
        #expect(message.contains("holds 100001 changes, more than the 100000 one merge makes"), "\(message)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: place.root + "/logs").isEmpty, "no change was made")
    }

    /// The writing side keeps to the same bound, so every journal written can be read back.
    @Test func aMergeOfTooManyChangesIsRefusedBeforeItsJournal() throws {
        let place = try Place()
        let changes = (0...MergeJournal.maximumChanges).map { MergeJournal.Change(path: "logs/n-\($0).json", before: nil, after: [0x5B, 0x5D]) }
        #expect(throws: CommandError.self) { try MergeJournal(changes: changes).write(root: place.root) }
        #expect(!FileManager.default.fileExists(atPath: MergeJournal.path(root: place.root)))
    }

    /// A change onto a pipe in the data directory says so instead of waiting on it forever.
    @Test func aPipeWhereAFileShouldBeIsNamedNotWaitedOn() throws {
        let place = try Place()
        #expect(mkfifo(place.root + "/logs/pipe.json", 0o644) == 0)
        try place.writeJournal([("logs/pipe.json", nil, "[]")])
        let message = try #require(Self.refusal(place.root))
        #expect(message.contains("is not a regular file (it is a named pipe)"), "\(message)")
    }
}
