import Foundation
import Testing

/// `brewguide kitchen scale` on the bundled kitchen, as a user runs it.
@Suite struct KitchenScaleCommandTests {
    @Test func jsonHasTheIssuesShape() throws {
        let result = try BrewGuideProcess.run(["kitchen", "scale", "shakshuka", "--servings", "4", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["recipeId"] as? String == "shakshuka")
        #expect(object["servings"] as? Int == 4)
        #expect(object["baseServings"] as? Int == 2)
        #expect(object["units"] as? String == "metric")
        let ingredients = try #require(object["ingredients"] as? [[String: Any]])
        let garlic = try #require(ingredients.first { $0["name"] as? String == "garlic" })
        #expect(garlic["amount"] as? String == "4–6 cloves")
        #expect(garlic["quantity"] as? Double == 4)
        #expect(garlic["quantityMax"] as? Double == 6)
        #expect(garlic["unit"] as? String == "clove")
        #expect(garlic["scaled"] as? Bool == true)
        let pinch = try #require(ingredients.first { $0["name"] as? String == "chilli flakes" })
        #expect(pinch["amount"] as? String == "a pinch")
        #expect(pinch["quantity"] is NSNull)
        #expect(pinch["unit"] is NSNull)
        #expect(pinch["scaled"] as? Bool == false)
        let nutrition = try #require(object["nutrition"] as? [String: Any])
        #expect((nutrition["total"] as? [String: Any])?["calories"] as? Int == 1280)
        #expect((nutrition["perServing"] as? [String: Any])?["calories"] as? Int == 320)
    }

    /// A recipe whose source gave no servings: the JSON says so and what scaling assumed, as the
    /// text and Markdown do (it once gave only `baseServings: 1`, an assumption shown as a fact).
    @Test func jsonSaysWhenTheServingsWereAssumed() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        let recipe = #"{"id": "plain-pancakes", "title": "Plain pancakes", "servings": 1, "servingsGiven": false, "category": "Breakfast", "ingredients": [{"name": "flour", "amount": "200 g"}], "steps": [{"order": 1, "text": "Mix."}]}"#
        try Data(recipe.utf8).write(to: data.appendingPathComponent("kitchen/recipes/plain-pancakes.json"))
        let result = try BrewGuideProcess.run(["kitchen", "scale", "plain-pancakes", "--servings", "2", "--format", "json", "--data", data.path])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["baseServings"] as? Int == 1)
        #expect(object["servingsGiven"] as? Bool == false, "\(result.stdout)")
        let text = try BrewGuideProcess.run(["kitchen", "scale", "plain-pancakes", "--servings", "2", "--data", data.path])
        let assumption = try #require(object["servingsAssumption"] as? String, "\(result.stdout)")
        #expect(assumption == "The source gives no servings: the amounts are taken as written for 1 serving, and scaling starts from that.")
        #expect(text.stdout.contains("\n" + assumption + "\n"), "the JSON says what the text says: \(text.stdout)")

        // A recipe that gives its servings says so, with no assumption (a key is never absent).
        let given = try BrewGuideProcess.run(["kitchen", "scale", "shakshuka", "--format", "json", "--data", data.path])
        let shakshuka = try #require(try JSONSerialization.jsonObject(with: Data(given.stdout.utf8)) as? [String: Any])
        #expect(shakshuka["servingsGiven"] as? Bool == true)
        #expect(shakshuka["servingsAssumption"] is NSNull)
    }

    @Test func imperialTextAndAnUnreadableAmount() throws {
        let result = try BrewGuideProcess.run(["kitchen", "scale", "lentil-soup", "--servings", "2", "--units", "imperial"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("2 servings (scaled from 4), imperial"))
        #expect(result.stdout.contains("a good glug  olive oil  (as written)"))
        #expect(result.stdout.contains("4½ oz"), "250 g ÷ 2 = 125 g ≈ 4½ oz")
        #expect(result.stdout.contains("2½ cups"), "600 ml in cups")
    }

    /// Issue 51: the Markdown escapes only what Markdown would read as markup, as the site does:
    /// a person reading it as plain text sees "(as written)" and "1.2 l", not `\(as written\)`.
    @Test func markdownEscapesOnlyWhatWouldBeMarkup() throws {
        let result = try BrewGuideProcess.run(["kitchen", "scale", "lentil-soup", "--format", "markdown"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("# Red lentil soup\n"), "\(result.stdout)")
        #expect(result.stdout.contains("- a good glug olive oil  (as written)\n"), "\(result.stdout)")
        #expect(result.stdout.contains("- 1.2 l vegetable stock\n"), "\(result.stdout)")
        #expect(!result.stdout.contains("\\"), "\(result.stdout)")
        // What would be markup still is not: a title of stars and brackets stays text.
        let data = try BrewGuideProcess.copyOfBundledData()
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        let recipe = #"{"id": "starry", "title": "*Best* [soup](x)", "servings": 2, "category": "Dinner", "ingredients": [{"name": "flour", "amount": "200 g"}], "steps": [{"order": 1, "text": "Mix."}]}"#
        try Data(recipe.utf8).write(to: data.appendingPathComponent("kitchen/recipes/starry.json"))
        let starry = try BrewGuideProcess.run(["kitchen", "scale", "starry", "--format", "markdown", "--data", data.path])
        #expect(starry.stdout.hasPrefix("# \\*Best\\* \\[soup\\](x)\n"), "\(starry.stdout)")
    }

    @Test func unknownRecipeSuggestsTheClosest() throws {
        let result = try BrewGuideProcess.run(["kitchen", "scale", "shakshuk", "--servings", "2"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("no kitchen recipe with id \"shakshuk\""))
        #expect(result.stderr.contains("did you mean \"shakshuka\"?"))
    }

    /// A negative number after an option is the option's value, refused by the option's own rule
    /// with what was found, not "Missing value" (which is what a dash-led value gave before).
    @Test func negativeNumbersAreRefusedByTheirRule() throws {
        let scale = try BrewGuideProcess.run(["kitchen", "scale", "shakshuka", "--servings", "-3"])
        #expect(scale.status != 0)
        #expect(scale.stderr.contains("--servings must be a whole number from 1 to 10000, found -3"), "\(scale.stderr)")
        let plan = try BrewGuideProcess.run(["kitchen", "plan", "add", "2026-11-24", "Lunch", "--recipe", "shakshuka", "--servings", "-1", "--data", "/nonexistent-audit"])
        #expect(plan.status != 0)
        #expect(!plan.stderr.contains("Missing value"), "\(plan.stderr)")
        let goals = try BrewGuideProcess.run(["kitchen", "goals", "--protein", "-5"])
        #expect(goals.status != 0)
        #expect(!goals.stderr.contains("Missing value"), "\(goals.stderr)")
        #expect(goals.stderr.contains("-5"), "\(goals.stderr)")
    }
}
