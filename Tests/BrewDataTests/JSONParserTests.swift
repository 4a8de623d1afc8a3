import BrewData
import BrewKit
import Testing

@Suite("Located JSON parser")
struct JSONParserTests {
    @Test func valuesKnowTheirLineAndColumn() throws {
        let node = try JSONParser.parse(Array("{\n  \"a\": [1, \"é\", true],\n  \"b\": null\n}".utf8), file: "f.json")
        guard case .object(let members) = node.value else { Issue.record("not an object"); return }
        #expect(members.map(\.key) == ["a", "b"])
        #expect(members[0].node.location.line == 2)
        #expect(members[0].node.location.column == 8)
        guard case .array(let elements) = members[0].node.value else { Issue.record("not an array"); return }
        #expect(elements[2].location.column == 17)
        #expect(members[1].node.location == SourceLocation(file: "f.json", line: 3, column: 8))
    }

    @Test func escapesAndUnicode() throws {
        let node = try JSONParser.parse(Array(#"["a\"b\\c\n", "\u00e9\ud83d\ude00", 1.5e2, -0]"#.utf8), file: "f.json")
        guard case .array(let elements) = node.value else { Issue.record("not an array"); return }
        guard case .string(let first) = elements[0].value, case .string(let second) = elements[1].value,
              case .number(let third) = elements[2].value else { Issue.record("wrong types"); return }
        #expect(first == "a\"b\\c\n")
        #expect(second == "é😀")
        #expect(third == 150)
    }

    @Test(arguments: [
        ("", 1, 1, "the file is empty; expected a JSON object or array"),
        ("{\"a\": 1,}", 1, 9, "expected a quoted key, found '}'"),
        ("[1, 2", 1, 6, "expected ',' or ']', found the end of the file (is the file truncated?)"),
        ("{\"a\" 1}", 1, 6, "expected ':' after the key \"a\", found '1'"),
        ("[01]", 1, 2, "a number must not start with a leading zero"),
        ("[tru]", 1, 2, "expected true, found 't'"),
        ("{} x", 1, 4, "expected the end of the file after the JSON value, found 'x'"),
    ])
    func syntaxErrorsSayWhereAndWhat(text: String, line: Int, column: Int, message: String) {
        do {
            _ = try JSONParser.parse(Array(text.utf8), file: "f.json")
            Issue.record("expected a syntax error for \(text)")
        } catch {
            #expect(error.line == line)
            #expect(error.column == column)
            #expect(error.message == message)
        }
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let text = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: JSONParser.SyntaxError.self) { try JSONParser.parse(Array(text.utf8), file: "deep.json") }
    }
}

@Suite("Located JSON parser on long lines")
struct JSONParserLongLineTests {
    /// Columns on one long (minified) line stay right, counting characters, not bytes.
    @Test func columnsOnAMinifiedLine() throws {
        let elements = (0..<2_000).map { "{\"n\":\"é\(String(repeating: "x", count: $0 % 7))\",\"v\":\($0)}" }
        let text = "[" + elements.joined(separator: ",") + "]"
        let node = try JSONParser.parse(Array(text.utf8), file: "min.json")
        guard case .array(let objects) = node.value else { Issue.record("not an array"); return }
        var expectedColumn = 2
        for (index, object) in objects.enumerated() {
            #expect(object.location.line == 1)
            #expect(object.location.column == expectedColumn, "element \(index)")
            expectedColumn += elements[index].count + 1
        }
    }
}
