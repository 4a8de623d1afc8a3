@testable import BrewData
import BrewKit
import Foundation
import Testing
import TestSupport

/// The journal of an interrupted merge is read as a stream (issue 45: a 253 MB journal cost
/// 0.94 GB read whole): its changes are cut out one by one, whatever the chunks it arrives in,
/// and a journal that is not JSON is still refused at the line of its first wrong byte.
@Suite struct MergeJournalReaderTests {
    static func elements(of text: String, chunk: Int) throws -> (elements: [String], format: String?) {
        var reader = MergeJournalReader()
        var found: [String] = []
        let bytes = Array(text.utf8)
        var start = 0
        while start < bytes.count {
            try reader.feed(bytes[start..<min(bytes.count, start + chunk)]) { found.append(String(decoding: $0, as: UTF8.self) + "@\($1)") }
            start += chunk
        }
        try reader.finish { found.append(String(decoding: $0, as: UTF8.self) + "@\($1)") }
        return (found, reader.format.map { String(decoding: $0, as: UTF8.self) })
    }

    @Test func everyChangeIsCutOutWhateverTheChunks() throws {
        let text = """
            {
              "changes": [
                {"after": "W10=", "before": null, "path": "logs/a \\"b\\" ]}.json"},
                {"after": null, "before": "ab", "path": "logs/c.json", "nested": [1, {"x": "}"}]}
              ],
              "other": {"skipped": [1, 2, 3]},
              "format": "brewguide-merge-journal"
            }

            """
        for chunk in [1, 2, 3, 7, 64, 1 << 20] {
            let (elements, format) = try Self.elements(of: text, chunk: chunk)
            #expect(elements == [#"{"after": "W10=", "before": null, "path": "logs/a \"b\" ]}.json"}@3"#,
                                 #"{"after": null, "before": "ab", "path": "logs/c.json", "nested": [1, {"x": "}"}]}@4"#], "chunks of \(chunk)")
            #expect(format == "\"brewguide-merge-journal\"")
        }
    }

    @Test(arguments: [
        ("{\"changes\": [{}] \"format\": 1}", 1, "expected \",\" or \"}\""),
        ("{\"changes\": [{} {}]}", 1, "expected \",\" or \"]\" between changes"),
        ("{\"changes\": []}\n x", 2, "after the end of the journal"),
        ("[]", 1, "expected an object"),
        ("{\"changes\": [\n{}", 2, "ends before its last bracket"),
        ("{\"changes\" []}", 1, "expected \":\""),
    ])
    func aJournalThatIsNotJSONIsRefusedAtItsLine(text: String, line: Int, words: String) throws {
        do {
            _ = try Self.elements(of: text, chunk: 5)
            Issue.record("\(text) was read")
        } catch let failure as MergeJournalReader.Failure {
            #expect(failure.message.contains(words), "\(failure.message)")
            #expect(failure.line == line, "\(text): line \(failure.line)")
        }
    }

    /// A journal as `merge` writes it reads back the same, through `load`; a change that does
    /// not read is refused at its own line.
    @Test func aWrittenJournalLoadsBackAndABadChangeIsRefusedAtItsLine() throws {
        let place = try MergeJournalSafetyTests.Place()
        let changes = (0..<50).map { MergeJournal.Change(path: "logs/n-\($0).json", before: $0 % 2 == 0 ? nil : "ab", after: $0 % 3 == 0 ? nil : Array("[\($0)]".utf8)) }
        try MergeJournal(changes: changes).write(root: place.root)
        #expect(try MergeJournal.load(root: place.root) == MergeJournal(changes: changes))
        try place.writeJournal(text: "{\n  \"format\": \"brewguide-merge-journal\",\n  \"changes\": [\n    {\"path\": \"logs/a.json\"},\n    {\"path\": tru}\n  ]\n}\n")
        do {
            _ = try MergeJournal.load(root: place.root)
            Issue.record("the journal was read")
        } catch {
            #expect(error.location?.line == 5, "\(error)")
            #expect(error.description.contains("does not read"), "\(error)")
        }
        try place.writeJournal(text: "{\"changes\": []}")
        #expect(throws: CommandError.self) { try MergeJournal.load(root: place.root) }
    }
}
