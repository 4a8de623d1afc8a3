import BrewKit
import Foundation
import Testing

/// Rules of issue 16: the water sum after rounding, guardrails of a recipe's own defaults, the
/// starter of PRD 3.5, hints, and the journal's time zone.
@Suite("Recipe rules, hints and local time")
struct RecipeRulesTests {
    static func findings(_ recipe: Recipe) -> [Diagnostic] {
        let located = Located(recipe, source: SourceMap(record: SourceLocation(file: "r.json", line: 1)))
        return RecipeValidator().diagnostics(for: located)
    }

    static func starter(lastWater: Double, yield: Double = 250) -> Recipe {
        var recipe = RecipeFixtures.starter
        recipe.defaultTargetYield = yield
        recipe.steps[4].waterAmountGrams = lastWater
        return recipe
    }

    @Test(arguments: [(251.4, true), (250.6, true), (248.6, true), (251.6, false), (248.4, false)])
    func waterSumComparesWholeGrams(lastWater: Double, valid: Bool) {
        let errors = Self.findings(Self.starter(lastWater: lastWater)).filter { $0.severity == .error }
        #expect(errors.isEmpty == valid, "\(errors)")
    }

    @Test func guardrailsOfTheDefaultsAreWarnings() {
        var recipe = RecipeFixtures.starter
        recipe.defaultWaterTemperature = 99
        recipe.defaultDose = 10
        let findings = Self.findings(recipe)
        #expect(findings.allSatisfy { $0.severity == .warning })
        let messages = findings.map(\.message)
        #expect(messages.contains("dose 10 g is below the recommended range 12–40 g (a warning: the recipe can still be brewed)"))
        #expect(messages.contains("ratio 1:25 is above the recommended range 1:14–1:18 (a warning: the recipe can still be brewed)"))
        #expect(messages.contains("water temperature 99 °C is above the recommended range 90–96 °C (a warning: the recipe can still be brewed)"))
        #expect(Self.findings(RecipeFixtures.starter).isEmpty)
    }

    @Test func theStarterOfPRD35() {
        #expect(StarterRecipe.differences(from: RecipeFixtures.starter).isEmpty)
        var edited = RecipeFixtures.starter
        edited.name = "Renamed"
        #expect(StarterRecipe.differences(from: edited).isEmpty)
        edited.steps[3].targetElapsedSeconds = 100
        edited.defaultWaterTemperature = 93
        #expect(StarterRecipe.differences(from: edited) == ["defaultWaterTemperature", "steps"])
    }

    @Test func hintsNeedATag() {
        #expect(AdjustmentHint.hint(for: nil) == nil)
        #expect(AdjustmentHint.hint(for: .perfect) == "Perfect: great job — no tips!")
        #expect(AdjustmentHint.hint(for: .tooSour) == "Too sour: try slightly finer or hotter")
        #expect(AdjustmentHint.hint(for: .tooBitter) == "Too bitter: try slightly coarser or cooler")
        #expect(AdjustmentHint.hint(for: .tooWeak) == "Too weak: try higher dose or finer")
        #expect(AdjustmentHint.hint(for: .tooStrong) == "Too strong: try lower dose or coarser")
        for tag in TasteTag.allCases { #expect(!AdjustmentHint.advice(for: tag).lowercased().contains(tag.displayName)) }
    }

    @Test func tokyoMorningIsOnThursdayFirstOfOctober() throws {
        let parsed = try #require(ISO8601.dateAndOffset(from: "2026-10-01T07:00:00+09:00"))
        #expect(parsed.offsetSeconds == 32_400)
        for zone in [JournalTimeZone(identifier: "Asia/Tokyo"), .asWritten] {
            let local = zone.local(parsed.date, writtenOffsetSeconds: parsed.offsetSeconds)
            #expect(local.dayAndTime == "Thu 1 Oct 2026, 07:00")
            #expect(local.monthKey == "2026-10")
        }
        // The same moment in a UTC journal is the day before.
        #expect(JournalTimeZone(identifier: "UTC").local(parsed.date).dayAndTime == "Wed 30 Sep 2026, 22:00")
    }

    @Test func daylightSavingTimeIsFollowed() throws {
        let berlin = JournalTimeZone(identifier: "Europe/Berlin")
        let summer = try #require(ISO8601.date(from: "2026-07-01T05:00:00Z"))
        let winter = try #require(ISO8601.date(from: "2026-12-01T06:00:00Z"))
        #expect(berlin.local(summer).clock == "07:00")
        #expect(berlin.local(winter).clock == "07:00")
        // The night the clocks go back (25 Oct 2026), 02:30 happens twice, an hour apart.
        let first = try #require(ISO8601.date(from: "2026-10-25T00:30:00Z"))
        let second = try #require(ISO8601.date(from: "2026-10-25T01:30:00Z"))
        #expect(berlin.local(first).clock == "02:30" && berlin.local(second).clock == "02:30")
        #expect(berlin.local(first).iso8601 == "2026-10-25T02:30:00+02:00")
        #expect(berlin.local(second).iso8601 == "2026-10-25T02:30:00+01:00")
    }

    @Test func unknownZonesAreNamedWithASuggestion() {
        #expect(JournalTimeZone.problem(with: "Asia/Tokyo") == nil)
        let problem = JournalTimeZone.problem(with: "Asia/Tokio")
        #expect(problem?.contains("timeZone \"Asia/Tokio\" is not a known IANA time zone name") == true)
        #expect(problem?.contains("did you mean \"Asia/Tokyo\"?") == true)
        #expect(JournalTimeZone(identifier: "Asia/Tokio").zone == nil)
    }

    @Test func offsetsRoundTrip() throws {
        for text in ["2026-10-01T07:00:00+09:00", "2026-09-30T23:30:00-05:00", "2026-03-14T07:42:00Z", "2026-03-14T07:42:00+05:45"] {
            let parsed = try #require(ISO8601.dateAndOffset(from: text))
            #expect(ISO8601.string(from: parsed.date, offsetSeconds: parsed.offsetSeconds) == text)
        }
    }
}
