import Foundation
import Testing
import TestSupport

/// Issue 51: a kitchen recipe's printable card fits one page of A4 and of Letter, as Chromium
/// prints it to PDF: an 8-step card (The Mediterranean Dish's baked chicken thighs, 1,482
/// characters of steps) put only its step 8 on a second page. A recipe too long for one page
/// even at the smallest print says so on the card.
@Suite("Kitchen cards in print", .serialized,
       .enabled(if: HeadlessChromium.executable != nil, "Chromium is not installed (apt-get install chromium)"))
struct KitchenCardPrintTests {
    /// The 8 steps and 15 ingredients of the corpus page `themediterraneandish.com--themediterranedish_2`.
    static let steps = [
        "Get ready. Arrange one rack in the center of your oven and another about 6 inches from the broiler. Preheat oven to 425°F",
        "Season the chicken. Sprinkle the chicken thighs with kosher salt on both sides and underneath the skins. Set aside briefly while you make the wet rub.",
        "Make the Spiced Tomato Rub. In a small bowl or measuring cup, combine the tomato paste, extra virgin olive oil, lemon juice, minced garlic, oregano, smoked paprika, cumin, and black pepper. Whisk until everything is well-incorporated.",
        "Add the rub to the chicken. Coat the chicken with the tomato rub on both sides, including underneath the skins.",
        "Layer the chicken and vegetables in a baking dish. Brush the bottom of a 9\" X 13\" baking dish with a splash of extra virgin olive oil. Arrange three quarters of the sliced onions on the bottom. Arrange the chicken on top of the onions. Tuck the remaining onions and the sliced tomatoes into the spaces in between the chicken thighs. Pour the water into the corners of the baking dish, taking care not to disturb the rub on the chicken pieces.",
        "Bake the chicken. Bake until chicken is cooked through, about 40 minutes.",
        "Broil the chicken. Place the pan on the top rack and turn the broiler to high. Broil for 1 to 3 minutes, or just until the top of the chicken browns lightly. Watch closely to avoid overcooking and burning the chicken skin. Remove the chicken from the oven.",
        "Serve. Let the chicken rest for 5 to 10 minutes, garnish with chopped fresh parsley, and serve.",
    ]
    static let ingredients = [
        "8 bone-in chicken thighs, (trimmed of excess fat)", "Kosher salt", "Extra virgin olive oil",
        "3 medium yellow onions, (halved and thinly sliced)", "1 vine ripe tomato, (halved and sliced)", "¼ cup water",
        "5 tablespoons tomato paste", "1/3 cup extra virgin olive oil, (more as needed)", "1 lemon, (juiced)",
        "4 garlic cloves, (minced)", "1 teaspoon dried oregano", "1 teaspoon smoked paprika", "1 teaspoon ground cumin",
        "1 teaspoon ground black pepper", "Fresh parsley, (chopped)",
    ]

    static func recipe(id: String, steps: [String]) throws -> Data {
        let object: [String: Any] = [
            "id": id, "title": "Baked Chicken Thighs", "servings": 6, "category": "Dinner",
            "ingredients": ingredients.map { ["name": $0, "amount": ""] },
            "steps": steps.enumerated().map { ["order": $0.offset + 1, "text": $0.element] },
        ]
        return try JSONSerialization.data(withJSONObject: object)
    }

    /// Pages of `page` printed on paper `width` × `height` inches.
    static func printedPages(_ browser: HeadlessChromium, _ page: URL, width: Double, height: Double) throws -> Int {
        try browser.open(page)
        let result = try browser.send("Page.printToPDF", ["paperWidth": width, "paperHeight": height, "printBackground": false])
        let pdf = try #require(Data(base64Encoded: result["data"] as? String ?? ""))
        let text = String(decoding: pdf, as: UTF8.self)
        let count = try #require(text.range(of: #"/Count (\d+)"#, options: .regularExpression).map { text[$0].dropFirst(7) })
        return Int(count) ?? 0
    }

    @Test func anEightStepCardFitsOnePageOfA4AndLetter() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        let folder = data.deletingLastPathComponent(), site = folder.appendingPathComponent("Site")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.recipe(id: "baked-chicken-thighs", steps: Self.steps).write(to: data.appendingPathComponent("kitchen/recipes/baked-chicken-thighs.json"))
        // Three times the steps: too long for one page even printed small.
        try Self.recipe(id: "chicken-three-times", steps: Self.steps + Self.steps + Self.steps).write(to: data.appendingPathComponent("kitchen/recipes/chicken-three-times.json"))
        let build = try BrewGuideProcess.run(["build", "--data", data.path, "--output", site.path, "--quiet"])
        #expect(build.status == 0, "\(build.stderr)")
        let browser = try HeadlessChromium(width: 1280, height: 900)
        let cards = site.appendingPathComponent("kitchen/cards")
        for (paper, width, height) in [("A4", 8.27, 11.69), ("Letter", 8.5, 11.0)] {
            for name in try FileManager.default.contentsOfDirectory(atPath: cards.path) where name.hasSuffix(".html") && name != "chicken-three-times.html" {
                #expect(try Self.printedPages(browser, cards.appendingPathComponent(name), width: width, height: height) == 1, "\(name) on \(paper)")
            }
        }
        let long = try String(contentsOf: cards.appendingPathComponent("chicken-three-times.html"), encoding: .utf8)
        #expect(long.contains("This recipe is too long for one printed page: it prints on more than one."))
        let fits = try String(contentsOf: cards.appendingPathComponent("baked-chicken-thighs.html"), encoding: .utf8)
        #expect(!fits.contains("too long for one printed page"))
    }

    /// A copy of the test journal with two weeks of its plan written to the shopping list, built
    /// into `site` beside it; remove `folder` after.
    static func twoWeeksOnTheList() throws -> (folder: URL, site: URL) {
        let data = try BrewGuideProcess.copyOfBundledData()
        let folder = data.deletingLastPathComponent(), site = folder.appendingPathComponent("Site")
        let written = try BrewGuideProcess.run(["kitchen", "shopping", "--from-plan", "2026-11-23..2026-12-06", "--write", "--data", data.path])
        #expect(written.status == 0, "\(written.stderr)")
        let build = try BrewGuideProcess.run(["build", "--data", data.path, "--output", site.path, "--quiet"])
        #expect(build.status == 0, "\(build.stderr)")
        return (folder, site)
    }

    /// The printed shopping list takes one page as the docs say: two weeks of the bundled plan
    /// written to the list (57 items, about 60 lines) took two.
    @Test func aTwoWeekShoppingListPrintsOnOnePage() throws {
        let (folder, site) = try KitchenCardPrintTests.twoWeeksOnTheList()
        defer { try? FileManager.default.removeItem(at: folder) }
        let browser = try HeadlessChromium(width: 1280, height: 900)
        for (paper, width, height) in [("A4", 8.27, 11.69), ("Letter", 8.5, 11.0)] {
            #expect(try Self.printedPages(browser, site.appendingPathComponent("kitchen/shopping.html"), width: width, height: height) == 1, "\(paper)")
        }
    }
}
