@testable import BrewSite
import BrewKit
import Foundation
import Testing
import TestSupport

/// The kitchen's search box (issue 25): every word of the query in any order, accents and case
/// aside, over titles, categories and ingredients.
@Suite struct KitchenSearchTests {
    static let recipes = [
        KitchenRecipe(id: "garlic-chicken", title: "Garlic Chicken Thighs", category: .dinner,
                      ingredients: [KitchenIngredient(id: "1", name: "chicken thighs", amount: "4"), KitchenIngredient(id: "2", name: "garlic", amount: "6 cloves")]),
        KitchenRecipe(id: "kottbullar", title: "Köttbullar med Lök", category: .dinner,
                      ingredients: [KitchenIngredient(id: "1", name: "gul lök", amount: "1"), KitchenIngredient(id: "2", name: "Crème fraîche", amount: "2 dl")]),
        KitchenRecipe(id: "porridge", title: "Porridge", category: .breakfast,
                      ingredients: [KitchenIngredient(id: "1", name: "oats", amount: "50 g")]),
    ]

    @Test func theIndexIsFoldedAsTheQueryIs() {
        #expect(KitchenPages.searchText(of: Self.recipes[1]) == "kottbullar med lok · dinner · gul lok · creme fraiche")
        #expect(KitchenPages.searchText(of: Self.recipes[0]).contains("garlic chicken thighs"))
    }

    static let node = ["/usr/bin/node", "/usr/local/bin/node"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// The matcher the page runs, run by node where the machine has it.
    @Test(.enabled(if: node != nil, "node is not installed"))
    func everyWordInAnyOrderWithAccentsAside() throws {
        let queries = ["chicken garlic", "GARLIC   thighs", "lok", "köttbullar lök", "creme", "breakfast", "chicken oats", "", "lök garlic"]
        let texts = Self.recipes.map(KitchenPages.searchText(of:))
        let data = try JSONSerialization.data(withJSONObject: ["texts": texts, "queries": queries])
        let script = "var document = { addEventListener: function () {} };\n" + KitchenScript.builtIn(KitchenScript.searchAsset) + """
            var input = \(String(decoding: data, as: UTF8.self));
            console.log(JSON.stringify(input.queries.map(function (q) {
              return input.texts.map(function (t, i) { return kitchenMatches(t, q) ? i : -1; }).filter(function (i) { return i >= 0; });
            })));
            """
        let (printed, status) = try ToolRun.standardOutput(Self.node!, ["-e", script])
        #expect(status == 0)
        let matches = try #require(try JSONSerialization.jsonObject(with: printed) as? [[Int]])
        #expect(matches == [[0], [0], [1], [1], [1], [2], [], [0, 1, 2], []])
    }
}
