import BrewKit
import Foundation

/// Logs to the one active night-out session from the command line (PRD §9.2, §9.3):
/// start a session, add a drink or water, end it. Each action reads the data directory, refuses
/// when the sessions already have errors, makes the edit on the file's bytes (`SessionFileEdit`:
/// every other byte kept), validates the data with the edit exactly as `check` would, and only
/// then writes the one file atomically (`AtomicFile`). docs/SESSIONS.md, "Logging from the
/// command line", describes the commands.
public struct SessionLogger: Sendable {
    public enum Action: Sendable {
        case start(name: String?, at: Date)
        case drink(AlcoholMeta, at: Date)
        /// `amount` nil: the settings' default amount counts.
        case water(amount: Volume?, at: Date)
        case end(at: Date)
        /// PRD §9.3: an entry of `session` (nil: the active session, else the one started last) changed.
        case editEntry(id: String, session: String?, change: SessionEntryChange)
        /// PRD §9.3: an entry of `session` (nil: as for `editEntry`) removed.
        case deleteEntry(id: String, session: String?)
    }

    public struct Failure: Error, Sendable {
        public var message: String
        /// Findings that explain it (the data's errors, or what the edit would have broken).
        public var diagnostics: [Diagnostic] = []
    }

    public struct Outcome: Sendable {
        /// The file written.
        public var path: String
        /// The session as it is now in the data.
        public var session: Session
        /// The id of the entry added (a drink or water) or edited; nil for one deleted.
        public var entryID: String?
        /// Warnings about the session after the edit (an unknown preset, an active session left open).
        public var warnings: [Diagnostic]
        /// The data set after the edit, for the summary's settings and presets.
        public var dataset: Dataset
        /// A night left open that had had no entry for `abandonAfterHours` (12 by default) when
        /// this start, drink or water came: it was ended at its last entry first (`forgottenEnd`),
        /// and a drink or water then started a night of its own.
        public var endedForgotten: Session?
    }

    public let root: String
    /// The moment written as `updatedAt`.
    public let now: Date

    /// Where a new drink or water came from, written as its `source` (001: `phone` for the
    /// served page); nil for the command line, which writes none.
    public let source: EntrySource?

    public init(root: String, now: Date, source: EntrySource? = nil) {
        self.root = root
        self.now = now
        self.source = source
    }

    var sessionsFolder: String { (root as NSString).appendingPathComponent(RecordKind.sessions.folderName) }

    /// A night with no entry for `abandonAfterHours` before a start, drink or water is over: it
    /// is ended at its last entry (`forgottenEnd`), then the start is made, or a drink or water
    /// starts a night of its own at its time, so that tonight's drinks never join a night long gone.
    public func perform(_ action: Action) throws(Failure) -> Outcome {
        switch try performOnce(action) {
        case .done(let outcome):
            return outcome
        case .endFirst(let end):
            let ended = try performOnce(.end(at: end)).outcome
            var outcome: Outcome
            switch action {
            case .drink(_, let at), .water(_, let at):
                _ = try performOnce(.start(name: nil, at: at)).outcome
                outcome = try performOnce(action).outcome
            default:
                outcome = try performOnce(action).outcome
            }
            outcome.endedForgotten = ended.session
            return outcome
        }
    }

    /// What one read and write did, or that a forgotten night must be ended first.
    enum Step {
        case done(Outcome)
        case endFirst(at: Date)

        var outcome: Outcome {
            get throws(Failure) {
                guard case .done(let outcome) = self else { throw Failure(message: "not written: the night left open could not be ended") }
                return outcome
            }
        }
    }

    /// When `session`, still active, is over by the time of `moment`: it has had no entry (nor
    /// its start) for more than its `abandonAfterHours`. It ends at its last entry, or a minute
    /// after its start when it has none (an end is after the start).
    public static func forgottenEnd(of session: Session, settings: WaterlineSettings, before moment: Date) -> Date? {
        guard session.isActive, session.endTime == nil else { return nil }
        let last = session.entries.map(\.timestamp).max() ?? session.startTime
        guard moment.timeIntervalSince(max(last, session.startTime)) > settings.abandonAfterSeconds else { return nil }
        return last > session.startTime ? last : session.startTime.addingTimeInterval(60)
    }

    private func performOnce(_ action: Action) throws(Failure) -> Step {
        let reader = DataDirectoryReader(root: root)
        let result = reader.read()
        let blocking = relevantErrors(result.validated.diagnostics)
        if !blocking.isEmpty {
            throw Failure(message: "the sessions have errors; nothing was written (run brewguide check)", diagnostics: blocking)
        }
        let dataset = result.validated.dataset
        let active = dataset.sessions.first { $0.value.isActive }
        switch action {
        case .start(_, let at), .drink(_, let at), .water(_, let at):
            if let active, let end = Self.forgottenEnd(of: active.value, settings: dataset.waterline.overridden(by: active.value.settings), before: at) {
                return .endFirst(at: end)
            }
        default:
            break
        }
        let edit: (path: String, bytes: [UInt8], sessionID: String, entryID: String?)
        switch action {
        case .start(let name, let start):
            if let active {
                throw Failure(message: "session \"\(active.value.id)\" is still active (started \(ISO8601.string(from: active.value.startTime))); end it first with brewguide session end")
            }
            edit = try startEdit(name: name, start: start, dataset: dataset)
        // A new entry has no `updatedAt`: that is the mark of an edit (the page's "edited …"),
        // and an entry logged late with --at is not one.
        case .drink(let meta, let at):
            guard let active else { throw Self.noActiveSession }
            if let preset = meta.presetId, !dataset.drinkPresets.contains(where: { $0.value.id == preset }) {
                let known = dataset.drinkPresets.map(\.value.id)
                var message = "no drink preset \"\(preset)\" in \(sessionsFolder)"
                if let near = Suggestion.closest(to: preset, in: known) { message += " (did you mean \"\(near)\"?)" }
                message += known.isEmpty ? "; there are no presets" : "; presets: \(known.sorted().joined(separator: ", "))"
                throw Failure(message: message)
            }
            edit = try entryEdit(active, entry: LogEntry(id: nextEntryID(active.value), timestamp: at, type: .alcohol, alcoholMeta: meta, source: source), files: result.files)
        case .water(let amount, let at):
            guard let active else { throw Self.noActiveSession }
            let meta = amount.map { WaterMeta(amount: $0) }
            edit = try entryEdit(active, entry: LogEntry(id: nextEntryID(active.value), timestamp: at, type: .water, waterMeta: meta, source: source), files: result.files)
        case .end(let at):
            guard let active else { throw Self.noActiveSession }
            edit = try endEdit(active, end: at)
        case .editEntry(let id, let sessionID, let change):
            let located = try sessionForEntryEdit(sessionID, dataset: dataset)
            edit = try entryChangeEdit(located, entryID: id, change: change)
        case .deleteEntry(let id, let sessionID):
            let located = try sessionForEntryEdit(sessionID, dataset: dataset)
            edit = try entryChangeEdit(located, entryID: id, change: nil)
        }

        // Validate the data with the edit in place, as check would.
        let edited = RecordFileParser.parse(edit.bytes, path: edit.path, kind: .sessions)
        var files = result.files.filter { $0.path != edit.path }
        files.append(edited)
        files.sort { $0.path < $1.path }
        let (after, assembled) = DatasetAssembler.assemble(files)
        let validated = ValidatedDataset(dataset: after, readDiagnostics: assembled)
        let broken = relevantErrors(validated.diagnostics)
        if !broken.isEmpty {
            throw Failure(message: "not written: the session would not be valid", diagnostics: broken)
        }
        guard let session = after.sessions.first(where: { $0.value.id == edit.sessionID }) else {
            throw Failure(message: "not written: the session \"\(edit.sessionID)\" could not be read back from \(edit.path)")
        }
        if case .deleteEntry(let entryID, _) = action {
            // Recorded first, as erase does, so that a merge with another copy does not bring it back.
            let deletion = ErasureRecord(kind: .sessionEntry, id: EntryDeletions.id(session: edit.sessionID, entry: entryID), erasedAt: now)
            do throws(CommandError) {
                try ErasureLedger.write(try ErasureLedger.load(root: root) + [deletion], root: root)
            } catch {
                throw Failure(message: "could not record the deletion in \(ErasureLedger.fileName): \(error.reason); nothing was changed")
            }
        }
        do {
            try AtomicFile.write(edit.bytes, to: edit.path)
        } catch {
            throw Failure(message: "could not write \(error.description); nothing was changed")
        }
        let sessionFiles = [session.source.record.file, edit.path]
        let warnings = validated.diagnostics.filter { $0.severity == .warning && sessionFiles.contains($0.location.file) }
        let abandoned = SessionValidator().abandonedDiagnostics(for: after, now: now).filter { sessionFiles.contains($0.location.file) }
        return .done(Outcome(path: edit.path, session: session.value, entryID: edit.entryID, warnings: warnings + abandoned, dataset: after))
    }

    /// Errors in `sessions/` or the preferences: those stop logging; a broken recipe does not.
    func relevantErrors(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        let preferences = (root as NSString).appendingPathComponent(DataDirectoryReader.preferencesFileName)
        return diagnostics.filter {
            $0.severity == .error && ($0.location.file.hasPrefix(sessionsFolder) || $0.location.file == preferences || $0.location.file == root)
        }
    }

    static let noActiveSession = Failure(message: "no session is active; start one with brewguide session start")

    // MARK: Start

    /// A new file `sessions/<id>.json` holding the session. The id is the name made safe, or
    /// `night-out`, with the start's date and time in the journal's zone: `sams-birthday-2026-11-21-1630`.
    func startEdit(name: String?, start: Date, dataset: Dataset) throws(Failure) -> (path: String, bytes: [UInt8], sessionID: String, entryID: String?) {
        // The date and time on the journal's clock, as the pages show it.
        let parts = JournalTimeZone(identifier: dataset.preferences?.value.timeZone).local(start)
        let stamp = String(format: "%04d-%02d-%02d-%02d%02d", parts.year, parts.month, parts.day, parts.hour, parts.minute)
        let trimmedName = name?.trimmingCharacters(in: .whitespacesAndNewlines)
        let slug = Self.slug(trimmedName ?? "")
        let base = (slug.isEmpty ? "night-out" : slug) + "-" + stamp
        let fresh: FreshRecordID
        do {
            fresh = try FreshRecordID(kind: .session, takenIDs: dataset.sessions.map(\.value.id), root: root)
        } catch {
            throw Failure(message: error.description)
        }
        let id = fresh.make(base: base, isFreeElsewhere: { !FileManager.default.fileExists(atPath: path(for: $0)) })
        if let problem = RecordID.problem(with: id) { throw Failure(message: "cannot make a session id from the name: \(problem)") }
        var lines = ["{", "  \"id\": \(JSONSpans.quoted(id)),"]
        if let trimmedName, !trimmedName.isEmpty { lines.append("  \"name\": \(JSONSpans.quoted(trimmedName)),") }
        lines += [
            "  \"startTime\": \"\(ISO8601.string(from: start))\",",
            "  \"isActive\": true,",
            "  \"updatedAt\": \"\(ISO8601.string(from: now))\",",
            "  \"entries\": []",
            "}",
        ]
        try? FileManager.default.createDirectory(atPath: sessionsFolder, withIntermediateDirectories: true)
        return (path(for: id), Array((lines.joined(separator: "\n") + "\n").utf8), id, nil)
    }

    func path(for id: String) -> String { (sessionsFolder as NSString).appendingPathComponent("\(id).json") }

    /// Lower-case letters and digits of `text`, apostrophes dropped ("Sam's" → `sams`), runs of
    /// anything else as one `-`, at most 40 long.
    static func slug(_ text: String) -> String {
        var result = ""
        for scalar in text.lowercased().unicodeScalars where scalar != "'" && scalar != "\u{2019}" {
            if scalar.isASCII, CharacterSet.alphanumerics.contains(scalar) {
                result.unicodeScalars.append(scalar)
            } else if !result.isEmpty, !result.hasSuffix("-") {
                result += "-"
            }
        }
        while result.hasSuffix("-") { result.removeLast() }
        return String(result.prefix(40)).trimmingCharacters(in: CharacterSet(charactersIn: "-"))
    }

    // MARK: Entries

    /// The next entry id: the last entry's prefix with the highest number after it plus one
    /// (`b3` → `b4`), else `entry-<n>`.
    func nextEntryID(_ session: Session) -> String {
        // An id deleted from this session is never given again: its deletion would cover the new entry in a merge.
        let deleted = EntryDeletions((try? ErasureLedger.load(root: root)) ?? []).deletedEntryIDs(ofSession: session.id)
        let ids = Set(session.entries.map(\.id)).union(deleted)
        var prefix = "entry-"
        if let last = session.entries.last?.id {
            let stem = String(last.reversed().drop(while: \.isNumber).reversed())
            if stem.count < last.count { prefix = stem }
        }
        let numbers = session.entries.compactMap { entry -> Int? in
            guard entry.id.hasPrefix(prefix) else { return nil }
            return Int(entry.id.dropFirst(prefix.count))
        }
        var next = (numbers.max() ?? session.entries.count) + 1
        while ids.contains("\(prefix)\(next)") { next += 1 }
        return "\(prefix)\(next)"
    }

    func entryEdit(_ located: Located<Session>, entry: LogEntry, files: [ParsedFile]) throws(Failure) -> (path: String, bytes: [UInt8], sessionID: String, entryID: String?) {
        let session = located.value
        let recordFile = located.source.record.file
        // Entries already in a CSV go on there; a JSON session without CSV entries takes them in its array.
        let csvEntryFile = located.source.fields["entries[0]"].map(\.file).flatMap { $0.lowercased().hasSuffix(".csv") ? $0 : nil }
        if recordFile.lowercased().hasSuffix(".json"), csvEntryFile == nil {
            let bytes = try readBytes(recordFile)
            let open = try objectOffset(bytes, located)
            return (recordFile, try edit { () throws(SessionFileEdit.Failure) in try SessionFileEdit.appendEntry(bytes, objectAt: open, entry: Self.json(entry)) }, session.id, entry.id)
        }
        let target = csvEntryFile ?? files.first { $0.path.lowercased().hasSuffix(".csv") && !$0.sessionEntryDrafts.isEmpty }?.path
        var values = Self.csvValues(entry, sessionID: session.id)
        guard let target else {
            let path = (sessionsFolder as NSString).appendingPathComponent("entries.csv")
            if FileManager.default.fileExists(atPath: path) { throw Failure(message: "\(path) exists but holds no entries; add the entry by hand") }
            let header = Array((Self.entryColumns.joined(separator: ",") + "\n").utf8)
            return (path, try edit { () throws(SessionFileEdit.Failure) in try SessionFileEdit.appendRow(header, values: values) }, session.id, entry.id)
        }
        let bytes = try readBytes(target)
        let columns = try edit { () throws(SessionFileEdit.Failure) in try SessionFileEdit.header(bytes) }
        if !columns.contains("updatedAt") { values["updatedAt"] = nil }
        let final = values
        return (target, try edit { () throws(SessionFileEdit.Failure) in try SessionFileEdit.appendRow(bytes, values: final) }, session.id, entry.id)
    }

    static let entryColumns = ["sessionId", "id", "timestamp", "type", "drinkType", "sizeMl", "abv", "standardDrinkEstimate", "presetId", "waterAmountMl", "source", "updatedAt"]

    /// An entry as one line of JSON, in the field order of docs/SESSIONS.md.
    static func json(_ entry: LogEntry) -> String {
        var fields = ["\"id\": \(JSONSpans.quoted(entry.id))", "\"timestamp\": \"\(ISO8601.string(from: entry.timestamp))\"", "\"type\": \"\(entry.type.rawValue)\""]
        if let meta = entry.alcoholMeta {
            var inner: [String] = []
            if let type = meta.drinkType { inner.append("\"drinkType\": \"\(type.rawValue)\"") }
            if let size = meta.size {
                // A bare size (in the units setting) stays bare, so that an edit keeps its meaning.
                switch size.unit {
                case .oz: inner.append("\"size\": \(number(size.amount)), \"sizeUnit\": \"oz\"")
                case .ml: inner.append("\"sizeMl\": \(number(size.amount))")
                case nil: inner.append("\"size\": \(number(size.amount))")
                }
            }
            if let abv = meta.abvPercent { inner.append("\"abv\": \(number(abv))") }
            if let estimate = meta.standardDrinkEstimate { inner.append("\"standardDrinkEstimate\": \(number(estimate))") }
            if let preset = meta.presetId { inner.append("\"presetId\": \(JSONSpans.quoted(preset))") }
            if !inner.isEmpty { fields.append("\"alcoholMeta\": { " + inner.joined(separator: ", ") + " }") }
        }
        if let amount = entry.waterMeta?.amount {
            switch amount.unit {
            case .oz: fields.append("\"waterMeta\": { \"amount\": \(number(amount.amount)), \"unit\": \"oz\" }")
            case .ml: fields.append("\"waterMeta\": { \"amountMl\": \(number(amount.amount)) }")
            case nil: fields.append("\"waterMeta\": { \"amount\": \(number(amount.amount)) }")
            }
        }
        if let source = entry.source { fields.append("\"source\": \"\(source.rawValue)\"") }
        if let updated = entry.updatedAt { fields.append("\"updatedAt\": \"\(ISO8601.string(from: updated))\"") }
        return "{ " + fields.joined(separator: ", ") + " }"
    }

    /// An entry as the cells of an entries CSV, sizes in millilitres.
    static func csvValues(_ entry: LogEntry, sessionID: String) -> [String: String] {
        var values = ["sessionId": sessionID, "id": entry.id, "timestamp": ISO8601.string(from: entry.timestamp), "type": entry.type.rawValue]
        if let meta = entry.alcoholMeta {
            values["drinkType"] = meta.drinkType?.rawValue
            values["sizeMl"] = meta.size.map { number(($0.millilitres(defaultUnit: .ml) * 10).rounded() / 10) }
            values["abv"] = meta.abvPercent.map(number)
            values["standardDrinkEstimate"] = meta.standardDrinkEstimate.map(number)
            values["presetId"] = meta.presetId
        }
        if let amount = entry.waterMeta?.amount { values["waterAmountMl"] = number((amount.millilitres(defaultUnit: .ml) * 10).rounded() / 10) }
        values["source"] = entry.source?.rawValue
        if let updated = entry.updatedAt { values["updatedAt"] = ISO8601.string(from: updated) }
        return values
    }

    static func number(_ value: Double) -> String { Format.number(value, decimals: 3) }

    // MARK: End

    func endEdit(_ located: Located<Session>, end: Date) throws(Failure) -> (path: String, bytes: [UInt8], sessionID: String, entryID: String?) {
        let file = located.source.record.file
        let bytes = try readBytes(file)
        let endText = ISO8601.string(from: end)
        let updated = ISO8601.string(from: now)
        if file.lowercased().hasSuffix(".json") {
            let open = try objectOffset(bytes, located)
            var result = bytes
            for (key, value) in [("endTime", "\"\(endText)\""), ("isActive", "false"), ("updatedAt", "\"\(updated)\"")] {
                let current = result
                result = try edit { () throws(SessionFileEdit.Failure) in try SessionFileEdit.setMember(current, objectAt: open, key: key, value: value) }
            }
            return (file, result, located.value.id, nil)
        }
        let line = located.source.record.line
        return (file, try edit { () throws(SessionFileEdit.Failure) in
            try SessionFileEdit.replaceCells(bytes, line: line, values: ["endTime": endText, "isActive": "false", "updatedAt": updated], optional: ["updatedAt"])
        }, located.value.id, nil)
    }

    // MARK: Helpers

    func readBytes(_ path: String) throws(Failure) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else { throw Failure(message: "cannot read \(path)") }
        return [UInt8](data)
    }

    /// The byte offset of the session's `{`, from where the reader found it.
    func objectOffset(_ bytes: [UInt8], _ located: Located<Session>) throws(Failure) -> Int {
        let record = located.source.record
        guard var offset = JSONSpans.offset(bytes, line: record.line, column: record.column ?? 1) else {
            throw Failure(message: "\(record): cannot find the session in its file; nothing was written")
        }
        offset = JSONSpans.skipSpace(bytes, offset)
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "{") else {
            throw Failure(message: "\(record): cannot find the session's object in its file; nothing was written")
        }
        return offset
    }

    func edit<T>(_ body: () throws(SessionFileEdit.Failure) -> T) throws(Failure) -> T {
        do {
            return try body()
        } catch {
            throw Failure(message: error.description)
        }
    }
}
