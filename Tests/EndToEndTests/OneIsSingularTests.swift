import Foundation
import Testing
import TestSupport

/// One of anything reads as one on every page, for imported brews and the kitchen too: never
/// "1 imported brews", "**1** brews" or "1 steps", and no line or item ends in a dangling "·".
@Suite("One is singular: imports and the kitchen")
struct OneIsSingularTests {
    @Test func oneImportedBrewAndAOneStepKitchenRecipe() throws {
        let folder = try BrewGuideProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let journal = folder.appendingPathComponent("j")
        #expect(try BrewGuideProcess.run(["init", journal.path]).status == 0)
        let recipes = journal.appendingPathComponent("kitchen/recipes")
        try FileManager.default.createDirectory(at: recipes, withIntermediateDirectories: true)
        try Data("""
            { "id": "toast", "title": "Toast", "servings": 1, "category": "Snack",
              "ingredients": [ { "id": "i1", "name": "bread", "amount": "1 slice" } ],
              "steps": [ { "id": "s1", "order": 1, "text": "Toast the bread." } ] }
            """.utf8).write(to: recipes.appendingPathComponent("toast.json"))
        let shared = "Tests/BrewDataTests/Fixtures/beanconqueror/beanconqueror_real_with_id.json"
        let imported = try BrewGuideProcess.run(["import-brews", "beanconqueror", shared, "--data", journal.path], in: TestPaths.packageRoot)
        #expect(imported.stdout.contains("imported 1 brew,"), "\(imported.stdout)\(imported.stderr)")
        // Two rated brews: the recipe page names its best brews (the links once ended in a "·").
        for at in ["2026-11-20T08:30:00Z", "2026-11-21T08:30:00Z"] {
            #expect(try BrewGuideProcess.run(["log", "v60-starter", "--rating", "5", "--at", at, "--data", journal.path]).status == 0)
        }
        let site = folder.appendingPathComponent("Site")
        let built = try BrewGuideProcess.run(["build", "--data", journal.path, "--output", site.path, "--quiet"])
        #expect(built.status == 0, "\(built.stderr)")

        let plural = /(^|[^0-9.,])(\*\*)?1(\*\*|<\/strong>)? (imported brews|brews|steps|logs|recipes|kitchen recipes|sessions|ingredients|items|entries|servings)\b/
        let dangling = /·\s*(<\/(p|li|span|td|div)>|\n|$)/
        var pages = 0
        for case let relative as String in FileManager.default.enumerator(atPath: site.path)! where relative.hasSuffix(".md") || relative.hasSuffix(".html") {
            let text = try String(contentsOf: site.appendingPathComponent(relative), encoding: .utf8)
            pages += 1
            #expect(text.firstMatch(of: plural) == nil, "\(relative): \(text.firstMatch(of: plural).map { String($0.output.0) } ?? "")")
            #expect(text.firstMatch(of: dangling) == nil, "\(relative): a dangling ·")
        }
        #expect(pages > 20)
        let statistics = try String(contentsOf: site.appendingPathComponent("statistics.md"), encoding: .utf8)
        #expect(statistics.contains("**3** brews · average rating"))
        let recipe = try String(contentsOf: site.appendingPathComponent("recipes/v60-starter.md"), encoding: .utf8)
        #expect(recipe.contains("Best rated: **5 of 5**, 2 of 2 rated brews"))
        #expect(recipe.contains("Latest: ["))
        #expect(statistics.contains("(1 imported brew not rated is left out of every rating)"))
        #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("kitchen/recipes/toast.html").path))
    }
}
