@testable import BrewData
import BrewKit
import Foundation
import Testing

@Suite struct SessionDecoderTests {
    private func parse(_ text: String, path: String = "sessions/s.json") -> ParsedFile {
        RecordFileParser.parse(Array(text.utf8), path: path, kind: .sessions)
    }

    @Test func readsASessionWithNestedMeta() throws {
        let file = parse("""
            {"id": "night", "startTime": "2026-10-07T19:00:00Z", "endTime": "2026-10-07T22:00:00Z", "isActive": false,
             "settings": {"waterEveryNDrinks": 2},
             "entries": [
               {"id": "a", "timestamp": "2026-10-07T19:10:00Z", "type": "alcohol",
                "alcoholMeta": {"drinkType": "beer", "size": 12, "sizeUnit": "oz", "abv": 5, "presetId": "lager"}, "source": "watch"},
               {"id": "b", "timestamp": "2026-10-07T19:20:00Z", "type": "water", "waterMeta": {"amountMl": 250}}
             ]}
            """)
        #expect(file.diagnostics.isEmpty)
        let draft = try #require(file.sessionDrafts.first)
        let session = draft.session
        #expect(session.id == "night")
        #expect(session.settings.waterEveryNDrinks == 2)
        #expect(session.entries.count == 2)
        #expect(session.entries[0].alcoholMeta == AlcoholMeta(drinkType: .beer, size: Volume(12, .oz), abvPercent: 5, presetId: "lager"))
        #expect(session.entries[0].source == .watch)
        #expect(session.entries[1].waterMeta?.amount == .millilitres(250))
        #expect(draft.source.location(of: "entries[0].alcoholMeta.abv").line == 5)
        #expect(!draft.awaitsEntries)
    }

    @Test func aBadEntryIsReportedAtItsLineAndColumn() {
        let file = parse("""
            [{"id": "night", "startTime": "2026-10-07T19:00:00Z", "endTime": "2026-10-07T22:00:00Z",
              "entries": [
                {"timestamp": "2026-10-07T19:10:00Z", "type": "alcohol", "alcoholMeta": {"abv": "strong"}},
                {"timestamp": "2026-10-07T19:20:00Z", "type": "wine"}
              ]}]
            """)
        let text = file.diagnostics.map(\.description)
        #expect(text.contains("sessions/s.json:3:85: error: entries[0].alcoholMeta.abv: expected a percentage such as 5 for 5 %, found string \"strong\""))
        #expect(text.contains { $0.hasPrefix("sessions/s.json:4:51: error: entries[1].type: unknown value \"wine\"") })
        #expect(file.sessionDrafts.isEmpty)
    }

    @Test func unknownFieldsAreWarnedWithASuggestion() {
        let file = parse("""
            {"id": "n", "startTime": "2026-10-07T19:00:00Z", "endTime": "2026-10-07T20:00:00Z", "entries": [
              {"timestamp": "2026-10-07T19:10:00Z", "type": "water", "waterMeta": {"amuont": 200}}]}
            """)
        #expect(file.diagnostics.map(\.description) == ["sessions/s.json:2:82: warning: unknown field \"entries[0].waterMeta.amuont\" is ignored; did you mean \"amount\"?"])
    }

    @Test func sizeInMillilitresAndUnitsConflict() {
        let file = parse("""
            {"id": "n", "startTime": "2026-10-07T19:00:00Z", "entries": [
              {"timestamp": "2026-10-07T19:10:00Z", "type": "alcohol", "alcoholMeta": {"sizeMl": 330, "size": 11}}]}
            """)
        #expect(file.diagnostics.contains { $0.message == "give sizeMl or size, not both" })
    }

    @Test func entriesCSVIsJoinedBySessionID() throws {
        let sessions = parse("id,startTime,endTime,isActive,warningThreshold\nnight,2026-10-07T19:00:00Z,2026-10-07T22:00:00Z,false,3\n", path: "sessions/sessions.csv")
        let entries = parse("""
            sessionId,id,timestamp,type,drinkType,sizeMl,abv,presetId,waterAmountMl
            night,b,2026-10-07T19:30:00Z,water,,,,,300
            night,a,2026-10-07T19:10:00Z,alcohol,wine,150,13.5,,
            nigt,c,2026-10-07T19:40:00Z,water,,,,,
            """, path: "sessions/entries.csv")
        #expect(sessions.diagnostics.isEmpty)
        #expect(entries.diagnostics.isEmpty)
        let (dataset, diagnostics) = DatasetAssembler.assemble([sessions, entries])
        let session = try #require(dataset.sessions.first)
        #expect(session.value.settings.warningThreshold == 3)
        #expect(session.value.entries.map(\.id) == ["b", "a"])
        #expect(session.value.entries[1].alcoholMeta == AlcoholMeta(drinkType: .wine, size: .millilitres(150), abvPercent: 13.5))
        #expect(session.value.entries[0].waterMeta?.amount == .millilitres(300))
        #expect(session.source.location(of: "entries[1].alcoholMeta.abv") == SourceLocation(file: "sessions/entries.csv", line: 3, column: 47, field: "entries[1].alcoholMeta.abv"))
        #expect(diagnostics.map(\.description) == ["sessions/entries.csv:4:1: error: this entry names session \"nigt\", which is not in the data (did you mean \"night\"?)"])
    }

    @Test func aWaterRowWithDrinkColumnsIsFlaggedByValidation() {
        let sessions = parse("id,startTime,endTime\nn,2026-10-07T19:00:00Z,2026-10-07T22:00:00Z\n", path: "sessions/sessions.csv")
        let entries = parse("sessionId,timestamp,type,abv\nn,2026-10-07T19:30:00Z,water,5\n", path: "sessions/entries.csv")
        let (dataset, _) = DatasetAssembler.assemble([sessions, entries])
        let found = SessionValidator().diagnostics(for: dataset)
        #expect(found.map(\.description) == ["sessions/entries.csv:2:30: error: a water entry cannot have alcoholMeta; use type \"alcohol\" for a drink"])
    }

    @Test func presetsAreRecognisedByTheirName() throws {
        let file = parse("""
            [{"id": "gt", "name": "Gin and tonic", "drinkType": "cocktail", "standardDrinkEstimate": 1},
             {"id": "lager", "name": "12 oz lager", "drinkType": "beer", "size": 12, "sizeUnit": "oz", "abv": 5}]
            """, path: "sessions/presets.json")
        #expect(file.diagnostics.isEmpty)
        #expect(file.store[DrinkPreset.shelf].map(\.value.id) == ["gt", "lager"])
        #expect(file.store[DrinkPreset.shelf][1].value.size == Volume(12, .oz))
    }

    @Test func waterlinePreferencesAreRead() throws {
        let node = try JSONParser.parse(Array(#"{"waterline": {"waterEveryNDrinks": 2, "units": "oz", "standardDrinkGrams": 10, "warnThreshold": 3}}"#.utf8), file: "preferences.json")
        var diagnostics: [Diagnostic] = []
        let settings = try #require(WaterlineSettingsDecoder.decode(preferences: node, diagnostics: &diagnostics))
        #expect(settings.value == WaterlineSettings.Overrides(waterEveryNDrinks: 2, units: .oz, standardDrinkGrams: 10))
        #expect(diagnostics.map(\.message) == ["unknown field \"waterline.warnThreshold\" is ignored; did you mean \"warningThreshold\"?"])
    }
}
