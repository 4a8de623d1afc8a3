import BrewKit
import Foundation

/// The check `import-brews` runs before it writes (docs/IMPORT.md): what `check` would say
/// about the data directory with the brews added. A brew `check` would reject is not written.
///
/// - Each brew's files, exactly the bytes that would be written, are read back by `check`'s own
///   parser (`RecordFileParser`: the bounds of `FieldBounds`, a pour's rules in `FlowFile`) and
///   its log validated by `BrewLogValidator`: `candidate(log:flow:)`, which gives each brew its own
///   refusal.
/// - Then the journal is read as `check` reads it (`JournalFindings.reading`), by the one reader
///   over the data directory with every brew's files (and the bags of beans the import keeps) in
///   place (`PlannedDataFiles`, as merge checks what it would write): `rejected(_:with:)`. An
///   error that was not there before belongs to the brew whose file it names; one at no brew's
///   file (it cannot be told apart) is settled by reading the directory with each brew alone.
struct BrewImportCheck {
    /// One brew's files as they would be written, and as `check` reads them.
    struct Candidate {
        var log: BrewLog
        var flow: BrewFlow?
        var logPath: String
        var logBytes: [UInt8]
        var flowBytes: [UInt8]?
        var parsed: [ParsedFile]
    }

    let root: String
    let knownRecipeIDs: Set<String>
    /// The run's clock, which `check` measures dates ahead and sessions left active against.
    let now: Date
    /// The errors `check` reports about the data directory as it is (none that block: the
    /// import refuses to start otherwise), by their printed form.
    let errorsBefore: Set<String>
    /// How many times the journal was read to check brews (`rejected`): once, and once per brew
    /// when an error names no brew's file.
    private(set) var journalReads = 0

    /// - Parameter read: the data directory as read from the disk.
    init(root: String, read: DataDirectoryReader.Result, now: Date) {
        self.root = root
        self.now = now
        self.knownRecipeIDs = Set(read.validated.dataset.recipes.map(\.value.id))
        let mealPlan = MealPlanContext.load(root: root, read: read, source: DiskDataFiles())
        self.errorsBefore = Set(JournalFindings.of(read, mealPlan: mealPlan, now: now).filter { $0.severity == .error }.map(\.description))
    }

    static func logPath(root: String, logId: String) -> String {
        ((root as NSString).appendingPathComponent(BrewImporter.logsFolder) as NSString).appendingPathComponent("\(logId).json")
    }

    /// Whether the data directory holds something at the path of the log's file or of its pour
    /// (a file renamed by hand, whose logs have other ids): the brew takes another id rather than
    /// write over it.
    func holdsFile(forLogID id: String) -> Bool {
        let disk = DiskDataFiles()
        return disk.entryExists(Self.logPath(root: root, logId: id)) || disk.entryExists(FlowFile.path(root: root, logId: id))
    }

    /// The bytes of a log's file: one log in an array, as `check` reads a logs file.
    static func logBytes(_ log: BrewLog) -> [UInt8] {
        CanonicalJSON.bytes(.array([RecordEncoder.json(log)]), sortKeys: false)
    }

    /// The brew's files, or the messages of the errors `check` would report about them.
    func candidate(log: BrewLog, flow: BrewFlow?) -> Result<Candidate, Rejection> {
        let logPath = Self.logPath(root: root, logId: log.id)
        let logBytes = Self.logBytes(log)
        var parsed = [RecordFileParser.parse(logBytes, path: logPath, kind: .logs)]
        var flowBytes: [UInt8]?
        if let flow {
            let bytes = Array(FlowFile.text(flow).utf8)
            flowBytes = bytes
            parsed.append(RecordFileParser.parse(bytes, path: FlowFile.path(root: root, logId: log.id), kind: .flows))
        }
        var errors = parsed.flatMap(\.diagnostics).filter { $0.severity == .error }
        if errors.isEmpty {
            let logs = parsed.flatMap(\.logs)
            if logs.count != 1 || (flow != nil && parsed.reduce(0, { $0 + $1.store[BrewFlow.shelf].count }) != 1) {
                // Nothing else can happen when the files parse; said, rather than trusted.
                errors.append(.error("its files do not read back as one log and its pour", at: .file(logPath)))
            }
            errors += logs.flatMap { BrewLogValidator().diagnostics(for: $0, knownRecipeIDs: knownRecipeIDs) }.filter { $0.severity == .error }
        }
        guard errors.isEmpty else { return .failure(Rejection(errors)) }
        return .success(Candidate(log: log, flow: flow, logPath: logPath, logBytes: logBytes, flowBytes: flowBytes, parsed: parsed))
    }

    /// Why `check` would reject some brews once all of `candidates` are in the data, by index.
    /// - Parameter extra: files the import writes beside the brews' (its bags of beans), each
    ///   path with the bytes it will hold, in place of the data directory's file at that path.
    mutating func rejected(_ candidates: [Candidate], with extra: [(path: String, bytes: [UInt8])] = []) -> [Int: Rejection] {
        guard !candidates.isEmpty else { return [:] }
        var owner: [String: Int] = [:]
        for (index, candidate) in candidates.enumerated() {
            for file in candidate.parsed { owner[file.path] = index }
        }
        var rejected: [Int: [Diagnostic]] = [:]
        var unplaced = false
        for error in newErrors(candidates, with: extra) {
            if let index = owner[error.location.file] { rejected[index, default: []].append(error) } else { unplaced = true }
        }
        if unplaced {
            // An error at a file of the data directory: each brew alone shows whose it is.
            for (index, candidate) in candidates.enumerated() where rejected[index] == nil {
                let errors = newErrors([candidate], with: extra)
                if !errors.isEmpty { rejected[index] = errors }
            }
        }
        return rejected.mapValues(Rejection.init)
    }

    /// The errors `check` reports with `candidates` added that it did not report before: the
    /// journal read by `check`'s reader from the directory with their files in place.
    private mutating func newErrors(_ candidates: [Candidate], with extra: [(path: String, bytes: [UInt8])]) -> [Diagnostic] {
        var changes: [(relativePath: String, bytes: [UInt8]?)] = []
        for file in extra { changes.append((relativePath: relative(file.path), bytes: file.bytes)) }
        for candidate in candidates {
            if let flowBytes = candidate.flowBytes {
                changes.append((relativePath: relative(FlowFile.path(root: root, logId: candidate.log.id)), bytes: flowBytes))
            }
            changes.append((relativePath: relative(candidate.logPath), bytes: candidate.logBytes))
        }
        journalReads += 1
        let source = PlannedDataFiles(root: root, changes: changes)
        return JournalFindings.reading(root: root, source: source, now: now).findings
            .filter { $0.severity == .error && !errorsBefore.contains($0.description) }
    }

    /// A path under `root` (as the brews' paths are made), relative to it.
    private func relative(_ path: String) -> String {
        guard path.hasPrefix(root) else { return path }
        return String(path.dropFirst(root.count).drop { $0 == "/" })
    }

    /// The errors that keep a brew out, as one reason.
    struct Rejection: Error {
        var errors: [Diagnostic]

        init(_ errors: [Diagnostic]) { self.errors = errors }

        /// `brewguide check would reject it: targetYieldGrams must be at most 20000 g, found 29573.5`.
        var reason: String {
            var messages: [String] = []
            for message in errors.map(\.message) where !messages.contains(message) { messages.append(message) }
            let shown = messages.prefix(3).joined(separator: "; ") + (messages.count > 3 ? "; and \(messages.count - 3) more" : "")
            return "brewguide check would reject it: \(shown)"
        }
    }
}
