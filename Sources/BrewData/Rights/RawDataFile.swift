import BrewKit
import Foundation

/// One data file read to plain values, for the commands that rewrite files (erase, merge):
/// they remove records and write the rest back, keeping the file's format.
public struct RawDataFile: Sendable {
    /// What a file's records are.
    public enum Role: Sendable {
        case recipes, recipeSteps, logs, sessions, sessionEntries
        /// A recorded pour (`flows/<log-id>.json`), owned by its log.
        case flows
        /// A file of the sessions folder that holds no session records (presets).
        case other
    }

    public var path: String
    /// The path under the data directory, with `/`.
    public var relativePath: String
    public var kind: RecordKind
    public var content: FileContent
    public var role: Role

    /// The field that ties a record to the id it is erased by.
    public var ownerKey: String {
        switch role {
        case .recipeSteps: "recipeId"
        case .sessionEntries: "sessionId"
        case .flows: "logId"
        default: "id"
        }
    }

    public static func load(path: String, relativePath: String, kind: RecordKind) throws(RightsError) -> RawDataFile {
        guard let data = FileManager.default.contents(atPath: path) else { throw RightsError("\(path): cannot read the file") }
        let bytes = [UInt8](data)
        let content: FileContent
        if path.lowercased().hasSuffix(".csv") {
            var diagnostics: [Diagnostic] = []
            guard let table = CSVRecordReader.read(bytes, file: path, diagnostics: &diagnostics), !diagnostics.contains(where: { $0.severity == .error }) else {
                throw RightsError(diagnostics.first.map(\.description) ?? "\(path): cannot read the CSV")
            }
            content = .csv(header: table.header, rows: table.rows.map { row in
                guard case .object(let members) = row.value else { return [] }
                return members.map { JSONValue($0.node).stringValue ?? "" }
            })
        } else {
            do {
                content = .json(JSONValue(try JSONParser.parse(bytes, file: path)))
            } catch {
                throw RightsError("\(path):\(error.line):\(error.column): error: \(error.message)")
            }
        }
        return RawDataFile(path: path, relativePath: relativePath, kind: kind, content: content, role: role(of: content, kind: kind, name: (path as NSString).lastPathComponent))
    }

    static func role(of content: FileContent, kind: RecordKind, name: String) -> Role {
        switch (kind, content) {
        case (.recipes, .csv(let header, _)): header.contains("recipeId") && !header.contains("defaultDose") ? .recipeSteps : .recipes
        case (.recipes, .json): .recipes
        case (.logs, _): .logs
        case (.sessions, .csv(let header, _)): header.contains("sessionId") ? .sessionEntries : header.contains("startTime") ? .sessions : .other
        case (.sessions, .json): name.lowercased() == "presets.json" ? .other : .sessions
        case (.flows, _): .flows
        }
    }

    /// Every data file under a data directory, in the reader's order.
    public static func loadAll(root: String) throws(RightsError) -> [RawDataFile] {
        var diagnostics: [Diagnostic] = []
        let paths = DataDirectoryReader(root: root).dataFilePaths(diagnostics: &diagnostics)
        var files: [RawDataFile] = []
        for (path, kind) in paths {
            let relative = String(path.dropFirst(root.count)).drop { $0 == "/" }
            files.append(try load(path: path, relativePath: String(relative), kind: kind))
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
