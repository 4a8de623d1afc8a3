import BrewKit

/// Meal-plan slots, in `kitchen/plan/`; read whole by `MealPlanReader`.
public enum MealPlanSlotsKind: RecordKindDeclaration {
    public static let kind = RecordKind.mealPlanSlots
    public static var rules: RecordKind.Rules {
        .init(place: .folder("kitchen/plan"), identity: .init(idField: "id"),
              merge: .lastWriteWins(timestampField: "updatedAt"),
              erase: .withEverything(ledgerKind: .planSlot),
              summary: "meal-plan slots: kitchen/plan/*.json or *.csv")
    }
    public static let archiveMember = ArchiveMember.kitchenFiles
    public static let isCountedInManifest = true
    public static let mergeLabel = "plan slot"
    public static func merge(_ walk: inout Merger.Walk) { Merger.mergePlannerKind(kind, &walk) }
    /// A slot replaced by one written to a new plan file, or erased on a source.
    public static func leavesTarget(_ record: JSONValue, ownerID: String?, after outcome: Merger.Outcome) -> Bool {
        record.text("id").map { outcome.planner.replaces($0.trimmingSpaces, of: kind) } ?? false
    }
    /// `--plan-before DAY`: the slots of earlier days.
    public static func erased(by selection: Eraser.Selection) -> Eraser.Reach {
        guard case .planBefore(let day) = selection else { return .nothing }
        return .records { $0.text("day").map { $0 < day } ?? false }
    }
    public static func namedFiles(_ record: JSONValue) -> [String] { [] }

    public static func claim(csvHeader header: [String]) -> RecordKind? { .mealPlanSlots }
    public static func claim(jsonKeys keys: Set<String>) -> RecordKind? { .mealPlanSlots }

    /// Its records in the planner's files, which a snapshot carries whole (`KitchenPlannerFiles`).
    public static func records(in snapshot: DataSnapshot) -> [JSONValue] {
        snapshot.kitchenFiles.filter { KitchenPlannerFiles.kind(ofPath: $0.relativePath) == kind }.flatMap(KitchenPlannerFiles.records)
    }

    /// The planner's four tables, written only when there are records, share this line.
    public static var csvReadmeLineAlways: String? {
        "`meal-plan-slots.csv`, `snack-presets.csv`, `shopping-items.csv`, `kitchen-inbox.csv` (each when there are any): the kitchen planner's records with the columns of its files (docs/KITCHEN.md); a slot's quick-add item is in quickAddName, calories, protein, carbs, fats. The goals are the `kitchen` row of `preferences.csv`."
    }

    public static func csvTables(in snapshot: DataSnapshot) -> [CSVExportTable] {
        KitchenPlannerFiles.csvTables(of: kind, in: snapshot)
    }

    /// A slot names a kitchen recipe or a snack preset.
    public static var references: [KindReference] {
        [KindReference(MealPlanValidator.recipeReference, naming: .kitchenRecipes),
         KindReference(MealPlanValidator.snackReference, naming: .snackPresets)]
    }

    /// The planner's pages and the years in review.
    public static let pageGroups: Set<PageGroup> = [.summaries, .mealPlan]
}
