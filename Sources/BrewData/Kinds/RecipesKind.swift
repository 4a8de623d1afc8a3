import BrewKit

/// Coffee recipes: `recipes/*.json` (steps nested) or a recipes CSV.
public enum RecipesKind: RecordKindDeclaration {
    public static let kind = RecordKind.recipes
    public static var rules: RecordKind.Rules {
        .init(place: .folder("recipes"), identity: .init(idField: "id"),
              merge: .conflictedCopy(timestampField: "modifiedAt"), erase: .byID(ledgerKind: .recipe),
              summary: "recipes: recipes/*.json (steps nested) or a recipes CSV")
    }
    public static let archiveMember = ArchiveMember.recipes
    public static let isCountedInManifest = true
    public static let mergeLabel = "recipe"
    public static func merge(_ walk: inout Merger.Walk) { Merger.mergeConflictedCopies(kind, \.recipes, written: \.newRecipes, replaced: \.replacedRecipeIDs, &walk) }
    public static func leavesTarget(_ record: JSONValue, ownerID: String?, after outcome: Merger.Outcome) -> Bool {
        !record.isStarterRecipe && outcome.removesFromTarget(id: record.text("id"), erasedAs: .recipe, replaced: outcome.replacedRecipeIDs)
    }
    public static func erased(by selection: Eraser.Selection) -> Eraser.Reach { .nothing }
    public static func namedFiles(_ record: JSONValue) -> [String] { [] }

    public static func claim(csvHeader header: [String]) -> RecordKind? {
        header.contains("recipeId") && !header.contains("defaultDose") ? .recipeSteps : .recipes
    }
    public static func claim(jsonKeys keys: Set<String>) -> RecordKind? { .recipes }

    public static func records(in snapshot: DataSnapshot) -> [JSONValue] { snapshot.recipes.map(RecordEncoder.json) }
    public static func count(in snapshot: DataSnapshot) -> Int { snapshot.recipes.count }

    public static func csvTables(in snapshot: DataSnapshot) -> [CSVExportTable] {
        [CSVExportTable(name: "recipes.csv", columns: CSVExport.recipeColumns, records: snapshot.recipes.map(RecordEncoder.json),
                        readme: "`recipes.csv`: \(CSVExport.recipeColumns.joined(separator: ", ")). Grams for dose and yield, °C for the temperature.")]
    }

    /// The coffee recipe's page, the lists and brew pages that name it, its card and brew-alongs.
    public static let pageGroups: Set<PageGroup> = [.summaries, .logLists, .logPages, .cards]
}
