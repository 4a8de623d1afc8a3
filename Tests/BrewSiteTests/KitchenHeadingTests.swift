import BrewData
import BrewKit
@testable import BrewSite
import Foundation
import Testing

/// Section headings among a kitchen recipe's steps (issue 25): shown as headings on the recipe
/// page and the printable card, the steps numbered around them; cook mode does not stop at them
/// but labels the next step; the JSON-LD groups the steps in `HowToSection`s.
@Suite struct KitchenHeadingTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The bundled kitchen with hummus's steps as two sections: "Make the paste" (2 steps), "Serve" (1 step).
    static func pages() throws -> (recipe: String, recipeMarkdown: String, cook: String, card: String) {
        var validated = DataDirectoryReader(root: packageRoot.appendingPathComponent("Data").path).read().validated
        let index = try #require(validated.dataset.kitchenRecipes.firstIndex { $0.value.id == "hummus" })
        validated.dataset.kitchenRecipes[index].value.steps = [
            KitchenStep(id: "h1", order: 1, text: "Make the paste", isHeading: true),
            KitchenStep(id: "s1", order: 2, text: "Blend the chickpeas."),
            KitchenStep(id: "s2", order: 3, text: "Add the tahini & lemon."),
            KitchenStep(id: "h2", order: 4, text: "Serve <warm>", isHeading: true),
            KitchenStep(id: "s3", order: 5, text: "Drizzle with oil."),
        ]
        let (templates, _) = TemplateSet.load(defaultDirectory: packageRoot.appendingPathComponent("Templates").path, overrideDirectory: nil)
        let renderer = PageRenderer(templates: templates)
        let plan = SiteBuilder(renderer: renderer).plan(validated, now: Date(timeIntervalSince1970: 1_800_000_000))
        let recipeIndex = try #require(plan.kitchen.recipes.firstIndex { $0.id == "hummus" })
        let cookIndex = try #require(plan.kitchen.cookable.firstIndex(of: recipeIndex))
        func rendered(_ source: SitePlan.Source, _ suffix: String) throws -> String {
            String(decoding: try #require(renderer.render(plan.page(for: source)).first { $0.path.hasSuffix(suffix) }).contents, as: UTF8.self)
        }
        return (try rendered(.kitchenRecipe(recipeIndex), ".html"), try rendered(.kitchenRecipe(recipeIndex), ".md"),
                try rendered(.kitchenCook(cookIndex), ".html"), try rendered(.kitchenCard(recipeIndex), ".html"))
    }

    @Test func headingsAreHeadingsAndTheStepsAreNumberedAroundThem() throws {
        let pages = try Self.pages()
        #expect(pages.recipe.contains("<h3>Make the paste</h3>"), "\(pages.recipe)")
        #expect(pages.recipe.contains("<h3>Serve &lt;warm&gt;</h3>"))
        #expect(pages.recipe.contains("<ol start=\"3\">\n<li>Drizzle with oil.</li>"), "the steps after a heading go on counting")
        #expect(!pages.recipe.contains("<li>Make the paste</li>"))
        #expect(pages.recipeMarkdown.contains("### Make the paste"))
        #expect(pages.recipeMarkdown.contains("2. Add the tahini"))
        #expect(pages.card.contains("<h3>Make the paste</h3><ol start=\"1\"><li>Blend the chickpeas.</li><li>Add the tahini &amp; lemon.</li></ol><h3>Serve &lt;warm&gt;</h3><ol start=\"3\"><li>Drizzle with oil.</li>"), "\(pages.card)")
    }

    @Test func cookModeSkipsHeadingsAndLabelsTheNextStep() throws {
        let cook = try Self.pages().cook
        #expect(cook.contains("Step 1 of 3"))
        #expect(cook.contains("Step 3 of 3"))
        #expect(!cook.contains("of 5"), "headings are not steps to cook")
        #expect(!cook.contains("<p class=\"cook-text\">Make the paste</p>"))
        #expect(cook.contains("<li class=\"cook-step\" id=\"step-1\">\n<p class=\"cook-section\">Make the paste</p>"))
        #expect(cook.contains("<li class=\"cook-step\" id=\"step-3\">\n<p class=\"cook-section\">Serve &lt;warm&gt;</p>"))
        #expect(!cook.contains("<li class=\"cook-step\" id=\"step-2\">\n<p class=\"cook-section\">"), "a label only on the first step of its section")
    }

    @Test func jsonLDGroupsStepsInSections() throws {
        let steps = [
            KitchenStep(id: "s0", order: 1, text: "Soak the chickpeas."),
            KitchenStep(id: "h1", order: 2, text: "Make the paste", isHeading: true),
            KitchenStep(id: "s1", order: 3, text: "Blend."),
            KitchenStep(id: "s2", order: 4, text: "Season."),
        ]
        let items = try Self.parsed(KitchenJSONLD.instructions(steps))
        #expect(items.count == 2)
        #expect(items[0]["@type"] as? String == "HowToStep")
        #expect(items[0]["position"] as? Int == 1)
        #expect(items[1]["@type"] as? String == "HowToSection")
        #expect(items[1]["name"] as? String == "Make the paste")
        let inner = try #require(items[1]["itemListElement"] as? [[String: Any]])
        #expect(inner.map { $0["text"] as? String } == ["Blend.", "Season."])
        #expect(inner.map { $0["position"] as? Int } == [2, 3])
        let plain = try Self.parsed(KitchenJSONLD.instructions(Array(steps.prefix(1))))
        #expect(plain.count == 1 && plain[0]["@type"] as? String == "HowToStep", "no heading, no section")
    }

    /// The instructions as a page's JSON-LD writes them, read back by Foundation.
    static func parsed(_ items: [JSONLDValue]) throws -> [[String: Any]] {
        try #require(JSONSerialization.jsonObject(with: Data(JSONLDValue.array(items).serialized.utf8)) as? [[String: Any]])
    }
}
