import BrewKit

/// A kitchen recipe's ingredients: nested in it, or a CSV in `kitchen/recipes/` with `recipeId` and `amount` columns.
public enum KitchenIngredientsKind: RecordKindDeclaration {
    public static let kind = RecordKind.kitchenIngredients
    public static var rules: RecordKind.Rules {
        .init(place: .within(.kitchenRecipes), identity: .init(idField: "id", owner: .init(.kitchenRecipes, .field("recipeId"))),
              merge: .withOwner, erase: .withOwner,
              summary: "kitchen ingredients: nested in a kitchen recipe, or a CSV in kitchen/recipes/ with recipeId and amount columns")
    }
    public static let archiveMember = ArchiveMember.kitchenRecipes
    public static let isCountedInManifest = false
    public static let mergeLabel = "kitchenIngredients"
    /// Merged with its kitchen recipe, and leaves the target with it.
    public static func merge(_ walk: inout Merger.Walk) {}
    public static func leavesTarget(_ record: JSONValue, ownerID: String?, after outcome: Merger.Outcome) -> Bool {
        outcome.removesFromTarget(id: ownerID, erasedAs: .kitchenRecipe, replaced: outcome.replacedKitchenRecipeIDs)
    }
    public static func erased(by selection: Eraser.Selection) -> Eraser.Reach { .nothing }
    public static func namedFiles(_ record: JSONValue) -> [String] { [] }

    public static func records(in snapshot: DataSnapshot) -> [JSONValue] { KitchenRecipeRows.records("ingredients", in: snapshot) }

    public static func csvTables(in snapshot: DataSnapshot) -> [CSVExportTable] {
        KitchenRecipeRows.csvTables("ingredients", name: "kitchen-ingredients.csv", columns: CSVExport.kitchenIngredientColumns(for: snapshot.kitchenRecipes), in: snapshot)
    }

    /// Its recipe's pages and the planner's pages (the shopping list).
    public static let pageGroups: Set<PageGroup> = [.kitchenLists, .kitchenRecipes, .mealPlan]
}
