import BrewKit

/// Puts together the sessions of a data directory from the records the sessions folder's files
/// were sorted into (`SessionsKind.decode`: sessions, entries and drink presets).
enum SessionFileParser {
    /// Attaches the rows of entries CSVs to their sessions and reports rows whose session is
    /// missing or already lists its entries.
    static func assemble(_ files: [ParsedFile], diagnostics: inout [Diagnostic]) -> [Located<Session>] {
        var entriesBySession: [String: [SessionDecoder.EntryDraft]] = [:]
        for file in files {
            for row in file.sessionEntryDrafts { entriesBySession[row.sessionID, default: []].append(row.draft) }
        }
        var sessions: [Located<Session>] = []
        var attached: Set<String> = []
        for file in files {
            for draft in file.sessionDrafts {
                var located = Located(draft.session, source: draft.source)
                let id = draft.session.id
                if let rows = entriesBySession[id], !attached.contains(id) {
                    attached.insert(id)
                    if !draft.awaitsEntries {
                        for row in rows {
                            diagnostics.append(.error("session \"\(ShownText.escaped(id))\" already lists its entries in \(draft.source.record.file); an entry cannot come from an entries CSV too", at: row.location))
                        }
                    } else {
                        let offset = located.value.entries.count
                        for (index, row) in rows.enumerated() {
                            let path = "entries[\(offset + index)]"
                            located.value.entries.append(row.entry)
                            located.source.fields[path] = row.location.naming(path)
                            for (key, location) in row.fieldLocations { located.source.fields["\(path).\(key)"] = location.naming("\(path).\(key)") }
                        }
                    }
                }
                sessions.append(located)
            }
        }
        let known = sessions.map(\.value.id)
        for (sessionID, rows) in entriesBySession.sorted(by: { $0.key < $1.key }) where !attached.contains(sessionID) {
            var message = "this entry names session \"\(ShownText.escaped(sessionID))\", which is not in the data"
            if let near = Suggestion.closest(to: sessionID, in: known) { message += " (did you mean \"\(near)\"?)" }
            for row in rows { diagnostics.append(.error(message, at: row.fieldLocations[SessionDecoder.entriesFileMarker] ?? row.location)) }
        }
        return sessions
    }
}
