import BrewKit
import Foundation

/// Reads a data directory: the folders and files of `RecordKind` (`recipes/`, `logs/` and
/// `sessions/` at any depth of `.json` and `.csv` files, and `preferences.json`). Files are read in parallel and in a stable order.
public struct DataDirectoryReader: Sendable {
    public static let preferencesFileName = "preferences.json"
    public let root: String

    /// - Parameter root: the data directory as the user named it; messages show paths under it.
    public init(root: String) {
        self.root = root
    }

    public struct Result: Sendable {
        public var files: [ParsedFile]
        public var validated: ValidatedDataset
    }

    /// Reads and validates everything: the first refresh of a new `IncrementalDataReader`,
    /// so a full read and a kept-current one can never disagree.
    public func read() -> Result {
        var incremental = IncrementalDataReader(root: root)
        return incremental.refresh().result
    }

    /// Every data file under the folders of `RecordKind.folderKinds`, sorted, with the kind that
    /// owns its folder. A file or folder that no kind claims is reported as a warning that says
    /// what is read, never skipped in silence (notes ending in `.md` or `.txt` excepted).
    public func dataFilePaths(diagnostics: inout [Diagnostic]) -> [(path: String, kind: RecordKind)] {
        var result: [(String, RecordKind)] = []
        reportUnclaimedTopLevelEntries(diagnostics: &diagnostics)
        for kind in RecordKind.folderKinds {
            let folder = (root as NSString).appendingPathComponent(kind.folderName)
            guard let enumerator = FileManager.default.enumerator(atPath: folder) else { continue }
            var found: [String] = []
            while let relative = enumerator.nextObject() as? String {
                let name = (relative as NSString).lastPathComponent
                if EditorDroppings.isIgnored(name) {
                    if (enumerator.fileAttributes?[.type] as? FileAttributeType) == .typeDirectory { enumerator.skipDescendants() }
                    continue
                }
                let lower = name.lowercased()
                if lower.hasSuffix(".json") || lower.hasSuffix(".csv") {
                    found.append((folder as NSString).appendingPathComponent(relative))
                } else if (enumerator.fileAttributes?[.type] as? FileAttributeType) == .typeRegular, !Self.isNote(lower) {
                    diagnostics.append(.warning(
                        "not read: only .json and .csv files are read in \(kind.folderName)/ (\(kind.rules.summary))",
                        at: .file((folder as NSString).appendingPathComponent(relative))))
                }
            }
            result += found.sorted().map { ($0, kind) }
        }
        return result
    }

    /// A note for people beside the data (`README.md`, `notes.txt`), which no kind reads.
    static func isNote(_ lowercasedName: String) -> Bool {
        lowercasedName.hasSuffix(".md") || lowercasedName.hasSuffix(".txt")
    }

    /// Warns about each file or folder at the top of the data directory that no kind claims.
    func reportUnclaimedTopLevelEntries(diagnostics: inout [Diagnostic]) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: root) else { return }
        let claimed = RecordKind.claimedTopLevelNames
        for name in names.sorted() where !claimed.contains(name) && !EditorDroppings.isIgnored(name) && !Self.isNote(name.lowercased()) {
            let path = (root as NSString).appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            let near = claimed.first { $0.lowercased() == name.lowercased() }.map { " (did you mean \"\($0)\"?)" } ?? ""
            diagnostics.append(.warning(
                "not read: no kind of record lives in \(isDirectory.boolValue ? "the folder \"\(name)/\"" : "\"\(name)\"")\(near); \(RecordKind.layoutDescription)",
                at: .file(path)))
        }
    }

    static func parseConcurrently(_ paths: [(path: String, kind: RecordKind)]) -> [ParsedFile] {
        concurrentMap(paths) { parseFile(at: $0.path, kind: $0.kind) }
    }

    public static func parseFile(at path: String, kind: RecordKind) -> ParsedFile {
        switch DataFileBytes.read(path) {
        case .success(let bytes):
            return RecordFileParser.parse(bytes, path: path, kind: kind)
        case .failure(let problem):
            var file = ParsedFile(path: path, kind: kind)
            file.diagnostics.append(problem.diagnostic)
            return file
        }
    }

    /// `preferences.json`: the preferences and its `waterline` settings.
    public func readPreferencesFile(diagnostics: inout [Diagnostic]) -> (preferences: Located<Preferences>?, waterline: Located<WaterlineSettings.Overrides>?) {
        let path = (root as NSString).appendingPathComponent(Self.preferencesFileName)
        guard FileManager.default.fileExists(atPath: path) else { return (nil, nil) }
        let bytes: [UInt8]
        switch DataFileBytes.read(path) {
        case .success(let read): bytes = read
        case .failure(let problem): diagnostics.append(problem.diagnostic); return (nil, nil)
        }
        do {
            let node = try JSONParser.parse(bytes, file: path)
            let preferences = PreferencesDecoder.decode(node, diagnostics: &diagnostics)
            return (preferences, WaterlineSettingsDecoder.decode(preferences: node, diagnostics: &diagnostics))
        } catch {
            diagnostics.append(.error(error.message, at: SourceLocation(file: path, line: error.line, column: error.column)))
            return (nil, nil)
        }
    }

    /// `erasures.json` (`RecordKind.erasures`): not part of the site, but checked, so that a ledger
    /// `erase`, `merge` or `import` would refuse is reported by `check` with its place.
    public func checkErasuresFile(diagnostics: inout [Diagnostic]) {
        let path = ErasureLedger.path(root: root)
        guard let data = FileManager.default.contents(atPath: path) else { return }
        diagnostics += ErasureLedger.diagnostics(of: [UInt8](data), path: path)
    }
}
