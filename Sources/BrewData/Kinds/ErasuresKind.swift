import BrewKit

/// The erasure ledger: `erasures.json`. Never erased; it holds no personal content.
public enum ErasuresKind: RecordKindDeclaration {
    public static let kind = RecordKind.erasures
    public static var rules: RecordKind.Rules {
        .init(place: .file("erasures.json"), identity: .init(idField: "id"),
              merge: .union, erase: .never,
              summary: "the erasure ledger: erasures.json")
    }
    public static let archiveMember = ArchiveMember.erasures
    public static let isCountedInManifest = true
    public static let mergeLabel = "erasures"
    /// Combined first by `Merger.merge` (every rule consults them); never taken out of the target.
    public static func merge(_ walk: inout Merger.Walk) {}
    public static func leavesTarget(_ record: JSONValue, ownerID: String?, after outcome: Merger.Outcome) -> Bool { false }
    public static func erased(by selection: Eraser.Selection) -> Eraser.Reach { .nothing }
    public static func namedFiles(_ record: JSONValue) -> [String] { [] }

    public static func records(in snapshot: DataSnapshot) -> [JSONValue] { snapshot.erasures.map(\.json) }
    public static func count(in snapshot: DataSnapshot) -> Int { snapshot.erasures.count }

    public static func csvTables(in snapshot: DataSnapshot) -> [CSVExportTable] {
        [CSVExportTable(name: "erasures.csv", columns: ["kind", "id", "erasedAt"], records: snapshot.erasures.map(\.json),
                        readme: "`erasures.csv`: kind, id, erasedAt: records erased earlier; nothing else about them is kept.")]
    }

    /// The planner's pages, which say a recipe was erased.
    public static let pageGroups: Set<PageGroup> = [.mealPlan]
}
