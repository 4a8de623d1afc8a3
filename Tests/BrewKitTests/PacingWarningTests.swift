import BrewKit
import Foundation
import Testing

/// Pacing warnings (PRD §9.4, §9.5), the waterline's range (§10.5), the quiet rule (§9.5) and
/// abandoned sessions (§9.2), each with figures worked out by hand in the comments.
@Suite struct PacingWarningTests {
    @Test func theThresholdWarnsOncePerStretchAndNotesTheReturn() {
        // Threshold 2, N = 1. d@10 (+2) → 2: rises from 0 to the mark → threshold warning; 1 drink
        // since water is the rule's reminder, not a warning. d@20 → 3: already at or above, no new
        // threshold warning; it comes with 1 drink already since water → drinksSinceWater warning
        // (past the rule). w@30 → 2: still at the mark. w@40 → 1: back below at 40.
        // d@50 → 2: a new stretch → threshold warning; the first drink since water: no other warning.
        let summary = summarise(ended([drink("a", 10, estimate: 2), drink("b", 20), water("c", 30), water("d", 40), drink("e", 50)], endMinutes: 60))
        let warnings = summary.pacingWarnings
        #expect(warnings.map(\.kind) == [.threshold, .drinksSinceWater, .threshold])
        #expect(warnings.map(\.timestamp) == [at(10), at(20), at(50)])
        #expect(warnings.map(\.waterline) == [2, 3, 2])
        #expect(warnings.map(\.returnedBelowAt) == [at(40), nil, nil])
        #expect(warnings.map(\.entryId) == ["a", "b", "e"])
    }

    @Test func drinksSinceWaterWarnsOnTheDrinkPastTheRule() {
        // N = 3, threshold 7 (out of reach: the line peaks at 6). Drinks at 10, 20, 30 (3rd: the
        // reminder, a nudge), 40 (4th, with 3 already since water: past the rule → warning,
        // waterline 4), water at 50, drinks at 60, 70, 80 (3rd after water: a reminder, no warning).
        let session = ended([drink("1", 10), drink("2", 20), drink("3", 30), drink("4", 40), water("w", 50), drink("5", 60), drink("6", 70), drink("7", 80)],
                            settings: .init(waterEveryNDrinks: 3, warningThreshold: 7))
        let summary = summarise(session)
        #expect(summary.pacingWarnings.map(\.kind) == [.drinksSinceWater])
        #expect(summary.pacingWarnings.map(\.timestamp) == [at(40)])
        #expect(summary.pacingWarnings.map(\.waterline) == [4])
        // The per-drink reminders still fire on every drink at or past N: drinks 3, 4, 7.
        #expect(summary.drinkReminders.map(\.firedAt) == [at(30), at(40), at(80)])
    }

    @Test func withTheDefaultNOneTheFirstDrinkIsAReminderNotAWarning() {
        // Default N = 1, threshold 2: water after every drink (+1, -1, +1, -1) is a night within the
        // rule: a reminder on each drink (a nudge), every one followed, and no pacing warning.
        let kept = summarise(ended([drink("1", 10), water("2", 20), drink("3", 30), water("4", 40)]))
        #expect(kept.pacingWarnings.isEmpty)
        #expect(kept.remindersFired == 2 && kept.adherencePercent == 100)
        // The second drink before water is past the rule: the warning is on it (and it lifts the
        // line to the mark of 2 as well).
        let past = summarise(ended([drink("1", 10), drink("2", 20)]))
        #expect(past.pacingWarnings.filter { $0.kind == .drinksSinceWater }.map(\.entryId) == ["2"])
        #expect(past.pacingWarnings.map(\.entryId) == ["2", "2"])
    }

    @Test func aQuietNightHasNoWarnings() {
        // Water first, then drink, water, drink: -1, 0, -1, 0. N = 2 is never reached; the mark 2 never.
        let summary = summarise(ended([water("1", 5), drink("2", 10), water("3", 20), drink("4", 30)], settings: .init(waterEveryNDrinks: 2)))
        #expect(summary.pacingWarnings.isEmpty)
    }

    @Test func theRangeCountsTheStartAndEveryEntry() {
        // Water, water, drink +2, drink: -1, -2, 0, 1. Lowest -2, highest 1, final 1.
        let summary = summarise(ended([water("1", 5), water("2", 10), drink("3", 20, estimate: 2), drink("4", 30)]))
        #expect(summary.minWaterline == -2)
        #expect(summary.maxWaterline == 1)
        #expect(summary.finalWaterline == 1)
        // Only drinks: the line never goes below the start, so the lowest is 0.
        #expect(summarise(ended([drink("1", 5)])).minWaterline == 0)
    }

    @Test func theQuietRuleHoldsBackTimeRemindersAfterInactivity() {
        // Every 30 min from 0 to 300: 30, 60, …, 270 (9). A drink at 10 and water at 200.
        // Quiet after 90 min without an entry: at 120 the last entry was at 10 (110 min) → held back,
        // also 150 and 180; at 210 the last entry is 200 (10 min) → given again; 240, 270 given.
        let entries = [drink("d", 10), water("w", 200)]
        let quiet = summarise(ended(entries, endMinutes: 300, settings: .init(timeReminderIntervalMinutes: 30, stopRemindersAfterInactiveMinutes: 90)))
        #expect(quiet.timeReminders == [at(30), at(60), at(90), at(210), at(240), at(270)])
        #expect(quiet.quietTimeReminders == [at(120), at(150), at(180)])
        // Exactly 90 min after the start with no entry is already quiet (at or past the limit).
        let empty = summarise(ended([], endMinutes: 100, settings: .init(timeReminderIntervalMinutes: 45, stopRemindersAfterInactiveMinutes: 90)))
        #expect(empty.timeReminders == [at(45)])
        #expect(empty.quietTimeReminders == [at(90)])
        // Off by default: all nine.
        #expect(summarise(ended(entries, endMinutes: 300, settings: .init(timeReminderIntervalMinutes: 30))).timeReminders.count == 9)
        #expect(WaterlineSettings().stopRemindersAfterInactiveMinutes == nil)
    }

    @Test func abandonAfterHoursIsASetting() {
        // Active since 0, a drink at 30; now is 7 h later.
        let session = Session(id: "open", startTime: at(0), isActive: true, entries: [drink("1", 30)])
        #expect(WaterlineSettings().abandonAfterHours == 12)
        #expect(summarise(session, now: at(7 * 60)).status == .active)
        let early = summarise(session, WaterlineSettings(abandonAfterHours: 6), now: at(7 * 60))
        #expect(early.status == .abandoned)
        #expect(early.end == at(30))
        // The session's own settings win over the preferences'.
        var own = session
        own.settings.abandonAfterHours = 8
        #expect(summarise(own, WaterlineSettings(abandonAfterHours: 6), now: at(7 * 60)).status == .active)
    }
}

@Suite struct AbandonedSessionCheckTests {
    private func dataset(_ sessions: [Session], settings: WaterlineSettings.Overrides? = nil) -> Dataset {
        Dataset(
            sessions: sessions.map { Located($0, source: SourceMap(record: SourceLocation(file: "sessions/s.json", line: 3), fields: ["isActive": SourceLocation(file: "sessions/s.json", line: 4, column: 5)])) },
            waterlineSettings: settings.map { Located($0, source: .synthesized("preferences")) })
    }

    @Test func anActiveSessionPastTheLimitIsAWarningWithItsHours() throws {
        // Started at 0; now is 14 h 30 min later: past 12 h, and 14 whole hours.
        let open = Session(id: "birthday", startTime: at(0), isActive: true)
        let found = SessionValidator().abandonedDiagnostics(for: dataset([open]), now: at(14 * 60 + 30))
        let warning = try #require(found.first)
        #expect(found.count == 1)
        #expect(warning.severity == .warning)
        #expect(warning.message == "session \"birthday\" is still active after 14 h; end it with an endTime (or brewguide session end)")
        #expect(warning.location.line == 4)
        #expect(warning.location.column == 5)
    }

    @Test func underTheLimitOrEndedIsFine() {
        let open = Session(id: "tonight", startTime: at(0), isActive: true)
        // 11 h 59 min: under 12.
        #expect(SessionValidator().abandonedDiagnostics(for: dataset([open]), now: at(11 * 60 + 59)).isEmpty)
        // An ended session is never abandoned.
        #expect(SessionValidator().abandonedDiagnostics(for: dataset([ended([])]), now: at(100 * 60)).isEmpty)
        // With abandonAfterHours 3 in the preferences, 3 h 1 min is past it.
        #expect(SessionValidator().abandonedDiagnostics(for: dataset([open], settings: .init(abandonAfterHours: 3)), now: at(181)).count == 1)
    }

    @Test func theNewSettingsAreRangeChecked() {
        var session = ended([])
        session.settings = .init(stopRemindersAfterInactiveMinutes: 0, abandonAfterHours: 0.5)
        let found = SessionValidator().diagnostics(for: dataset([session])).map(\.message)
        #expect(found.contains("stopRemindersAfterInactiveMinutes must be from 1 to 1440 (a day), found 0"))
        #expect(found.contains("abandonAfterHours must be from 1 to 168 (a week), found 0.5"))
    }

    @Test func anEditBeforeTheEntryIsAWarning() {
        var entry = drink("1", 30)
        entry.updatedAt = at(20)
        var session = ended([entry])
        session.updatedAt = at(-5)
        let found = SessionValidator().diagnostics(for: dataset([session]))
        #expect(found.allSatisfy { $0.severity == .warning })
        #expect(found.map(\.message).contains { $0.hasPrefix("updatedAt 2026-10-07T20:20:00Z is before the entry's timestamp 2026-10-07T20:30:00Z") })
        #expect(found.map(\.message).contains { $0.hasPrefix("updatedAt 2026-10-07T19:55:00Z is before startTime") })
    }
}
