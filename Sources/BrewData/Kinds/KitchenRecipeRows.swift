import BrewKit

/// The rows a kitchen recipe nests (`ingredients`, `steps`) as the records of a kind of their own
/// (`KitchenIngredientsKind`, `KitchenStepsKind`): each row carries its recipe's id as `recipeId`.
enum KitchenRecipeRows {
    /// The rows under `member` of every kitchen recipe in `snapshot`, as JSON.
    static func records(_ member: String, in snapshot: DataSnapshot) -> [JSONValue] {
        DataSnapshot.owned(snapshot.kitchenRecipes, id: \.id, field: "recipeId") { DataSnapshot.elements(KitchenRecordEncoder.json($0)[member]) }
    }

    /// The CSV export's table `name` of those rows, in `columns`; none when there is no kitchen recipe.
    static func csvTables(_ member: String, name: String, columns: [String], in snapshot: DataSnapshot) -> [CSVExportTable] {
        guard !snapshot.kitchenRecipes.isEmpty else { return [] }
        let rows = snapshot.kitchenRecipes.flatMap { recipe in
            CSVExport.elements(of: KitchenRecordEncoder.json(recipe)[member]).map { $0.setting("recipeId", to: .string(recipe.id)) }
        }
        return [CSVExportTable(name: name, columns: columns, records: rows, readme: nil)]
    }
}
