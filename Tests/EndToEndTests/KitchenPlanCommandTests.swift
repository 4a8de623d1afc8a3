import Foundation
import Testing

/// `brewguide kitchen goals|day|plan|shopping`, as a user runs them (issue 15).
@Suite("brewguide kitchen planner, end to end")
struct KitchenPlanCommandTests {
    func json(_ text: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8))
    }

    @Test func goalsDefaultsShowThatTheGramsMake2110Kilocalories() throws {
        let directory = try BrewGuideProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try BrewGuideProcess.run(["kitchen", "goals", "--data", directory.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("The macros make 2110 kcal (4/4/9 kcal per gram), 90 kcal under the 2200 kcal goal."))
        let object = try #require(try json(try BrewGuideProcess.run(["kitchen", "goals", "--data", directory.path, "--format", "json"]).stdout) as? [String: Any])
        #expect(object["calories"] as? Int == 2200)
        // The split in force is the document's 30/40/30; the text says what the grams make.
        #expect((object["split"] as? [String: Int]) == ["protein": 30, "carbs": 40, "fats": 30])
        #expect(result.stdout.contains("Split: 30 / 40 / 30 % (the default, used when the calories change; the grams themselves make 23 / 47 / 30 %)"), "\(result.stdout)")
        #expect(!result.stdout.contains("(stored)"))
    }

    /// SYS/012.1 on a fresh journal: `--calories 2000` with the default split 30/40/30 is
    /// 600 kcal ÷ 4 = 150 g protein, 800 kcal ÷ 4 = 200 g carbs, 600 kcal ÷ 9 = 66.7 → 67 g fats.
    /// Without `--write` nothing is stored, so the split is not called "(stored)".
    @Test func goalsCaloriesOnAFreshJournalUseTheDefaultSplitAndDoNotSayStored() throws {
        let directory = try BrewGuideProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try BrewGuideProcess.run(["kitchen", "goals", "--data", directory.path, "--calories", "2000"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("protein     150 g      600 kcal   30 %"), "\(result.stdout)")
        #expect(result.stdout.contains("carbs       200 g      800 kcal   40 %"), "\(result.stdout)")
        #expect(result.stdout.contains("fats         67 g      603 kcal   30 %"), "\(result.stdout)")
        #expect(result.stdout.contains("Split: 30 / 40 / 30 % (the default split, 30/40/30)"), "\(result.stdout)")
        #expect(!result.stdout.contains("(stored)"))
        let protein = try BrewGuideProcess.run(["kitchen", "goals", "--data", directory.path, "--protein", "150"])
        #expect(!protein.stdout.contains("(stored)"), "\(protein.stdout)")
        #expect(protein.stdout.contains("(the split the new grams make)"), "\(protein.stdout)")
    }

    /// After `--write`, the goals are a known field: `check` gives no "unknown field" warning,
    /// the text says "(stored)", and the stored split is kept by the next `--calories`:
    /// 25/50/25 of 1800 = 450 kcal ÷ 4 = 112.5 → 113 g, 900 ÷ 4 = 225 g, 450 ÷ 9 = 50 g.
    @Test func writtenGoalsAreAKnownFieldAndTheirSplitIsKept() throws {
        let directory = try BrewGuideProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let written = try BrewGuideProcess.run(["kitchen", "goals", "--data", directory.path, "--calories", "2000", "--write"])
        #expect(written.status == 0, "\(written.stderr)")
        #expect(written.stdout.contains("Split: 30 / 40 / 30 % (stored)"), "\(written.stdout)")
        let check = try BrewGuideProcess.run(["check", "--data", directory.path])
        #expect(!(check.stdout + check.stderr).contains("unknown field"), "\(check.stdout)\(check.stderr)")
        let shown = try BrewGuideProcess.run(["kitchen", "goals", "--data", directory.path])
        #expect(shown.stdout.contains("Split: 30 / 40 / 30 % (stored)"), "\(shown.stdout)")
        let preferences = directory.appendingPathComponent("preferences.json")
        try #"{"kitchen": {"goals": {"calories": 2000, "protein": 150, "carbs": 200, "fats": 67, "split": {"protein": 25, "carbs": 50, "fats": 25}}}}"#
            .write(to: preferences, atomically: true, encoding: .utf8)
        let kept = try BrewGuideProcess.run(["kitchen", "goals", "--data", directory.path, "--calories", "1800"])
        #expect(kept.stdout.contains("protein     113 g"), "\(kept.stdout)")
        #expect(kept.stdout.contains("carbs       225 g"), "\(kept.stdout)")
        #expect(kept.stdout.contains("fats         50 g"), "\(kept.stdout)")
        #expect(kept.stdout.contains("Split: 25 / 50 / 25 % (kept from the stored goals)"), "\(kept.stdout)")
        // Aisles are a known field too, checked: a wrong shape is an error naming it.
        try #"{"kitchen": {"aisles": {"Deli": ["feta"]}}}"#.write(to: preferences, atomically: true, encoding: .utf8)
        let aisles = try BrewGuideProcess.run(["check", "--data", directory.path])
        #expect(!(aisles.stdout + aisles.stderr).contains("unknown field"), "\(aisles.stderr)")
        try #"{"kitchen": {"aisles": {"Deli": "feta"}}}"#.write(to: preferences, atomically: true, encoding: .utf8)
        let badAisles = try BrewGuideProcess.run(["check", "--data", directory.path])
        #expect((badAisles.stdout + badAisles.stderr).contains("kitchen.aisles.Deli: expected an array of ingredient names, found"), "\(badAisles.stderr)")
        // A wrong goal is still an error, named by its field.
        try #"{"kitchen": {"goals": {"calories": 9000}}}"#.write(to: preferences, atomically: true, encoding: .utf8)
        let bad = try BrewGuideProcess.run(["check", "--data", directory.path])
        #expect(bad.status != 0)
        #expect((bad.stdout + bad.stderr).contains("kitchen.goals.calories: expected whole kcal, 1200–4000, found 9000"), "\(bad.stdout)\(bad.stderr)")
    }

    @Test func goalsWriteKeepsTheRestOfThePreferencesAndRefusesOutOfRange() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        let written = try BrewGuideProcess.run(["kitchen", "goals", "--data", data.path, "--calories", "2500", "--write", "--format", "json"])
        #expect(written.status == 0, "\(written.stderr)")
        let object = try #require(try json(written.stdout) as? [String: Any])
        // No split stored: 30/40/30 of 2500 = 750 ÷ 4 = 187.5 → 188 g, 1000 ÷ 4 = 250 g, 750 ÷ 9 = 83.3 → 83 g.
        #expect([object["protein"] as? Int, object["carbs"] as? Int, object["fats"] as? Int] == [188, 250, 83])
        let preferences = try #require(try json(String(contentsOf: data.appendingPathComponent("preferences.json"), encoding: .utf8)) as? [String: Any])
        #expect(preferences["lastSelectedRecipeId"] as? String == "bright-morning")
        let goals = try #require((preferences["kitchen"] as? [String: Any])?["goals"] as? [String: Any])
        #expect(goals["calories"] as? Int == 2500)
        // The stored split is kept by the next change of calories.
        let again = try #require(try json(try BrewGuideProcess.run(["kitchen", "goals", "--data", data.path, "--protein", "150", "--format", "json"]).stdout) as? [String: Any])
        #expect(again["calories"] as? Int == 2500)
        #expect(again["protein"] as? Int == 150)
        let refused = try BrewGuideProcess.run(["kitchen", "goals", "--data", data.path, "--calories", "900"])
        #expect(refused.status == 1)
        #expect(refused.stderr == "error: calories must be 1200–4000 kcal, found 900\n")
        let tooMuch = try BrewGuideProcess.run(["kitchen", "goals", "--data", data.path, "--fats", "300"])
        #expect(tooMuch.status == 1)
        #expect(tooMuch.stderr.contains("more than the 2500 kcal goal"))
        let check = try BrewGuideProcess.run(["check", "--data", data.path])
        #expect(check.status == 0, "\(check.stdout)")
    }

    @Test func dayJSONHoldsMealsTotalsGoalsAndOver() throws {
        let result = try BrewGuideProcess.run(["kitchen", "day", "2026-11-28", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try json(result.stdout) as? [String: Any])
        #expect(object["day"] as? String == "2026-11-28")
        let meals = try #require(object["meals"] as? [[String: Any]])
        #expect(meals.map { $0["meal"] as? String } == ["Breakfast", "Morning Snack", "Lunch", "Afternoon Snack", "Dinner", "Evening Snack"])
        // Pasta al limone: 1150 kcal for 2 servings, 1.5 eaten.
        #expect(meals[2]["recipeId"] as? String == "pasta-al-limone")
        #expect(meals[2]["servings"] as? Double == 1.5)
        #expect(meals[2]["calories"] as? Int == 863)
        #expect(meals[3]["recipeId"] is NSNull)
        #expect(meals[2]["note"] is NSNull)
        let totals = try #require(object["totals"] as? [String: Int])
        #expect(totals["calories"] == meals.compactMap { $0["calories"] as? Int }.reduce(0, +))
        #expect((object["over"] as? [String: Bool])?["calories"] == true)
        #expect((object["goals"] as? [String: Int])?["calories"] == 2200)
    }

    /// Issue 51: a figure over its goal is said in one way, calories ("OVER") as the macros ("over").
    @Test func aDayOverItsGoalsSaysOverOneWay() throws {
        let result = try BrewGuideProcess.run(["kitchen", "day", "2026-11-28"])
        #expect(result.status == 0, "\(result.stderr)")
        let calories = try #require(result.stdout.split(separator: "\n").first { $0.hasPrefix("  calories") })
        #expect(calories.contains(" kcal  over"), "\(calories)")
        #expect(!result.stdout.contains("OVER"), "\(result.stdout)")
    }

    @Test func anEmptyDaySaysSo() throws {
        let result = try BrewGuideProcess.run(["kitchen", "day", "2026-11-25"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Wednesday 25 November 2026\nNothing planned.\n"))
        let bad = try BrewGuideProcess.run(["kitchen", "day", "25/11/2026"])
        #expect(bad.status == 1)
        #expect(bad.stderr == "error: expected a day as yyyy-MM-dd (such as 2026-11-24), found \"25/11/2026\"\n")
        // Issue 26: a day of the right shape that the calendar lacks is named as such.
        for (day, days) in [("2026-11-31", "November 2026 has 30 days"), ("2026-02-29", "February 2026 has 28 days")] {
            let missing = try BrewGuideProcess.run(["kitchen", "day", day])
            #expect(missing.stderr == "error: the date \(day) does not exist: \(days)\n")
        }
        #expect(try BrewGuideProcess.run(["kitchen", "day", "2028-02-29"]).status == 0)
    }

    @Test func planAddThenRemove() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        let added = try BrewGuideProcess.run(["kitchen", "plan", "add", "2027-01-05", "Dinner", "--recipe", "lentil-soup", "--servings", "2", "--data", data.path])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout == "2027-01-05-dinner\n")
        let file = data.appendingPathComponent("kitchen/plan/2027-01.json")
        #expect(FileManager.default.fileExists(atPath: file.path))
        // The slot keeps the recipe's figures per serving (1240 kcal, 68/190/24 g for 4; issue 26).
        let written = try #require(try json(String(contentsOf: file, encoding: .utf8)) as? [[String: Any]])
        #expect(written.first?["recipeNutrition"] as? [String: Double] == ["calories": 310, "protein": 17, "carbs": 47.5, "fats": 6])
        let snack = try BrewGuideProcess.run(["kitchen", "plan", "add", "2027-01-05", "dinner", "--snack", "orange", "--data", data.path])
        #expect(snack.stdout == "2027-01-05-dinner-2\n")
        let quick = try BrewGuideProcess.run(["kitchen", "plan", "add", "2027-01-05", "evening-snack", "--quick-add", "Cocoa", "--calories", "190",
                                              "--protein", "8", "--carbs", "27", "--fats", "6", "--data", data.path])
        #expect(quick.status == 0, "\(quick.stderr)")
        let day = try #require(try json(try BrewGuideProcess.run(["kitchen", "day", "2027-01-05", "--data", data.path, "--format", "json"]).stdout) as? [String: Any])
        #expect((day["meals"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Red lentil soup", "Orange", "Cocoa"])
        #expect((day["totals"] as? [String: Int])?["calories"] == 620 + 62 + 190)
        #expect(try BrewGuideProcess.run(["check", "--data", data.path]).status == 0)
        let removed = try BrewGuideProcess.run(["kitchen", "plan", "remove", "2027-01-05-dinner", "--data", data.path])
        #expect(removed.status == 0, "\(removed.stderr)")
        let after = try #require(try json(try BrewGuideProcess.run(["kitchen", "day", "2027-01-05", "--data", data.path, "--format", "json"]).stdout) as? [String: Any])
        #expect((after["meals"] as? [[String: Any]])?.count == 2)
        let unknown = try BrewGuideProcess.run(["kitchen", "plan", "add", "2027-01-05", "Lunch", "--recipe", "lentil-sop", "--data", data.path])
        #expect(unknown.status == 1)
        #expect(unknown.stderr == "error: no kitchen recipe has the id \"lentil-sop\"; did you mean \"lentil-soup\"?\n")
        let november31 = try BrewGuideProcess.run(["kitchen", "plan", "add", "2026-11-31", "Lunch", "--recipe", "lentil-soup", "--data", data.path])
        #expect(november31.status == 1)
        #expect(november31.stderr == "error: the date 2026-11-31 does not exist: November 2026 has 30 days\n")
        let missing = try BrewGuideProcess.run(["kitchen", "plan", "remove", "nope", "--data", data.path])
        #expect(missing.stderr == "error: no plan slot has the id \"nope\"\n")
    }

    @Test func shoppingFromThePlanMergesAndNamesTheRecipes() throws {
        let result = try BrewGuideProcess.run(["kitchen", "shopping", "--from-plan", "2026-11-23..2026-11-29", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = try #require(try json(result.stdout) as? [[String: Any]])
        // Garlic: 2 cloves in shakshuka (×2 for two servings planned of 2) and 1 in hummus (×3 servings of 6).
        let garlic = try #require(lines.first { ($0["name"] as? String) == "garlic" && ($0["unit"] as? String) == "clove" })
        #expect((garlic["recipes"] as? [String])?.count == 2)
        // Every line names the recipes it comes from; unreadable amounts are kept as written.
        #expect(lines.allSatisfy { !(($0["recipes"] as? [String]) ?? []).isEmpty })
        let glug = try #require(lines.first { ($0["amount"] as? String) == "a good glug" })
        #expect(glug["quantity"] is NSNull)
        #expect(glug["unit"] is NSNull)
    }

    @Test func shoppingAddCheckClearAndWriteFromARecipe() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        let added = try BrewGuideProcess.run(["kitchen", "shopping", "--add", "3 lemons", "--data", data.path])
        #expect(added.status == 0)
        #expect(added.stderr == "added item-15: 3 lemons\n")
        #expect(try BrewGuideProcess.run(["kitchen", "shopping", "--check", "item-15", "--data", data.path]).status == 0)
        #expect(try BrewGuideProcess.run(["kitchen", "shopping", "--check", "item-2", "--off", "--data", data.path]).status == 0)
        let cleared = try BrewGuideProcess.run(["kitchen", "shopping", "--clear-checked", "--data", data.path])
        // Ticking the added lemons ticked their merged line (item-5, item-8, item-13 too): 7 checked.
        #expect(cleared.stderr == "removed 7 checked items\n")
        let written = try BrewGuideProcess.run(["kitchen", "shopping", "--from-recipe", "pasta-al-limone", "--servings", "4", "--write", "--data", data.path])
        #expect(written.status == 0, "\(written.stderr)")
        #expect(written.stdout.contains("[ ] 400 g spaghetti  (pasta-al-limone)"))
        #expect(written.stderr == "added 5 items to kitchen/shopping.json (0 already there)\n")
        let again = try BrewGuideProcess.run(["kitchen", "shopping", "--from-recipe", "pasta-al-limone", "--servings", "4", "--write", "--data", data.path])
        #expect(again.stderr == "added 0 items to kitchen/shopping.json (5 already there)\n")
        let list = try BrewGuideProcess.run(["kitchen", "shopping", "--data", data.path])
        // The stored lemons were cleared with their line; 2 from the pasta at 4 servings remain.
        #expect(list.stdout.contains("[ ] 2 lemons  (pasta-al-limone)"), "\(list.stdout)")
        #expect(try BrewGuideProcess.run(["check", "--data", data.path]).status == 0)
    }

    /// Ticking one source of a merged line ticks the line: the bundled lemons are 2 (item-5,
    /// lentil soup) + ½ (item-8, traybake) + 1 (item-13, free) = 3½, bought as 4.
    @Test func checkingOneSourceTicksTheMergedLine() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        let before = try BrewGuideProcess.run(["kitchen", "shopping", "--data", data.path])
        #expect(before.stdout.contains("[ ] 4 lemons (3½ needed)  (lentil-soup, chicken-traybake)  [item-5, item-8, item-13]"), "\(before.stdout)")
        let checked = try BrewGuideProcess.run(["kitchen", "shopping", "--check", "item-8", "--data", data.path])
        #expect(checked.status == 0, "\(checked.stderr)")
        #expect(checked.stderr == "checked item-8 and item-5, item-13, the same line: 4 lemons (3½ needed)\n")
        let after = try BrewGuideProcess.run(["kitchen", "shopping", "--data", data.path])
        #expect(after.stdout.contains("[x] 4 lemons (3½ needed)"), "\(after.stdout)")
        let off = try BrewGuideProcess.run(["kitchen", "shopping", "--check", "item-13", "--off", "--data", data.path])
        #expect(off.status == 0)
        #expect(try BrewGuideProcess.run(["kitchen", "shopping", "--data", data.path]).stdout.contains("[ ] 4 lemons"))
    }

    /// `kitchen day` with no date is today in the journal's time zone: 23:30 UTC on 27 November
    /// is already 28 November in Tokyo (UTC+9), and still 27 November in UTC.
    @Test func dayWithNoDateIsTodayInTheJournalsZone() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        let utc = try BrewGuideProcess.run(["kitchen", "day", "--data", data.path], environment: ["BREWGUIDE_NOW": "2026-11-27T23:30:00Z"])
        #expect(utc.status == 0, "\(utc.stderr)")
        #expect(utc.stdout.hasPrefix("Friday 27 November 2026\n"), "\(utc.stdout)")
        let preferences = data.appendingPathComponent("preferences.json")
        let text = try String(contentsOf: preferences, encoding: .utf8)
        try text.replacingOccurrences(of: "\"lastSelectedRecipeId\"", with: "\"timeZone\": \"Asia/Tokyo\",\n  \"lastSelectedRecipeId\"")
            .write(to: preferences, atomically: true, encoding: .utf8)
        let tokyo = try BrewGuideProcess.run(["kitchen", "day", "--data", data.path], environment: ["BREWGUIDE_NOW": "2026-11-27T23:30:00Z"])
        #expect(tokyo.stdout.hasPrefix("Saturday 28 November 2026\n"), "\(tokyo.stdout)")
    }

    /// A recipe that gives no protein: "—" in the day, not "0 g", left out of the totals and said so.
    /// Stew for 2: 1200 kcal, 60 g carbs, 40 g fats → one serving 600 kcal, 30 g carbs, 20 g fats.
    @Test func aRecipeWithoutProteinShowsADashAndIsLeftOutOfTheTotals() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        try #"{"id": "stew", "title": "Stew", "servings": 2, "category": "Dinner", "ingredients": [{"name": "beef", "amount": "500 g"}], "nutrition": {"calories": 1200, "carbs": 60, "fats": 40}}"#
            .write(to: data.appendingPathComponent("kitchen/recipes/stew.json"), atomically: true, encoding: .utf8)
        let added = try BrewGuideProcess.run(["kitchen", "plan", "add", "2026-11-25", "lunch", "--recipe", "stew", "--data", data.path])
        #expect(added.status == 0, "\(added.stderr)")
        let day = try BrewGuideProcess.run(["kitchen", "day", "2026-11-25", "--data", data.path])
        #expect(day.stdout.contains("  Stew  600 kcal, — g protein, 30 g carbs, 20 g fats"), "\(day.stdout)")
        #expect(day.stdout.contains("  protein       — / 120 g\n"), "no meal gives protein: the total is unknown, not 0: \(day.stdout)")
        #expect(day.stdout.contains("Unknown figures are left out of the totals and the over-goal flags: protein of 1 meal.\n"), "\(day.stdout)")
        let object = try #require(try json(try BrewGuideProcess.run(["kitchen", "day", "2026-11-25", "--data", data.path, "--format", "json"]).stdout) as? [String: Any])
        let meal = try #require((object["meals"] as? [[String: Any]])?.first)
        #expect(meal["protein"] is NSNull)
        #expect(meal["calories"] as? Int == 600)
        #expect((object["leftOut"] as? [String: Int]) == ["protein": 1])
        #expect(try BrewGuideProcess.run(["check", "--data", data.path]).status == 0)
        // The slot kept what is known, per serving; protein is left out, not 0.
        let plan = try String(contentsOf: data.appendingPathComponent("kitchen/plan/2026-11.json"), encoding: .utf8)
        #expect(plan.contains("\"recipeNutrition\": {\n      \"calories\": 600,\n      \"carbs\": 30,\n      \"fats\": 20\n    }"), "\(plan)")
        // `kitchen scale` and the recipe page say "—" for the protein, never 0 g.
        let scale = try BrewGuideProcess.run(["kitchen", "scale", "stew", "--data", data.path])
        #expect(scale.stdout.contains("Nutrition, all 2: 1200 kcal, protein —, carbs 60 g, fats 40 g\nPer serving: 600 kcal, protein —, carbs 30 g, fats 20 g\n"), "\(scale.stdout)")
        let scaled = try #require(try json(try BrewGuideProcess.run(["kitchen", "scale", "stew", "--format", "json", "--data", data.path]).stdout) as? [String: Any])
        let perServing = try #require((scaled["nutrition"] as? [String: Any])?["perServing"] as? [String: Any])
        #expect(perServing["protein"] is NSNull && perServing["calories"] as? Int == 600)
        let site = data.deletingLastPathComponent().appendingPathComponent("Site")
        #expect(try BrewGuideProcess.run(["build", "--data", data.path, "--output", site.path, "--quiet"]).status == 0)
        let page = try String(contentsOf: site.appendingPathComponent("kitchen/recipes/stew.html"), encoding: .utf8)
        #expect(page.contains("<tr><th scope=\"row\">Protein</th><td>—</td><td>—</td></tr>"), "\(page)")
        #expect(page.contains("<tr><th scope=\"row\">Energy</th><td>1200 kcal</td><td>600 kcal</td></tr>"))
        #expect(page.contains("The recipe does not give its protein: shown as “—”, not 0, and left out of meal-plan totals and of the energy bar."))
        #expect(!page.contains("macro-bar"))
        #expect(!page.contains("\"proteinContent\""))
        // The card's figures are held together by no-break spaces.
        let card = try String(contentsOf: site.appendingPathComponent("kitchen/index.html"), encoding: .utf8).replacingOccurrences(of: "\u{00A0}", with: " ")
        #expect(card.contains("<span class=\"kitchen-card-meta\">Dinner · 600 kcal</span>"), "\(card)")
    }

    @Test func eraseOldPlanSlotsTheShoppingListAndEverything() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        let dry = try BrewGuideProcess.run(["erase", "--data", data.path, "--plan-before", "2026-11-26"])
        #expect(dry.stdout.contains("dry run: nothing changed"))
        #expect(try BrewGuideProcess.run(["erase", "--data", data.path, "--plan-before", "2026-11-26", "--yes"]).status == 0)
        #expect(try BrewGuideProcess.run(["kitchen", "day", "2026-11-24", "--data", data.path]).stdout.contains("Nothing planned."))
        #expect(!(try BrewGuideProcess.run(["kitchen", "day", "2026-11-26", "--data", data.path]).stdout.contains("Nothing planned.")))
        #expect(try BrewGuideProcess.run(["erase", "--data", data.path, "--shopping", "--yes"]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: data.appendingPathComponent("kitchen/shopping.json").path))
        #expect(try BrewGuideProcess.run(["erase", "--data", data.path, "--all", "--yes"]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: data.appendingPathComponent("kitchen/snacks.json").path))
        let left = try BrewGuideProcess.run(["kitchen", "day", "2026-12-01", "--data", data.path])
        #expect(left.stdout.contains("Nothing planned."))
        #expect(try BrewGuideProcess.run(["check", "--data", data.path]).status == 0)
    }
}
