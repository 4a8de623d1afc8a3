import BrewData
import BrewKit
import Foundation
import Testing
import TestSupport

/// Issue 51: a CSV step or ingredient without an id took its id from its row in the file, so a
/// recipe that left the file (a merge writes a newer copy elsewhere) renamed the next recipe's
/// rows, and the next merge took that recipe for an edit and made a "(Conflicted Copy)" of it.
@Suite struct KitchenCSVRowIDTests {
    /// The test journal's kitchen recipes read from a copy, after `edit` on its `kitchen/recipes/` CSV files' lines.
    static func recipes(removingLinesOf recipeID: String?) throws -> [String: KitchenRecipe] {
        let root = TestPaths.temporary("csv-row-ids")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.copyItem(at: TestPaths.journal, to: root)
        if let recipeID {
            let folder = root.appendingPathComponent("kitchen/recipes")
            for name in ["kitchen.csv", "kitchen-steps.csv", "kitchen-ingredients.csv"] {
                let file = folder.appendingPathComponent(name)
                let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
                try lines.filter { !$0.hasPrefix("\(recipeID),") }.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
            }
        }
        let dataset = DataDirectoryReader(root: root.path).read().validated.dataset
        return Dictionary(dataset.kitchenRecipes.map { ($0.value.id, $0.value) }) { a, _ in a }
    }

    @Test func aRowsIDDoesNotDependOnOtherRecipesRows() throws {
        let whole = try Self.recipes(removingLinesOf: nil)
        let withoutHummus = try Self.recipes(removingLinesOf: "hummus")
        #expect(whole["hummus"] != nil && withoutHummus["hummus"] == nil)
        let pancakes = try #require(whole["pancakes"])
        #expect(pancakes.steps.map(\.id) == ["step-1", "step-2", "step-3"], "\(pancakes.steps.map(\.id))")
        #expect(withoutHummus["pancakes"] == pancakes, "pancakes' steps: \(withoutHummus["pancakes"]?.steps.map(\.id) ?? []) for \(pancakes.steps.map(\.id))")
    }
}
