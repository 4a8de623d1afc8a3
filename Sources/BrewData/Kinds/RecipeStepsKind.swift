import BrewKit

/// A coffee recipe's steps: nested in the recipe, or a CSV in `recipes/` with a `recipeId` column.
public enum RecipeStepsKind: RecordKindDeclaration {
    public static let kind = RecordKind.recipeSteps
    public static var rules: RecordKind.Rules {
        .init(place: .within(.recipes), identity: .init(idField: "stepId", owner: .init(.recipes, .field("recipeId"))),
              merge: .withOwner, erase: .withOwner,
              summary: "recipe steps: a CSV in recipes/ with a recipeId column (and no defaultDose)")
    }
    public static let archiveMember = ArchiveMember.recipes
    public static let isCountedInManifest = false
    public static let mergeLabel = "recipeSteps"
    /// Merged with its recipe, and leaves the target with it.
    public static func merge(_ walk: inout Merger.Walk) {}
    public static func leavesTarget(_ record: JSONValue, ownerID: String?, after outcome: Merger.Outcome) -> Bool {
        outcome.removesFromTarget(id: ownerID, erasedAs: .recipe, replaced: outcome.replacedRecipeIDs)
    }
    public static func erased(by selection: Eraser.Selection) -> Eraser.Reach { .nothing }
    public static func namedFiles(_ record: JSONValue) -> [String] { [] }

    public static func records(in snapshot: DataSnapshot) -> [JSONValue] {
        DataSnapshot.owned(snapshot.recipes, id: \.id, field: "recipeId") { $0.steps.map(RecordEncoder.json) }
    }

    public static func csvTables(in snapshot: DataSnapshot) -> [CSVExportTable] {
        let steps = snapshot.recipes.flatMap { recipe in recipe.steps.map { RecordEncoder.json($0).setting("recipeId", to: .string(recipe.id)) } }
        return [CSVExportTable(name: "recipe-steps.csv", columns: CSVExport.stepColumns, records: steps,
                               readme: "`recipe-steps.csv`: \(CSVExport.stepColumns.joined(separator: ", ")). `recipeId` names the recipe; water is cumulative grams on the scale; times are seconds.")]
    }

    /// The recipe's page, its card and brew-alongs, and the brews of it.
    public static let pageGroups: Set<PageGroup> = [.summaries, .logPages, .cards]
}
