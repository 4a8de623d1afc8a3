import BrewKit

/// Kitchen recipes: `kitchen/recipes/*.json` (ingredients and steps nested) or a CSV with a `title` column.
public enum KitchenRecipesKind: RecordKindDeclaration {
    public static let kind = RecordKind.kitchenRecipes
    public static var rules: RecordKind.Rules {
        .init(place: .folder("kitchen/recipes"), identity: .init(idField: "id"),
              merge: .conflictedCopy(timestampField: "updatedAt"), erase: .byID(ledgerKind: .kitchenRecipe),
              summary: "kitchen recipes: kitchen/recipes/*.json (ingredients and steps nested) or a CSV with a title column")
    }
    public static let archiveMember = ArchiveMember.kitchenRecipes
    public static let isCountedInManifest = true
    public static let mergeLabel = "kitchen recipe"
    public static func merge(_ walk: inout Merger.Walk) { Merger.mergeConflictedCopies(kind, \.kitchenRecipes, written: \.newKitchenRecipes, replaced: \.replacedKitchenRecipeIDs, &walk) }
    public static func leavesTarget(_ record: JSONValue, ownerID: String?, after outcome: Merger.Outcome) -> Bool {
        outcome.removesFromTarget(id: record.text("id"), erasedAs: .kitchenRecipe, replaced: outcome.replacedKitchenRecipeIDs)
    }
    public static func erased(by selection: Eraser.Selection) -> Eraser.Reach { .nothing }
    /// Its thumbnail when it is a file in the data directory (not a link).
    public static func namedFiles(_ record: JSONValue) -> [String] {
        guard let text = record.text("thumbnail"), case .file(let path)? = KitchenThumbnail(text) else { return [] }
        return [path]
    }

    public static func claim(csvHeader header: [String]) -> RecordKind? {
        header.contains("recipeId") ? (header.contains("amount") ? .kitchenIngredients : header.contains("order") ? .kitchenSteps : nil)
            : header.contains("title") ? .kitchenRecipes : nil
    }
    public static func claim(jsonKeys keys: Set<String>) -> RecordKind? { .kitchenRecipes }

    public static func records(in snapshot: DataSnapshot) -> [JSONValue] { snapshot.kitchenRecipes.map(KitchenRecordEncoder.json) }
    public static func count(in snapshot: DataSnapshot) -> Int { snapshot.kitchenRecipes.count }

    public static func csvTables(in snapshot: DataSnapshot) -> [CSVExportTable] {
        // The columns of a kitchen recipes CSV in the data directory (docs/KITCHEN.md), so the
        // three files read back as the same recipes; nutrition in its four columns.
        guard !snapshot.kitchenRecipes.isEmpty else { return [] }
        let records = snapshot.kitchenRecipes.map { recipe in
            var value = KitchenRecordEncoder.json(recipe).removing("ingredients").removing("steps").removing("nutrition")
            for member in KitchenRecordEncoder.json(recipe)["nutrition"]?.members ?? [] { value = value.setting(member.key, to: member.value) }
            return value
        }
        let stepColumns = CSVExport.kitchenStepColumns(for: snapshot.kitchenRecipes)
        let recipeColumns = CSVExport.kitchenRecipeColumns(for: snapshot.kitchenRecipes)
        return [CSVExportTable(name: "kitchen-recipes.csv", columns: recipeColumns, records: records,
                               readme: "`kitchen-recipes.csv`, `kitchen-ingredients.csv`, `kitchen-steps.csv` (when there are kitchen recipes): \(recipeColumns.joined(separator: ", ")); then \(CSVExport.kitchenIngredientColumns(for: snapshot.kitchenRecipes).joined(separator: ", ")); then \(stepColumns.joined(separator: ", "))\(stepColumns.contains("isHeading") ? " (`isHeading` is true for a section heading such as \"Make the marinade\", empty for a step)" : ""). The kitchen recipes CSV files of the data directory (docs/KITCHEN.md), joined by `recipeId`: put the three in `kitchen/recipes/` and `check` reads the same recipes. Nutrition is per recipe (kcal, grams); `cardServings` is `;`-joined.")]
    }

    /// Its pages, the kitchen's lists, the planner's pages that name it and the years in review.
    public static let pageGroups: Set<PageGroup> = [.summaries, .kitchenLists, .kitchenRecipes, .mealPlan]
}
