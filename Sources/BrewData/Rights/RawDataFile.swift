import BrewKit
import Foundation

/// One data file read to plain values, for the commands that rewrite files (erase, merge):
/// they remove records and write the rest back, keeping the file's format. What each record
/// is comes from `RecordKind`, as when the site reads it.
public struct RawDataFile: Sendable {
    public var path: String
    /// The path under the data directory, with `/`.
    public var relativePath: String
    /// The kind that owns the folder the file is in (`RecordKind.folderKinds`).
    public var folderKind: RecordKind
    public var content: FileContent

    /// The kind of one of the file's records; nil when no kind claims it (`check` reports it).
    public func kind(of record: JSONValue) -> RecordKind? {
        Self.kind(of: record, in: content, folderKind: folderKind)
    }

    static func kind(of record: JSONValue, in content: FileContent, folderKind: RecordKind) -> RecordKind? {
        switch content {
        case .csv(let header, _): folderKind.claim(csvHeader: header)
        case .json: folderKind.claim(jsonKeys: Set((record.members ?? []).map(\.key)))
        }
    }

    /// Every kind the file's records are.
    public var kinds: Set<RecordKind> { Set(content.records.compactMap(kind(of:))) }

    /// The id of the record that one of this file's records belongs to (`RecordKind.Owner`): the
    /// owner field's value (`recipeId`, `sessionId`), or the file's name for a kind named by its
    /// file; nil for a record of a kind that belongs to none.
    public func ownerID(of record: JSONValue, kind: RecordKind) -> String? {
        guard let owner = kind.rules.identity.owner else { return nil }
        switch owner.reference {
        case .field(let key): return record.text(key)
        case .fileName: return (((relativePath as NSString).lastPathComponent) as NSString).deletingPathExtension
        }
    }

    public static func load(path: String, relativePath: String, folderKind: RecordKind) throws(CommandError) -> RawDataFile {
        // Bounded and named as `check` reads it (a pipe, a folder, over 256 MB).
        let bytes: [UInt8]
        switch DataFileBytes.read(path) {
        case .success(let read): bytes = read
        case .failure(let problem): throw CommandError(problem.diagnostic)
        }
        let content: FileContent
        if path.lowercased().hasSuffix(".csv") {
            var diagnostics: [Diagnostic] = []
            guard let table = CSVRecordReader.read(bytes, file: path, diagnostics: &diagnostics), !diagnostics.contains(where: { $0.severity == .error }) else {
                throw diagnostics.first.map(CommandError.init) ?? .file(path, "cannot read the CSV")
            }
            content = .csv(header: table.header, rows: table.rows.map { row in
                guard case .object(let members) = row.value else { return [] }
                return members.map { JSONValue($0.node).stringValue ?? "" }
            })
        } else {
            do {
                content = .json(JSONValue(try JSONParser.parse(bytes, file: path)))
            } catch {
                throw CommandError(error.message, at: error.location(in: path))
            }
        }
        return RawDataFile(path: path, relativePath: relativePath, folderKind: folderKind, content: content)
    }

    /// Every data file under the folders of the folder kinds, in the reader's order. The file
    /// kinds the reader also lists (the kitchen inbox) are not among them: each is handled whole,
    /// by its kind's rule (`Eraser` removes or trims it even when it does not parse).
    public static func loadAll(root: String) throws(CommandError) -> [RawDataFile] {
        var diagnostics: [Diagnostic] = []
        let paths = DataDirectoryReader(root: root).dataFilePaths(diagnostics: &diagnostics)
        var files: [RawDataFile] = []
        for (path, kind) in paths {
            guard case .folder = kind.rules.place else { continue }
            let relative = String(path.dropFirst(root.count)).drop { $0 == "/" }
            files.append(try load(path: path, relativePath: String(relative), folderKind: kind))
        }
        return files
    }
}

extension JSONValue {
    /// A member as text: a string, or a number or flag as written in a CSV.
    func text(_ key: String) -> String? {
        switch self[key] {
        case .string(let text)?: text
        case .number(let number)?: CanonicalJSON.number(number)
        case .bool(let flag)?: flag ? "true" : "false"
        default: nil
        }
    }

    /// Whether a raw recipe record is a starter (`isStarter` true or origin `starterTemplate`).
    var isStarterRecipe: Bool {
        text("isStarter")?.lowercased() == "true" || text("origin") == RecipeOrigin.starterTemplate.rawValue
    }
}
