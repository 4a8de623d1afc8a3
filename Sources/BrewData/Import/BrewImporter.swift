import BrewKit
import Foundation

/// `import-brews`: brews from another app's files into the data directory, each brew whole or
/// not at all. Reads the data directory first (its recipes, the logs already there and the
/// erasure ledger), decides every brew, and then writes each imported brew as
/// `logs/beanconqueror/<log-id>.json` beside its recorded pour `flows/<log-id>.json`, every file
/// atomically, the pour first so that a log never points at a pour that is missing.
public struct BrewImporter {
    public struct Options: Sendable {
        public var dataRoot: String
        public var recipeId: String?
        /// The app's rating scale when the files do not say (a backup's settings do).
        public var ratingScale: Double?
        public var dryRun: Bool
        /// The run's clock (`BREWGUIDE_NOW`), which the check of the brews measures dates against as `check` does.
        public var now: Date

        public init(dataRoot: String, recipeId: String? = nil, ratingScale: Double? = nil, dryRun: Bool = false, now: Date = Date()) {
            self.dataRoot = dataRoot
            self.recipeId = recipeId
            self.ratingScale = ratingScale
            self.dryRun = dryRun
            self.now = now
        }
    }

    /// What happened to one brew.
    public struct Line: Sendable, CustomStringConvertible {
        public enum Result: Sendable, Equatable { case imported, skipped, alreadyThere }
        public var file: String
        public var brew: String
        public var result: Result
        public var message: String
        /// The brew could not be read or would not pass `check` (not merely left out by a rule):
        /// the command's exit status is then 1, as `kitchen import`'s is for such a recipe.
        public var isError = false
        /// Control characters from the files are written out (`\u{1B}`), as in every message.
        public var description: String { ShownText.escaped("\(file): \(brew): \(message)", limit: .max) }
    }

    public struct Report: Sendable {
        public var lines: [Line] = []
        /// Files that could not be read at all, in the compiler's form.
        public var fileErrors: [Diagnostic] = []
        public var written: [String] = []
        /// How many times the journal was read as `check` reads it to check the brews
        /// (`BrewImportCheck.rejected`): once for them all, and once per brew when an error names no brew's file.
        public var journalReadsToCheck = 0

        public func count(_ result: Line.Result) -> Int { lines.filter { $0.result == result }.count }
        /// The brews that could not be read or would not pass `check`.
        public var errorCount: Int { lines.filter(\.isError).count }
    }

    public let options: Options

    public init(options: Options) {
        self.options = options
    }

    public static let logsFolder = "logs/beanconqueror"

    /// - Parameter progress: told how many of each file's brews are checked (`.checkingBrews`), then
    ///   how many of those accepted are written (`.writingBrews`).
    public func run(files: [String], progress: WorkProgress? = nil) throws(CommandError) -> Report {
        let root = options.dataRoot
        let read = DataDirectoryReader(root: root).read()
        let validated = read.validated
        let blocking = validated.blockingErrors
        guard blocking.isEmpty else {
            throw CommandError("the data directory has errors; fix them first (brewguide check --data \(root))", findings: Array(blocking.prefix(10)))
        }
        let invalid = validated.invalidRecipeReasons
        let recipes = validated.dataset.recipesInLibraryOrder.filter { invalid[$0.id] == nil }
        var named: Recipe?
        if let recipeId = options.recipeId {
            guard let recipe = recipes.first(where: { $0.id == recipeId }) else {
                var message = "--recipe \"\(ShownText.escaped(recipeId))\" names no valid recipe in \(root)"
                if let near = Suggestion.closest(to: recipeId, in: recipes.map(\.id)) { message += " (did you mean \"\(near)\"?)" }
                throw CommandError(message)
            }
            named = recipe
        }
        let ledger = try ErasureLedger.load(root: root)
        let erasedLogs = Set(ledger.filter { $0.kind == .log }.map(\.id))
        let erasedSet = ErasureSet(ledger)
        var bySource: [String: String] = [:]
        var takenIDs = Set<String>()
        for located in validated.dataset.logs {
            let log = located.value
            takenIDs.insert(RecordID.fileKey(log.id))
            if let source = log.source, let sourceId = log.sourceId { bySource["\(source)/\(sourceId)"] = log.id }
        }
        // The instant is the app's; it is written at the journal's UTC offset, so the file reads
        // as the person's clock read (UTC when the journal sets no time zone).
        if let unknownZone = JournalTimeZone.unknownZoneDiagnostic(validated.dataset.preferences) {
            throw CommandError("the journal's time zone is unknown, so the brews' local dates and their files cannot be told; fix preferences.json (brewguide check), nothing was written", findings: [unknownZone])
        }
        let timeZone = JournalTimeZone(identifier: validated.dataset.preferences?.value.timeZone)
        var check = BrewImportCheck(root: root, read: read, now: options.now)
        // The bags of beans the brews were made from: each brew names its bag (`beanId`); a bag
        // the journal does not hold yet is written to `beans/beanconqueror.json`.
        let heldBags = Set(validated.dataset.beans.map { RecordID.fileKey($0.value.id) })
        var newBags: [String: CoffeeBean] = [:]

        var report = Report()
        // Each brew to write, with the line that reports it (turned into a skip if `check` would reject it).
        var planned: [(candidate: BrewImportCheck.Candidate, line: Int)] = []
        for file in files {
            let bytes: [UInt8]
            switch DataFileBytes.read(file, expected: "a Beanconqueror file (a shared brew, Beanconqueror.json or its .zip)") {
            case .success(let read): bytes = read
            case .failure(let problem):
                report.fileErrors.append(problem.diagnostic)
                continue
            }
            let contents: BeanconquerorFile.Contents
            do {
                contents = try BeanconquerorFile.read(bytes, path: file)
            } catch {
                report.fileErrors.append(error.diagnostic)
                continue
            }
            let mapping = BeanconquerorMapping.Options(recipes: recipes, namedRecipe: named, ratingScale: options.ratingScale ?? contents.ratingScale ?? 5)
            for (index, brew) in contents.brews.enumerated() {
                progress?(.checkingBrews, index, contents.brews.count)
                let name = Self.name(of: brew)
                func line(_ result: Line.Result, _ message: String, isError: Bool = false) {
                    report.lines.append(Line(file: file, brew: name, result: result, message: message, isError: isError))
                }
                // A brew already imported (by its uuid) is there, whatever it would be mapped to now.
                if !brew.uuid.isEmpty, let existing = bySource["\(BeanconquerorMapping.source)/\(String(brew.uuid.prefix(BrewLogValidator.maximumNameCharacters)))"] {
                    line(.alreadyThere, "already imported as \(existing); nothing added")
                    continue
                }
                switch BeanconquerorMapping.map(brew, options: mapping) {
                case .skipped(let reason):
                    line(.skipped, "skipped: \(reason)")
                case .refused(let reason):
                    line(.skipped, "skipped: \(reason)", isError: true)
                case .imported(let imported):
                    var log = imported.log
                    log.timestampOffsetSeconds = timeZone.offsetSeconds(at: log.timestamp)
                    if let existing = bySource["\(BeanconquerorMapping.source)/\(log.sourceId ?? "")"] {
                        line(.alreadyThere, "already imported as \(existing); nothing added")
                        continue
                    }
                    if erasedLogs.contains(log.id) {
                        line(.skipped, "skipped: log \(log.id) was erased from this data directory (erasures.json); it is not brought back")
                        continue
                    }
                    var suffix = 2
                    let base = log.id
                    while takenIDs.contains(RecordID.fileKey(log.id)) || erasedSet.covers(.log, log.id) || check.holdsFile(forLogID: log.id) {
                        log.id = "\(base)-\(suffix)"
                        suffix += 1
                    }
                    var bagRemark: String?
                    if let bag = BeanconquerorMapping.bag(of: brew), !erasedSet.covers(.bean, bag.id) {
                        log.beanId = bag.id
                        if !heldBags.contains(RecordID.fileKey(bag.id)) {
                            if newBags[bag.id] == nil { bagRemark = "its bag \(bag.id)\(bag.roastDate.map { " (roasted \($0))" } ?? "") \(options.dryRun ? "would be kept" : "kept") in \(BrewImporter.beansFile)" }
                            newBags[bag.id] = bag
                        }
                    }
                    var flow = imported.flow
                    flow?.logId = log.id
                    // The files as they would be written, read back as `check` reads them.
                    let candidate: BrewImportCheck.Candidate
                    switch check.candidate(log: log, flow: flow) {
                    case .success(let checked): candidate = checked
                    case .failure(let rejection):
                        line(.skipped, "skipped: \(rejection.reason)", isError: true)
                        continue
                    }
                    takenIDs.insert(RecordID.fileKey(log.id))
                    bySource["\(BeanconquerorMapping.source)/\(log.sourceId ?? "")"] = log.id
                    var message = "\(options.dryRun ? "would import" : "imported") as \(log.id) (\(log.method), \(Format.grams(log.doseGrams)) → \(Format.grams(log.targetYieldGrams)), \(log.rating.map { "\($0) of 5" } ?? "not rated")), \(imported.match.explanation)"
                    if !log.fromRecipe.isEmpty { message += "; from the recipe: \(log.fromRecipe.joined(separator: ", "))" }
                    if let flow { message += "; \(flow.samples.count) weight samples \(options.dryRun ? "would be kept" : "kept") in \(FlowFile.folderName)/\(log.id).json" }
                    for remark in (bagRemark.map { [$0] } ?? []) + imported.remarks { message += "; \(remark)" }
                    line(.imported, message)
                    planned.append((candidate, report.lines.count - 1))
                }
            }
        }
        // The whole data directory with every brew added, validated as `check` validates it.
        let bagsPath = (root as NSString).appendingPathComponent(Self.beansFile)
        var bagsBytes: [UInt8]?
        var extra: [(path: String, bytes: [UInt8])] = []
        if !newBags.isEmpty {
            let bytes = try Self.bagsFile(newBags.values.sorted { $0.id < $1.id }, adding: bagsPath)
            bagsBytes = bytes
            extra = [(bagsPath, bytes)]
        }
        let rejected = check.rejected(planned.map(\.candidate), with: extra)
        report.journalReadsToCheck = check.journalReads
        for (index, rejection) in rejected {
            report.lines[planned[index].line].result = .skipped
            report.lines[planned[index].line].message = "skipped: \(rejection.reason)"
            report.lines[planned[index].line].isError = true
        }
        let accepted = planned.indices.filter { rejected[$0] == nil }.map { planned[$0].candidate }
        guard !options.dryRun else { return report }
        // The bags first, so that no brew written names a bag that is not there.
        if let bagsBytes, !accepted.isEmpty {
            do {
                try FileManager.default.createDirectory(atPath: (bagsPath as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try AtomicFile.write(bagsBytes, to: bagsPath)
            } catch {
                throw CommandError("cannot write \(bagsPath): \(error); nothing was imported")
            }
            report.written.append(bagsPath)
        }
        for (index, candidate) in accepted.enumerated() {
            progress?(.writingBrews, index, accepted.count)
            report.written += try write(candidate)
        }
        return report
    }

    /// Where the bags of beans of imported brews are kept.
    public static let beansFile = "beans/beanconqueror.json"

    /// The bytes of `path` (a JSON array of bags, or none yet) with `bags` added.
    static func bagsFile(_ bags: [CoffeeBean], adding path: String) throws(CommandError) -> [UInt8] {
        var records: [JSONValue] = []
        if let bytes = FileManager.default.contents(atPath: path) {
            guard case .array(let elements)? = (try? JSONParser.parse([UInt8](bytes), file: path)).map(JSONValue.init) else {
                throw CommandError("expected an array of bags of beans; fix the file first (nothing was imported)", at: .file(path))
            }
            records = elements
        }
        return CanonicalJSON.bytes(.array(records + bags.map(BeansKind.json)), sortKeys: false)
    }

    /// Writes one brew's checked files: its pour, then its log. If the log cannot be written the pour is removed.
    func write(_ candidate: BrewImportCheck.Candidate) throws(CommandError) -> [String] {
        let root = options.dataRoot
        let log = candidate.log
        var written: [String] = []
        if let flowBytes = candidate.flowBytes {
            let flowPath = FlowFile.path(root: root, logId: log.id)
            do {
                try AtomicFile.write(flowBytes, to: flowPath)
            } catch {
                throw CommandError("cannot import \(log.id): \(error.description); nothing of it was kept")
            }
            written.append(flowPath)
        }
        do {
            try AtomicFile.write(candidate.logBytes, to: candidate.logPath)
        } catch {
            for path in written { unlink(path) }
            throw CommandError("cannot import \(log.id): \(error.description); nothing of it was kept")
        }
        written.append(candidate.logPath)
        return written
    }

    /// `brew d8647dd2 of 2022-12-28 14:41 UTC`: the uuid's start (escaped) and the day, when it is one.
    static func name(of brew: BeanconquerorBrew) -> String {
        var name = "brew \(brew.uuid.isEmpty ? "at line \(brew.location.line)" : ShownText.escaped(String(brew.uuid.prefix(8))))"
        if let seconds = brew.unixTimestamp, seconds > 0, seconds < BeanconquerorMapping.latestUnixSeconds {
            name += " of \(day(Date(timeIntervalSince1970: seconds)))"
        }
        return name
    }

    static func day(_ date: Date) -> String {
        let text = ISO8601.string(from: date)
        return String(text.prefix(16)).replacingOccurrences(of: "T", with: " ") + " UTC"
    }
}
