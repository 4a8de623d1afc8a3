import BrewKit
import Foundation
import Testing

/// 2026-10-07 20:00 UTC plus `minutes`.
func at(_ minutes: Double) -> Date { Date(timeIntervalSince1970: 1_791_403_200 + minutes * 60) }

func drink(_ id: String, _ minutes: Double, ml: Double? = nil, abv: Double? = nil, estimate: Double? = nil, preset: String? = nil) -> LogEntry {
    .alcohol(id, at: at(minutes), AlcoholMeta(size: ml.map(Volume.millilitres), abvPercent: abv, standardDrinkEstimate: estimate, presetId: preset))
}

func water(_ id: String, _ minutes: Double, ml: Double? = nil) -> LogEntry { .water(id, at: at(minutes), millilitres: ml) }

func ended(_ entries: [LogEntry], endMinutes: Double = 180, settings: WaterlineSettings.Overrides = .init()) -> Session {
    Session(id: "s", startTime: at(0), endTime: at(endMinutes), isActive: false, settings: settings, entries: entries)
}

func summarise(_ session: Session, _ settings: WaterlineSettings = WaterlineSettings(), presets: [DrinkPreset] = [], now: Date = at(10_000)) -> SessionSummary {
    SessionSummary(session: session, settings: settings, presets: Dictionary(uniqueKeysWithValues: presets.map { ($0.id, $0) }), now: now)
}

@Suite struct StandardDrinkTests {
    @Test func twelveOunceLagerIsOneUSStandardDrink() {
        // 355 ml × 0.05 × 0.789 = 14.00 g; ÷ 14 = 1.000.
        let count = StandardDrinks.count(millilitres: 355, abvPercent: 5, standardDrinkGrams: 14)
        #expect(abs(count - 1.0003) < 0.0001)
        #expect(StandardDrinks.waterlineDelta(standardDrinks: count) == 1)
    }

    @Test func theStandardChangesTheCount() {
        // 14.00475 g ÷ 10 = 1.40 (AU, +1); ÷ 8 = 1.75 (UK units, +2).
        #expect(StandardDrinks.waterlineDelta(standardDrinks: StandardDrinks.count(millilitres: 355, abvPercent: 5, standardDrinkGrams: 10)) == 1)
        #expect(StandardDrinks.waterlineDelta(standardDrinks: StandardDrinks.count(millilitres: 355, abvPercent: 5, standardDrinkGrams: 8)) == 2)
    }

    @Test func aDoubleCountsTwo() {
        // 88 ml × 0.40 × 0.789 = 27.77 g ÷ 14 = 1.98 → +2.
        let session = ended([drink("d", 10, ml: 88, abv: 40)])
        #expect(summarise(session).timeline[0].delta == 2)
        #expect(summarise(session).finalWaterline == 2)
    }

    @Test(arguments: [(0.0, 1), (0.4, 1), (1.49, 1), (1.5, 2), (2.5, 3), (3.2, 3)])
    func roundingIsHalfUpAndAtLeastOne(standardDrinks: Double, delta: Int) {
        #expect(StandardDrinks.waterlineDelta(standardDrinks: standardDrinks) == delta)
    }

    @Test func unknownSizeCountsOne() {
        let summary = summarise(ended([.alcohol("d", at: at(5)), drink("e", 10, ml: 330)]))
        #expect(summary.timeline.map(\.delta) == [1, 1])
        #expect(summary.timeline.map(\.basis) == [.unknown, .unknown])
        #expect(summary.standardDrinks == 2)
        #expect(summary.drinksOfUnknownSize == 2)
    }

    @Test func presetFillsWhatTheEntryLacks() {
        let presets = [
            DrinkPreset(id: "gt", name: "Gin and tonic", drinkType: .cocktail, standardDrinkEstimate: 2),
            DrinkPreset(id: "ipa", name: "Pint of IPA", drinkType: .beer, size: .millilitres(473), abvPercent: 6.5),
        ]
        // gt: the preset's estimate 2 → +2. ipa: 473 × 0.065 × 0.789 ÷ 14 = 1.73 → +2.
        // The entry's own estimate 0.6 with the preset's size but no ABV anywhere → 0.6 → +1.
        let session = ended([drink("a", 1, preset: "gt"), drink("b", 2, preset: "ipa"), drink("c", 3, estimate: 0.6, preset: "gt")])
        let summary = summarise(session, presets: presets)
        #expect(summary.timeline.map(\.delta) == [2, 2, 1])
        #expect(summary.timeline.map(\.basis) == [.estimate, .sizeAndABV, .estimate])
        #expect(abs(summary.standardDrinks - (2 + 1.7327 + 0.6)) < 0.001)
    }

    @Test func ouncesAreConverted() {
        let settings = WaterlineSettings(units: .oz)
        // A bare size of 12 in oz settings: 354.88 ml × 0.05 × 0.789 ÷ 14 = 1.000.
        let entry = LogEntry.alcohol("d", at: at(1), AlcoholMeta(size: Volume(12, nil), abvPercent: 5))
        let summary = summarise(ended([entry, LogEntry(id: "w", timestamp: at(2), type: .water, waterMeta: WaterMeta(amount: Volume(8, nil)))]), settings)
        #expect(abs((summary.timeline[0].standardDrinks ?? 0) - 1.0) < 0.001)
        #expect(abs(summary.waterVolumeMillilitres - 236.588) < 0.01)
    }
}

@Suite struct WaterlineTests {
    @Test func waterMovesDownDrinksUp() {
        // The quiet dinner: water, drink, water, drink, water → -1, 0, -1, 0, -1.
        let summary = summarise(ended([water("1", 15, ml: 300), drink("2", 35, ml: 150, abv: 13.5), water("3", 70, ml: 250), drink("4", 105, ml: 150, abv: 13.5), water("5", 140)]))
        #expect(summary.timeline.map(\.waterline) == [-1, 0, -1, 0, -1])
        #expect(summary.finalWaterline == -1)
        #expect(summary.maxWaterline == 0)
        #expect(summary.minWaterline == -1)
        #expect(summary.alcoholicDrinks == 2)
        #expect(summary.waterEntries == 3)
        // 300 + 250 + the last water's default 250 ml (no amount given, §9.3).
        #expect(summary.waterVolumeMillilitres == 800)
    }

    @Test func waterWithoutAnAmountCountsTheDefault() {
        let summary = summarise(ended([water("1", 15), water("2", 20, ml: 100)]), WaterlineSettings(defaultWaterAmount: 250))
        #expect(summary.waterVolumeMillilitres == 350)
        // No defaultWaterAmount: the built-in 250 ml, never 0 ml (PRD §9.3 "8 oz / 250 ml").
        #expect(summarise(ended([water("1", 15)])).waterVolumeMillilitres == 250)
    }

    @Test func entriesAreSortedByTimeAndTiesKeepFileOrder() {
        let outOfOrder = summarise(ended([water("w", 30), drink("d", 10)]))
        #expect(outOfOrder.timeline.map(\.entry.id) == ["d", "w"])
        #expect(outOfOrder.maxWaterline == 1)
        // Same moment: file order decides. Drink then water peaks at 1; water then drink never rises above 0.
        #expect(summarise(ended([drink("d", 10), water("w", 10)])).maxWaterline == 1)
        #expect(summarise(ended([water("w", 10), drink("d", 10)])).maxWaterline == 0)
    }

    @Test func perDrinkRemindersEveryDrinkWithNOne() {
        // N = 1: d1 fires (1 since water), d2 fires (2), water, d3 fires (1) and the session ends.
        // Followed: d1 no (d2 came first), d2 yes, d3 no → 1 of 3 = 33 %.
        let summary = summarise(ended([drink("1", 10), drink("2", 20), water("w", 30), drink("3", 40)]))
        #expect(summary.remindersFired == 3)
        #expect(summary.remindersFollowed == 1)
        #expect(summary.adherencePercent == 33)
        #expect(summary.drinkReminders.map(\.drinksSinceWater) == [1, 2, 1])
        #expect(summary.drinkReminders[1].followedAt == at(30))
    }

    @Test func perDrinkRemindersWithNTwoFromTheSessionSettings() {
        // N = 2 (the session overrides the preferences' 1): d1 (1) no reminder, d2 (2) fires, d3 (3) fires,
        // water follows d3's; d4 (1) none. Fired 2, followed 1 → 50 %.
        let session = ended([drink("1", 10), drink("2", 20), drink("3", 30), water("w", 40), drink("4", 50)], settings: .init(waterEveryNDrinks: 2))
        let summary = summarise(session, WaterlineSettings(waterEveryNDrinks: 1))
        #expect(summary.settings.waterEveryNDrinks == 2)
        #expect(summary.remindersFired == 2)
        #expect(summary.remindersFollowed == 1)
        #expect(summary.adherencePercent == 50)
        #expect(summary.timeline.map { $0.reminder != nil } == [false, true, true, false, false])
    }

    @Test func adherenceIsNilWithoutReminders() {
        #expect(summarise(ended([water("w", 10)])).adherencePercent == nil)
        // Two of three followed: 66.67 → 67.
        let summary = summarise(ended([drink("1", 10), water("a", 11), drink("2", 20), water("b", 21), drink("3", 30)]))
        #expect(summary.adherencePercent == 67)
    }

    @Test func timeRemindersEveryIntervalBeforeTheEnd() {
        let settings = WaterlineSettings(timeReminderIntervalMinutes: 30)
        // Ended after 105 min: 30, 60, 90.
        #expect(summarise(ended([], endMinutes: 105), settings).timeReminders == [at(30), at(60), at(90)])
        // Ended at exactly 90: no reminder at the end itself.
        #expect(summarise(ended([], endMinutes: 90), settings).timeReminders == [at(30), at(60)])
        // Off by default.
        #expect(summarise(ended([], endMinutes: 105)).timeReminders.isEmpty)
        // A session may turn them off.
        #expect(summarise(ended([], endMinutes: 105, settings: .init(timeRemindersEnabled: false)), settings).timeReminders.isEmpty)
    }

    @Test func minutesAtOrAboveTheWarningThreshold() {
        // +2 at 10 (2), water at 40 (1), +2 at 60 (3), end at 90: at or above 2 from 10 to 40 and 60 to 90 → 60 min.
        let summary = summarise(ended([drink("1", 10, estimate: 2), water("w", 40), drink("2", 60, estimate: 2)], endMinutes: 90))
        #expect(summary.minutesAtOrAboveWarning == 60)
        #expect(summary.durationMinutes == 90)
        // Threshold 3: only 60 to 90.
        #expect(summarise(ended([drink("1", 10, estimate: 2), water("w", 40), drink("2", 60, estimate: 2)], endMinutes: 90), WaterlineSettings(warningThreshold: 3)).minutesAtOrAboveWarning == 30)
    }

    @Test func aSessionWithoutEntries() {
        let summary = summarise(ended([], endMinutes: 5))
        #expect(summary.finalWaterline == 0)
        #expect(summary.maxWaterline == 0)
        #expect(summary.durationMinutes == 5)
        #expect(summary.alcoholicDrinks == 0)
        #expect(summary.adherencePercent == nil)
        #expect(summary.status == .ended)
    }

    @Test func anActiveSessionRunsToNowAndIsAbandonedAfterTwelveHours() {
        let session = Session(id: "open", startTime: at(0), isActive: true, settings: .init(timeReminderIntervalMinutes: 60), entries: [drink("1", 30), drink("2", 60)])
        let active = summarise(session, now: at(11 * 60))
        #expect(active.status == .active)
        #expect(active.end == at(660))
        #expect(active.durationMinutes == 660)
        #expect(active.timeReminders.count == 10)
        let abandoned = summarise(session, now: at(13 * 60))
        #expect(abandoned.status == .abandoned)
        #expect(abandoned.abandoned)
        #expect(abandoned.end == at(60))
        #expect(abandoned.durationMinutes == 60)
        // From 60 (waterline 2) to the end at 60: no time at or above 2.
        #expect(abandoned.minutesAtOrAboveWarning == 0)
        #expect(abandoned.timeReminders.isEmpty)
    }

    @Test func anInactiveSessionWithoutEndTimeEndsAtItsLastEntry() {
        let session = Session(id: "x", startTime: at(0), isActive: false, entries: [drink("1", 30), water("w", 45)])
        let summary = summarise(session)
        #expect(summary.end == at(45))
        #expect(summary.status == .ended)
    }
}
