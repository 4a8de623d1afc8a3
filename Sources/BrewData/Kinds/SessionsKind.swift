import BrewKit

/// Night-out sessions: objects with `startTime` in `sessions/*.json`, or a CSV with a `startTime` column.
public enum SessionsKind: RecordKindDeclaration {
    public static let kind = RecordKind.sessions
    public static var rules: RecordKind.Rules {
        .init(place: .folder("sessions"), identity: .init(idField: "id"),
              merge: .lastWriteWins(timestampField: "updatedAt"), erase: .byID(ledgerKind: .session),
              summary: "night-out sessions: objects with startTime in sessions/*.json, or a CSV with a startTime column")
    }
    public static let archiveMember = ArchiveMember.sessionFiles
    public static let isCountedInManifest = true
    public static let mergeLabel = "session"
    public static func merge(_ walk: inout Merger.Walk) { Merger.mergeSessions(&walk) }
    public static func leavesTarget(_ record: JSONValue, ownerID: String?, after outcome: Merger.Outcome) -> Bool {
        outcome.removesFromTarget(id: record.text("id"), erasedAs: .session, replaced: outcome.replacedSessionIDs)
    }
    public static func erased(by selection: Eraser.Selection) -> Eraser.Reach { .nothing }
    public static func namedFiles(_ record: JSONValue) -> [String] { [] }

    public static func claim(csvHeader header: [String]) -> RecordKind? {
        header.contains("sessionId") ? .sessionEntries : header.contains("startTime") ? .sessions : header.contains("name") ? .drinkPresets : nil
    }
    public static func claim(jsonKeys keys: Set<String>) -> RecordKind? {
        keys.contains("startTime") ? .sessions : keys.contains("name") ? .drinkPresets : nil
    }

    public static func records(in snapshot: DataSnapshot) -> [JSONValue] { snapshot.sessions.map(\.value) }
    public static func count(in snapshot: DataSnapshot) -> Int { snapshot.sessions.count }

    public static func csvTables(in snapshot: DataSnapshot) -> [CSVExportTable] {
        [.discoveringColumns(name: "sessions.csv", leading: ["id"], records: snapshot.sessions.map(\.value), skipping: ["entries"]) {
            "`sessions.csv`: \($0.joined(separator: ", ")). Values as the session files hold them (nested values as JSON)."
        }]
    }

    /// The sessions' pages.
    public static let pageGroups: Set<PageGroup> = [.summaries, .sessions]
}
