import BrewKit
import Foundation

/// The kitchen recipes as meal plans and shopping lists see them (`PlannableRecipe`), and the
/// kitchen recipe ids that were erased (from the erasure records), read from a data directory.
public enum KitchenRecipeSource {
    public static func plannableRecipes(in dataset: Dataset) -> [String: PlannableRecipe] {
        [:]
    }

    public static func erasedRecipeIDs(root: String) -> Set<String> {
        []
    }

    /// The kitchen's amount grammar, as the shopping list reads amounts.
    public static let amountReader: ShoppingAmount.Reader = { ShoppingAmount.kitchen($0) }
}
