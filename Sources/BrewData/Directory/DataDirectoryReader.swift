import BrewKit
import Foundation

/// Reads a data directory: the folders and files of `RecordKind` (`recipes/`, `logs/` and
/// `sessions/` at any depth of `.json` and `.csv` files, and `preferences.json`). Files are read in parallel and in a stable order.
public struct DataDirectoryReader: Sendable {
    public static let preferencesFileName = "preferences.json"
    public let root: String
    /// Where the files are read from: the disk, or what a merge or an import would write.
    public let source: any DataFileSource

    /// - Parameters:
    ///   - root: the data directory as the user named it; messages show paths under it.
    ///   - source: the disk (`DiskDataFiles`), or files held in memory at their paths under `root` (`InMemoryDataFiles`).
    public init(root: String, source: any DataFileSource = DiskDataFiles()) {
        self.root = root
        self.source = source
    }

    public struct Result: Sendable {
        public var files: [ParsedFile]
        public var validated: ValidatedDataset
    }

    /// Reads and validates everything: the first refresh of a new `IncrementalDataReader`,
    /// so a full read and a kept-current one can never disagree.
    public func read() -> Result {
        var incremental = IncrementalDataReader(root: root, source: source)
        return incremental.refresh().result
    }

    /// Every data file under the folders of `RecordKind.folderKinds`, sorted, with the kind that
    /// owns its folder; then the files of the file kinds read as records (`RecordFolderDecoding`:
    /// `preferences.json`, `kitchen/inbox.json`) that are there. A file or folder that no kind claims is reported as a warning that says
    /// what is read, never skipped in silence (notes ending in `.md` or `.txt` excepted).
    public func dataFilePaths(diagnostics: inout [Diagnostic]) -> [(path: String, kind: RecordKind)] {
        var result: [(String, RecordKind)] = []
        reportUnclaimedTopLevelEntries(diagnostics: &diagnostics)
        for kind in RecordKind.folderKinds {
            let folder = (root as NSString).appendingPathComponent(kind.folderName)
            guard let entries = source.walk(folder, skippingIgnoredFolders: true) else { continue }
            var found: [String] = []
            for entry in entries {
                let relative = entry.relativePath
                let name = (relative as NSString).lastPathComponent
                if EditorDroppings.isIgnored(name) { continue }
                let lower = name.lowercased()
                if lower.hasSuffix(".json") || lower.hasSuffix(".csv") {
                    found.append((folder as NSString).appendingPathComponent(relative))
                } else if entry.entry == .file, !Self.isNote(lower) {
                    diagnostics.append(.warning(
                        "not read: only .json and .csv files are read in \(kind.folderName)/ (\(kind.rules.summary))",
                        at: .file((folder as NSString).appendingPathComponent(relative))))
                }
            }
            result += found.sorted().map { ($0, kind) }
        }
        // A kind in a file of its own whose declaration decodes it is read as a folder's file is.
        for kind in RecordKind.allCases where kind.declaration is any RecordFolderDecoding.Type {
            for relative in kind.filePaths {
                let path = (root as NSString).appendingPathComponent(relative)
                if source.entryExists(path) { result.append((path, kind)) }
            }
        }
        return result
    }

    /// A note for people beside the data (`README.md`, `notes.txt`), which no kind reads.
    static func isNote(_ lowercasedName: String) -> Bool {
        lowercasedName.hasSuffix(".md") || lowercasedName.hasSuffix(".txt")
    }

    /// Warns about each file or folder that no kind claims, at the top of the data directory and
    /// in the folders that hold kinds' places (`kitchen/`). Notes (`.md`, `.txt`), editor droppings,
    /// and in `kitchen/` the thumbnails' folder `images/` and image files are not reported.
    func reportUnclaimedTopLevelEntries(diagnostics: inout [Diagnostic]) {
        let claimed = RecordKind.claimedPaths
        let parents = RecordKind.foldersOfPlaces
        for folder in parents.sorted() {
            let folderPath = folder.isEmpty ? root : (root as NSString).appendingPathComponent(folder)
            guard let names = source.names(inFolder: folderPath) else { continue }
            for name in names.sorted() {
                let relative = folder.isEmpty ? name : folder + "/" + name
                let lower = name.lowercased()
                if claimed.contains(relative) || parents.contains(relative) || EditorDroppings.isIgnored(name) || Self.isNote(lower) { continue }
                let path = (folderPath as NSString).appendingPathComponent(name)
                let isDirectory = source.entry(at: path) == .folder
                if !folder.isEmpty, Self.isThumbnailPlace(name: lower, isDirectory: isDirectory) { continue }
                let siblings = (claimed.union(parents)).filter { ($0 as NSString).deletingLastPathComponent == folder }
                let near = siblings.first { ($0 as NSString).lastPathComponent.lowercased() == lower }
                    .map { " (did you mean \"\(($0 as NSString).lastPathComponent)\"?)" } ?? ""
                diagnostics.append(.warning(
                    "not read: no kind of record lives in \(isDirectory ? "the folder \"\(relative)/\"" : "\"\(relative)\"")\(near); \(RecordKind.layoutDescription)",
                    at: .file(path)))
            }
        }
    }

    /// A folder of pictures (`kitchen/images/`) or a picture, which recipes' thumbnails name;
    /// `check` reports a thumbnail's file at the recipe, not here.
    static func isThumbnailPlace(name lowercasedName: String, isDirectory: Bool) -> Bool {
        if isDirectory { return lowercasedName == "images" }
        return KitchenThumbnail.imageExtensions.contains((lowercasedName as NSString).pathExtension)
    }

    static func parseConcurrently(_ paths: [(path: String, kind: RecordKind)], source: any DataFileSource = DiskDataFiles()) -> [ParsedFile] {
        concurrentMap(paths) { parseFile(at: $0.path, kind: $0.kind, source: source) }
    }

    public static func parseFile(at path: String, kind: RecordKind, source: any DataFileSource = DiskDataFiles()) -> ParsedFile {
        switch source.bytes(path) {
        case .success(let bytes):
            return RecordFileParser.parse(bytes, path: path, kind: kind)
        case .failure(let problem):
            var file = ParsedFile(path: path, kind: kind)
            file.diagnostics.append(problem.diagnostic)
            return file
        }
    }

    /// `preferences.json` read on its own, for a command that needs no more of the data (the
    /// journal's time zone): parsed as the directory's reader parses it (`PreferencesKind`), its
    /// findings added to `diagnostics`; nil when there is no such file or it is not an object.
    public func readPreferencesFile(diagnostics: inout [Diagnostic]) -> PreferencesFile? {
        let path = (root as NSString).appendingPathComponent(Self.preferencesFileName)
        guard source.entryExists(path) else { return nil }
        let file = Self.parseFile(at: path, kind: .preferences, source: source)
        diagnostics += file.diagnostics
        return file.store[PreferencesFile.shelf].first?.value
    }

    /// The journal's time zone (`preferences.json` `timeZone`; UTC without one), for a command that
    /// reads no more of the data; what is wrong with the file is `check`'s to say.
    public func journalTimeZone() -> JournalTimeZone {
        var ignored: [Diagnostic] = []
        return JournalTimeZone(identifier: readPreferencesFile(diagnostics: &ignored)?.preferences?.value.timeZone)
    }

    /// `erasures.json` (`RecordKind.erasures`): not part of the site, but checked, so that a ledger
    /// `erase`, `merge` or `import` would refuse is reported by `check` with its place.
    /// - Returns: its records when it reads without an error (none when there is no ledger), for
    ///   `ErasedRecordsLeft`.
    @discardableResult
    public func checkErasuresFile(diagnostics: inout [Diagnostic]) -> [ErasureRecord] {
        let path = ErasureLedger.path(root: root)
        switch source.bytesIfPresent(path, expected: ErasureLedger.expected) {
        case nil: return []
        case .success(let bytes)?:
            let found = ErasureLedger.diagnostics(of: bytes, path: path)
            diagnostics += found
            guard found.isEmpty, let node = try? JSONParser.parse(bytes, file: path) else { return [] }
            return (try? ErasureLedger.records(from: JSONValue(node), context: "")) ?? []
        case .failure(let problem)?:
            diagnostics.append(problem.diagnostic)
            return []
        }
    }
}
