import BrewKit
import Foundation

/// Records one brew (`brewguide log`, PRD 3.8, US-017–019): works out the log and the bytes of
/// the files it changes, without writing anything, so the caller writes all or nothing.
///
/// - The log is a snapshot of the recipe (004): its name, and its defaults for what is not given.
///   A dose alone derives the yield from the recipe's ratio (1 g), a yield alone the dose (0.1 g).
/// - The time is now, or `--at`: an ISO 8601 date-time with an offset, or a local one without,
///   read in the journal's zone. Its local date (`JournalTimeZone`) picks the file,
///   `logs/YYYY-MM.json` or `.csv` (JSON when neither exists), and the id, `log-YYYYMMDD-HHMM`,
///   with `-2`, `-3` … when that id is taken.
/// - The record is appended to that file's text; every other byte stays. The changed file is then
///   read and the whole data validated as `check` does; any error in the new record refuses it.
/// - `preferences.json`'s `lastSelectedRecipeId` is set to the recipe (US-001), other bytes kept.
/// - Every problem of one request is said in one refusal (`Problems`): an unknown or invalid
///   recipe, a bad `--at`, options the command line could not read, and the record's values,
///   checked on a stand-in recipe (only the values given are said) or at now when they must be.
public struct BrewRecorder: Sendable {
    /// What the person gave on the command line; nil means "not given". `log` and the served
    /// form make it from the values as typed (`reading(recipeId:given:naming:infinityIsANumber:)`),
    /// each by its field in `LogField.all`, and the record is made from the table too: a settable
    /// field is read and written without a line of its own here.
    public struct Request: Sendable {
        public var recipeId: String
        public var rating: Int
        public var at: String?
        /// The texts given (a text, an enumeration's value, a reference's id), by field name.
        public var texts: [String: String] = [:]
        /// The numbers every log has that were given (its dose, yield and temperature), by field name.
        public var numbers: [String: Double] = [:]
        /// The measured numbers given (`LogField.all`'s `.measure` fields with an option), by field name.
        public var measures: [String: Double] = [:]
        public var tasteTag: String? { get { texts["tasteTag"] } set { texts["tasteTag"] = newValue } }
        public var note: String? { get { texts["note"] } set { texts["note"] = newValue } }
        public var grindLabel: String? { get { texts["grindLabel"] } set { texts["grindLabel"] = newValue } }
        /// The details an imported brew has (004 `BrewLog`): written only when given.
        public var bean: String? { get { texts["bean"] } set { texts["bean"] = newValue } }
        public var roaster: String? { get { texts["roaster"] } set { texts["roaster"] = newValue } }
        public var grinderSetting: String? { get { texts["grinderSetting"] } set { texts["grinderSetting"] = newValue } }
        /// The bag of beans brewed (`beans/`), by its id: checked as `check` checks a log's `beanId`.
        public var beanId: String? { get { texts["beanId"] } set { texts["beanId"] = newValue } }
        public var doseGrams: Double? { get { numbers["doseGrams"] } set { numbers["doseGrams"] = newValue } }
        public var targetYieldGrams: Double? { get { numbers["targetYieldGrams"] } set { numbers["targetYieldGrams"] = newValue } }
        public var waterTemperatureCelsius: Double? { get { numbers["waterTemperatureCelsius"] } set { numbers["waterTemperatureCelsius"] = newValue } }
        public var brewTimeSeconds: Double? {
            get { measures["brewTimeSeconds"] }
            set { measures["brewTimeSeconds"] = newValue }
        }
        public var tds: Double? {
            get { measures["tds"] }
            set { measures["tds"] = newValue }
        }
        /// Values the command line could not read itself (`--brew-time 3:5`), each a sentence:
        /// said with every other problem of the request, never alone before them.
        public var unreadOptions: [String] = []

        public init(recipeId: String, rating: Int, tasteTag: String? = nil, note: String? = nil, doseGrams: Double? = nil,
                    targetYieldGrams: Double? = nil, waterTemperatureCelsius: Double? = nil, grindLabel: String? = nil, at: String? = nil,
                    bean: String? = nil, roaster: String? = nil, grinderSetting: String? = nil, brewTimeSeconds: Double? = nil, tds: Double? = nil, beanId: String? = nil) {
            self.recipeId = recipeId
            self.rating = rating
            self.at = at
            self.beanId = beanId
            self.bean = bean
            self.roaster = roaster
            self.grinderSetting = grinderSetting
            self.tasteTag = tasteTag
            self.note = note
            self.doseGrams = doseGrams
            self.targetYieldGrams = targetYieldGrams
            self.waterTemperatureCelsius = waterTemperatureCelsius
            self.grindLabel = grindLabel
            self.brewTimeSeconds = brewTimeSeconds
            self.tds = tds
        }
    }

    /// The files to write and what was recorded.
    public struct Recording: Sendable {
        public var log: BrewLog
        public var local: LocalTime
        public var logPath: String
        public var logBytes: [UInt8]
        /// nil when `preferences.json` cannot be edited (it has errors); `note` says so.
        public var preferencesPath: String
        public var preferencesBytes: [UInt8]?
        /// Warnings about the new record, and notes to show.
        public var warnings: [Diagnostic]
        public var notes: [String]
    }

    /// Why nothing was recorded: lines to print, each a finding or a sentence.
    /// Why the brew was not recorded: the commands' one error type, with the findings behind it.
    public typealias Refusal = CommandError

    public let root: String

    /// Which log files the new record is checked with. The rules that look at logs in more than
    /// one file are the ids' (the new record's id is fresh, so no other log repeats it) and the
    /// journal's count of logs; every other rule on a log looks at the log alone, or at the
    /// recipes, the bags and the preferences. So checking the new record's file beside every other
    /// kind's files finds at the new record what checking every log file finds
    /// (`BrewRecorderCheckAgreementTests`), in time proportional to that file, not to the journal.
    public enum CheckedLogs: Sendable {
        /// Only the file the record is added to (with every file of the other kinds): the default.
        case changedFile
        /// Every log file of the journal, as `check` reads it.
        case allFiles
    }
    public var checkedLogs: CheckedLogs

    public init(root: String, checkedLogs: CheckedLogs = .changedFile) {
        self.root = root
        self.checkedLogs = checkedLogs
    }

    /// Which option of `brewguide log` sets each field, for messages.
    public static let optionForField: [String: String] = Dictionary(
        uniqueKeysWithValues: LogField.all.compactMap { field in field.option.map { (field.name, $0.flag) } })

    public func record(_ request: Request, data: DataDirectoryReader.Result, now: Date = Date(),
                       localZone: TimeZone = .current) throws(Refusal) -> Recording {
        let validated = data.validated
        // Every problem is collected and said in one run (`check`'s rule): one with the recipe or
        // `--at` does not hide a bad value given with it, which is still checked on a stand-in.
        var problems = Problems()
        var standIn = false
        let recipe: Recipe
        if let reasons = validated.invalidRecipeReasons[request.recipeId] {
            problems.add("recipe \"\(request.recipeId)\" is invalid and cannot be brewed until it is fixed:\n" + reasons.map(\.description).joined(separator: "\n"))
            recipe = StarterRecipe.recipe(createdAt: now)
            standIn = true
        } else if let found = validated.dataset.recipes.first(where: { $0.value.id == request.recipeId })?.value {
            recipe = found
        } else {
            var message = "no recipe with id \"\(request.recipeId)\" in \(root)"
            let known = validated.dataset.recipes.map(\.value.id)
            if let closest = Suggestion.closest(to: request.recipeId, in: known) {
                message += "; did you mean \"\(closest)\"?"
            } else if !known.isEmpty {
                message += "; recipes: \(known.sorted().joined(separator: ", "))"
            }
            // A data directory that is not there is said first (as `scale` says it): "no recipe"
            // alone would send the person looking for a recipe.
            problems.add(message, findings: validated.blockingErrors.filter { $0.location.file == root && $0.location.isWholeFile })
            recipe = StarterRecipe.recipe(createdAt: now)
            standIn = true
        }
        for problem in request.unreadOptions { problems.add(problem) }
        let preferences = validated.dataset.preferences?.value
        // The file and the id are named by the local time: never guessed in another zone.
        if let unknownZone = JournalTimeZone.unknownZoneDiagnostic(validated.dataset.preferences) {
            problems.add("the journal's time zone is unknown, so the brew's local date and its file cannot be told; fix preferences.json (brewguide check), nothing was written", findings: [unknownZone])
            throw problems.refusal()
        }
        let journalZone = JournalTimeZone(identifier: preferences?.timeZone)
        let writingZone = journalZone.zone ?? localZone

        // When: a bad `--at` is said, and the values are checked at now.
        func atNow() -> (date: Date, offsetSeconds: Int, text: String) {
            let date = Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down))
            let offset = writingZone.secondsFromGMT(for: date)
            return (date, offset, LocalTime(date, offsetSeconds: offset).iso8601)
        }
        var moment = atNow()
        // A stand-in time picks a month's file the person did not ask for: its problems are not theirs.
        var momentIsStandIn = false
        var timeNotes: [String] = []
        if let at = request.at?.trimmingCharacters(in: .whitespaces) {
            momentIsStandIn = true
            if let parsed = Self.moment(from: at, zone: writingZone) {
                let year = journalZone.local(parsed.date, writtenOffsetSeconds: parsed.offsetSeconds).year
                if !Self.writableYears.contains(year) {
                    // Not a file's problem: the year cannot be written in four digits as a log's time and file name are.
                    problems.add("--at: \(at) is in the year \(year); a brew's time must be in the years \(Self.writableYears.lowerBound) to \(Self.writableYears.upperBound)")
                } else if FutureMoment.isAhead(parsed.date, of: now) { problems.add(FutureMoment.refusal(given: at, now: now)) } else { moment = parsed; momentIsStandIn = false }
                if let skipped = Self.skippedLocalTime(at, recorded: parsed, zone: writingZone) { timeNotes.append(skipped) }
            } else {
                problems.add("--at: expected an ISO 8601 date-time such as 2026-10-01T07:00:00+09:00 (or 2026-10-01T07:00 in the journal's time zone, \(writingZone.identifier)), found \"\(at)\"")
            }
        }
        let local = journalZone.local(moment.date, writtenOffsetSeconds: moment.offsetSeconds)

        // The id, unique also on a disk that ignores case, and never one that was erased.
        let erased: ErasureSet
        do {
            erased = ErasureSet(try ErasureLedger.load(root: root))
        } catch {
            problems.add(error.description)
            erased = ErasureSet([])
        }
        // Only ids of the new one's family can be taken by it (`base`, `base-2`, …): their keys are
        // gathered, not the key of every log in the journal.
        let base = "log-\(local.compactMinute)", baseKey = RecordID.fileKey(base)
        // By index: a log is read in place (`for log in` would copy each of them, with its fields).
        let journalLogs = validated.dataset.logs
        var family = Set<String>()
        for index in journalLogs.indices where RecordID.fileKey(of: journalLogs[index].value.id, startsWith: baseKey) {
            family.insert(RecordID.fileKey(journalLogs[index].value.id))
        }
        let id = FreshRecordID(kind: .log, takenKeys: family, erased: erased).make(base: base)

        // What: the recipe's defaults where nothing is given (PRD 3.7.3 rounding). A number too
        // large to be held (1e400 is read as infinity) is said as such, and the other of dose and
        // yield is worked out from a given one only when that one is within its bound: a dose of
        // 1e308 is said once, at --dose, not again as a yield nobody gave.
        var request = request
        let measured: [(String, Double?)] = LogField.measures.compactMap { field in request.measures[field.name].map { (field.name, $0) } }
        let givenNumbers: [(String, Double?)] = LogField.all.compactMap { field in request.numbers[field.name].map { (field.name, $0) } }
        for (field, value) in givenNumbers + measured {
            guard let value, !value.isFinite else { continue }
            let bound = FieldBounds.number(field)
            problems.add("\(Self.optionForField[field] ?? field): expected a number up to \(Format.number(bound.maximum))\(bound.unit), found \(value.isNaN ? "NaN" : "one too large for any number to hold")")
            if request.numbers[field] != nil { request.numbers[field] = nil } else { request.measures[field] = nil }
        }
        func isWithinBound(_ value: Double, _ field: String) -> Bool { value > 0 && value <= FieldBounds.number(field).maximum }
        var dose = request.doseGrams ?? recipe.defaultDose
        var yield = request.targetYieldGrams ?? recipe.defaultTargetYield
        switch (request.doseGrams, request.targetYieldGrams) {
        case (let given?, nil) where isWithinBound(given, "doseGrams"): yield = (given * recipe.defaultRatio).rounded()
        case (nil, let given?) where isWithinBound(given, "targetYieldGrams"): dose = (given / recipe.defaultRatio * 10).rounded() / 10
        default: break
        }
        // The record in `LogField.recordOrder` (the order records have always been written in): what
        // the log takes from the recipe, then each field given, from the table.
        var fields: [(String, JSONValue)] = []
        for field in LogField.recordOrder {
            let value: JSONValue?
            switch field.name {
            case "id": value = .string(id)
            case "timestamp": value = .string(moment.text)
            case "method": value = .string(recipe.method.rawValue)
            case "recipeId": value = .string(standIn ? request.recipeId : recipe.id)
            case "recipeNameAtBrew": value = .string(recipe.name)
            case "doseGrams": value = .number(dose)
            case "targetYieldGrams": value = .number(yield)
            case "waterTemperatureCelsius": value = .number(request.waterTemperatureCelsius ?? recipe.defaultWaterTemperature)
            case "grindLabel": value = .string(request.grindLabel ?? recipe.defaultGrindLabel.rawValue)
            case "rating": value = .number(Double(request.rating))
            default:
                if let text = request.texts[field.name] {
                    // An id is matched as written in its kind's files, without the edges' spaces.
                    if case .reference = field.value { value = .string(text.trimmingSpaces) } else { value = .string(text) }
                } else {
                    value = request.measures[field.name].map(JSONValue.number)
                }
            }
            if let value { fields.append((field.name, value)) }
        }

        // Where, and the file's new text.
        let logs = (root as NSString).appendingPathComponent(RecordKind.logs.folderName)
        let jsonPath = (logs as NSString).appendingPathComponent("\(local.monthKey).json")
        let csvPath = (logs as NSString).appendingPathComponent("\(local.monthKey).csv")
        let manager = FileManager.default
        let path = !manager.fileExists(atPath: jsonPath) && manager.fileExists(atPath: csvPath) ? csvPath : jsonPath
        let old: [UInt8] = manager.contents(atPath: path).map { [UInt8]($0) } ?? []
        // The file with the record appended, read and validated as `check` does with it in place
        // of the old one: the errors in the new record.
        func checked(_ fields: [(String, JSONValue)]) throws(Refusal) -> (bytes: [UInt8], parsed: ParsedFile, errors: [Diagnostic]) {
            let appended: (bytes: [UInt8], recordOffset: Int)
            if path.hasSuffix(".csv") {
                do { appended = try Self.appendingRow(fields, to: old, file: path) } catch {
                    if !momentIsStandIn { problems.add(error) }
                    throw problems.refusal()
                }
            } else {
                do {
                    let text = String(CanonicalJSON.string(.object(fields.map { JSONMember($0.0, $0.1) }), sortKeys: false).dropLast())
                    appended = try JSONTextEdit.appending(objectText: text, to: old, file: path)
                } catch {
                    if !momentIsStandIn {
                        problems.add(Refusal("\(path) must be fixed before a brew can be added to it; nothing was written", findings: [.error(error.reason, at: error.location ?? .file(path))]))
                    }
                    throw problems.refusal()
                }
            }
            let firstLine = 1 + appended.bytes[..<appended.recordOffset].reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
            let parsed = RecordFileParser.parse(appended.bytes, path: path, kind: .logs)
            let others = data.files.filter { $0.path != path }
            // Past the count of logs a journal is built from, the count's finding is said at one
            // log of the whole order: then every log file is checked.
            let logCount = others.reduce(parsed.logs.count) { $0 + $1.logs.count }
            let wholeJournal = checkedLogs == .allFiles || logCount > DateBounds.maximumRecords
            let files = (wholeJournal ? others : others.filter { $0.kind != .logs && $0.logs.isEmpty }) + [parsed]
            let (dataset, assembled) = DatasetAssembler.assemble(files.sorted { $0.path < $1.path })
            // Only this file's findings are looked at: its logs' own rules are checked, not every
            // log's again (each log's findings are in its own file; the other rules run on the
            // logs of this file, see `CheckedLogs`).
            let ownLogFindings = DatasetValidator.logFindings(for: parsed.logs[...], knownRecipeIDs: Set(dataset.recipes.map(\.value.id)))
            let after = ValidatedDataset(dataset: dataset, readDiagnostics: assembled, logFindings: ownLogFindings)
            let mine = after.diagnostics.filter { $0.location.file == path && $0.location.line >= firstLine }
            return (appended.bytes, parsed, mine)
        }
        let (bytes, parsed, mine) = try checked(fields)
        var errors = mine.filter { $0.severity == .error }
        if !errors.isEmpty, !parsed.logs.contains(where: { $0.value.id == id }) {
            // A value that cannot be read (an unknown tag or grind) keeps the record from being
            // checked further: check it again with a valid value there, so the rest is said too.
            let unreadable = Set(errors.compactMap(\.location.field))
            let standInValues: [String: JSONValue] = ["tasteTag": .string(TasteTag.perfect.rawValue), "grindLabel": .string(recipe.defaultGrindLabel.rawValue)]
            if !unreadable.isEmpty, unreadable.isSubset(of: Set(standInValues.keys)) {
                let again = try checked(fields.map { name, value in (name, unreadable.contains(name) ? standInValues[name]! : value) })
                errors += again.errors.filter { $0.severity == .error && !unreadable.contains($0.location.field ?? "") }
                errors = errors.sortedByLocation()
            }
        }
        if standIn {
            // Checked on a stand-in recipe: only what the person gave is theirs to fix.
            let given = request.givenFields
            errors = errors.filter { $0.location.field.map(given.contains) ?? false }
        }
        // A bag that is itself invalid in beans/ is said as such, with why and where (check's
        // findings in its record), not as "no bag of beans has the id" (an unreadable bag is dropped).
        if let beanId = request.beanId?.trimmingSpaces,
           let reasons = BeansKind.invalidBagReasons(id: beanId, files: data.files, diagnostics: validated.diagnostics) {
            errors.removeAll { $0.location.field == "beanId" }
            let why = reasons.map { "\($0.location): \($0.message)" }.joined(separator: "; ")
            errors.append(.error("the bag of beans \"\(ShownText.escaped(beanId))\" is invalid and cannot be brewed with until it is fixed: \(why)",
                                 at: SourceLocation.file(path).naming("beanId")))
        }
        if !errors.isEmpty || !problems.isEmpty {
            let given = request.givenFields
            problems.addValues(errors.map { diagnostic in
                // The option that gave the field, so the person knows which flag to change. A value
                // given on the command line is located at its option (`--rating: error: …`): the
                // record was never written, so a line of its file would not be there.
                guard let field = diagnostic.location.field, let option = Self.optionForField[field] else { return diagnostic }
                var named = diagnostic
                if given.contains(field) {
                    // Said at its option, the message no longer starts with the field's name too
                    // (`--bean-id: error: no bag …`, not `--bean-id: error: beanId: no bag …`).
                    named.location = .file(option)
                    if named.message.hasPrefix(field + ": ") { named.message.removeFirst(field.count + 2) }
                } else {
                    named.message += " (\(option))"
                }
                return named
            })
            throw problems.refusal()
        }
        guard let log = parsed.logs.first(where: { $0.value.id == id })?.value else {
            throw Refusal("the new record could not be read back from \(path); nothing was written")
        }

        // The last selected recipe.
        let preferencesPath = (root as NSString).appendingPathComponent(DataDirectoryReader.preferencesFileName)
        var notes: [String] = []
        var preferencesBytes: [UInt8]?
        if preferences?.lastSelectedRecipeId != recipe.id || validated.dataset.preferences == nil {
            let oldPreferences = manager.contents(atPath: preferencesPath).map { [UInt8]($0) } ?? []
            do {
                preferencesBytes = try JSONTextEdit.settingMember(
                    "lastSelectedRecipeId", to: String(CanonicalJSON.string(.string(recipe.id)).dropLast()), in: oldPreferences, file: preferencesPath)
            } catch {
                notes.append("note: \(preferencesPath) was left as it is (\(error.description)), so the last selected recipe is unchanged")
            }
        }
        if path.hasSuffix(".csv"), !old.isEmpty {
            var ignored: [Diagnostic] = []
            let added = CSVRecordReader.read(old, file: path, diagnostics: &ignored).map { Self.missingColumns(fields, header: $0.header) } ?? []
            if !added.isEmpty {
                notes.append("note: \(path) had no column for \(added.joined(separator: ", ")): added to its header, with an empty cell in each earlier row")
            }
        }
        let others = validated.blockingErrors.count
        if others > 0 { notes.append("note: the data has \(others) other error\(others == 1 ? "" : "s"); `brewguide check` lists them") }
        notes += timeNotes
        return Recording(log: log, local: local, logPath: path, logBytes: bytes, preferencesPath: preferencesPath,
                         preferencesBytes: preferencesBytes, warnings: mine.filter { $0.severity == .warning }, notes: notes)
    }

    /// `--at` (of `log` and of `session`): with an offset as written, or a local date-time read in `zone`.
    /// The years a brew's time may be in: written with four digits, as its file's name is (`logs/0999-06.json` is no file a journal has).
    public static let writableYears = 1000...9999

    /// The note for a local time the clocks skipped (02:30 on the night they go forward), which
    /// `moment(from:zone:)` records an hour on: what was given, what was recorded, and why. Nil for
    /// a time with its own offset, or one that exists.
    public static func skippedLocalTime(_ text: String, recorded: (date: Date, offsetSeconds: Int, text: String), zone: TimeZone) -> String? {
        guard !(text.count > 10 && ISO8601.dateAndOffset(from: text) != nil) else { return nil }
        let given = String((text.count == 16 ? text + ":00" : text).prefix(19))
        let shown = String(recorded.text.prefix(19))
        guard given != shown else { return nil }
        return "note: \(text) does not exist in \(zone.identifier) (the clocks went forward that night), so it is recorded at \(shown.prefix(16).replacingOccurrences(of: "T", with: " ")) (\(String(recorded.text.dropFirst(19)))); give --at with an offset to record another moment"
    }

    public static func moment(from text: String, zone: TimeZone) -> (date: Date, offsetSeconds: Int, text: String)? {
        if text.count > 10, let parsed = ISO8601.dateAndOffset(from: text) { return (parsed.date, parsed.offsetSeconds, text) }
        // 2026-10-01T07:00 or 2026-10-01T07:00:00, no offset: local time in the journal's zone.
        let withSeconds = text.count == 16 ? text + ":00" : text
        guard withSeconds.count == 19, let naive = ISO8601.date(from: withSeconds + "Z") else { return nil }
        var offset = zone.secondsFromGMT(for: naive)
        offset = zone.secondsFromGMT(for: naive.addingTimeInterval(-Double(offset)))
        let date = naive.addingTimeInterval(-Double(offset))
        // A time the clocks skipped (the spring gap) is the moment an hour on, written with the
        // zone's offset at that moment (02:30+01:00, not 01:30+00:00); `skippedLocalTime` says so.
        let actual = zone.secondsFromGMT(for: date)
        return (date, actual, LocalTime(date, offsetSeconds: actual).iso8601)
    }

    /// A CSV file with a row added, its cells in the order of the file's header.
    static func appendingRow(_ fields: [(String, JSONValue)], to bytes: [UInt8], file: String) throws(Refusal) -> (bytes: [UInt8], recordOffset: Int) {
        var diagnostics: [Diagnostic] = []
        guard let table = CSVRecordReader.read(bytes, file: file, diagnostics: &diagnostics), diagnostics.allSatisfy({ $0.severity != .error }) else {
            throw Refusal("\(file) must be fixed before a brew can be added to it; nothing was written", findings: diagnostics)
        }
        // A value the header has no column for (a first `--tds`) gets its column, added at the end
        // of the header with an empty cell in every other row, as a person would by hand
        // (`CSVColumnAdder`); `missingColumns` says which, for the note.
        let missing = missingColumns(fields, header: table.header)
        let header = table.header + missing
        let widened = missing.isEmpty ? bytes : CSVColumnAdder.adding(missing, to: bytes)
        let values = Dictionary(fields, uniquingKeysWith: { first, _ in first })
        let newline = JSONTextEdit.usesCRLF(bytes) ? "\r\n" : "\n"
        let row = header.map { csvCell(RecordEncoder.cell(values[$0])) }.joined(separator: ",") + newline
        var prefix = widened
        if let last = prefix.last, last != UInt8(ascii: "\n") { prefix += Array(newline.utf8) }
        return (prefix + Array(row.utf8), prefix.count)
    }

    /// The fields of a new row that `header` has no column for. `method` may be left out: v60 is
    /// what an absent method means.
    static func missingColumns(_ fields: [(String, JSONValue)], header: [String]) -> [String] {
        fields.map(\.0).filter { !header.contains($0) && $0 != "method" }
    }

    /// RFC 4180: quoted when it holds a comma, quote, line break or edge space.
    static func csvCell(_ text: String) -> String {
        let needsQuotes = text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" })
            || text.first == " " || text.last == " "
        return needsQuotes ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text
    }
}
