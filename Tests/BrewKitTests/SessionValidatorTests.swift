import BrewKit
import Foundation
import Testing

@Suite struct SessionValidatorTests {
    private func located(_ session: Session, line: Int = 1) -> Located<Session> {
        Located(session, source: SourceMap(record: SourceLocation(file: "sessions/s.json", line: line)))
    }

    private func messages(_ sessions: [Session], presets: [DrinkPreset] = []) -> [String] {
        let dataset = Dataset(
            sessions: sessions.enumerated().map { located($0.element, line: $0.offset + 1) },
            drinkPresets: presets.map { Located($0, source: .synthesized("presets")) })
        return SessionValidator().diagnostics(for: dataset).map(\.message)
    }

    @Test func aValidSessionHasNoFindings() {
        #expect(messages([ended([drink("1", 10, ml: 355, abv: 5), water("w", 20, ml: 250)])]).isEmpty)
        #expect(messages([ended([], endMinutes: 1)]).isEmpty)
    }

    @Test func onlyOneActiveSession() {
        let open = Session(id: "a", startTime: at(0), isActive: true)
        var other = open
        other.id = "b"
        let found = messages([open, other])
        #expect(found.count == 1)
        #expect(found[0].contains("only one session can be active"))
    }

    @Test func endMustBeAfterStart() {
        #expect(messages([ended([], endMinutes: -5)]).contains { $0.contains("must be after startTime") })
        #expect(messages([ended([], endMinutes: 0)]).contains { $0.contains("must be after startTime") })
    }

    @Test func entriesMustBeInsideTheirSession() {
        let found = messages([ended([drink("1", -10), water("2", 200)], endMinutes: 180)])
        #expect(found.contains { $0.contains("before the session's startTime") })
        #expect(found.contains { $0.contains("after the session's endTime") })
    }

    @Test func metaMustMatchTheType() {
        let wrongWater = LogEntry(id: "w", timestamp: at(5), type: .water, alcoholMeta: AlcoholMeta(abvPercent: 5))
        let wrongDrink = LogEntry(id: "d", timestamp: at(6), type: .alcohol, waterMeta: WaterMeta(amount: .millilitres(200)))
        let found = messages([ended([wrongWater, wrongDrink])])
        #expect(found.contains { $0.contains("a water entry cannot have alcoholMeta") })
        #expect(found.contains { $0.contains("an alcohol entry cannot have waterMeta") })
    }

    @Test func amountsAndABVMustBePlausible() {
        let found = messages([ended([drink("1", 5, ml: 330, abv: 150), water("2", 6, ml: 5000), water("3", 7, ml: 0), drink("4", 8, ml: -1)])])
        #expect(found.contains { $0.contains("abv is a percentage from 0 to 100") })
        #expect(found.filter { $0.contains("water amount must be more than 0") }.count == 2)
        #expect(found.contains { $0.contains("size must be more than 0") })
    }

    @Test func settingsMustBeInRange() {
        let found = messages([ended([], settings: .init(waterEveryNDrinks: 0, warningThreshold: 0, timeReminderIntervalMinutes: 0, standardDrinkGrams: 0))])
        #expect(found.count == 4)
    }

    @Test func unknownPresetIsAWarning() {
        let dataset = Dataset(
            sessions: [located(ended([drink("1", 5, preset: "gin-tonc")]))],
            drinkPresets: [Located(DrinkPreset(id: "gin-tonic", name: "G&T", drinkType: .cocktail), source: .synthesized("p"))])
        let found = SessionValidator().diagnostics(for: dataset)
        #expect(found.count == 1)
        #expect(found[0].severity == .warning)
        #expect(found[0].message.contains("did you mean \"gin-tonic\""))
    }

    @Test func sessionIDsMustBeSafeFileNames() {
        let dataset = Dataset(sessions: [located(Session(id: "../escape", startTime: at(0), endTime: at(1)))])
        #expect(DatasetValidator(today: Date()).diagnostics(for: dataset).contains { $0.message.contains("session id") })
    }
}
