import BrewKit
import Foundation

/// Sessions and drink presets: one record per id, last write wins (Waterline §11).
///
/// Rules (`RecordKind.MergeRule.lastWriteWins`, docs/DATA-RIGHTS.md):
/// - A session found in the target and a source is one session. Its own fields (end time,
///   settings, name, `isActive`) come from the copy with the later `updatedAt`; a copy without
///   `updatedAt` counts as the oldest; on a tie an ended copy wins over an active one (ending is
///   the later write), else the copy `WriteOrder` puts later (the same on every copy).
/// - Entries deleted on any copy (`EntryDeletions`) are taken out of every copy first.
/// - Its entries are the union of both copies' entries by id. An entry that differs between the
///   copies is taken from the copy with the later entry `updatedAt`, on a tie by `WriteOrder`.
///   The combined entries are in time order, then by id, whichever copy is the target.
/// - A drink preset with an id the target lacks is added; one that differs is decided by the
///   later `updatedAt` (on a tie by `WriteOrder`).
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
        let (incomingTime, targetTime) = (updatedAt(incoming.value), updatedAt(target.value))
        // Ending a session is later than any moment it was active (no command opens it again):
        // on a tie (a CSV copy has no updatedAt) the ended copy wins.
        // Else the rule every copy shares (`WriteOrder`), over the session's own fields (a combined
        // copy holds entries of several): never the target's just for being the target.
        let endedWins = isActive(target.value) != isActive(incoming.value) ? !isActive(incoming.value) : nil
        let incomingWins = incomingTime != targetTime ? incomingTime > targetTime
            : endedWins ?? WriteOrder.isLater(incomingTime, incoming.value.removing("entries"), than: targetTime, target.value.removing("entries"))
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
            merged.append(theirs != mine ? (theirs > mine ? other : entry) : WriteOrder.isLater(theirs, other, than: mine, entry) ? other : entry)
        }
        for entry in incomingEntries {
            if let id = entry.text("id") {
                if seen.insert(id).inserted { merged.append(entry) }
            } else if !merged.contains(entry) {
                merged.append(entry)
            }
        }
        // In time order (then by id), whichever copy is the target: copies merged either way agree.
        merged = merged.enumerated().sorted { a, b in
            let (timeA, timeB) = (a.element.text("timestamp").flatMap(ISO8601.date(from:)) ?? .distantFuture,
                                  b.element.text("timestamp").flatMap(ISO8601.date(from:)) ?? .distantFuture)
            if timeA != timeB { return timeA < timeB }
            let (idA, idB) = (a.element.text("id") ?? "", b.element.text("id") ?? "")
            return idA != idB ? idA < idB : a.offset < b.offset
        }.map(\.element)
        var value = winner
        if winner["entries"] != nil || !merged.isEmpty { value = value.setting("entries", to: .array(merged)) }
        let result = SessionRecord(id: target.id, value: value, fromCSV: target.fromCSV)
        return result == target ? .targetKept : .replaced(result)
    }

    /// Whether a session copy says it is active (`true`, or the text "true" from a CSV).
    static func isActive(_ session: JSONValue) -> Bool {
        switch session["isActive"] {
        case .bool(let active)?: active
        case .string(let text)?: text.trimmingSpaces.lowercased() == "true"
        default: false
        }
    }

    static func combinePresets(target: SessionRecord, incoming: SessionRecord) -> Combined {
        if target == incoming { return .identical }
        guard target.fromCSV == incoming.fromCSV else { return .incompatible }
        return WriteOrder.isLater(updatedAt(incoming.value), incoming.value, than: updatedAt(target.value), target.value) ? .replaced(SessionRecord(id: target.id, value: incoming.value, fromCSV: target.fromCSV)) : .targetKept
    }

    private static func entries(of session: JSONValue) -> [JSONValue] {
        if case .array(let list)? = session["entries"] { return list }
        return []
    }

    /// Merges the sessions or drink presets of the sources into the target's, by id.
    /// - Returns: the records to write (new ids and replacements) and the target ids replaced.
    static func mergeByID(
        _ kind: RecordKind, target: [SessionRecord], sources: [[SessionRecord]], erased: ErasureSet,
        combine: (SessionRecord, SessionRecord) -> Combined, report: inout MergeReport
    ) -> (written: [SessionRecord], replacedIDs: [String]) {
        var ledgerKind: ErasureRecord.Kind?
        if case .byID(let byID) = kind.rules.erase { ledgerKind = byID }
        var pool = Dictionary(target.map { ($0.id, $0) }) { first, _ in first }
        let targetIDs = Set(target.map(\.id))
        var changed: Set<String> = []
        for records in sources {
            for record in records {
                if let ledgerKind, erased.covers(ledgerKind, record.id) { report.skippedAsErased.append(.init(kind, record.id)); continue }
                guard let existing = pool[record.id] else {
                    pool[record.id] = record
                    changed.insert(record.id)
                    report.added.append(.init(kind, record.id))
                    continue
                }
                switch combine(existing, record) {
                case .identical, .targetKept:
                    report.identical.append(.init(kind, record.id))
                case .replaced(let value):
                    pool[record.id] = value
                    changed.insert(record.id)
                    report.updated.append(.init(kind, record.id, ": combined with the incoming copy (last write wins by updatedAt)"))
                case .incompatible:
                    let derived = derivedID(record.id, infix: "merged", content: record.value)
                    if let ledgerKind, erased.covers(ledgerKind, derived) { report.skippedAsErased.append(.init(kind, record.id, " (as \(derived))")); continue }
                    let copy = renamedSession(record, to: derived)
                    if pool[derived] == copy { report.identical.append(.init(kind, record.id, " (already kept as \(derived))")); continue }
                    pool[derived] = copy
                    changed.insert(derived)
                    report.conflicted.append(.init(kind, record.id, ": one copy is JSON and the other CSV, which cannot be combined field by field; kept both, the incoming one as \(derived)"))
                }
            }
        }
        let written = changed.sorted().compactMap { pool[$0] }
        return (written, changed.filter(targetIDs.contains).sorted())
    }

    /// The target's sessions that lost an entry deleted on some copy (`EntryDeletions`) and that
    /// the merge did not rewrite otherwise: written again without it, and each entry reported.
    static func prunedSessions(_ pruned: [(session: SessionRecord, removed: [String])], erased: ErasureSet, outcome: inout Outcome) {
        for (session, removed) in pruned where !removed.isEmpty && !erased.covers(.session, session.id) {
            for entryID in removed { outcome.report.removedAsErased.append(.init(.sessionEntries, "\(session.id)/\(entryID)", ": deleted on a copy")) }
            guard !outcome.replacedSessionIDs.contains(session.id) else { continue }
            outcome.newSessions.append(session)
            outcome.replacedSessionIDs.append(session.id)
            if outcome.report.updated.contains(where: { $0.subject == .record(.sessions) && $0.id == session.id }) { continue }
            outcome.report.updated.append(.init(.sessions, session.id, ": an entry deleted on a copy was taken out"))
        }
        outcome.newSessions.sort { $0.id < $1.id }
        outcome.replacedSessionIDs.sort()
    }

    static func renamedSession(_ session: SessionRecord, to id: String) -> SessionRecord {
        var value = session.value.setting("id", to: .string(id))
        if case .array(let entries)? = value["entries"] {
            value = value.setting("entries", to: .array(entries.map { $0["sessionId"] == nil ? $0 : $0.setting("sessionId", to: .string(id)) }))
        }
        return SessionRecord(id: id, value: value, fromCSV: session.fromCSV)
    }

    /// The files that hold merged-in sessions and drink presets: JSON records in
    /// `sessions/merged-<hash>.json`; records read from CSV in `sessions/merged-<hash>-sessions.csv`
    /// and `-entries.csv`, and presets in `-presets.csv`.
    public static func sessionFiles(for records: [SessionRecord], existing: Set<String>) -> [SessionFile] {
        guard !records.isEmpty else { return [] }
        let tag = String(Archive.sha256(CanonicalJSON.bytes(.array(records.map(\.value)))).prefix(8))
        var files: [SessionFile] = []
        let json = records.filter { !$0.fromCSV }
        if !json.isEmpty {
            files.append(SessionFile(relativePath: unique("sessions/merged-\(tag)", ".json", existing), content: .json(.array(json.map(\.value)))))
        }
        let csv = records.filter(\.fromCSV)
        let csvSessions = csv.filter { $0.value["startTime"] != nil }
        let csvPresets = csv.filter { $0.value["startTime"] == nil }
        if !csvSessions.isEmpty {
            var header: [String] = []
            var entryHeader: [String] = []
            var entries: [JSONValue] = []
            for session in csvSessions {
                for member in session.value.members ?? [] where member.key != "entries" && !header.contains(member.key) { header.append(member.key) }
                if case .array(let list)? = session.value["entries"] {
                    entries += list
                    for entry in list { for member in entry.members ?? [] where !entryHeader.contains(member.key) { entryHeader.append(member.key) } }
                }
            }
            let rows = csvSessions.map { session in header.map { session.value.text($0) ?? "" } }
            files.append(SessionFile(relativePath: unique("sessions/merged-\(tag)-sessions", ".csv", existing), content: .csv(header: header, rows: rows)))
            if !entries.isEmpty {
                let entryRows = entries.map { entry in entryHeader.map { entry.text($0) ?? "" } }
                files.append(SessionFile(relativePath: unique("sessions/merged-\(tag)-entries", ".csv", existing), content: .csv(header: entryHeader, rows: entryRows)))
            }
        }
        if !csvPresets.isEmpty {
            var header: [String] = []
            for preset in csvPresets { for member in preset.value.members ?? [] where !header.contains(member.key) { header.append(member.key) } }
            let rows = csvPresets.map { preset in header.map { preset.value.text($0) ?? "" } }
            files.append(SessionFile(relativePath: unique("sessions/merged-\(tag)-presets", ".csv", existing), content: .csv(header: header, rows: rows)))
        }
        return files
    }

    private static func unique(_ stem: String, _ ext: String, _ existing: Set<String>) -> String {
        var candidate = stem + ext
        var counter = 2
        while existing.contains(candidate) { candidate = "\(stem)-\(counter)\(ext)"; counter += 1 }
        return candidate
    }
}
