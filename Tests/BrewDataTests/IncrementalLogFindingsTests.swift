import BrewData
import BrewKit
import Foundation
import Testing
import TestSupport

/// `IncrementalDataReader` checks the rules of each log (`BrewLogValidator`) only in files read
/// again, and all logs again when the recipe ids change: its findings must always be those of a
/// fresh read of the same files.
@Suite("Incremental log findings")
struct IncrementalLogFindingsTests {
    @Test func keptFindingsEqualAFreshRead() throws {
        let root = TestPaths.temporary("brewguide-log-findings")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.copyItem(at: TestPaths.journal, to: root)
        let logs = root.appendingPathComponent("logs")
        func write(_ name: String, _ text: String) throws { try text.write(to: logs.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        func log(_ id: String, recipe: String, rating: Int) -> String {
            """
            {"id": "\(id)", "timestamp": "2025-05-01T08:00:00Z", "method": "v60", "recipeId": "\(recipe)", "recipeNameAtBrew": "Later",
             "doseGrams": 18, "targetYieldGrams": 300, "waterTemperatureCelsius": 96, "grindLabel": "medium", "rating": \(rating)}
            """
        }
        var reader = IncrementalDataReader(root: root.path)
        func expectAsFresh(_ step: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [String] {
            let kept = reader.refresh().result.validated.diagnostics.map(\.description)
            let fresh = DataDirectoryReader(root: root.path).read().validated.diagnostics.map(\.description)
            #expect(kept == fresh, "\(step)", sourceLocation: sourceLocation)
            return kept
        }
        // A log naming a recipe not in the data (a warning) and one with an error.
        try write("2025-05.json", "[" + log("log-a", recipe: "later-recipe", rating: 4) + "]")
        try write("2025-06.json", "[" + log("log-b", recipe: "bright-morning", rating: 7) + "]")
        let first = expectAsFresh("first read")
        #expect(first.contains { $0.contains("2025-05.json") && $0.contains("later-recipe") })
        #expect(first.contains { $0.contains("2025-06.json") && $0.contains("rating must be 1–5, found 7") })

        // Another file changed: the findings of both are kept.
        try write("2025-06.json", "[" + log("log-b", recipe: "bright-morning", rating: 8) + "]")
        let edited = expectAsFresh("one file edited")
        #expect(edited.contains { $0.contains("later-recipe") })
        #expect(edited.contains { $0.contains("found 8") } && !edited.contains { $0.contains("found 7") })

        // The recipe appears: the warning goes though its log's file was not read again; then it comes back.
        let recipe = try String(contentsOf: root.appendingPathComponent("recipes/bright-morning.json"), encoding: .utf8)
            .replacingOccurrences(of: "\"bright-morning\"", with: "\"later-recipe\"").replacingOccurrences(of: "\"Bright Morning\"", with: "\"Later\"")
        try recipe.write(to: root.appendingPathComponent("recipes/later.json"), atomically: true, encoding: .utf8)
        #expect(!expectAsFresh("recipe added").contains { $0.contains("names no recipe") && $0.contains("later-recipe") })
        try FileManager.default.removeItem(at: root.appendingPathComponent("recipes/later.json"))
        #expect(expectAsFresh("recipe removed").contains { $0.contains("later-recipe") })

        // A file removed and its finding with it.
        try FileManager.default.removeItem(at: logs.appendingPathComponent("2025-06.json"))
        #expect(!expectAsFresh("file removed").contains { $0.contains("2025-06.json") })
    }
}
