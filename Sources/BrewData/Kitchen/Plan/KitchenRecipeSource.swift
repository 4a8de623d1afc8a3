import BrewKit
import Foundation

/// The kitchen recipes as meal plans and shopping lists see them (`PlannableRecipe`), and the
/// kitchen recipe ids that were erased (from the erasure records), read from a data directory.
public enum KitchenRecipeSource {
    /// The kitchen recipes of `dataset` by id (the first of a repeated id, which `check` reports).
    public static func plannableRecipes(in dataset: Dataset) -> [String: PlannableRecipe] {
        Dictionary(dataset.kitchenRecipes.map { ($0.value.id, $0.value.plannable) }, uniquingKeysWith: { first, _ in first })
    }

    /// The kitchen recipe ids in the erasure ledger (`erasures.json`); empty when there is none
    /// or it cannot be read (`check` reports that).
    public static func erasedRecipeIDs(root: String) -> Set<String> {
        guard let records = try? ErasureLedger.load(root: root) else { return [] }
        return Set(records.filter { $0.kind == .kitchenRecipe }.map(\.id))
    }

    /// The kitchen's amount grammar, as the shopping list reads amounts.
    public static let amountReader: ShoppingAmount.Reader = { ShoppingAmount.kitchen($0) }
}
