import BrewKit

/// A session's entries: nested under the session, or a CSV in `sessions/` with a `sessionId` column.
public enum SessionEntriesKind: RecordKindDeclaration {
    public static let kind = RecordKind.sessionEntries
    public static var rules: RecordKind.Rules {
        .init(place: .within(.sessions), identity: .init(idField: "id", owner: .init(.sessions, .field("sessionId"))),
              merge: .withOwner, erase: .withOwner,
              summary: "session entries: nested under a session, or a CSV in sessions/ with a sessionId column")
    }
    public static let archiveMember = ArchiveMember.sessionFiles
    public static let isCountedInManifest = false
    public static let mergeLabel = "session entry"
    /// Merged with its session (`Merger.mergeSessions`), and leaves the target with it.
    public static func merge(_ walk: inout Merger.Walk) {}
    public static func leavesTarget(_ record: JSONValue, ownerID: String?, after outcome: Merger.Outcome) -> Bool {
        outcome.removesFromTarget(id: ownerID, erasedAs: .session, replaced: outcome.replacedSessionIDs)
    }
    public static func erased(by selection: Eraser.Selection) -> Eraser.Reach { .nothing }
    public static func namedFiles(_ record: JSONValue) -> [String] { [] }

    public static func records(in snapshot: DataSnapshot) -> [JSONValue] {
        DataSnapshot.owned(snapshot.sessions, id: \.id, field: "sessionId") { DataSnapshot.elements($0.value["entries"]) }
    }

    public static func csvTables(in snapshot: DataSnapshot) -> [CSVExportTable] {
        let entries = snapshot.sessions.flatMap { session -> [JSONValue] in
            guard case .array(let list)? = session.value["entries"] else { return [] }
            return list.map { $0.setting("sessionId", to: .string(session.id)) }
        }
        return [.discoveringColumns(name: "session-entries.csv", leading: ["sessionId"], records: entries) {
            "`session-entries.csv`: \($0.joined(separator: ", ")). `sessionId` names the session."
        }]
    }

    /// An alcohol entry names its drink preset.
    public static var references: [KindReference] { [KindReference(SessionValidator.presetReference, naming: .drinkPresets)] }

    /// Its session's pages.
    public static let pageGroups: Set<PageGroup> = [.summaries, .sessions]
}
