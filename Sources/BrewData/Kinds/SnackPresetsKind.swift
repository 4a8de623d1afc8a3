import BrewKit

/// Quick-add snack presets that add to or override the built-in eight: `kitchen/snacks.json`.
public enum SnackPresetsKind: RecordKindDeclaration {
    public static let kind = RecordKind.snackPresets
    public static var rules: RecordKind.Rules {
        .init(place: .file("kitchen/snacks.json"), identity: .init(idField: "id"),
              merge: .lastWriteWins(timestampField: "updatedAt"),
              erase: .withEverything(ledgerKind: .snackPreset),
              summary: "snack presets: kitchen/snacks.json")
    }
    public static let archiveMember = ArchiveMember.kitchenFiles
    public static let isCountedInManifest = true
    public static let mergeLabel = "snack preset"
    public static func merge(_ walk: inout Merger.Walk) { Merger.mergePlannerKind(kind, &walk) }
    /// Its file is rewritten whole (`Merger.PlannerChanges.writes`), never trimmed record by record.
    public static func leavesTarget(_ record: JSONValue, ownerID: String?, after outcome: Merger.Outcome) -> Bool { false }
    public static func erased(by selection: Eraser.Selection) -> Eraser.Reach { .nothing }
    public static func namedFiles(_ record: JSONValue) -> [String] { [] }

    public static func claim(jsonKeys keys: Set<String>) -> RecordKind? { .snackPresets }

    /// Its records in the planner's files, which a snapshot carries whole (`KitchenPlannerFiles`).
    public static func records(in snapshot: DataSnapshot) -> [JSONValue] {
        snapshot.kitchenFiles.filter { KitchenPlannerFiles.kind(ofPath: $0.relativePath) == kind }.flatMap(KitchenPlannerFiles.records)
    }

    public static func csvTables(in snapshot: DataSnapshot) -> [CSVExportTable] {
        KitchenPlannerFiles.csvTables(of: kind, in: snapshot)
    }

    /// The planner's pages.
    public static let pageGroups: Set<PageGroup> = [.mealPlan]
}
