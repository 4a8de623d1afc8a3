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
        // The counts follow RecordKind's order (Archive.counts walks the kinds).
        #expect(export.stdout.contains("8 kitchenRecipes, 39 mealPlanSlots, 0 kitchenInbox, 1 snackPresets, 14 shoppingItems"), "\(export.stdout)")
        // The planner's files and the thumbnail files are carried: no warning asks the person to copy anything by hand.
        #expect(export.stderr.isEmpty, "\(export.stderr)")
        #expect(export.stdout.contains("1 kitchenImages"), "\(export.stdout)")
        let imported = try BrewGuideProcess.run(["import", archive.path, "--into", restored.path])
        #expect(imported.status == 0, "\(imported.stderr)")
        let scaled = try BrewGuideProcess.run(["kitchen", "scale", "hummus", "--servings", "3", "--data", restored.path])
        #expect(scaled.stdout.contains("½ (400 g) can  chickpeas"), "\(scaled.stdout)")

        // The thumbnail comes back byte for byte, without copying it by hand.
        let image = "kitchen/images/shakshuka.png"
        #expect(try Data(contentsOf: restored.appendingPathComponent(image)) == Data(contentsOf: data.appendingPathComponent(image)))
        // check passes on the restored journal and counts the same records.
        let checkOriginal = try BrewGuideProcess.run(["check", "--data", data.path])
        let checkRestored = try BrewGuideProcess.run(["check", "--data", restored.path])
        #expect(checkRestored.status == 0, "\(checkRestored.stdout)\(checkRestored.stderr)")
        func countLine(_ output: String) -> String? { output.components(separatedBy: "\n").last { $0.hasPrefix("checked ") } }
        #expect(countLine(checkRestored.stdout + checkRestored.stderr) != nil)
        #expect(countLine(checkRestored.stdout + checkRestored.stderr) == countLine(checkOriginal.stdout + checkOriginal.stderr))
        #expect(!(checkRestored.stdout + checkRestored.stderr).contains("thumbnail"), "\(checkRestored.stdout)\(checkRestored.stderr)")

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
        // The whole kitchen part of the site is the same, the thumbnail and the pages showing it included.
        let kitchenA = try FileManager.default.subpathsOfDirectory(atPath: siteA.appendingPathComponent("kitchen").path).sorted()
        #expect(kitchenA.contains("images/shakshuka.png"), "\(kitchenA)")
        #expect(try FileManager.default.subpathsOfDirectory(atPath: siteB.appendingPathComponent("kitchen").path).sorted() == kitchenA)
        for path in kitchenA {
            let a = siteA.appendingPathComponent("kitchen/\(path)"), b = siteB.appendingPathComponent("kitchen/\(path)")
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: a.path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            #expect(try Data(contentsOf: a) == Data(contentsOf: b), "kitchen/\(path)")
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

    /// Plan slots and shopping items merge by id on the bundled journal: the later `updatedAt`
    /// wins, the other copy is dropped and said; merging again changes nothing.
    @Test func planAndShoppingMergeByIDAndTwiceChangesNothing() throws {
        let target = try BrewGuideProcess.copyOfBundledData()
        let source = try BrewGuideProcess.copyOfBundledData()
        defer {
            try? FileManager.default.removeItem(at: target.deletingLastPathComponent())
            try? FileManager.default.removeItem(at: source.deletingLastPathComponent())
        }
        // The target checks an item (updatedAt = the run's clock, later than the bundled 2026-11-20).
        #expect(try BrewGuideProcess.run(["kitchen", "shopping", "--check", "item-2", "--data", target.path]).status == 0)
        // The source adds a slot, changes one later than the target did, and renames item-2 earlier.
        #expect(try BrewGuideProcess.run(["kitchen", "plan", "add", "2026-11-26", "Evening Snack", "--snack", "apple", "--data", source.path]).status == 0)
        let plan = source.appendingPathComponent("kitchen/plan/2026-11.json")
        let planText = try String(contentsOf: plan, encoding: .utf8)
        let lunch = "\"id\": \"w48-mon-lunch\",\n    \"day\": \"2026-11-23\",\n    \"meal\": \"Lunch\",\n    \"recipeId\": \"lentil-soup\",\n    \"updatedAt\": \"2026-11-20T18:00:00Z\""
        #expect(planText.contains(lunch))
        try planText.replacingOccurrences(of: lunch, with: lunch.replacingOccurrences(of: "lentil-soup", with: "shakshuka").replacingOccurrences(of: "2026-11-20T18:00:00Z", with: "2026-11-22T08:00:00Z"))
            .write(to: plan, atomically: true, encoding: .utf8)
        let shopping = source.appendingPathComponent("kitchen/shopping.json")
        let shoppingText = try String(contentsOf: shopping, encoding: .utf8)
        try shoppingText.replacingOccurrences(of: "\"name\": \"2 onions\"", with: "\"name\": \"3 onions\"").write(to: shopping, atomically: true, encoding: .utf8)

        let merge = try BrewGuideProcess.run(["merge", source.path, "--into", target.path, "--yes"])
        #expect(merge.status == 0, "\(merge.stderr)")
        #expect(merge.stdout.contains("added: plan slot 2026-11-26-evening-snack"), "\(merge.stdout)")
        #expect(merge.stdout.contains("updated: plan slot w48-mon-lunch"), "\(merge.stdout)")
        #expect(merge.stdout.contains("dropped: plan slot w48-mon-lunch: took the incoming copy (updatedAt 2026-11-22T08:00:00Z); dropped the target's (updatedAt 2026-11-20T18:00:00Z)"), "\(merge.stdout)")
        // `--check` stamps the run's clock (BREWGUIDE_NOW, 2026-11-21T20:00Z in these tests).
        #expect(merge.stdout.contains("dropped: shopping item item-2: kept the target's copy (updatedAt 2026-11-21T20:00:00Z); dropped the incoming one (updatedAt 2026-11-20T18:00:00Z)"), "\(merge.stdout)")
        let check = try BrewGuideProcess.run(["check", "--data", target.path])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        let day = try BrewGuideProcess.run(["kitchen", "day", "2026-11-23", "--format", "json", "--data", target.path])
        #expect(day.stdout.contains("\"shakshuka\""), "\(day.stdout)")
        #expect(!day.stdout.contains("\"lentil-soup\""), "the dropped copy is gone: \(day.stdout)")

        func kitchenFiles() throws -> [String: Data] {
            let root = target.appendingPathComponent("kitchen")
            var files: [String: Data] = [:]
            for case let relative as String in FileManager.default.enumerator(atPath: root.path)! {
                files[relative] = FileManager.default.contents(atPath: root.appendingPathComponent(relative).path)
            }
            return files
        }
        let before = try kitchenFiles()
        let again = try BrewGuideProcess.run(["merge", source.path, "--into", target.path, "--yes"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("0 added, 0 updated,"), "\(again.stdout)")
        #expect(try kitchenFiles() == before)
    }

    /// Erasing a kitchen recipe leaves the slots and items that name it, marked as naming an
    /// erased recipe (a warning); the journal still builds, exports and imports.
    @Test func erasingAKitchenRecipeLeavesItsSlotsAndItemsAsWarnings() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        let erased = try BrewGuideProcess.run(["erase", "--kitchen-recipe", "lentil-soup", "--yes", "--data", data.path])
        #expect(erased.status == 0, "\(erased.stderr)")
        #expect(try String(contentsOf: data.appendingPathComponent("kitchen/plan/2026-11.json"), encoding: .utf8).contains("lentil-soup"))
        #expect(try String(contentsOf: data.appendingPathComponent("kitchen/shopping.json"), encoding: .utf8).contains("lentil-soup"))
        let check = try BrewGuideProcess.run(["check", "--data", data.path])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        let output = check.stdout + check.stderr
        #expect(output.contains("warning: recipeId: the kitchen recipe \"lentil-soup\" was erased; the slot is kept and counts no nutrition"), "\(output)")
        #expect(output.contains("warning: recipeId: the kitchen recipe \"lentil-soup\" was erased; the item stays on the list"), "\(output)")
        let site = data.deletingLastPathComponent().appendingPathComponent("Site")
        #expect(try BrewGuideProcess.run(["build", "--data", data.path, "--output", site.path, "--quiet"]).status == 0)
        let archive = data.deletingLastPathComponent().appendingPathComponent("archive.json")
        let restored = data.deletingLastPathComponent().appendingPathComponent("Restored")
        #expect(try BrewGuideProcess.run(["export", "--data", data.path, "--output", archive.path]).status == 0)
        let imported = try BrewGuideProcess.run(["import", archive.path, "--into", restored.path])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try BrewGuideProcess.run(["check", "--data", restored.path]).status == 0)

        // --all names the planner's files and removes them.
        let all = try BrewGuideProcess.run(["erase", "--all", "--data", data.path])
        for file in ["kitchen/plan/2026-11.json", "kitchen/plan/2026-12.csv", "kitchen/snacks.json", "kitchen/shopping.json"] {
            #expect(all.stdout.contains(file), "\(file): \(all.stdout)")
        }
    }
}
