import BrewKit

/// The shopping list: `kitchen/shopping.json`, or the same items as `kitchen/shopping.csv`.
public enum ShoppingItemsKind: RecordKindDeclaration {
    public static let kind = RecordKind.shoppingItems
    public static var rules: RecordKind.Rules {
        .init(place: .files(["kitchen/shopping.json", "kitchen/shopping.csv"]), identity: .init(idField: "id"),
              merge: .lastWriteWins(timestampField: "updatedAt"),
              erase: .withEverything(ledgerKind: .shoppingItem),
              summary: "the shopping list: kitchen/shopping.json or kitchen/shopping.csv")
    }
    public static let archiveMember = ArchiveMember.kitchenFiles
    public static let isCountedInManifest = true
    public static let mergeLabel = "shopping item"
    public static func merge(_ walk: inout Merger.Walk) { Merger.mergePlannerKind(kind, &walk) }
    /// Its file is rewritten whole (`Merger.PlannerChanges.writes`), never trimmed record by record.
    public static func leavesTarget(_ record: JSONValue, ownerID: String?, after outcome: Merger.Outcome) -> Bool { false }
    /// `--shopping`: the whole list.
    public static func erased(by selection: Eraser.Selection) -> Eraser.Reach { selection == .shopping ? .everything : .nothing }
    public static func namedFiles(_ record: JSONValue) -> [String] { [] }

    public static func claim(csvHeader header: [String]) -> RecordKind? { .shoppingItems }
    public static func claim(jsonKeys keys: Set<String>) -> RecordKind? { .shoppingItems }

    /// Its records in the planner's files, which a snapshot carries whole (`KitchenPlannerFiles`).
    public static func records(in snapshot: DataSnapshot) -> [JSONValue] {
        snapshot.kitchenFiles.filter { KitchenPlannerFiles.kind(ofPath: $0.relativePath) == kind }.flatMap(KitchenPlannerFiles.records)
    }

    public static func csvTables(in snapshot: DataSnapshot) -> [CSVExportTable] {
        KitchenPlannerFiles.csvTables(of: kind, in: snapshot)
    }

    /// The shopping list.
    public static let pageGroups: Set<PageGroup> = [.mealPlan]
}
