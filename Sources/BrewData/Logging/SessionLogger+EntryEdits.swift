import BrewKit
import Foundation

/// `brewguide session edit ENTRY_ID` and `session delete ENTRY_ID` (PRD §9.3 editing), during a
/// session and after it. As every `session` command, the edit is made on the file's bytes (the
/// entry's own text replaced, or removed with its separator; every other byte kept), checked
/// with the whole data set as `check` does, and written atomically; `perform` does the rest.
extension SessionLogger {
    /// The session an entry edit works on: `id` when given, else the active session, else the one
    /// that started last.
    func sessionForEntryEdit(_ id: String?, dataset: Dataset) throws(Failure) -> Located<Session> {
        if let id {
            guard let found = dataset.sessions.first(where: { $0.value.id == id }) else {
                let ids = dataset.sessions.map(\.value.id)
                var message = "no session \"\(id)\" in \(sessionsFolder)"
                if let near = Suggestion.closest(to: id, in: ids) { message += " (did you mean \"\(near)\"?)" }
                throw Failure(message: message)
            }
            return found
        }
        if let active = dataset.sessions.first(where: { $0.value.isActive }) { return active }
        guard let last = dataset.sessions.max(by: { $0.value.startTime < $1.value.startTime }) else {
            throw Failure(message: "there are no sessions in \(sessionsFolder)")
        }
        return last
    }

    /// The entry `entryID` of the session replaced by its changed self (`change`), or removed (nil).
    func entryChangeEdit(_ located: Located<Session>, entryID: String, change: SessionEntryChange?) throws(Failure) -> (path: String, bytes: [UInt8], sessionID: String, entryID: String?) {
        let session = located.value
        guard let index = session.entries.firstIndex(where: { $0.id == entryID }) else {
            let ids = session.entries.map(\.id)
            var message = "session \"\(session.id)\" has no entry \"\(entryID)\""
            if let near = Suggestion.closest(to: entryID, in: ids) { message += " (did you mean \"\(near)\"?)" }
            message += ids.isEmpty ? "; it has no entries" : "; its entries: \(ids.joined(separator: ", "))"
            throw Failure(message: message)
        }
        let changed = try change.map { (change) throws(Failure) in try change.applied(to: session.entries[index], updatedAt: now) }
        guard let location = located.source.fields["entries[\(index)]"] else {
            throw Failure(message: "cannot find entry \(entryID) of \(session.id) in its file; nothing was written")
        }
        let file = location.file
        let bytes = try readBytes(file)
        if file.lowercased().hasSuffix(".json") {
            let open = try objectOffset(bytes, located)
            let text = changed.map(Self.json)
            return (file, try edit { () throws(SessionFileEdit.Failure) in try SessionFileEdit.replaceEntry(bytes, objectAt: open, index: index, with: text) }, session.id, changed?.id)
        }
        guard let changed else {
            return (file, try edit { () throws(SessionFileEdit.Failure) in try SessionFileEdit.removeRow(bytes, line: location.line) }, session.id, nil)
        }
        // Every cell of the entry written again: one no longer given is emptied, so that an old
        // value cannot stay beside a new one (size beside sizeMl).
        let given = Self.csvValues(changed, sessionID: session.id)
        let clearable = Set(Self.entryColumns + ["size", "sizeUnit", "waterAmount", "waterUnit"])
        var values: [String: String] = [:]
        for column in clearable { values[column] = given[column] ?? "" }
        let required: Set<String> = ["sessionId", "id", "timestamp", "type"]
        let optional = clearable.subtracting(required)
        return (file, try edit { () throws(SessionFileEdit.Failure) in
            try SessionFileEdit.replaceCells(bytes, line: location.line, values: values, optional: optional)
        }, session.id, changed.id)
    }
}
