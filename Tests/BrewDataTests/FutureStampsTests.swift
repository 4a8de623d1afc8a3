import BrewData
import BrewKit
import Foundation
import Testing
import TestSupport

/// Issue 45: a device clock set to 2099 wins every merge (the later write wins) and `check` said
/// nothing. Write stamps ahead of now are warned about at their place, naming their record.
@Suite struct FutureStampsTests {
    static let now = Date(timeIntervalSince1970: 1_795_800_000)

    @Test func stampsAheadOfNowAreWarnedAboutAtTheirPlace() throws {
        let folder = try MergeByKindTests.DataFolder(["sessions/s.json": """
            [
              { "id": "s1", "startTime": "2026-11-21T16:00:00Z", "endTime": "2026-11-21T20:00:00Z", "isActive": false,
                "updatedAt": "2099-01-01T00:00:00Z",
                "entries": [{ "id": "e1", "timestamp": "2026-11-21T17:00:00Z", "type": "water", "updatedAt": "2026-11-21T17:00:00Z" }] },
              { "id": "lager", "name": "Lager", "drinkType": "beer", "sizeMl": 500, "abv": 5, "updatedAt": "\(ISO8601.string(from: Self.now.addingTimeInterval(60)))" }
            ]
            """])
        let warnings = FutureStamps.diagnostics(DataDirectoryReader(root: folder.root).read(), now: Self.now)
        #expect(warnings.count == 1, "\(warnings)")
        let warning = try #require(warnings.first)
        #expect(warning.severity == .warning)
        #expect(warning.location.file.hasSuffix("sessions/s.json") && warning.location.line == 3, "\(warning.location)")
        #expect(warning.message.contains("updatedAt 2099-01-01T00:00:00Z of record \"s1\" is after now"), "\(warning.message)")
        // One a minute ahead (a clock a little fast) is not said.
        #expect(!warnings.contains { $0.message.contains("lager") })
    }
}
