import Foundation
import Testing

/// Kitchen recipes through export, import and merge, with `--on-conflict` (issue 14, MOD/SYS/014 TC-133).
@Suite struct KitchenRightsTests {
    @Test func exportImportCarriesTheKitchen() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        let archive = data.deletingLastPathComponent().appendingPathComponent("archive.json")
        let restored = data.deletingLastPathComponent().appendingPathComponent("Restored")
        let export = try BrewGuideProcess.run(["export", "--data", data.path, "--output", archive.path])
        #expect(export.status == 0, "\(export.stderr)")
        #expect(export.stdout.contains("8 kitchenRecipes, 39 mealPlanSlots, 1 snackPresets, 14 shoppingItems, 0 kitchenInbox"), "\(export.stdout)")
        // The planner's files are carried: no warning asks the person to copy them by hand.
        #expect(export.stderr.isEmpty, "\(export.stderr)")
        let imported = try BrewGuideProcess.run(["import", archive.path, "--into", restored.path])
        #expect(imported.status == 0, "\(imported.stderr)")
        let scaled = try BrewGuideProcess.run(["kitchen", "scale", "hummus", "--servings", "3", "--data", restored.path])
        #expect(scaled.stdout.contains("½ (400 g) can  chickpeas"), "\(scaled.stdout)")

        // check passes on the restored journal and counts the same records.
        let checkOriginal = try BrewGuideProcess.run(["check", "--data", data.path])
        let checkRestored = try BrewGuideProcess.run(["check", "--data", restored.path])
        #expect(checkRestored.status == 0, "\(checkRestored.stdout)\(checkRestored.stderr)")
        func countLine(_ output: String) -> String? { output.components(separatedBy: "\n").last { $0.hasPrefix("checked ") } }
        #expect(countLine(checkRestored.stdout + checkRestored.stderr) != nil)
        #expect(countLine(checkRestored.stdout + checkRestored.stderr) == countLine(checkOriginal.stdout + checkOriginal.stderr))

        // The planner's files come back equal in content (JSON as values, CSV as text).
        for file in ["kitchen/plan/2026-11.json", "kitchen/plan/2026-12.csv", "kitchen/snacks.json", "kitchen/shopping.json"] {
            let original = try Data(contentsOf: data.appendingPathComponent(file))
            let copy = try Data(contentsOf: restored.appendingPathComponent(file))
            if file.hasSuffix(".csv") {
                #expect(original == copy, "\(file)")
            } else {
                let a = try JSONSerialization.jsonObject(with: original) as? NSArray
                let b = try JSONSerialization.jsonObject(with: copy) as? NSArray
                #expect(a != nil && a == b, "\(file)")
            }
        }

        // The built sites have the same plan weeks and shopping page.
        let environment = ["BREWGUIDE_TODAY": "2026-11-23"]
        let siteA = data.deletingLastPathComponent().appendingPathComponent("SiteA")
        let siteB = data.deletingLastPathComponent().appendingPathComponent("SiteB")
        #expect(try BrewGuideProcess.run(["build", "--data", data.path, "--output", siteA.path, "--quiet"], environment: environment).status == 0)
        #expect(try BrewGuideProcess.run(["build", "--data", restored.path, "--output", siteB.path, "--quiet"], environment: environment).status == 0)
        let weeks = try FileManager.default.contentsOfDirectory(atPath: siteA.appendingPathComponent("kitchen/plan").path).sorted()
        #expect(weeks.contains("2026-W48.html") && weeks.contains("2026-W49.html"), "\(weeks)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: siteB.appendingPathComponent("kitchen/plan").path).sorted() == weeks)
        for page in weeks.map({ "kitchen/plan/\($0)" }) + ["kitchen/shopping.html", "kitchen/shopping.md"] {
            #expect(try Data(contentsOf: siteA.appendingPathComponent(page)) == Data(contentsOf: siteB.appendingPathComponent(page)), "\(page)")
        }
    }

    @Test(arguments: [("both", 2), ("target", 1), ("source", 1)])
    func aRecipeEditedOnBothSides(policy: String, copies: Int) throws {
        let target = try BrewGuideProcess.copyOfBundledData()
        let source = try BrewGuideProcess.copyOfBundledData()
        defer {
            try? FileManager.default.removeItem(at: target.deletingLastPathComponent())
            try? FileManager.default.removeItem(at: source.deletingLastPathComponent())
        }
        #expect(try BrewGuideProcess.run(["kitchen", "archive", "shakshuka", "--data", target.path]).status == 0)
        Thread.sleep(forTimeInterval: 0.01)
        #expect(try BrewGuideProcess.run(["kitchen", "favourite", "hummus", "--data", source.path]).status == 0)
        let merge = try BrewGuideProcess.run(["merge", source.path, "--into", target.path, "--on-conflict", policy, "--yes"])
        #expect(merge.status == 0, "\(merge.stderr)")
        let check = try BrewGuideProcess.run(["check", "--data", target.path])
        #expect(check.status == 0, "\(check.stdout)")
        let scaled = try BrewGuideProcess.run(["kitchen", "scale", "hummus", "--format", "json", "--data", target.path])
        #expect(scaled.status == 0)
        let conflicted = merge.stdout.components(separatedBy: "\n").filter { $0.hasPrefix("conflicted: kitchen recipe") }
        #expect(conflicted.count == 2, "\(merge.stdout)")
        let files = try FileManager.default.contentsOfDirectory(atPath: target.appendingPathComponent("kitchen/recipes").path)
        let text = try files.map { try String(contentsOf: target.appendingPathComponent("kitchen/recipes/\($0)"), encoding: .utf8) }.joined()
        let copiesMade = text.components(separatedBy: "(Conflicted Copy)").count - 1
        #expect(copiesMade == (copies == 2 ? 2 : 0), "\(policy): \(copiesMade) conflicted copies")
        switch policy {
        case "target": #expect(merge.stdout.contains("kitchen recipe hummus: kept the target's version"))
        case "source": #expect(merge.stdout.contains("kitchen recipe shakshuka: took the incoming version"))
        default: #expect(merge.stdout.contains("kitchen recipe hummus: kept both"))
        }
    }
}
