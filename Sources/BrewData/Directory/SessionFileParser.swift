import BrewKit

/// Sorts the records of a `sessions/` file into sessions, entries and drink presets.
/// A CSV is an entries file when its header has `sessionId`, a sessions file when it has
/// `startTime`, a presets file when it has `name`. In JSON, an object with `startTime` is a
/// session and one with `name` (and no `startTime`) a preset.
enum SessionFileParser {
    static func parse(_ nodes: [RawNode], csvHeader: [String]?, into file: inout ParsedFile) {
        if let header = csvHeader {
            switch RecordKind.sessions.claim(csvHeader: header) {
            case .sessionEntries?:
                for (position, node) in nodes.enumerated() {
                    if let row = SessionDecoder.decodeEntryRow(node, position: position, diagnostics: &file.diagnostics) {
                        file.sessionEntryDrafts.append(row)
                    }
                }
            case .sessions?:
                for node in nodes {
                    if let draft = SessionDecoder.decodeSession(node, isCSVRow: true, diagnostics: &file.diagnostics) { file.sessionDrafts.append(draft) }
                }
            case .drinkPresets?:
                for node in nodes {
                    if let preset = SessionDecoder.decodePreset(node, diagnostics: &file.diagnostics) { file.drinkPresets.append(preset) }
                }
            default:  // The sessions kind claims only its own folder's kinds (`SessionsKind.claim`): nil here.
                file.diagnostics.append(.error(
                    "cannot tell what this CSV holds: a sessions CSV has a startTime column, an entries CSV a sessionId column, a drink presets CSV a name column",
                    at: .file(file.path)))
            }
            return
        }
        for node in nodes {
            guard case .object(let members) = node.value else {
                file.diagnostics.append(.error("expected a session or drink preset object, found \(node.summary)", at: node.location))
                continue
            }
            switch RecordKind.sessions.claim(jsonKeys: Set(members.map(\.key))) {
            case .sessions?:
                if let draft = SessionDecoder.decodeSession(node, isCSVRow: false, diagnostics: &file.diagnostics) { file.sessionDrafts.append(draft) }
            case .drinkPresets?:
                if let preset = SessionDecoder.decodePreset(node, diagnostics: &file.diagnostics) { file.drinkPresets.append(preset) }
            default:  // nil: an object that is neither (entries are nested in their session).
                file.diagnostics.append(.error(
                    "expected a session (with startTime) or a drink preset (with name); this object has neither",
                    at: node.location))
            }
        }
    }

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
