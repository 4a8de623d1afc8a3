import BrewKit
import Foundation

/// A data directory read once and then kept current: each refresh lists the data files again
/// and reads only those that are new or whose signature (inode, size, times) changed; the rest
/// are reused as parsed. The data set is then put together and validated whole, exactly as a
/// full read does (a full read is the first refresh of a new reader).
public struct IncrementalDataReader: Sendable {
    public struct Refresh: Sendable {
        public var result: DataDirectoryReader.Result
        /// Data files read again because they are new or changed, and files gone, in path order
        /// (`preferences.json` among them, a data file as the folders' are).
        public var changedPaths: [String]
        public var removedPaths: [String]
        /// Time spent listing and reading files, and putting the data set together and validating it.
        public var readNanoseconds: UInt64 = 0
        public var validateNanoseconds: UInt64 = 0

        /// Whether anything differs from the previous refresh.
        public var changedAnything: Bool { !changedPaths.isEmpty || !removedPaths.isEmpty }
    }

    public let reader: DataDirectoryReader
    private var parsed: [String: (signature: FileSignature?, file: ParsedFile)] = [:]

    /// - Parameter source: where the files are read from (`DataDirectoryReader.source`).
    public init(root: String, source: any DataFileSource = DiskDataFiles()) {
        self.reader = DataDirectoryReader(root: root, source: source)
    }

    /// What `readChangedFiles` found: the data files read again and those gone, in path order.
    public struct FileChanges: Sendable {
        public var changedPaths: [String] = []
        public var removedPaths: [String] = []
        public var isEmpty: Bool { changedPaths.isEmpty && removedPaths.isEmpty }
    }

    /// Lists the data files and reads again those new or changed, without putting the data set
    /// together: `watch` looks at an edited file before the whole journal is validated
    /// (`parsedFile(at:)`). The next `refresh` reports these files as changed too.
    public mutating func readChangedFiles() -> FileChanges {
        var listingDiagnostics: [Diagnostic] = []
        guard listAndReread(diagnostics: &listingDiagnostics) != nil else { return FileChanges() }
        return FileChanges(changedPaths: unreported.changed.sorted(), removedPaths: unreported.removed.sorted())
    }

    /// The file at `path` as last read, or nil when it is not a data file (or is gone).
    public func parsedFile(at path: String) -> ParsedFile? {
        parsed[path]?.file
    }

    /// The findings of `BrewLogValidator` in each file's logs, kept until the file is read again
    /// or the data's recipe ids change (`logFindingsRecipeIDs`): a refresh checks only new logs.
    private var logFindings: [String: [Diagnostic]] = [:]
    private var logFindingsRecipeIDs: Set<String> = []

    /// Files read again or gone since the last `refresh`, which reports them.
    private var unreported: (changed: Set<String>, removed: Set<String>) = ([], [])

    /// Lists the data files and reads again the new and changed ones; nil when the data directory
    /// is not there. - Returns: the listed files, in path order.
    private mutating func listAndReread(diagnostics: inout [Diagnostic]) -> [(path: String, kind: RecordKind)]? {
        let source = reader.source
        guard source.entry(at: reader.root) == .folder else { return nil }
        let paths = reader.dataFilePaths(diagnostics: &diagnostics)
        let signatures = concurrentMap(paths.map(\.path)) { source.signature(at: $0) }
        var stale: [(path: String, kind: RecordKind)] = []
        for (index, entry) in paths.enumerated() {
            if let known = parsed[entry.path], let signature = signatures[index], known.signature == signature, known.file.kind == entry.kind { continue }
            stale.append(entry)
        }
        let reread = DataDirectoryReader.parseConcurrently(stale, source: source)
        let signatureByPath = Dictionary(zip(paths.map(\.path), signatures), uniquingKeysWith: { first, _ in first })
        for file in reread {
            parsed[file.path] = (signatureByPath[file.path] ?? nil, file)
            unreported.changed.insert(file.path)
            unreported.removed.remove(file.path)
            logFindings[file.path] = nil
        }
        let listed = Set(paths.map(\.path))
        let removed = parsed.keys.filter { !listed.contains($0) }
        for path in removed {
            parsed[path] = nil
            unreported.changed.remove(path)
            unreported.removed.insert(path)
            logFindings[path] = nil
        }
        return paths
    }

    public mutating func refresh() -> Refresh {
        refresh(stoppingIf: nil)!
    }

    /// A refresh that gives way when `shouldStop` says so once the data set is put together, or
    /// while it is validated (`GiveWay`): nil then, and the next refresh reports what this one read.
    public mutating func refresh(stoppingIf shouldStop: (() -> Bool)?) -> Refresh? {
        let root = reader.root
        let start = DispatchTime.now().uptimeNanoseconds
        var diagnostics: [Diagnostic] = []
        guard let paths = listAndReread(diagnostics: &diagnostics) else {
            let message = "the data directory \"\(root)\" does not exist; expected a folder with recipes/, logs/ and preferences.json (start one with `brewguide init \(root)`)"
            let removed = Set(parsed.keys).union(unreported.removed).sorted()
            parsed = [:]
            unreported = ([], [])
            let result = DataDirectoryReader.Result(files: [], validated: ValidatedDataset(unreadable: [.error(message, at: .file(root))]))
            return Refresh(result: result, changedPaths: [], removedPaths: removed)
        }
        // In the listing's order (kind by kind, then path), as they are read.
        let changed = paths.map(\.path).filter(unreported.changed.contains), removed = unreported.removed.sorted()
        if let shouldStop, shouldStop() { return nil }
        unreported = ([], [])

        let source = reader.source
        let ledger = reader.checkErasuresFile(diagnostics: &diagnostics)

        let read = DispatchTime.now().uptimeNanoseconds
        let files = paths.compactMap { parsed[$0.path]?.file }
        var (dataset, assembled) = DatasetAssembler.assemble(files)
        let giveWay = GiveWay(shouldStop)
        var validated: ValidatedDataset
        do throws(GaveWay) {
            try giveWay.check()
            dataset.kitchenImages = KitchenImageFiles.resolve(dataset.kitchenRecipes, root: root, source: source, diagnostics: &assembled)
            assembled += KitchenImageFiles.unnamed(dataset.kitchenRecipes, cookPhotos: CookPhotos.named(inFiles: files), root: root, source: source)
            assembled += ErasedRecordsLeft.findings(in: dataset, ledger: ledger, root: root)
            // The log findings kept per file are those of the files as read: kept even when this gives way.
            validated = try ValidatedDataset(dataset: dataset, readDiagnostics: diagnostics + assembled,
                                             logFindings: findLogProblems(in: files, dataset: dataset), giveWay: giveWay)
        } catch {
            unreported = (Set(changed), Set(removed))
            return nil
        }
        if dataset.recipes.isEmpty {
            validated.diagnostics = Self.noRecipes(validated.diagnostics, root: root, recipeFiles: paths.filter { $0.kind == .recipes }.map(\.path), source: source)
        }
        let result = DataDirectoryReader.Result(files: files, validated: validated)
        return Refresh(result: result, changedPaths: changed, removedPaths: removed,
                       readNanoseconds: read - start, validateNanoseconds: DispatchTime.now().uptimeNanoseconds - read)
    }

    /// `DatasetValidator.logFindings` of the data set's logs (which are `files`' logs, in order),
    /// found again only for files read since the last refresh, unless the recipe ids changed.
    private mutating func findLogProblems(in files: [ParsedFile], dataset: Dataset) -> [Diagnostic]? {
        let logs = dataset.logs
        let withLogs = files.filter { !$0.logs.isEmpty }
        guard withLogs.reduce(0, { $0 + $1.logs.count }) == logs.count else { return nil }
        let recipeIDs = Set(dataset.recipes.map(\.value.id))
        if recipeIDs != logFindingsRecipeIDs {
            logFindings = [:]
            logFindingsRecipeIDs = recipeIDs
        }
        // Where each file's logs are in the data set's; the files not checked yet, in chunks on all cores.
        var ranges: [Range<Int>] = []
        for file in withLogs { ranges.append((ranges.last?.upperBound ?? 0)..<((ranges.last?.upperBound ?? 0) + file.logs.count)) }
        let unchecked = withLogs.indices.filter { logFindings[withLogs[$0].path] == nil }
        let chunks = unchecked.flatMap { index in
            stride(from: ranges[index].lowerBound, to: ranges[index].upperBound, by: 2_000).map { (file: index, logs: $0..<min($0 + 2_000, ranges[index].upperBound)) }
        }
        let found = concurrentMap(chunks) { DatasetValidator.logFindings(for: logs[$0.logs], knownRecipeIDs: recipeIDs) }
        for index in unchecked { logFindings[withLogs[index].path] = [] }
        for (chunk, findings) in zip(chunks, found) { logFindings[withLogs[chunk.file].path]! += findings }
        return withLogs.flatMap { logFindings[$0.path] ?? [] }
    }

    /// The validator's "no recipes" finding, pointed at a place that exists (the `recipes/`
    /// folder, else the data directory) and saying what is missing and how to start.
    /// When recipe files are there but none could be read, that is what is said: `init --force`
    /// writes the starter only where no file is, so it is offered only when it would help.
    static func noRecipes(_ diagnostics: [Diagnostic], root: String, recipeFiles: [String] = [], source: any DataFileSource = DiskDataFiles()) -> [Diagnostic] {
        let recipes = (root as NSString).appendingPathComponent(RecordKind.recipes.folderName)
        let hasFolder = source.entry(at: recipes) != nil
        let starter = (root as NSString).appendingPathComponent(JournalStarter.starterPath)
        let withErrors = Set(diagnostics.filter { $0.severity == .error }.map(\.location.file))
        let broken = recipeFiles.filter(withErrors.contains).map { ($0 as NSString).lastPathComponent }
        let files = broken.prefix(3).joined(separator: ", ") + (broken.count > 3 ? " and \(broken.count - 3) more" : "")
        let them = broken.count == 1 ? "it" : "them"
        let hasStarterFile = source.entryExists(starter)
        let message: String
        if !hasFolder {
            message = "\(root) has no recipes/ folder, so there is nothing to brew; start a journal here with `brewguide init \(root)\(Self.isEmptyFolder(root, source: source) ? "" : " --force")` (it adds the V60 starter, logs/, sessions/ and preferences.json)"
        } else if !broken.isEmpty {
            message = "no valid recipe in \(recipes)/: \(files) could not be read as recipes (the errors there say why); fix \(them), or "
                + (hasStarterFile ? "move \(starter) away and run `brewguide init \(root) --force` to write the V60 starter again" : "run `brewguide init \(root) --force` to add the V60 starter beside \(them)")
        } else if hasStarterFile {
            message = "no recipes in \(recipes)/: \(starter) holds none; move it away and run `brewguide init \(root) --force` to write the V60 starter again"
        } else {
            message = "no recipes in \(recipes)/; a journal needs the V60 starter recipe: run `brewguide init \(root) --force` to add it (nothing else is changed)"
        }
        return diagnostics.map { diagnostic in
            guard diagnostic.message == DatasetValidator.noRecipesMessage else { return diagnostic }
            return .error(message, at: .file(hasFolder ? recipes : root))
        }
    }

    static func isEmptyFolder(_ path: String, source: any DataFileSource = DiskDataFiles()) -> Bool {
        (source.names(inFolder: path) ?? []).allSatisfy { $0.hasPrefix(".") }
    }
}
