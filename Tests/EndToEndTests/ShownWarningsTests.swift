@testable import brewguide
import BrewKit
import Testing

/// `watch` prints every error after each rebuild, but of the warnings only those it has not printed
/// at the last build, with a count of the others (`ShownWarnings`).
@Suite("Shown warnings")
struct ShownWarningsTests {
    static func at(_ line: Int, _ message: String, _ severity: Diagnostic.Severity = .warning) -> Diagnostic {
        Diagnostic(severity, message, at: SourceLocation(file: "logs/2026-11.json", line: line, column: 5))
    }

    @Test func aRebuildPrintsErrorsAndOnlyTheNewWarnings() {
        var shown = ShownWarnings()
        let first = [Self.at(3, "temperature 80 °C is low"), Self.at(9, "ratio 1:30 is long")]
        #expect(shown.sift(first).printed == first, "the first build prints every warning")

        // The same warnings, one more, an error: the error and the new warning, and a count of two.
        let second = first + [Self.at(9, "dose 40 g is high"), Self.at(12, "rating must be 1–5", .error)]
        let (printed, repeated) = shown.sift(second)
        #expect(printed == [Self.at(9, "dose 40 g is high"), Self.at(12, "rating must be 1–5", .error)])
        #expect(repeated == 2)
        #expect(ShownWarnings.note(repeated: repeated) == "note: 2 warnings as at the last build, not printed again (`brewguide check` lists every finding)\n")

        // An error is printed every time; a warning that went away and came back is new again.
        #expect(shown.sift([Self.at(12, "rating must be 1–5", .error)]) == ([Self.at(12, "rating must be 1–5", .error)], 0))
        #expect(shown.sift(first).printed == first)
        #expect(ShownWarnings.note(repeated: 0) == nil)
        #expect(ShownWarnings.note(repeated: 1)?.hasPrefix("note: 1 warning as") == true)
    }
}
