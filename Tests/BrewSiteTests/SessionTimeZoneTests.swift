import BrewKit
@testable import BrewSite
import Foundation
import Testing

/// Sessions are shown in the journal's time zone, as brews are (issue 16).
@Suite("Session times in the journal's zone")
struct SessionTimeZoneTests {
    static let start = ISO8601.date(from: "2026-09-30T15:30:00Z")!

    static func pages(timeZone: String?) -> SessionPages {
        let here = SourceMap(record: SourceLocation(file: "s.json", line: 1))
        let session = Session(id: "night", startTime: start, endTime: start.addingTimeInterval(3 * 3600), entries: [
            LogEntry(id: "w", timestamp: start.addingTimeInterval(1800), type: .water),
        ])
        let dataset = Dataset(preferences: Located(Preferences(timeZone: timeZone), source: here), sessions: [Located(session, source: here)])
        return SessionPages(ValidatedDataset(dataset: dataset, readDiagnostics: []), now: start.addingTimeInterval(86_400))
    }

    @Test func theJournalsZoneNamesTheDayAndTimes() throws {
        let tokyo = Self.pages(timeZone: "Asia/Tokyo").page(at: 0)
        // 00:30 on Thursday in Tokyo belongs to Wednesday night (issue 20's titles); the date and time are Tokyo's.
        #expect(tokyo.title == "Wednesday night, 30 Sep")
        #expect(tokyo.context["when"] as? String == "Thu 1 Oct 2026, 00:30")
        let utc = Self.pages(timeZone: nil).page(at: 0)
        #expect(utc.title == "Wednesday afternoon, 30 Sep")
        #expect(utc.context["when"] as? String == "Wed 30 Sep 2026, 15:30")
        let rows = try #require(tokyo.context["rows"] as? [[String: Any]])
        #expect(rows.first?["time"] as? String == "01:00")
    }

    @Test func theHelperTakesTheZone() {
        #expect(SessionText.clock(Self.start, in: JournalTimeZone(identifier: "America/New_York")) == "11:30")
        #expect(SessionText.clock(Self.start) == "15:30")
    }
}
