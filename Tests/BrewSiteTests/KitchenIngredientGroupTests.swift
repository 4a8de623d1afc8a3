import BrewData
import BrewKit
@testable import BrewSite
import Foundation
import Testing

/// Ingredient groups ("For the sauce") among a kitchen recipe's ingredients (issue 41): shown as
/// headings on the recipe page, its scaling table and the printable card; never bought, scaled,
/// matched in a step or listed in the JSON-LD; a recipe whose source gave no servings or a range
/// says so beside its servings.
@Suite struct KitchenIngredientGroupTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func hummus() throws -> KitchenRecipe {
        let validated = DataDirectoryReader(root: packageRoot.appendingPathComponent("Tests/Fixtures/Data").path).read().validated
        var recipe = try #require(validated.dataset.kitchenRecipes.first { $0.value.id == "hummus" }?.value)
        recipe.ingredients.insert(.heading(id: "g1", name: "For the <paste>"), at: 0)
        recipe.servingsGiven = false
        recipe.servings = 1
        return recipe
    }

    @Test func groupNamesAreHeadingsAndNothingElse() throws {
        let recipe = try Self.hummus()
        let list = KitchenHTML.ingredients(recipe, units: nil)
        #expect(list.html.contains("<li class=\"kitchen-ingredient-group\"><strong>For the &lt;paste&gt;</strong></li>"), "\(list.html)")
        #expect(!list.html.contains("id=\"ingredient-1\">"), "a group name has no checkbox")
        let table = KitchenHTML.scalingTable(recipe, factors: [("1×", 1), ("2×", 2)], units: nil)
        #expect(table.html.contains("<tr class=\"kitchen-ingredient-group\"><th scope=\"rowgroup\" colspan=\"3\">For the &lt;paste&gt;</th></tr>"))
        #expect(!recipe.plannable.ingredients.contains { $0.name.contains("paste>") }, "nothing to buy")
        let scaled = KitchenScaler.scale(recipe, servings: 2, units: .metric)
        #expect(scaled.ingredients.first?.amount.text == "")
        let card = KitchenHTML.card(recipe, units: nil)
        #expect(card.html.contains("<li class=\"kitchen-ingredient-group\"><strong>For the &lt;paste&gt;</strong></li>"))
        #expect(card.html.contains("Serves not given (scaled as 1)"))
        let meta = KitchenHTML.meta(recipe)
        #expect(meta.html.contains("<strong>not given (scaled as 1)</strong>"))
        #expect(meta.html.contains("The source gives no servings: the amounts are taken as written for 1 serving, and scaling starts from that."))
    }

    @Test func rangesShowBothEndsAndTheBase() throws {
        var recipe = try Self.hummus()
        recipe.servingsGiven = true
        recipe.servings = 2
        recipe.servingsUpTo = 4
        #expect(recipe.servingsShown == "2–4")
        #expect(KitchenHTML.meta(recipe).markdown.contains("The source says it serves 2 to 4: scaling takes 2 as the base."))
    }

    /// The file says `isHeading` and the servings fields only when they are set, reads them back,
    /// and refuses an amount on a group name or a range that does not rise.
    @Test func theFileCarriesThemAndChecksThem() throws {
        let recipe = try Self.hummus()
        let json = KitchenRecordEncoder.json(recipe)
        let back = try KitchenRecordEncoder.recipes(from: [json], context: "test")
        #expect(back.first?.ingredients.first?.isHeading == true)
        #expect(back.first?.servingsGiven == false)
        var wrong = recipe
        wrong.ingredients[0].amount = "2 tbsp"
        var falling = recipe
        falling.servingsGiven = true
        falling.servingsUpTo = 1
        for (bad, words) in [(wrong, "ingredients[0].amount: a group name (isHeading) has no amount, found \"2 tbsp\""),
                             (falling, "servingsUpTo: expected the upper end of a range of servings, more than servings (1) and at most 10000, found 1")] {
            do {
                _ = try KitchenRecordEncoder.recipes(from: [KitchenRecordEncoder.json(bad)], context: "test")
                Issue.record("\(words) was not refused")
            } catch {
                #expect(error.description.contains(words), "\(error.description)")
            }
        }
    }
}

/// Issue 51: notes in brackets follow the name after a space, never as ", (trimmed of excess fat)".
@Suite struct IngredientNotesAfterNameTests {
    @Test func notesFollowTheNameOnce() {
        #expect(KitchenHTML.notesAfterName("finely chopped") == ", finely chopped")
        #expect(KitchenHTML.notesAfterName("(trimmed of excess fat)") == " (trimmed of excess fat)")
        #expect(KitchenHTML.notesAfterName(", (trimmed of excess fat)") == " (trimmed of excess fat)")
        #expect(KitchenHTML.notesAfterName(", peeled") == ", peeled")
        #expect(KitchenHTML.notesAfterName("  ") == "")
        #expect(KitchenHTML.notesAfterName(nil) == "")
    }
}
