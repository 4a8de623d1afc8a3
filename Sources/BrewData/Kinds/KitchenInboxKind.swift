import BrewKit

/// Pages, links and captions waiting to be clipped (`kitchen clip --inbox`): `kitchen/inbox.json`.
public enum KitchenInboxKind: RecordKindDeclaration {
    public static let kind = RecordKind.kitchenInbox
    public static var rules: RecordKind.Rules {
        .init(place: .file("kitchen/inbox.json"), identity: .init(idField: "id"),
              merge: .furthestAlong(statusField: "status", statusOrder: ["pending", "failed", "ready"], timestampField: "createdAt"),
              erase: .withEverything(ledgerKind: .inboxEntry),
              summary: "the kitchen inbox: kitchen/inbox.json")
    }
    public static let archiveMember = ArchiveMember.kitchenFiles
    public static let isCountedInManifest = true
    public static let mergeLabel = "inbox entry"
    public static func merge(_ walk: inout Merger.Walk) { Merger.mergePlannerKind(kind, &walk) }
    /// Its file is rewritten whole (`Merger.PlannerChanges.writes`), never trimmed record by record.
    public static func leavesTarget(_ record: JSONValue, ownerID: String?, after outcome: Merger.Outcome) -> Bool { false }
    public static func erased(by selection: Eraser.Selection) -> Eraser.Reach { .nothing }
    public static func namedFiles(_ record: JSONValue) -> [String] { [] }

    public static func claim(jsonKeys keys: Set<String>) -> RecordKind? { .kitchenInbox }

    /// Its records in the planner's files, which a snapshot carries whole (`KitchenPlannerFiles`).
    public static func records(in snapshot: DataSnapshot) -> [JSONValue] {
        snapshot.kitchenFiles.filter { KitchenPlannerFiles.kind(ofPath: $0.relativePath) == kind }.flatMap(KitchenPlannerFiles.records)
    }

    public static func csvTables(in snapshot: DataSnapshot) -> [CSVExportTable] {
        KitchenPlannerFiles.csvTables(of: kind, in: snapshot)
    }

    /// The kitchen's index.
    public static let pageGroups: Set<PageGroup> = [.kitchenLists]
}

extension KitchenInboxKind: RecordFolderDecoding {
    /// The inbox is one JSON file, read whole (an array of entries, or an object with `entries`).
    static func decodeWhole(_ bytes: [UInt8], path: String, into file: inout ParsedFile, fromBytes: Bool,
                            recordsRead: ((Int) -> Void)?) -> Bool {
        KitchenInbox.decode(bytes, into: &file)
        return true
    }

    static func decode(_ nodes: [RawNode], csvHeader: [String]?, into file: inout ParsedFile, recordsRead: ((Int) -> Void)?) {}
}
