import BrewData
import BrewKit
import Foundation
import Testing
import TestSupport

@Suite("Reading fixture data directories")
struct DataDirectoryReaderTests {
    init() {
        _ = FileManager.default.changeCurrentDirectoryPath(TestPaths.packageRoot.path)
    }

    @Test func validFixtureHasNoErrors() {
        let result = DataDirectoryReader(root: Fixture.path("valid")).read()
        #expect(result.validated.diagnostics.map(\.description) == [])
        #expect(result.validated.dataset.recipes.map(\.value.id).sorted() == ["dark-roast-low-temp", "v60-starter", "weekend-three-pour"])
        #expect(result.validated.dataset.logs.count == 1)
    }

    @Test func invalidFixtureReportsEveryFindingWithItsPlace() {
        let result = DataDirectoryReader(root: Fixture.path("invalid")).read()
        let root = Fixture.path("invalid")
        let expected = [
            "\(root)/logs/logs.csv:3:78: error: rating must be 1–5, found 9",
            "\(root)/logs/logs.csv:4:10: error: timestamp: expected an ISO 8601 date-time such as 2026-03-14T07:42:00Z, found \"2026-13-01T07:42:00Z\"",
            "\(root)/logs/logs.csv:4:78: error: tasteTag: unknown value \"tooBiter\"; expected one of tooBitter, tooSour, tooWeak, tooStrong, perfect (did you mean \"tooBitter\"?)",
            "\(root)/logs/logs.csv:5:1: error: log id \"../escape\" must start with a letter or digit",
            "\(root)/logs/logs.csv:6:1: error: this row has 3 cells but the header names 12 fields; check for a missing or extra comma or an unclosed quote",
            "\(root)/logs/syntax.json:3:28: error: a string runs past the end of the line (missing closing quote?)",
            "\(root)/recipes/bad-water.json:5:25: error: water additions reach 240 g but defaultTargetYield is 250 g; they must match within ±1 g",
            "\(root)/recipes/bad-water.json:9:67: error: durationSeconds must not be negative, found -5",
            "\(root)/recipes/bad-water.json:11:72: error: milestone 1:00 goes backwards: the brew clock is already at 1:30 when this step starts",
            "\(root)/recipes/broken.json:5:25: warning: unknown field \"defaultTargetYeild\" is ignored; did you mean \"defaultTargetYield\"?",
            "\(root)/recipes/broken.json:8:24: error: defaultGrindLabel: unknown value \"medum\"; expected one of fine, medium, coarse (did you mean \"medium\"?)",
            // Issue 51: the recipe is kept, invalid, and checked as every recipe is.
            "\(root)/recipes/broken.json:9:12: error: a recipe needs at least one step",
        ]
        #expect(result.validated.diagnostics.map(\.description) == expected)
    }

    @Test func anInvalidRecipeIsMarkedInvalidAndTheRestStaysUsable() {
        let validated = DataDirectoryReader(root: Fixture.path("invalid")).read().validated
        // Issue 51: an unknown grind label makes its recipe invalid too, as a water-total error does.
        #expect(validated.invalidRecipeReasons.keys.sorted() == ["bad-water", "broken-recipe"])
        #expect(validated.blockingErrors.allSatisfy { !$0.location.file.hasSuffix("broken.json") })
        #expect(validated.dataset.recipes.contains { $0.value.id == "v60-starter" })
        // Logs that decode are kept (their rule errors block a build); rows that do not decode are dropped.
        #expect(validated.dataset.logs.map(\.value.id) == ["good-1", "bad-rating", "../escape"])
    }

    /// The demo a new user sees reads without an error; what it holds may change with it.
    @Test func theDemoHasNoErrors() {
        let validated = DataDirectoryReader(root: TestPaths.demo.path).read().validated
        #expect(!validated.diagnostics.hasErrors, "\(validated.diagnostics.filter { $0.severity == .error })")
        #expect(validated.dataset.recipes.contains { $0.value.isStarter })
    }

    @Test func theTestJournalIsValid() {
        let validated = DataDirectoryReader(root: TestPaths.journalFromPackageRoot).read().validated
        // The bundled kitchen's "a good glug" of olive oil is a measure with no number, read and never scaled: no finding.
        #expect(validated.diagnostics.map(\.description) == [])
        #expect(validated.dataset.recipes.filter(\.value.isStarter).map(\.value.id) == ["v60-starter"])
        #expect(validated.dataset.logs.count >= 60)
    }

    @Test func missingDirectoryIsOneClearError() {
        let validated = DataDirectoryReader(root: "no-such-dir").read().validated
        #expect(validated.diagnostics.map(\.description) == [
            "no-such-dir: error: the data directory \"no-such-dir\" does not exist; expected a folder with recipes/, logs/ and preferences.json (start one with `brewguide init no-such-dir`)",
        ])
    }
}
