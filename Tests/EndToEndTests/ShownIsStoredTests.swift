import Foundation
import Testing

/// What the kitchen shows is what it stores and counts: the shopping list written from the plan
/// reads back as the preview showed it, and a nutrition figure a recipe does not give is "—" in
/// `kitchen day`, never 0.
@Suite("shown is stored, unknown is not zero, end to end")
struct ShownIsStoredTests {
    /// The lines of `kitchen shopping` without the stored ids that it adds at the end.
    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n").map { String($0).replacingOccurrences(of: #"  \[item-[0-9, item-]+\]$"#, with: "", options: .regularExpression) }
    }

    @Test func theStoredListIsThePreview() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        try FileManager.default.removeItem(at: data.appendingPathComponent("kitchen/shopping.json"))
        let preview = try BrewGuideProcess.run(["kitchen", "shopping", "--from-plan", "2026-11-23..2026-11-29", "--data", data.path])
        #expect(preview.status == 0, "\(preview.stderr)")
        // The bundled week's awkward lines, as shown before they are stored.
        for line in ["4 lemons (3⅛ needed)", "olive oil, a good glug", "salt and pepper, to taste", "1 can (400 g) chickpeas (½ needed)"] {
            #expect(preview.stdout.contains("[ ] \(line)  ("), "\(line) in \(preview.stdout)")
        }
        let written = try BrewGuideProcess.run(["kitchen", "shopping", "--from-plan", "2026-11-23..2026-11-29", "--write", "--data", data.path])
        #expect(written.status == 0, "\(written.stderr)")
        let stored = try BrewGuideProcess.run(["kitchen", "shopping", "--data", data.path])
        #expect(Self.lines(stored.stdout) == Self.lines(preview.stdout))
        let json = ["--format", "json"]
        let previewJSON = try BrewGuideProcess.run(["kitchen", "shopping", "--from-plan", "2026-11-23..2026-11-29", "--data", data.path] + json)
        let storedJSON = try BrewGuideProcess.run(["kitchen", "shopping", "--data", data.path] + json)
        func withoutItems(_ text: String) throws -> [NSDictionary] {
            let lines = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
            return lines.map { line in NSDictionary(dictionary: line.filter { $0.key != "items" }) }
        }
        #expect(try withoutItems(storedJSON.stdout) == withoutItems(previewJSON.stdout), "the exact needs come back, not the rounded text")
        let again = try BrewGuideProcess.run(["kitchen", "shopping", "--from-plan", "2026-11-23..2026-11-29", "--write", "--data", data.path])
        #expect(again.stderr.hasPrefix("added 0 items"), "\(again.stderr)")
        #expect(try BrewGuideProcess.run(["check", "--data", data.path]).status == 0)
    }

    @Test func aDayWhoseMealsGiveNoCaloriesShowsADash() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        let recipe = #"""
            {"id": "stew", "title": "Stew", "servings": 4, "category": "Dinner",
             "ingredients": [{"id": "i1", "name": "beef", "amount": "1 kg"}], "steps": [{"id": "s1", "order": 1, "text": "Simmer."}],
             "nutrition": {"protein": 140, "carbs": 216, "fats": 48}}
            """#
        try recipe.write(to: data.appendingPathComponent("kitchen/recipes/stew.json"), atomically: true, encoding: .utf8)
        let added = try BrewGuideProcess.run(["kitchen", "plan", "add", "2027-01-04", "dinner", "--recipe", "stew", "--data", data.path])
        #expect(added.status == 0, "\(added.stderr)")
        let day = try BrewGuideProcess.run(["kitchen", "day", "2027-01-04", "--data", data.path])
        #expect(day.stdout.contains("Stew  — kcal, 35 g protein"), "\(day.stdout)")
        #expect(day.stdout.contains("  calories      — / "), "an unknown total is —, not 0: \(day.stdout)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(try BrewGuideProcess.run(["kitchen", "day", "2027-01-04", "--format", "json", "--data", data.path]).stdout.utf8)) as? [String: Any])
        let totals = try #require(json["totals"] as? [String: Any])
        #expect(totals["calories"] is NSNull)
        #expect(totals["protein"] as? Double == 35)
    }
}
