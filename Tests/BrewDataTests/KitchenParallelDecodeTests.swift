@testable import BrewData
import BrewKit
import Testing
import TestSupport

/// A kitchen file of many recipes is decoded in runs on all cores (issue 29): the recipes, where
/// each stands and every diagnostic must be what one pass over the file gives, in its order.
@Suite struct KitchenParallelDecodeTests {
    /// A recipe object, right or with one of the mistakes a hand-edited file has.
    static func recipe(_ number: Int, _ random: inout SplitMix64) -> String {
        let mistake = Int(random.next() % 10)
        let title = mistake == 1 ? "" : "\"title\": \"Soup no. \(number)\","
        let servings = mistake == 2 ? "\"servings\": \"four\"," : "\"servings\": \(1 + random.next() % 6),"
        let extra = mistake == 3 ? "\"colour\": \"red\"," : ""
        let ingredients = (0..<Int(random.next() % 5)).map { index in
            mistake == 4 && index == 0 ? "\"salt\"" : "{\"id\": \"i\(index)\", \"name\": \"onion \(index)\", \"amount\": \"\(1 + index) tbsp\"}"
        }
        let steps = (0..<Int(random.next() % 6)).map { index in
            "{\"order\": \(mistake == 5 && index == 1 ? 1 : index + 1), \"text\": \"Stir \(index) and simmer 5 minutes.\"\(index == 2 ? ", \"isHeading\": true" : "")}"
        }
        let category = mistake == 6 ? "Brunch" : "Dinner"
        return """
            {"id": "soup-\(number)", \(title) \(servings) \(extra) "category": "\(category)",
             "ingredients": [\(ingredients.joined(separator: ", "))], "steps": [\(steps.joined(separator: ", "))]}
            """
    }

    @Test func runsOnAllCoresGiveWhatOnePassGives() throws {
        var random = SplitMix64(seed: 30)
        for count in [0, 1, KitchenFileParser.recipesPerRun, KitchenFileParser.recipesPerRun + 1, 700] {
            let text = "[\n" + (0..<count).map { Self.recipe($0, &random) }.joined(separator: ",\n") + "\n]"
            let node = try JSONParser.parse(Array(text.utf8), file: "kitchen/recipes/kitchen.json")
            guard case .array(let nodes) = node.value else { Issue.record("not an array"); return }
            let parallel = KitchenFileParser.decodeRecipes(nodes)
            let serial = KitchenFileParser.decodeRecipesInOrder(nodes[...])
            #expect(parallel.drafts.map(\.recipe) == serial.drafts.map(\.recipe), "\(count) recipes")
            #expect(parallel.drafts.map(\.source) == serial.drafts.map(\.source))
            #expect(parallel.drafts.map(\.hasInlineSteps) == serial.drafts.map(\.hasInlineSteps))
            #expect(parallel.drafts.map(\.hasInlineIngredients) == serial.drafts.map(\.hasInlineIngredients))
            #expect(parallel.diagnostics == serial.diagnostics, "\(count) recipes")
            if count == 700 {
                // The generated mistakes are there to be reported, and some recipes are still good.
                #expect(serial.diagnostics.count > 100)
                #expect(serial.drafts.count > 300 && serial.drafts.count < 700)
            }
        }
    }

    /// Through the file reader: the whole file's recipes and findings in file order.
    @Test func aFileOfManyRecipesReadsInFileOrder() {
        var random = SplitMix64(seed: 31)
        let text = "[\n" + (0..<300).map { Self.recipe($0, &random) }.joined(separator: ",\n") + "\n]"
        let parsed = RecordFileParser.parse(Array(text.utf8), path: "kitchen/recipes/kitchen.json", kind: .kitchenRecipes)
        let ids = parsed.kitchen.recipes.map(\.recipe.id)
        #expect(ids == ids.sorted { Int($0.dropFirst(5))! < Int($1.dropFirst(5))! })
        #expect(parsed.diagnostics.count > 30, "the generated mistakes are reported")
    }
}
