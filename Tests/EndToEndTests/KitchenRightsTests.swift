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
        #expect(export.stdout.contains("8 kitchen recipes, 39 meal plan slots, 0 kitchen inbox entries, 1 snack preset, 14 shopping items"), "\(export.stdout)")
        // The planner's files and the thumbnail files are carried: no warning asks the person to copy anything by hand.
        #expect(export.stderr.isEmpty, "\(export.stderr)")
        #expect(export.stdout.contains("1 kitchen image "), "\(export.stdout)")
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
        // Real edits (a title on each side), not marks: a favourite or archive set on one copy is
        // decided by time with no conflicted copy (OneCopyChangesMergeTests).
        let shakshuka = target.appendingPathComponent("kitchen/recipes/shakshuka.json")
        try String(contentsOf: shakshuka, encoding: .utf8).replacingOccurrences(of: #""title": "Shakshuka""#, with: #""title": "Shakshuka for two""#)
            .write(to: shakshuka, atomically: true, encoding: .utf8)
        let recipes = source.appendingPathComponent("kitchen/recipes/kitchen.csv")
        try String(contentsOf: recipes, encoding: .utf8).replacingOccurrences(of: "hummus,Smooth hummus,", with: "hummus,Smoothest hummus,")
            .write(to: recipes, atomically: true, encoding: .utf8)
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
        #expect(merge.stdout.contains("updated: plan slot w48-mon-lunch: took the incoming copy (updatedAt 2026-11-22T08:00:00Z); dropped the target's (updatedAt 2026-11-20T18:00:00Z)"), "\(merge.stdout)")
        // `--check` stamps the run's clock (BREWGUIDE_NOW, 2026-11-21T20:00Z in these tests).
        #expect(merge.stdout.contains("older on a source: shopping item item-2: kept the target's copy (updatedAt 2026-11-21T20:00:00Z); dropped the incoming one (updatedAt 2026-11-20T18:00:00Z)"), "\(merge.stdout)")
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
    /// erased recipe (a warning); the dry run names them (issue 26); the JSON slots keep the
    /// recipe's last figures, so the eaten days keep their totals; the journal still builds,
    /// exports and imports.
    @Test func erasingAKitchenRecipeLeavesItsSlotsAndItemsAsWarnings() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        let dryRun = try BrewGuideProcess.run(["erase", "--kitchen-recipe", "lentil-soup", "--data", data.path])
        #expect(dryRun.stdout.contains("kept: 5 plan slots naming it, shown as erased: w48-mon-lunch (2026-11-23, Lunch), w48-tue-lunch (2026-11-24, Lunch), w48-fri-lunch (2026-11-27, Lunch), w48-sun-dinner (2026-11-29, Dinner), w49-tue-lunch (2026-12-01, Lunch)\n"), "\(dryRun.stdout)")
        #expect(dryRun.stdout.contains("  would keep the recipe's last figures per serving in w48-mon-lunch, w48-tue-lunch, w48-fri-lunch, w48-sun-dinner, w49-tue-lunch, so their days keep their totals\n"), "\(dryRun.stdout)")
        #expect(dryRun.stdout.contains("3 files would be rewritten: \(data.path)/kitchen/plan/2026-11.json, \(data.path)/kitchen/plan/2026-12.csv, \(data.path)/kitchen/recipes/collection.json\n"), "\(dryRun.stdout)")
        #expect(dryRun.stdout.contains("kept: 5 shopping items naming it, left on the list: item-1 (250 g red lentils), item-2 (2 onions), item-3 (2 carrots), item-4 (1.2 l vegetable stock), item-5 (½ lemon)\n"), "\(dryRun.stdout)")
        let tuesday = { try BrewGuideProcess.run(["kitchen", "day", "2026-11-24", "--format", "json", "--data", data.path]).stdout }
        let totals = { (text: String) in ((try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])?["totals"] as? [String: Int]) ?? [:] }
        let before = try totals(tuesday())
        let erased = try BrewGuideProcess.run(["erase", "--kitchen-recipe", "lentil-soup", "--yes", "--data", data.path])
        #expect(erased.status == 0, "\(erased.stderr)")
        let plan = try String(contentsOf: data.appendingPathComponent("kitchen/plan/2026-11.json"), encoding: .utf8)
        #expect(plan.contains("lentil-soup"))
        // 1240 kcal, 68 g protein, 190 g carbs, 24 g fats for 4: per serving 310, 17, 47.5, 6.
        #expect(plan.contains("\"recipeNutrition\": {\n      \"calories\": 310,\n      \"protein\": 17,\n      \"carbs\": 47.5,\n      \"fats\": 6\n    }"), "\(plan)")
        #expect(!plan.contains("Red lentil soup"))
        // The CSV plan file gains the four columns; only the lentil soup's row fills them.
        let csv = try String(contentsOf: data.appendingPathComponent("kitchen/plan/2026-12.csv"), encoding: .utf8).components(separatedBy: "\n")
        #expect(csv[0].hasSuffix(",updatedAt,recipeNutrition.calories,recipeNutrition.protein,recipeNutrition.carbs,recipeNutrition.fats"), "\(csv[0])")
        #expect(csv[1] == "w49-tue-breakfast,2026-12-01,Breakfast,,greek-yogurt,,,,,,,2026-11-20T18:00:00Z,,,,")
        #expect(csv[2] == "w49-tue-lunch,2026-12-01,Lunch,lentil-soup,,,,,,,,2026-11-20T18:00:00Z,310,17,47.5,6")
        // Tuesday's lunch (1.5 servings: 465 kcal, 26 g protein, 71 g carbs, 9 g fats) still counts.
        #expect(before == ["calories": 1623, "protein": 66, "carbs": 198, "fats": 65])
        #expect(try totals(tuesday()) == before)
        let tuesdayText = try BrewGuideProcess.run(["kitchen", "day", "2026-11-24", "--data", data.path]).stdout
        let lunch = try #require(((try JSONSerialization.jsonObject(with: Data(tuesday().utf8)) as? [String: Any])?["meals"] as? [[String: Any]])?.first { $0["id"] as? String == "w48-tue-lunch" })
        #expect(lunch["note"] as? String == "this recipe was erased; its last figures are kept")
        #expect(lunch["calories"] as? Int == 465)
        #expect(tuesdayText.contains("  lentil-soup × 1.5  465 kcal, 26 g protein, 71 g carbs, 9 g fats  [w48-tue-lunch]\n    (this recipe was erased; its last figures are kept)\n"), "\(tuesdayText)")
        #expect(try String(contentsOf: data.appendingPathComponent("kitchen/shopping.json"), encoding: .utf8).contains("lentil-soup"))
        let check = try BrewGuideProcess.run(["check", "--data", data.path])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        let output = check.stdout + check.stderr
        func line(of id: String) -> Int { (plan.components(separatedBy: "\n").firstIndex { $0.contains("\"\(id)\"") } ?? 0) + 1 }
        #expect(output.contains("2026-11.json:\(line(of: "w48-tue-lunch") + 3):17: warning: recipeId: the kitchen recipe \"lentil-soup\" was erased; the slot is kept and counts the figures it kept (recipeNutrition)"), "\(output)")
        #expect(output.contains("2026-12.csv:3:32: warning: recipeId: the kitchen recipe \"lentil-soup\" was erased; the slot is kept and counts the figures it kept (recipeNutrition)"), "\(output)")
        #expect(!output.contains("counts no nutrition"), "\(output)")
        // Issue 51: said once for the recipe, not once per item, with the way to drop them.
        let itemWarnings = output.components(separatedBy: "\n").filter { $0.contains("shopping item") }
        #expect(itemWarnings.count == 1, "\(output)")
        #expect(itemWarnings.first?.contains("warning: recipeId: the kitchen recipe \"lentil-soup\" was erased; its ") == true, "\(output)")
        #expect(itemWarnings.first?.hasSuffix("drop them with `brewguide kitchen shopping --drop-recipe lentil-soup`") == true, "\(output)")
        let dropped = try BrewGuideProcess.run(["kitchen", "shopping", "--drop-recipe", "lentil-soup", "--data", data.path])
        #expect(dropped.status == 0, "\(dropped.stderr)")
        #expect(dropped.stderr.hasPrefix("removed "), "\(dropped.stderr)")
        #expect(try !String(contentsOf: data.appendingPathComponent("kitchen/shopping.json"), encoding: .utf8).contains("lentil-soup"))
        let checkedAgain = try BrewGuideProcess.run(["check", "--data", data.path])
        #expect(!(checkedAgain.stdout + checkedAgain.stderr).contains("shopping item"), "\(checkedAgain.stdout)")
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

    /// Erasing every kitchen recipe (JSON and CSV ones) keeps every day of week 48 and 1 December
    /// at its totals: each slot, JSON or CSV, is given its recipe's last figures per serving (issue 26).
    @Test func erasingEveryKitchenRecipeKeepsTheEatenDaysTotals() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        func totals() throws -> [[String: Int]] {
            try ["11-23", "11-24", "11-26", "11-27", "11-28", "11-29", "12-01"].map { day in
                let text = try BrewGuideProcess.run(["kitchen", "day", "2026-\(day)", "--format", "json", "--data", data.path]).stdout
                return ((try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])?["totals"] as? [String: Int]) ?? [:]
            }
        }
        let before = try totals()
        #expect(before.map { $0["calories"] ?? 0 } == [1455, 1623, 1452, 1275, 2828, 636, 985])
        let erased = try BrewGuideProcess.run(["erase", "--kind", "kitchenRecipes", "--yes", "--data", data.path])
        #expect(erased.status == 0, "\(erased.stderr)")
        #expect(erased.stdout.contains("kept: 24 plan slots naming them, shown as erased: "), "\(erased.stdout)")
        #expect(erased.stdout.contains("  keeping each recipe's last figures per serving in w48-mon-breakfast, "), "\(erased.stdout)")
        #expect(try totals() == before)
        #expect(try BrewGuideProcess.run(["check", "--data", data.path]).status == 0)
    }
}
