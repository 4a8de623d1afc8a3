import BrewKit
import Foundation

/// Sessions and drink presets: one record per id, last write wins (Waterline §11).
///
/// Rules (`RecordKind.MergeRule.lastWriteWins`, docs/DATA-RIGHTS.md):
/// - A session found in the target and a source is one session. Its own fields (end time,
///   settings, name, `isActive`) come from the copy with the later `updatedAt`; a copy without
///   `updatedAt` counts as the oldest, and the target wins a tie.
/// - Its entries are the union of both copies' entries by id. An entry that differs between the
///   copies is taken from the copy with the later entry `updatedAt`, else from the copy whose
///   session fields won. New entries keep their order after the target's.
/// - A drink preset with an id the target lacks is added; one that differs is decided by the
///   later `updatedAt` (the target's on a tie).
/// - A copy in JSON and a copy in CSV (cells as text) cannot be combined field by field; the
///   incoming one is then kept under `<id>-merged-<hash>` as before, and the report says so.
extension Merger {
    /// The result of combining a target record with an incoming one.
    enum Combined {
        case identical
        /// The target's record is kept (it won every difference).
        case targetKept
        /// A new value for the id: the target's copy is replaced.
        case replaced(SessionRecord)
        /// The two cannot be combined (JSON and CSV forms).
        case incompatible
    }

    /// A record's `updatedAt` as a moment; the distant past when absent or unreadable.
    static func updatedAt(_ value: JSONValue) -> Date {
        value.text("updatedAt").flatMap(ISO8601.date(from:)) ?? .distantPast
    }

    static func combineSessions(target: SessionRecord, incoming: SessionRecord) -> Combined {
        if target == incoming { return .identical }
        guard target.fromCSV == incoming.fromCSV else { return .incompatible }
        let incomingWins = updatedAt(incoming.value) > updatedAt(target.value)
        let winner = incomingWins ? incoming.value : target.value
        let targetEntries = entries(of: target.value)
        let incomingEntries = entries(of: incoming.value)
        var merged: [JSONValue] = []
        var seen: Set<String> = []
        var incomingByID: [String: JSONValue] = [:]
        for entry in incomingEntries { if let id = entry.text("id") { incomingByID[id] = incomingByID[id] ?? entry } }
        for entry in targetEntries {
            guard let id = entry.text("id") else { merged.append(entry); continue }
            seen.insert(id)
            guard let other = incomingByID[id], other != entry else { merged.append(entry); continue }
            let (mine, theirs) = (updatedAt(entry), updatedAt(other))
            merged.append(theirs > mine || (theirs == mine && incomingWins) ? other : entry)
        }
        for entry in incomingEntries {
            if let id = entry.text("id") {
                if seen.insert(id).inserted { merged.append(entry) }
            } else if !merged.contains(entry) {
                merged.append(entry)
            }
        }
        var value = winner
        if winner["entries"] != nil || !merged.isEmpty { value = value.setting("entries", to: .array(merged)) }
        let result = SessionRecord(id: target.id, value: value, fromCSV: target.fromCSV)
        return result == target ? .targetKept : .replaced(result)
    }

    static func combinePresets(target: SessionRecord, incoming: SessionRecord) -> Combined {
        if target == incoming { return .identical }
        guard target.fromCSV == incoming.fromCSV else { return .incompatible }
        return updatedAt(incoming.value) > updatedAt(target.value) ? .replaced(SessionRecord(id: target.id, value: incoming.value, fromCSV: target.fromCSV)) : .targetKept
    }

    private static func entries(of session: JSONValue) -> [JSONValue] {
        if case .array(let list)? = session["entries"] { return list }
        return []
    }

    /// Merges the sessions or drink presets of the sources into the target's, by id.
    /// - Returns: the records to write (new ids and replacements) and the target ids replaced.
    static func mergeByID(
        _ label: String, target: [SessionRecord], sources: [[SessionRecord]], erased: ErasureSet, ledgerKind: ErasureRecord.Kind?,
        combine: (SessionRecord, SessionRecord) -> Combined, report: inout Report
    ) -> (written: [SessionRecord], replacedIDs: [String]) {
        var pool = Dictionary(target.map { ($0.id, $0) }) { first, _ in first }
        let targetIDs = Set(target.map(\.id))
        var changed: Set<String> = []
        for records in sources {
            for record in records {
                if let ledgerKind, erased.covers(ledgerKind, record.id) { report.skippedAsErased.append("\(label) \(record.id)"); continue }
                guard let existing = pool[record.id] else {
                    pool[record.id] = record
                    changed.insert(record.id)
                    report.added.append("\(label) \(record.id)")
                    continue
                }
                switch combine(existing, record) {
                case .identical, .targetKept:
                    report.identical.append("\(label) \(record.id)")
                case .replaced(let value):
                    pool[record.id] = value
                    changed.insert(record.id)
                    report.updated.append("\(label) \(record.id): combined with the incoming copy (last write wins by updatedAt)")
                case .incompatible:
                    let derived = derivedID(record.id, infix: "merged", content: record.value)
                    if let ledgerKind, erased.covers(ledgerKind, derived) { report.skippedAsErased.append("\(label) \(record.id) (as \(derived))"); continue }
                    let copy = renamedSession(record, to: derived)
                    if pool[derived] == copy { report.identical.append("\(label) \(record.id) (already kept as \(derived))"); continue }
                    pool[derived] = copy
                    changed.insert(derived)
                    report.conflicted.append("\(label) \(record.id): one copy is JSON and the other CSV, which cannot be combined field by field; kept both, the incoming one as \(derived)")
                }
            }
        }
        let written = changed.sorted().compactMap { pool[$0] }
        return (written, changed.filter(targetIDs.contains).sorted())
    }
}
