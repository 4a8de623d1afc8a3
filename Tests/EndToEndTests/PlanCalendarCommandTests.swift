import Foundation
import Testing
import TestSupport

/// `build` writes the meal plan's calendar feed (issue 52): the same bytes for the same data, and
/// a rebuild after a recipe's title changes carries the new title.
@Suite("brewguide build writes kitchen/plan.ics")
struct PlanCalendarCommandTests {
    @Test func theFeedIsStableAndFollowsARecipesTitle() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        let output = data.deletingLastPathComponent().appendingPathComponent("Site")
        let feed = output.appendingPathComponent("kitchen/plan.ics")
        let first = try BrewGuideProcess.run(["build", "--data", data.path, "--output", output.path, "--quiet"])
        #expect(first.status == 0, "\(first.stderr)")
        let before = try Data(contentsOf: feed)
        #expect(String(decoding: before, as: UTF8.self).contains("SUMMARY:Lunch: Red lentil soup\r\n"))
        let again = try BrewGuideProcess.run(["build", "--data", data.path, "--output", output.path, "--quiet"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try Data(contentsOf: feed) == before)
        // A renamed recipe reaches its events on the next build.
        let recipes = data.appendingPathComponent("kitchen/recipes/collection.json")
        let text = try String(contentsOf: recipes, encoding: .utf8).replacingOccurrences(of: "\"Red lentil soup\"", with: "\"Red lentil soup, spiced\"")
        try text.write(to: recipes, atomically: true, encoding: .utf8)
        let renamed = try BrewGuideProcess.run(["build", "--data", data.path, "--output", output.path, "--quiet"])
        #expect(renamed.status == 0, "\(renamed.stderr)")
        let after = String(decoding: try Data(contentsOf: feed), as: UTF8.self)
        #expect(after.contains("SUMMARY:Lunch: Red lentil soup\\, spiced\r\n"))
        #expect(!after.contains("SUMMARY:Lunch: Red lentil soup\r\n"))
    }
}
