import Foundation
import Testing
import TestSupport

/// `brewguide kitchen clip` on saved pages, a caption, a page served from this machine, and a
/// page with nothing to read (issue 14).
@Suite(.serialized) struct KitchenClipCommandTests {
    static let fixtures = TestPaths.packageRoot.appendingPathComponent("Tests/EndToEndTests/Fixtures/clip")

    static func recipe(_ data: URL, _ id: String) throws -> [String: Any] {
        let url = data.appendingPathComponent("kitchen/recipes/\(id).json")
        return try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    @Test func savedPagesInTheirShapes() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        let result = try BrewGuideProcess.run(["kitchen", "clip", "--data", data.path,
            Self.fixtures.appendingPathComponent("graph.html").path,
            Self.fixtures.appendingPathComponent("microdata.html").path,
            Self.fixtures.appendingPathComponent("budgetbytes.com--budgetbytes.html.gz").path])
        #expect(result.status == 0, "\(result.stderr)")
        // The same page again: refused as already in the kitchen, unless --again.
        let budget = Self.fixtures.appendingPathComponent("budgetbytes.com--budgetbytes.html.gz").path
        let refused = try BrewGuideProcess.run(["kitchen", "clip", "--data", data.path, budget])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("already in the kitchen as kitchen/recipes/smash-burgers.json (\"Smash Burgers\"); nothing was written. Run again with --again"), "\(refused.stderr)")
        let again = try BrewGuideProcess.run(["kitchen", "clip", "--again", "--data", data.path, budget])
        #expect(again.status == 0, "\(again.stderr)")

        let cake = try Self.recipe(data, "lemon-drizzle-glaze")
        #expect(cake["title"] as? String == "Lemon Drizzle & Glaze")
        #expect(cake["servings"] as? Int == 8)
        #expect(cake["category"] as? String == "Snack", "Dessert maps to Snack")
        #expect(cake["prepTime"] as? String == "20 min")
        #expect(cake["cookTime"] as? String == "1 h 5 min")
        #expect(cake["thumbnail"] as? String == "https://example.com/cake.jpg")
        let steps = try #require(cake["steps"] as? [[String: Any]])
        #expect(steps.map { $0["text"] as? String } == ["Cake", "Heat the oven to 180 °C.", "Beat the butter and sugar, then the eggs.", "Fold in the flour and zest; bake 45 minutes."])
        let ingredients = try #require(cake["ingredients"] as? [[String: Any]])
        #expect(ingredients[0]["amount"] as? String == "225 g")
        #expect(ingredients[0]["name"] as? String == "butter")
        #expect(ingredients[0]["notes"] as? String == "softened")
        #expect(ingredients[3]["amount"] as? String == "1 ½ cups")
        #expect(ingredients[4]["notes"] as? String == "(zest only)")
        let nutrition = try #require(cake["nutrition"] as? [String: Any])
        #expect(nutrition["calories"] as? Int == 1920, "240 kcal a serving × 8")

        let flapjacks = try Self.recipe(data, "oat-flapjacks")
        #expect(flapjacks["servings"] as? Int == 12)
        #expect((flapjacks["ingredients"] as? [Any])?.count == 3)
        #expect((flapjacks["steps"] as? [Any])?.count == 2)

        #expect(try Self.recipe(data, "smash-burgers")["sourcePlatform"] as? String == "web")
        #expect(try Self.recipe(data, "smash-burgers-2")["id"] as? String == "smash-burgers-2", "a clash gets -2, never an overwrite")
        let check = try BrewGuideProcess.run(["check", "--data", data.path])
        #expect(check.status == 0, "\(check.stdout)")
    }

    /// Two trimmed corpus pages whose recipe is in the page's HTML: a section heading followed by
    /// lists (no ingredients or steps in the JSON-LD), and a Drupal field container with times the
    /// JSON-LD gives as seconds ("PT45S") and the page as "45 minutes".
    /// A page that gives no servings: clip says so and what scaling assumes, the file says
    /// `servingsGiven: false`, `check` passes, and the recipe page shows "not given"; `--verbose`
    /// says what was taken from the page over the structured data.
    @Test func servingsNotGivenAreSaid() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("BrewDataTests/Fixtures/clip-generalisation-3")
        let result = try BrewGuideProcess.run(["kitchen", "clip", "--verbose", "--no-photo", "--data", data.path,
            folder.appendingPathComponent("ratings-not-servings.html").path, folder.appendingPathComponent("glued-string-turkish.html").path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("servings: The source gives no servings: the amounts are taken as written for 1 serving"), "\(result.stdout)")
        #expect(result.stdout.contains("read: the structured data glues 6 ingredients into 1 line; took the page's 6 lines"), "\(result.stdout)")
        let pancakes = try Self.recipe(data, "classic-pancakes")
        #expect(pancakes["servingsGiven"] as? Bool == false)
        let check = try BrewGuideProcess.run(["check", "--data", data.path])
        #expect(check.status == 0, "\(check.stdout)")
        let scale = try BrewGuideProcess.run(["kitchen", "scale", "classic-pancakes", "--servings", "2", "--data", data.path])
        #expect(scale.stdout.contains("2 servings (scaled from 1), metric\nThe source gives no servings"), "\(scale.stdout)")
        let site = data.deletingLastPathComponent().appendingPathComponent("Site")
        let build = try BrewGuideProcess.run(["build", "--data", data.path, "--output", site.path, "--quiet"])
        #expect(build.status == 0, "\(build.stderr)")
        let page = try String(contentsOf: site.appendingPathComponent("kitchen/recipes/classic-pancakes.html"), encoding: .utf8)
        #expect(page.contains("not given (scaled as 1)"))
    }

    @Test func recipesOnlyInThePagesHTML() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        let result = try BrewGuideProcess.run(["kitchen", "clip", "--data", data.path,
            Self.fixtures.appendingPathComponent("vegansociety-html-only.html").path,
            Self.fixtures.appendingPathComponent("myplate-seconds.html").path])
        #expect(result.status == 0, "\(result.stderr)")

        let pancakes = try Self.recipe(data, "banana-pancakes")
        let ingredients = try #require(pancakes["ingredients"] as? [[String: Any]])
        #expect(ingredients.count == 8)
        #expect(ingredients[1]["amount"] as? String == "1 tablespoon")
        #expect(ingredients[1]["name"] as? String == "sunflower oil")
        #expect(ingredients[1]["notes"] as? String == "plus extra to oil the pan")
        let steps = try #require(pancakes["steps"] as? [[String: Any]])
        #expect(steps.count == 3)
        #expect((steps[2]["text"] as? String)?.hasPrefix("Place the finished pancakes on a plate.") == true)
        #expect(pancakes["servings"] as? Int == 4, "from \"Serves 4\" in the page's text")
        #expect(pancakes["category"] as? String == "Breakfast")

        let figBars = try Self.recipe(data, "fabulous-fig-bars")
        #expect((figBars["ingredients"] as? [Any])?.count == 11)
        #expect((figBars["steps"] as? [[String: Any]])?.first?["text"] as? String == "Wash hands with soap and water.")
        #expect(figBars["prepTime"] as? String == "45 min")
        #expect(figBars["cookTime"] as? String == "30 min")
        #expect(figBars["servings"] as? Int == 24)
        let check = try BrewGuideProcess.run(["check", "--data", data.path])
        #expect(check.status == 0, "\(check.stdout)")
    }

    @Test func nothingToReadExitsOneUnlessTheSourceIsKept() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        let page = data.deletingLastPathComponent().appendingPathComponent("empty.html")
        try "<html><head><title>Just a page</title></head><body><p>No recipe.</p></body></html>".write(to: page, atomically: true, encoding: .utf8)
        let refused = try BrewGuideProcess.run(["kitchen", "clip", page.path, "--data", data.path])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("nothing was written. Try again later, or run again with --keep-source"))
        #expect(!FileManager.default.fileExists(atPath: data.appendingPathComponent("kitchen/recipes/just-a-page.json").path))

        let kept = try BrewGuideProcess.run(["kitchen", "clip", page.path, "--keep-source", "--category", "lunch", "--data", data.path])
        #expect(kept.status == 0, "\(kept.stderr)")
        let shell = try Self.recipe(data, "just-a-page")
        #expect(shell["servings"] as? Int == 1)
        // Issue 51: a shell's 1 serving is a stand-in, said so, not "Serves: 1".
        #expect(shell["servingsGiven"] as? Bool == false, "\(shell)")
        #expect(shell["category"] as? String == "Lunch")
        #expect((shell["ingredients"] as? [Any])?.isEmpty == true)
        #expect(try BrewGuideProcess.run(["check", "--data", data.path]).status == 0)

        let http = try BrewGuideProcess.run(["kitchen", "clip", "http://example.com/recipe", "--data", data.path])
        #expect(http.status == 1)
        #expect(http.stderr.contains("only https:// addresses are fetched"))
        // Trying again cannot mend a refused address or an empty caption; the message says what can.
        #expect(http.stderr.contains("nothing was written. Use the page's https:// address, or run again with --keep-source"), "\(http.stderr)")
        let caption = data.deletingLastPathComponent().appendingPathComponent("empty.txt")
        try "\n".write(to: caption, atomically: true, encoding: .utf8)
        let empty = try BrewGuideProcess.run(["kitchen", "clip", caption.path, "--data", data.path])
        #expect(empty.status == 1)
        #expect(empty.stderr.contains("no recipe found in the caption (expected a title line, then ingredient lines or numbered steps); nothing was written. Add the ingredients or steps to the text, or run again with --keep-source"), "\(empty.stderr)")
    }

    @Test func aCaptionFromStandardInputAndADryRun() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        let caption = data.deletingLastPathComponent().appendingPathComponent("caption.txt")
        try "Quick pesto pasta 🍝\nServes 2\n200g spaghetti\n2 tbsp pesto\n- parmesan, to serve\n1. Cook the pasta 10 minutes.\n2. Toss with the pesto.\n#dinner".write(to: caption, atomically: true, encoding: .utf8)
        let dry = try BrewGuideProcess.run(["kitchen", "clip", caption.path, "--dry-run", "--data", data.path])
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(dry.stdout.contains("would write"))
        #expect(dry.stdout.contains("\"amount\" : \"200g\"") || dry.stdout.contains("\"amount\": \"200g\""))
        #expect(!FileManager.default.fileExists(atPath: data.appendingPathComponent("kitchen/recipes/quick-pesto-pasta.json").path))
        let real = try BrewGuideProcess.run(["kitchen", "clip", caption.path, "--data", data.path])
        #expect(real.status == 0)
        let recipe = try Self.recipe(data, "quick-pesto-pasta")
        #expect(recipe["servings"] as? Int == 2)
        #expect((recipe["steps"] as? [[String: Any]])?.map { $0["text"] as? String } == ["Cook the pasta 10 minutes.", "Toss with the pesto."])
    }

    /// Issue 25: a caption typed by hand of 509 characters clips; a page whose every field is
    /// beyond a recipe's bounds is mended, each repair named; --keep-source always writes its shell.
    @Test func longFieldsAreKeptOrMendedNeverRefused() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        let folder = data.deletingLastPathComponent()
        let sentence = "We make this every Sunday and it never lasts. "
        let story = String(repeating: sentence, count: 10)
        let caption = "Sunday pancakes\n\(story)\n200 g flour\n2 eggs\n300 ml milk\n1. Whisk everything.\n2. Fry in butter 2 minutes a side."
        #expect(caption.count >= 509)
        let captionFile = folder.appendingPathComponent("pancakes.txt")
        try caption.write(to: captionFile, atomically: true, encoding: .utf8)
        let typed = try BrewGuideProcess.run(["kitchen", "clip", captionFile.path, "--data", data.path])
        #expect(typed.status == 0, "\(typed.stderr)")
        #expect((try Self.recipe(data, "sunday-pancakes")["caption"] as? String)?.count ?? 0 >= 509)

        let title = String(repeating: "Very long title words ", count: 30)
        let page = folder.appendingPathComponent("nothing.html")
        try "<html><head><title>\(title)</title></head><body>\(String(repeating: "<p>x</p>", count: 10))</body></html>".write(to: page, atomically: true, encoding: .utf8)
        let shell = try BrewGuideProcess.run(["kitchen", "clip", page.path, "--keep-source", "--data", data.path])
        #expect(shell.status == 0, "\(shell.stderr)")
        #expect(try BrewGuideProcess.run(["check", "--data", data.path]).status == 0)
    }

    /// A page served over plain HTTP from 127.0.0.1, as the only HTTP the clipper accepts.
    @Test func aPageFromALocalServer() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        let server = try StaticFileServer(serving: Self.fixtures)
        defer { server.stop() }
        let port = try #require(URL(string: server.base)?.port)
        let result = try BrewGuideProcess.run(["kitchen", "clip", "http://127.0.0.1:\(port)/graph.html", "--data", data.path])
        #expect(result.status == 0, "\(result.stderr)")
        let recipe = try Self.recipe(data, "lemon-drizzle-glaze")
        #expect(recipe["sourceUrl"] as? String == "http://127.0.0.1:\(port)/graph.html")
        let missing = try BrewGuideProcess.run(["kitchen", "clip", "http://127.0.0.1:\(port)/nope.html", "--data", data.path])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("the server answered 404"))
    }
}

/// `kitchen clip --inbox`: every pending entry clipped, each outcome recorded in the inbox,
/// and the inbox listed on the kitchen's index with each status.
@Suite struct KitchenInboxTests {
    @Test func pendingEntriesAreClippedAndRecorded() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        let inbox = data.appendingPathComponent("kitchen/inbox.json")
        try """
            [
              {"id": "share-1", "type": "text", "content": "Garlic toast\\n2 slices bread\\n1 clove garlic\\n1. Toast the bread.\\n2. Rub with garlic.", "createdAt": "2026-11-20T08:00:00Z", "sourceApp": "Instagram", "status": "pending"},
              {"id": "share-2", "type": "url", "content": "http://example.com/not-https", "createdAt": "2026-11-20T08:01:00Z", "status": "pending"},
              {"id": "share-3", "type": "text", "content": "just a photo of dinner", "status": "pending"},
              {"id": "share-4", "type": "url", "content": "https://example.com/done", "status": "ready", "recipeId": "hummus"}
            ]
            """.write(to: inbox, atomically: true, encoding: .utf8)
        let result = try BrewGuideProcess.run(["kitchen", "clip", "--inbox", "--data", data.path])
        #expect(result.status == 1, "two entries fail")
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: inbox)) as? [[String: Any]])
        #expect(entries.map { $0["status"] as? String } == ["ready", "failed", "failed", "ready"])
        #expect(entries[0]["recipeId"] as? String == "garlic-toast")
        #expect((entries[1]["error"] as? String)?.contains("only https://") == true)
        #expect(entries[0]["sourceApp"] as? String == "Instagram", "the rest of an entry is kept")
        #expect(FileManager.default.fileExists(atPath: data.appendingPathComponent("kitchen/recipes/garlic-toast.json").path))

        let site = data.deletingLastPathComponent().appendingPathComponent("Site")
        let build = try BrewGuideProcess.run(["build", "--data", data.path, "--output", site.path, "--quiet"])
        #expect(build.status == 0, "\(build.stderr)")
        let index = try String(contentsOf: site.appendingPathComponent("kitchen/index.html"), encoding: .utf8)
        #expect(index.contains("<h2>Inbox</h2>"))
        #expect(index.contains("inbox-failed"))
        #expect(index.contains("href=\"recipes/garlic-toast.html\""))

        let again = try BrewGuideProcess.run(["kitchen", "clip", "--inbox", "--data", data.path])
        #expect(again.status == 0)
        #expect(again.stdout.contains("the inbox has nothing pending"))
    }
}
