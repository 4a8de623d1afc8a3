@testable import BrewClip
@testable import BrewData
import BrewKit
import Foundation
import Testing

/// Twelve pages written for this test, not taken from the forty saved pages, in the shapes real
/// sites publish (issue 25): steps and captions of many hundred characters, an empty step, an
/// absurd calorie count, site names in titles, yields in words and other languages, HTML-only
/// recipes in German, French and Dutch, Swedish, Spanish and Italian units, a title over 200
/// characters. Each is read and written as `kitchen clip` would (`KitchenClipWriter.draft`, which
/// checks the recipe), and compared with what a reader sees on the page. Before issue 25's
/// changes 2 of the 12 were read completely (3 were refused outright); all 12 are now.
@Suite struct ClipGeneralisationTests {
    static let folder = Fixture.absolutePath("clip-generalisation")
    /// Pages of the second set read completely when it was written (see docs/KITCHEN.md).
    static let secondSetFloor = 11
    /// Held-out pages of issue 41 read completely on their one run (see docs/KITCHEN.md).
    static let heldOutFloor = 4

    /// What a page's written recipe misses against its expected values.
    static func gaps(_ recipe: [String: Any], expected: [String: Any]) -> [String] {
        var gaps: [String] = []
        let title = recipe["title"] as? String ?? ""
        if let wanted = expected["title"] as? String, title != wanted { gaps.append("title \"\(title)\"") }
        if let most = expected["titleAtMost"] as? Int, title.count > most { gaps.append("title of \(title.count) characters") }
        if recipe["servings"] as? Int != expected["servings"] as? Int { gaps.append("servings \(recipe["servings"] ?? "none")") }
        let ingredients = recipe["ingredients"] as? [[String: Any]] ?? []
        let steps = recipe["steps"] as? [[String: Any]] ?? []
        if ingredients.count != expected["ingredients"] as? Int { gaps.append("\(ingredients.count) ingredients") }
        if let wanted = expected["steps"] as? Int, steps.count != wanted { gaps.append("\(steps.count) steps") }
        for (key, amount) in expected["amounts"] as? [String: String] ?? [:] {
            let index = Int(key)!
            if index >= ingredients.count || ingredients[index]["amount"] as? String != amount { gaps.append("amount \(index)") }
            if index < ingredients.count, AmountGrammar.parse(amount).quantity == nil { gaps.append("amount \(index) not a quantity") }
        }
        for (key, name) in expected["names"] as? [String: String] ?? [:] {
            let index = Int(key)!
            if index >= ingredients.count || ingredients[index]["name"] as? String != name { gaps.append("name \(index)") }
        }
        if let wanted = expected["headings"] as? Int {
            let headings = steps.filter { $0["isHeading"] as? Bool == true }.count
            if headings != wanted { gaps.append("\(headings) headings") }
        }
        if let wanted = expected["servingsUpTo"] as? Int, recipe["servingsUpTo"] as? Int != wanted { gaps.append("servings up to \(recipe["servingsUpTo"] ?? "none")") }
        if let given = expected["servingsGiven"] as? Bool, (recipe["servingsGiven"] as? Bool ?? true) != given { gaps.append("servings given \(!given)") }
        if let wanted = expected["ingredientHeadings"] as? Int {
            let headings = ingredients.filter { $0["isHeading"] as? Bool == true }.count
            if headings != wanted { gaps.append("\(headings) ingredient headings") }
        }
        for key in ["prepTime", "cookTime"] {
            if let wanted = expected[key] as? String, recipe[key] as? String != wanted { gaps.append("\(key) \(recipe[key] ?? "none")") }
        }
        if expected["noPrices"] as? Bool == true, ingredients.contains(where: { ($0["notes"] as? String ?? "").contains("$") || ($0["name"] as? String ?? "").contains("$") }) {
            gaps.append("a price kept")
        }
        for (key, seconds) in expected["timers"] as? [String: Int] ?? [:] {
            let index = Int(key)!
            if index >= steps.count || KitchenDuration.seconds(in: steps[index]["text"] as? String ?? "") != seconds { gaps.append("timer of step \(index + 1)") }
        }
        return gaps
    }

    /// How many of a folder's pages are read completely, and what the others lack.
    static func score(_ folder: String) throws -> (complete: Int, total: Int, report: [String]) {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".html") }.sorted()
        var complete = 0
        var report: [String] = []
        for name in names {
            let base = String(name.dropLast(".html".count))
            let html = try SavedPage.text(atPath: folder + "/" + name)
            let expected = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/" + base + ".expected.json"))) as? [String: Any])
            let clipped = KitchenPageReader.read(html: html)
            do {
                let draft = try KitchenClipWriter.draft(clipped, root: "/nonexistent-clip-root", category: nil, takenIDs: [])
                let recipe = try #require(try JSONSerialization.jsonObject(with: Data(draft.bytes)) as? [String: Any])
                let gaps = Self.gaps(recipe, expected: expected)
                if gaps.isEmpty { complete += 1 } else { report.append("\(base): \(gaps.joined(separator: ", "))") }
            } catch {
                report.append("\(base): refused: \(String(describing: error).prefix(200))")
            }
        }
        print("\((folder as NSString).lastPathComponent): \(complete) of \(names.count) read completely")
        for line in report { print("  " + line) }
        return (complete, names.count, report)
    }

    @Test func pagesInRealShapesAreReadCompletely() throws {
        let (complete, total, report) = try Self.score(Self.folder)
        #expect(total == 12)
        #expect(complete == total, "\(report)")
    }

    /// Eleven more pages written after issue 25's section headings and photos, by another hand,
    /// in other shapes: `HowToSection`s in JSON-LD and in microdata, numbered section names, step
    /// titles, "For the sauce:" items in an HTML list, a stub beside the full recipe, instructions
    /// as one numbered string with the title only in an `h1`, long paragraphs, Portuguese,
    /// Swedish, German and French pages. Each also names how many of its steps are headings.
    @Test func moreRecipesInRealShapes() throws {
        let (complete, total, report) = try Self.score(Fixture.absolutePath("clip-generalisation-2"))
        #expect(total == 11)
        #expect(complete >= Self.secondSetFloor, "\(report)")
    }

    /// The fields clipping mends instead of refusing the recipe, each named in a warning.
    @Test func repairsAreNamed() throws {
        let html = try SavedPage.text(atPath: Self.folder + "/long-steps-and-caption.html")
        let draft = try KitchenClipWriter.draft(KitchenPageReader.read(html: html), root: "/nonexistent-clip-root", category: nil, takenIDs: [])
        var empty = ClippedRecipe()
        empty.title = "Toast"
        empty.steps = ["Toast the bread.", " \n ", "Butter it."]
        let mended = try KitchenClipWriter.draft(empty, root: "/nonexistent-clip-root", category: nil, takenIDs: [])
        // With no ingredients, the page's steps alone are kept, and that is said (issue 50).
        #expect(mended.repairs == ["1 empty step left out", "the page shows no ingredients that could be read; kept its 2 steps only: check the page"])
        #expect(mended.stepCount == 2)
        #expect(draft.repairs.contains { $0.contains("calories a serving, \"87424 kcal\"") })
        let recipe = try #require(try JSONSerialization.jsonObject(with: Data(draft.bytes)) as? [String: Any])
        #expect((recipe["caption"] as? String)?.count ?? 0 > 500)
        #expect(((recipe["steps"] as? [[String: Any]])?.first?["text"] as? String)?.count ?? 0 > 500)
        #expect((recipe["nutrition"] as? [String: Any])?["calories"] == nil, "the absurd calories left out (unknown, not 0), the protein kept")
        #expect((recipe["nutrition"] as? [String: Any])?["protein"] as? Int == 36)

        let long = try SavedPage.text(atPath: Self.folder + "/title-over-200.html")
        let cut = try KitchenClipWriter.draft(KitchenPageReader.read(html: long), root: "/nonexistent-clip-root", category: nil, takenIDs: [])
        #expect(cut.repairs.contains { $0.hasPrefix("the title is 288 characters long; cut at a word") }, "\(cut.repairs)")
        let title = try #require((try JSONSerialization.jsonObject(with: Data(cut.bytes)) as? [String: Any])?["title"] as? String)
        #expect(title.count <= KitchenRecipe.maximumTitleLength && title.hasSuffix("…") && !title.hasSuffix(" …"))
    }

    /// Fifteen pages written for issue 41 in the shapes its misses fall into: HTML-only recipes with
    /// bold labels, `dl`, table and div grids, an unlabelled list, an "instructions" wrapper
    /// holding the ingredients, unit tabs; structured data poorer than the page (a glued string,
    /// steps that are the description, a recipe in a `meta` attribute); servings in Czech,
    /// Hungarian, Polish, Portuguese, Norwegian, Turkish, a range, none beside rating counts;
    /// decorated titles; dual units, prices, labels in times; step labels; ingredient groups.
    @Test func pagesOfUnseenShapes() throws {
        let (complete, total, report) = try Self.score(Fixture.absolutePath("clip-generalisation-3"))
        #expect(total == 15)
        // Ingredient groups ("For the sauce") are not yet kept as headings: 14 of 15.
        #expect(complete >= 14, "\(report)")
    }

    /// Four pages written after the rules, run once and not tuned to (French bold labels,
    /// an Italian table beside a JSON-LD without amounts, unit tabs as list items with a range and
    /// a price, Czech with a rating count and step labels): what the rules do on pages they were
    /// not written for.
    @Test func heldOutPages() throws {
        let (complete, total, report) = try Self.score(Fixture.absolutePath("clip-generalisation-3-heldout"))
        #expect(total == 4)
        #expect(complete >= Self.heldOutFloor, "\(report)")
    }

    @Test(arguments: [
        ("Serves 2 to 4", 2, 4), ("2-4 servings", 2, 4), ("4–6 people", 4, 6), ("Počet porcí: 6", 6, nil), ("Liczba porcji: 4", 4, nil),
        ("4 adag", 4, nil), ("Rende 10 porções", 10, nil), ("Porsjoner: 4", 4, nil), ("4 kişilik", 4, nil), ("Antal: 4 portioner", 4, nil),
    ] as [(String, Int, Int?)])
    func servingsInMoreLanguagesAndRanges(line: String, count: Int, upTo: Int?) {
        #expect(KitchenYieldReader.range(inLine: line) == KitchenYieldReader.Servings(count: count, upTo: upTo))
    }

    @Test(arguments: ["122 people rated this recipe", "(45 reviews)", "Comments: 87", "12 people liked this", "48 hodnocení", "87 komentarzy"])
    func countsOfReactionsAreNoServings(line: String) {
        #expect(KitchenYieldReader.range(inLine: line) == nil)
        #expect(KitchenYieldReader.servings(inYield: line) == nil)
    }

    /// A page that gives no servings is written for 1 with `servingsGiven: false`, and the draft
    /// says what scaling assumes; a range keeps its upper end.
    @Test func servingsAreNeverInvented() throws {
        var page = ClippedRecipe()
        page.title = "Toast"
        page.ingredientLines = ["2 slices bread"]
        let draft = try KitchenClipWriter.draft(page, root: "/nonexistent-clip-root", category: nil, takenIDs: [])
        let recipe = try #require(try JSONSerialization.jsonObject(with: Data(draft.bytes)) as? [String: Any])
        #expect(recipe["servings"] as? Int == 1)
        #expect(recipe["servingsGiven"] as? Bool == false)
        #expect(draft.servingsNote?.contains("gives no servings") == true)
        page.servings = 2
        page.servingsUpTo = 4
        let ranged = try KitchenClipWriter.draft(page, root: "/nonexistent-clip-root", category: nil, takenIDs: [])
        let written = try #require(try JSONSerialization.jsonObject(with: Data(ranged.bytes)) as? [String: Any])
        #expect(written["servings"] as? Int == 2 && written["servingsUpTo"] as? Int == 4 && written["servingsGiven"] == nil)
        #expect(ranged.servingsNote == "The source says it serves 2 to 4: scaling takes 2 as the base.")
    }

    @Test func ingredientLinesLoseDualUnitsEstimatesAndPrices() {
        #expect(KitchenClipWriter.split("100g/3½oz butter, softened") == ("100g", "butter", "3½oz, softened"))
        #expect(KitchenClipWriter.split("About 3 cups flour") == ("3 cups", "flour", "about"))
        #expect(KitchenClipWriter.split("1 lb ground beef ($6.99)") == ("1 lb", "ground beef", nil))
        #expect(KitchenClipWriter.split("4 Tbsp butter, divided ($0.56)") == ("4 Tbsp", "butter", "divided"))
        #expect(KitchenClipWriter.split("1.5 EL Zucker") == ("1.5 EL", "Zucker", nil))
    }

    /// A decimal is no step number (a caption's "1.5 EL Zucker" kept its whole part only as a
    /// "5 EL" step), and a label before a structured time is not the time.
    @Test func decimalsAndLabelledTimes() {
        #expect(KitchenPageReader.stripStepNumber("1.5 EL Zucker") == "1.5 EL Zucker")
        #expect(KitchenPageReader.stripStepNumber("2. Bake") == "Bake")
        let caption = KitchenCaptionReader.read("Zuckerkuchen\nZutaten\n1.5 EL Zucker\n200 g Mehl\nZubereitung\n1. Alles verrühren.\n2. Backen.")
        #expect(caption.ingredientLines.contains("1.5 EL Zucker"), "\(caption.ingredientLines) \(caption.steps)")
        #expect(KitchenPageReader.displayDuration("Tillagningstid 30 min") == "30 min")
        #expect(KitchenPageReader.displayDuration("Cook time: 25 minutes") == "25 minutes")
        #expect(KitchenPageReader.displayDuration("about 30 min") == "about 30 min")
    }

    @Test func titlesLoseRatingsAndTaglines() {
        #expect(KitchenPageReader.plainTitle("Classic Pancakes (4.7/5)", names: [], fromStructuredData: true) == "Classic Pancakes")
        #expect(KitchenPageReader.plainTitle("Kanelbullar – mjuka och goda", names: ["Kanelbullar"], fromStructuredData: false) == "Kanelbullar")
        #expect(KitchenPageReader.plainTitle("Rocky Road Cookies Recipe", names: ["Rocky Road Cookies"], fromStructuredData: true) == "Rocky Road Cookies Recipe", "a structured name keeps its word")
        #expect(KitchenPageReader.plainTitle("Gulyásleves recept", names: ["Gulyásleves"], fromStructuredData: false) == "Gulyásleves")
        #expect(KitchenPageReader.plainTitle("Chicken - Leek Pie", names: [], fromStructuredData: false) == "Chicken - Leek Pie")
        #expect(KitchenPageReader.isStepLabel("Step 1") && KitchenPageReader.isStepLabel("stap 2") && KitchenPageReader.isStepLabel("instruction 0") && KitchenPageReader.isStepLabel("Schritt 4:"))
        #expect(!KitchenPageReader.isStepLabel("Make the sauce") && !KitchenPageReader.isStepLabel("Bake 20"))
    }

    @Test func siteNamesLeaveFallbackTitles() {
        #expect(KitchenPageReader.withoutSiteName("Mango Guacamole - Rick Bayless", siteName: nil, anySegment: true) == "Mango Guacamole")
        #expect(KitchenPageReader.withoutSiteName("PB&J Smoothie Recipe | Quaker Oats", siteName: nil, anySegment: true) == "PB&J Smoothie Recipe")
        #expect(KitchenPageReader.withoutSiteName("Soup - Quick and Easy Weeknight Dinner Ideas Daily", siteName: nil, anySegment: true) == "Soup - Quick and Easy Weeknight Dinner Ideas Daily", "a long last segment is part of the title")
        #expect(KitchenPageReader.withoutSiteName("Salt-Baked Fish - Good Food Magazine", siteName: "Good Food Magazine", anySegment: false) == "Salt-Baked Fish")
        #expect(KitchenPageReader.withoutSiteName("Chicken - Leek Pie", siteName: nil, anySegment: false) == "Chicken - Leek Pie", "a recipe's own name keeps its dash")
    }

    @Test(arguments: [
        ("Makes 4", 4), ("4-6 people", 4), ("Serves: 4", 4), ("Serves four", 4), ("Für 4 Personen", 4), ("4 portioner", 4),
        ("Pour 6 personnes", 6), ("Dosi per 4 persone", 4), ("Para 4 personas", 4), ("Voor 4 personen", 4), ("12 cookies", 12), ("about", nil),
    ] as [(String, Int?)])
    func yieldsInWords(text: String, servings: Int?) {
        #expect(KitchenYieldReader.servings(inYield: text) == servings)
    }
}
