import BrewData
import BrewKit
@testable import BrewSite
import Foundation
import Testing

/// Log pages live in the folder of their brew's month (`logs/2026/10/<id>`), the month of the
/// by-month list that shows them, in the journal's time zone; an incremental build moves a page
/// whose month changed and leaves the site as a full build makes it.
@Suite("Log page paths")
struct LogPagePathTests {
    static func log(_ id: String, _ timestamp: String) throws -> BrewLog {
        let (date, offsetSeconds) = try #require(ISO8601.dateAndOffset(from: timestamp))
        return BrewLog(id: id, timestamp: date, timestampOffsetSeconds: offsetSeconds, recipeId: "v60-starter", recipeNameAtBrew: "V60 Starter",
                       doseGrams: 15, targetYieldGrams: 250, waterTemperatureCelsius: 94, grindLabel: .medium, rating: 4)
    }

    @Test func theMonthFolderIsTheBrewsLocalMonth() throws {
        let late = try Self.log("late", "2026-09-30T23:30:00Z")
        #expect(LogPagePath.path(of: late, in: .asWritten) == "logs/2026/09/late")
        // Nine hours ahead it is already October, the month its by-month list says.
        let tokyo = JournalTimeZone(identifier: "Asia/Tokyo")
        #expect(LogPagePath.path(of: late, in: tokyo) == "logs/2026/10/late")
        #expect(tokyo.local(late.timestamp, writtenOffsetSeconds: late.timestampOffsetSeconds).monthKey == "2026-10")
        // As written: the timestamp's own offset.
        let written = try Self.log("written", "2026-01-01T00:30:00+01:00")
        #expect(LogPagePath.path(of: written, in: .asWritten) == "logs/2026/01/written")
    }

    @Test func everyLinkToALogPageLeadsToIt() throws {
        let site = GoldenPageTests.site()
        let page = "logs/2026/03/first-brew"
        #expect(site[page + ".html"] != nil)
        #expect(site[page + ".md"] != nil)
        #expect(site["logs/first-brew.html"] == nil)
        #expect(site["index.md"]?.contains("](\(page).md)") == true)
        #expect(site["recipes/v60-starter.md"]?.contains("](../\(page).md)") == true)
        #expect(site["logs/by-tag/tooSour/index.md"]?.contains("](../../../\(page).md)") == true)
        #expect(site["feed.xml"]?.contains("href=\"\(page).html\"") == true)
        #expect(site["sitemap.xml"]?.contains("https://coffee.example/\(page).html") == true)
        // From three folders down, the root is three steps up.
        #expect(site[page + ".md"]?.contains("](../../../logs/index.md)") == true)
    }

    @Test func aLogMovedToAnotherMonthMovesItsPage() throws {
        let workspace = try IncrementalBuildTests.Workspace()
        let site = workspace.site(output: "Site")
        #expect(site.build().succeeded)
        site.prepareForUpdates()
        try workspace.edit("logs/2026-08.json", replacing: "\"2026-08-03T13:27:00Z\"", with: "\"2026-09-03T13:27:00Z\"")
        let moved = try workspace.expectSameAsFullBuild(site, "log moved to September")
        #expect(moved.files.removed == 2, "the old .html and .md")
        let files = try workspace.tree("Site")
        #expect(files["logs/2026/09/log-20260803-1327.html"] != nil)
        #expect(files["logs/2026/08/log-20260803-1327.html"] == nil)
        #expect(files["logs/2026/08/log-20260803-1327.md"] == nil)
    }

    @Test func aNewTimeZoneMovesThePagesOfBrewsNearAMonthsEnd() throws {
        let workspace = try IncrementalBuildTests.Workspace()
        let site = workspace.site(output: "Site")
        #expect(site.build().succeeded)
        site.prepareForUpdates()
        #expect(try workspace.tree("Site")["logs/2026/09/log-20260930-1556.html"] != nil)
        // Fourteen hours ahead of UTC, 30 September 15:56 is 1 October.
        try workspace.edit("preferences.json", replacing: "\"lastSelectedRecipeId\"", with: "\"timeZone\": \"Pacific/Kiritimati\",\n  \"lastSelectedRecipeId\"")
        try workspace.expectSameAsFullBuild(site, "time zone set")
        let files = try workspace.tree("Site")
        #expect(files["logs/2026/10/log-20260930-1556.html"] != nil)
        #expect(files["logs/2026/09/log-20260930-1556.html"] == nil)
    }
}
