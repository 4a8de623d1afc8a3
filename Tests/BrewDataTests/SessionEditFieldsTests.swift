@testable import BrewData
import BrewKit
import Foundation
import Testing

/// The session fields issue 20 adds: `name`, `updatedAt` on sessions and entries, and the
/// settings `stopRemindersAfterInactiveMinutes` and `abandonAfterHours`, in JSON and in CSV.
@Suite struct SessionEditFieldsTests {
    private func parse(_ text: String, path: String) -> ParsedFile {
        RecordFileParser.parse(Array(text.utf8), path: path, kind: .sessions)
    }

    @Test func jsonCarriesNameAndUpdatedAt() throws {
        let file = parse("""
            {"id": "bday", "name": "Sam's birthday", "startTime": "2026-11-21T16:30:00Z", "updatedAt": "2026-11-21T23:10:00Z",
             "settings": {"stopRemindersAfterInactiveMinutes": 90, "abandonAfterHours": 10},
             "entries": [{"id": "a", "timestamp": "2026-11-21T17:00:00Z", "type": "water", "updatedAt": "2026-11-21T17:05:00Z"}]}
            """, path: "sessions/bday.json")
        #expect(file.diagnostics.isEmpty)
        let session = try #require(file.sessionDrafts.first).session
        #expect(session.name == "Sam's birthday")
        #expect(session.updatedAt == ISO8601.date(from: "2026-11-21T23:10:00Z"))
        #expect(session.entries[0].updatedAt == ISO8601.date(from: "2026-11-21T17:05:00Z"))
        #expect(session.settings.stopRemindersAfterInactiveMinutes == 90)
        #expect(session.settings.abandonAfterHours == 10)
    }

    @Test func csvCarriesThemAsColumns() throws {
        let sessions = parse("""
            id,name,startTime,endTime,updatedAt,stopRemindersAfterInactiveMinutes,abandonAfterHours
            n,Quiz night,2026-10-07T19:00:00Z,2026-10-07T22:00:00Z,2026-10-08T08:00:00Z,60,6
            m,,2026-10-08T19:00:00Z,2026-10-08T22:00:00Z,,,
            """, path: "sessions/sessions.csv")
        let entries = parse("sessionId,id,timestamp,type,updatedAt\nn,a,2026-10-07T19:30:00Z,water,2026-10-07T19:45:00Z\nn,b,2026-10-07T19:40:00Z,water,\n", path: "sessions/entries.csv")
        #expect(sessions.diagnostics.isEmpty)
        #expect(entries.diagnostics.isEmpty)
        let (dataset, diagnostics) = DatasetAssembler.assemble([sessions, entries])
        #expect(diagnostics.isEmpty)
        let first = dataset.sessions[0].value
        #expect(first.name == "Quiz night")
        #expect(first.updatedAt == ISO8601.date(from: "2026-10-08T08:00:00Z"))
        #expect(first.settings.stopRemindersAfterInactiveMinutes == 60)
        #expect(first.settings.abandonAfterHours == 6)
        #expect(first.entries.map(\.updatedAt) == [ISO8601.date(from: "2026-10-07T19:45:00Z"), nil])
        // Empty cells: not given.
        #expect(dataset.sessions[1].value.name == nil)
        #expect(dataset.sessions[1].value.updatedAt == nil)
    }

    @Test func aBadUpdatedAtIsLocated() {
        let file = parse("""
            {"id": "n", "startTime": "2026-10-07T19:00:00Z",
             "updatedAt": "yesterday"}
            """, path: "sessions/n.json")
        #expect(file.diagnostics.map(\.description) == ["sessions/n.json:2:15: error: updatedAt: expected an ISO 8601 date-time such as 2026-03-14T07:42:00Z, found \"yesterday\""])
    }

    @Test func preferencesTakeTheNewSettings() throws {
        let node = try JSONParser.parse(Array(#"{"waterline": {"stopRemindersAfterInactiveMinutes": 90, "abandonAfterHours": 12}}"#.utf8), file: "preferences.json")
        var diagnostics: [Diagnostic] = []
        let settings = try #require(WaterlineSettingsDecoder.decode(preferences: node, diagnostics: &diagnostics))
        #expect(diagnostics.isEmpty)
        #expect(settings.value == WaterlineSettings.Overrides(stopRemindersAfterInactiveMinutes: 90, abandonAfterHours: 12))
    }
}
