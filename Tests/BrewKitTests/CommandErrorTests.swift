import BrewKit
import Testing

/// The commands' one error type prints in the compiler's form, with as much place as it has.
struct CommandErrorTests {
    @Test func printsWithALineAndColumnAFileOrNoPlace() {
        #expect(CommandError("not base64", at: SourceLocation(file: "a.json", line: 3, column: 7)).description == "a.json:3:7: error: not base64")
        #expect(CommandError("not base64", at: SourceLocation(file: "a.csv", line: 3, field: "after")).description == "a.csv:3:after: error: not base64")
        #expect(CommandError.file("a.json", "not an archive").description == "a.json: error: not an archive")
        #expect(CommandError("no session is active").description == "error: no session is active")
    }

    @Test func findingsComeFirstAndFollowingLinesHaveNoPrefix() {
        let finding = Diagnostic.error("rating must be 1–5, found 9", at: SourceLocation(file: "logs/a.csv", line: 2, column: 4))
        let error = CommandError("1 record error\nnothing was written", findings: [finding])
        #expect(error.description == "logs/a.csv:2:4: error: rating must be 1–5, found 9\nerror: 1 record error\nnothing was written")
        #expect(error.message == "logs/a.csv:2:4: error: rating must be 1–5, found 9\n1 record error\nnothing was written")
    }

    @Test func aPlaceIsAddedOnlyWhenThereIsNone() {
        let inner = SourceLocation(file: "a.json", line: 1, column: 2)
        #expect(CommandError("x").located(at: .file("b.json")).description == "b.json: error: x")
        #expect(CommandError("x", at: inner).located(at: .file("b.json")).description == "a.json:1:2: error: x")
    }

    @Test func controlCharactersInTheReasonAreWrittenOut() {
        #expect(CommandError("id \"a\u{1B}[31m\" is taken").description == "error: id \"a\\u{1B}[31m\" is taken")
    }
}
