@testable import BrewClip
@testable import BrewData
import BrewKit
import Foundation
import Testing

/// A nutrition figure that an app export or a page leaves empty is unknown from import on: the
/// kitchen recipe file leaves it out (never 0), and it reads back as unknown. Figures per serving
/// are kept as given and multiplied by the servings before the one rounding.
struct UnknownNutritionImportTests {
    /// The recipe file a clipped or imported recipe is written as, read back as `check` reads it.
    static func written(_ clipped: ClippedRecipe) throws -> (file: JSONValue, recipe: KitchenRecipe) {
        let draft = try KitchenClipWriter.draft(clipped, root: "/nonexistent-clip-root", category: nil, takenIDs: [])
        let parsed = RecordFileParser.parse(draft.bytes, path: draft.path, kind: .kitchenRecipes)
        let recipe = try #require(parsed.kitchen.locatedRecipes.first?.value)
        let file = JSONValue(try JSONParser.parse(draft.bytes, file: draft.path))
        return (file, recipe)
    }

    @Test func mealiesEmptyCaloriesStayUnknown() throws {
        let json = Array(#"""
        {"name":"Beef Stew","slug":"beef-stew","recipe_yield":"4 serving(s)",
         "recipe_ingredient":[{"note":"1 pound beef","disable_amount":true}],"recipe_instructions":[{"text":"Simmer."}],
         "nutrition":{"calories":"","fat_content":"12","protein_content":"35","carbohydrate_content":"54"}}
        """#.utf8)
        let (file, recipe) = try Self.written(try MealieRecipeReader.read(json: json, origin: "m").clipped)
        let nutrition = try #require(file["nutrition"])
        #expect(nutrition["calories"] == nil, "no 0 kcal beside 35 g of protein")
        #expect(nutrition["protein"] == .number(140))
        #expect(recipe.nutrition?.unknown == [.calories])
        #expect(recipe.nutritionPerServing?.shown(.calories) == "—")
    }

    @Test func aPageWithoutProteinOrFatStoresNeither() throws {
        let html = """
            <html><head><script type="application/ld+json">
            {"@type": "Recipe", "name": "Butter bread", "recipeYield": "2", "recipeIngredient": ["2 slices bread", "20 g butter"],
             "recipeInstructions": ["Spread."], "nutrition": {"calories": "180 kcal", "carbohydrateContent": "20 g"}}
            </script></head><body></body></html>
            """
        let (file, recipe) = try Self.written(KitchenPageReader.read(html: html))
        #expect(file["nutrition"]?["protein"] == nil)
        #expect(file["nutrition"]?["fats"] == nil)
        #expect(recipe.nutrition == KitchenNutrition(calories: 360, protein: 0, carbs: 40, fats: 0, unknown: [.protein, .fats]))
    }

    @Test func nextcloudFiguresAreKeptAsGiven() throws {
        // Chicken Parmigiana of the Nextcloud export: 528.3 kcal and 43.5 g of protein a serving, for 2.
        let json = Array(#"""
        {"@type":"Recipe","id":"1","name":"Chicken Parmigiana","recipeYield":2,"recipeIngredient":["2 chicken breasts"],
         "recipeInstructions":["Bake."],"nutrition":{"calories":"528.3 calories","proteinContent":"43.5 g","fatContent":"18.3 g","carbohydrateContent":"44.9 g"}}
        """#.utf8)
        let (file, _) = try Self.written(try NextcloudRecipeReader.read(json: json, origin: "n").clipped)
        #expect(file["nutrition"]?["calories"] == .number(1057), "528.3 × 2, not 528 × 2 = 1056")
        #expect(file["nutrition"]?["protein"] == .number(87), "43.5 × 2, not 44 × 2")
        #expect(file["nutrition"]?["fats"] == .number(37))
        #expect(file["nutrition"]?["carbs"] == .number(90))
    }

    @Test func theEncoderLeavesAnUnknownFigureOut() throws {
        let recipe = KitchenRecipe(id: "r", title: "R", servings: 2,
                                   nutrition: KitchenNutrition(calories: 0, protein: 10, carbs: 0, fats: 0, unknown: [.calories, .carbs]))
        let members = KitchenRecordEncoder.json(recipe)["nutrition"]?.members?.map(\.key)
        #expect(members == ["protein", "fats"])
    }
}

extension UnknownNutritionImportTests {
    @Test func clippingAndImportSayWhichFiguresAreNotGiven() throws {
        let perServing = try #require(ServingNutrition(calories: 180, protein: nil, carbs: 20, fats: nil))
        #expect(perServing.missingNote == "the nutrition gives no protein and fats: left unknown (shown as —), not 0")
        var clipped = ClippedRecipe()
        clipped.title = "Butter bread"
        clipped.steps = ["Spread."]
        clipped.nutritionPerServing = perServing
        let draft = try KitchenClipWriter.draft(clipped, root: "/nonexistent-clip-root", category: nil, takenIDs: [])
        #expect(draft.repairs.contains(perServing.missingNote!))
    }
}
