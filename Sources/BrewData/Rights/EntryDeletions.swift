import BrewKit
import Foundation

/// The session entries deleted on some copy of a journal (`session delete`), as the erasure
/// ledger records them (`session-entry`, id `<sessionId>/<entryId>`), for `merge` and for the
/// ids the session commands give new entries.
///
/// Rules (Waterline: the last write wins, and a deletion is a write): a deletion made at T covers
/// a copy of the entry whose `updatedAt` (an entry never edited: its `timestamp`) is missing or
/// not after T, on every side of a merge. An entry edited on another copy after it was deleted is
/// the later write and stays. The session's figures are made from its entries each time, so a
/// deleted drink leaves the waterline and summary as soon as the entry is gone.
public struct EntryDeletions: Sendable {
    private var deletedAt: [String: Date] = [:]

    public init(_ records: [ErasureRecord]) {
        for record in records where record.kind == .sessionEntry {
            if deletedAt[record.id].map({ record.erasedAt > $0 }) ?? true { deletedAt[record.id] = record.erasedAt }
        }
    }

    public var isEmpty: Bool { deletedAt.isEmpty }

    /// The ledger id of an entry of a session.
    public static func id(session sessionID: String, entry entryID: String) -> String { "\(sessionID)/\(entryID)" }

    /// The ids of the entries of `sessionID` deleted at any time (a new entry never takes one).
    public func deletedEntryIDs(ofSession sessionID: String) -> Set<String> {
        let prefix = sessionID + "/"
        return Set(deletedAt.keys.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) })
    }

    /// Whether the copy `entry` of an entry of `sessionID` is deleted.
    public func covers(_ entry: JSONValue, sessionID: String) -> Bool {
        guard let entryID = entry.text("id"), let time = deletedAt[Self.id(session: sessionID, entry: entryID)] else { return false }
        guard let text = entry.text("updatedAt") ?? entry.text("timestamp"), let written = ISO8601.date(from: text.trimmingSpaces) else { return true }
        return written <= time
    }

    /// `session` without its deleted entries, and the ids taken out (none: the session as it is).
    public func pruned(_ session: SessionRecord) -> (session: SessionRecord, removed: [String]) {
        guard !isEmpty, case .array(let entries)? = session.value["entries"] else { return (session, []) }
        var kept: [JSONValue] = []
        var removed: [String] = []
        for entry in entries {
            if covers(entry, sessionID: session.id) { removed.append(entry.text("id") ?? "") } else { kept.append(entry) }
        }
        guard !removed.isEmpty else { return (session, []) }
        return (SessionRecord(id: session.id, value: session.value.setting("entries", to: .array(kept)), fromCSV: session.fromCSV), removed)
    }
}
