import BrewKit
import PropertyBased
import Testing

/// `removingDuplicates` compares findings only at the same place; it must keep what the plain
/// definition (the first of each equal finding, by a set of all of them) keeps, in order.
@Suite("Findings said once")
struct DiagnosticDuplicatesTests {
    /// Few places, messages and severities, so that findings repeat, share places and differ.
    static let diagnostic = Gen.int(in: 0...(2 * 3 * 3 * 3 * 2 - 1)).map { code -> Diagnostic in
        let location = SourceLocation(file: code % 2 == 0 ? "a.json" : "b.json", line: code / 2 % 3, column: code / 6 % 3 == 2 ? nil : code / 6 % 3,
                                      field: code / 18 % 3 == 0 ? nil : "f\(code / 18 % 3)")
        return Diagnostic(code / 54 == 0 ? .warning : .error, code % 4 == 0 ? "water 89 °C" : "m", at: location)
    }

    static func plain(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        var seen = Set<Diagnostic>()
        return diagnostics.filter { seen.insert($0).inserted }
    }

    /// A stable sort by place, without the look at neighbours that `sortedByLocation` takes first.
    static func plainSorted(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.enumerated().sorted { a, b in
            if a.element.location != b.element.location { return a.element.location < b.element.location }
            return a.offset < b.offset
        }.map(\.element)
    }

    /// `sortedByLocation` returns a list that is already in order as it is; sorted or not, it
    /// gives what the stable sort gives, also for places that differ only in their field.
    @Test func sortingAgreesWithTheStableSort() async {
        await propertyCheck(input: Self.diagnostic.array(of: 0...40)) { diagnostics in
            #expect(diagnostics.sortedByLocation() == Self.plainSorted(diagnostics))
            let sorted = Self.plainSorted(diagnostics)
            #expect(sorted.sortedByLocation() == sorted)
            #expect(Self.plainSorted(sorted) == sorted)
        }
    }

    @Test func agreesWithThePlainDefinition() async {
        await propertyCheck(input: Self.diagnostic.array(of: 0...40)) { diagnostics in
            #expect(diagnostics.removingDuplicates() == Self.plain(diagnostics))
            #expect(diagnostics.sortedByLocation().removingDuplicates() == Self.plain(diagnostics.sortedByLocation()))
        }
    }
}
