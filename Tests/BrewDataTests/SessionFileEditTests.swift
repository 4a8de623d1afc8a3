@testable import BrewData
import BrewKit
import Testing

/// Edits of a sessions file keep every byte they do not change.
@Suite struct SessionFileEditTests {
    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func anEntryGoesAfterTheLastWithItsIndentation() throws {
        let file = """
            [
              { "id": "other", "startTime": "2026-10-07T19:00:00Z", "entries": [ ] },
              {
                "id": "quiz",  "startTime": "2026-10-07T19:00:00Z",
                "entries": [
                  { "id": "q1", "timestamp": "2026-10-07T19:10:00Z", "type": "water" }
                ]
              }
            ]

            """
        let source = bytes(file)
        let open = try #require(JSONSpans.offset(source, line: 3, column: 3))
        let edited = text(try SessionFileEdit.appendEntry(source, objectAt: open, entry: #"{ "id": "q2" }"#))
        #expect(edited == file.replacingOccurrences(of: #""type": "water" }"#, with: "\"type\": \"water\" },\n      { \"id\": \"q2\" }"))
    }

    @Test func anEmptyArrayAndAMissingOneAreFilled() throws {
        let empty = bytes(#"{ "id": "a", "entries": [] }"#)
        #expect(text(try SessionFileEdit.appendEntry(empty, objectAt: 0, entry: "{}")) == "{ \"id\": \"a\", \"entries\": [\n  {}\n] }")
        let none = bytes("{\n  \"id\": \"a\"\n}\n")
        #expect(text(try SessionFileEdit.appendEntry(none, objectAt: 0, entry: "{}")) == "{\n  \"id\": \"a\",\n  \"entries\": [\n    {}\n  ]\n}\n")
    }

    @Test func aMemberIsReplacedInPlaceOrAdded() throws {
        // Odd spacing, a string with an escaped quote and a brace: all kept.
        let file = bytes("{ \"note\": \"a \\\"}\\\" here\",\n  \"isActive\" :  true ,\n  \"n\": [1, {\"x\": 2}]\n}")
        let ended = text(try SessionFileEdit.setMember(file, objectAt: 0, key: "isActive", value: "false"))
        #expect(ended == "{ \"note\": \"a \\\"}\\\" here\",\n  \"isActive\" :  false ,\n  \"n\": [1, {\"x\": 2}]\n}")
        let withEnd = text(try SessionFileEdit.setMember(bytes(ended), objectAt: 0, key: "endTime", value: "\"2026-10-07T22:30:00Z\""))
        #expect(withEnd.hasSuffix("\"n\": [1, {\"x\": 2}],\n  \"endTime\": \"2026-10-07T22:30:00Z\"\n}"))
    }

    @Test func csvRowsAreAppendedAndCellsReplaced() throws {
        let entries = bytes("sessionId,id,timestamp,type,presetId\r\nn,a,2026-10-07T19:10:00Z,water,")
        // No line break at the end: one is added first, in the file's own style.
        let appended = text(try SessionFileEdit.appendRow(entries, values: ["sessionId": "n", "id": "b", "type": "alcohol", "presetId": "gin, tonic"]))
        #expect(appended == "sessionId,id,timestamp,type,presetId\r\nn,a,2026-10-07T19:10:00Z,water,\r\nn,b,,alcohol,\"gin, tonic\"\r\n")
        #expect(throws: SessionFileEdit.Failure.self) { try SessionFileEdit.appendRow(entries, values: ["abv": "5"]) }

        let sessions = bytes("id,startTime,endTime,isActive\nx,2026-10-07T19:00:00Z,,true\ny,2026-10-08T19:00:00Z,,false\n")
        let ended = text(try SessionFileEdit.replaceCells(sessions, line: 2, values: ["endTime": "2026-10-07T23:00:00Z", "isActive": "false", "updatedAt": "2026-10-07T23:00:00Z"], optional: ["updatedAt"]))
        #expect(ended == "id,startTime,endTime,isActive\nx,2026-10-07T19:00:00Z,2026-10-07T23:00:00Z,false\ny,2026-10-08T19:00:00Z,,false\n")
    }

    @Test func offsetsCountCharactersNotBytes() {
        let source = bytes("{\"é\": 1,\n \"ü\": {}}")
        // Line 2 is ` "ü": {}}`: the `{` is its 7th character but its 8th byte (ü is two).
        #expect(JSONSpans.offset(source, line: 2, column: 7) == source.lastIndex(of: UInt8(ascii: "{")))
    }
}
