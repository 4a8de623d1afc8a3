import BrewKit

/// Recorded pours, `flows/<log-id>.json`, each belonging to a brew log (JSON only).
public enum FlowsKind: RecordKindDeclaration {
    public static let kind = RecordKind.flows
    public static var rules: RecordKind.Rules {
        .init(place: .folder("flows"), identity: .init(idField: "logId", owner: .init(.logs, .fileName)),
              merge: .withOwner, erase: .withOwner,
              summary: "recorded pours: flows/<log-id>.json, the scale's readings of one brew")
    }
    public static let archiveMember = ArchiveMember.flows
    public static let isCountedInManifest = true
    public static let mergeLabel = "flows"
    /// Come with their logs (the logs kind is merged first), and leave the target with them.
    public static func merge(_ walk: inout Merger.Walk) { Merger.mergeFlows(&walk) }
    public static func leavesTarget(_ record: JSONValue, ownerID: String?, after outcome: Merger.Outcome) -> Bool {
        outcome.removesFromTarget(id: record.text("logId"), erasedAs: .log, replaced: outcome.replacedLogIDs)
    }
    public static func erased(by selection: Eraser.Selection) -> Eraser.Reach { .nothing }
    public static func namedFiles(_ record: JSONValue) -> [String] { [] }

    public static func claim(jsonKeys keys: Set<String>) -> RecordKind? { .flows }

    public static func records(in snapshot: DataSnapshot) -> [JSONValue] { snapshot.flows.map(FlowFile.json) }
    public static func count(in snapshot: DataSnapshot) -> Int { snapshot.flows.count }

    static let readme = "`flows.csv` (when a brew has a recorded pour): logId, seconds, grams: the scale's readings on the brew clock, one row per sample."
    public static var csvReadmeLineAlways: String? { readme }

    public static func csvTables(in snapshot: DataSnapshot) -> [CSVExportTable] {
        let samples = snapshot.flows.flatMap { flow in
            flow.samples.map { JSONValue.object([JSONMember("logId", .string(flow.logId)), JSONMember("seconds", .number($0.seconds)), JSONMember("grams", .number($0.grams))]) }
        }
        guard !samples.isEmpty else { return [] }
        return [CSVExportTable(name: "flows.csv", columns: ["logId", "seconds", "grams"], records: samples, readme: readme)]
    }

    /// Its brew's page.
    public static let pageGroups: Set<PageGroup> = [.logPages]
}
