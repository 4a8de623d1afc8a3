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

    public static func records(in snapshot: DataSnapshot) -> [JSONValue] { snapshot.erasures.map(\.json) }
    public static func count(in snapshot: DataSnapshot) -> Int { snapshot.erasures.count }

    public static func csvTables(in snapshot: DataSnapshot) -> [CSVExportTable] {
        [CSVExportTable(name: "erasures.csv", columns: ["kind", "id", "erasedAt"], records: snapshot.erasures.map(\.json),
                        readme: "`erasures.csv`: kind, id, erasedAt: records erased earlier; nothing else about them is kept.")]
    }

    /// The planner's pages, which say a recipe was erased.
    public static let pageGroups: Set<PageGroup> = [.mealPlan]
}
