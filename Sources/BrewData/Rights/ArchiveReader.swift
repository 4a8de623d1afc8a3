import BrewKit
import Foundation

/// Reads an export archive and checks everything before anything is written: JSON syntax
/// (a truncated file fails here), format and schema version, the checksum, the counts,
/// every id and path, and that every record reads as the data directory would read it.
public enum ArchiveReader {
    /// - Throws: a `CommandError` located in the archive `name` (its line and column when the JSON
    ///   does not read, the file otherwise).
    /// - Parameter progress: told how many of the archive's records are checked (`.checkingRecords`).
    public static func read(_ bytes: [UInt8], name: String = "archive", progress: WorkProgress? = nil) throws(CommandError) -> DataSnapshot {
        do {
            return try readContents(bytes, name: name, progress: progress)
        } catch {
            throw error.located(at: .file(name))
        }
    }

    private static func readContents(_ bytes: [UInt8], name: String, progress: WorkProgress?) throws(CommandError) -> DataSnapshot {
        let root: JSONValue
        do {
            root = JSONValue(try JSONParser.parse(bytes, file: name))
        } catch {
            throw CommandError("the archive is not valid JSON (\(error.message)); it may be truncated or corrupt", at: error.location(in: name))
        }
        guard let manifest = root["manifest"], case .object = manifest else {
            throw CommandError("not a brewguide archive (no \"manifest\" object)")
        }
        guard manifest.text("format") == Archive.format else {
            throw CommandError("not a brewguide archive (manifest.format is not \"\(Archive.format)\")")
        }
        guard case .number(let version)? = manifest["schemaVersion"], version == version.rounded(), version >= 1 else {
            throw CommandError("the manifest has no valid schemaVersion")
        }
        if version > Double(Archive.schemaVersion) {
            throw CommandError("the archive has schema version \(CanonicalJSON.number(version)), made by a newer brewguide (\(manifest.text("toolVersion") ?? "unknown version")); this version reads schema \(Archive.schemaVersion) at most")
        }
        guard let contents = root["contents"], case .object = contents else {
            throw CommandError("the archive has no \"contents\" object")
        }
        // Records as the members hold them: an array's elements, or one (the preferences).
        func recordCount(_ member: ArchiveMember) -> Int {
            switch contents[member.rawValue] {
            case .array(let elements)?: elements.count
            case nil, .null?: 0
            default: 1
            }
        }
        let recordsTotal = ArchiveMember.allCases.reduce(0) { $0 + recordCount($1) }
        progress?(.checkingRecords, 0, recordsTotal)
        guard manifest["checksum"]?.text("algorithm") == "sha256", let expected = manifest["checksum"]?.text("contents") else {
            throw CommandError("the manifest has no sha256 checksum")
        }
        let actual = Archive.sha256(CanonicalJSON.bytes(contents))
        guard actual == expected else {
            throw CommandError("checksum mismatch: the manifest says \(expected) but the contents hash to \(actual); the archive was changed or damaged after export")
        }

        // Every member, in order (flows after their logs, thumbnails after their recipes).
        var read = DataSnapshot()
        var checked = 0
        for member in ArchiveMember.allCases {
            try self.read(member, from: contents, name: name, into: &read) { progress?(.checkingRecords, checked + $0, recordsTotal) }
            checked += recordCount(member)
            progress?(.checkingRecords, checked, recordsTotal)
        }
        let snapshot = DataSnapshot(recipes: read.recipes, logs: read.logs, sessionFiles: read.sessionFiles, preferences: read.preferences, erasures: read.erasures,
                                    kitchenRecipes: read.kitchenRecipes, flows: read.flows, kitchenFiles: read.kitchenFiles, kitchenImages: read.kitchenImages)

        if case .object(let counts)? = manifest["counts"] {
            for (kind, count) in Archive.counts(of: snapshot) {
                if let stated = counts.first(where: { $0.key == kind }), stated.value != .number(Double(count)) {
                    throw CommandError("the manifest counts \(RecordEncoder.cell(stated.value)) \(kind) but the archive holds \(count)")
                }
            }
        }
        // The planner's files must read as the data directory reads them, against the archive's
        // own kitchen recipes and snack presets.
        let kitchenErrors = KitchenPlannerFiles.errors(in: snapshot, name: "\(name)#")
        if !kitchenErrors.isEmpty {
            throw CommandError("\(kitchenErrors.count) error(s) in the archive's kitchen planner files (contents.kitchenFiles); nothing was written", findings: Array(kitchenErrors.prefix(5)))
        }
        return snapshot
    }

    /// Reads one member of `contents` into `snapshot`, checking each record as the data
    /// directory would read it. A member that may be left out is skipped when it is absent.
    private static func read(_ member: ArchiveMember, from contents: JSONValue, name: String, into snapshot: inout DataSnapshot,
                             recordsRead: (Int) -> Void) throws(CommandError) {
        if !member.isAlwaysWritten && contents[member.rawValue] == nil { return }
        switch member {
        case .recipes, .logs:
            let kind: RecordKind = member == .recipes ? .recipes : .logs
            let nodes = try array(contents, member.rawValue, name)
            for (index, node) in nodes.enumerated() {
                guard let id = node.text("id") else { throw CommandError("contents.\(member.rawValue)[\(index)] has no id") }
                if let problem = RecordID.problem(with: id) { throw CommandError("contents.\(member.rawValue)[\(index)]: unsafe \(problem)") }
            }
            let file = try decode(nodes, kind: kind, name: name, recordsRead: recordsRead)
            if kind == .recipes { snapshot.recipes = file.recipes.map(\.value) } else { snapshot.logs = file.logs.map(\.value) }
        case .sessionFiles:
            for (index, node) in try array(contents, "sessionFiles", name).enumerated() {
                snapshot.sessionFiles.append(try sessionFile(node, context: "contents.sessionFiles[\(index)]"))
            }
            for session in SessionRecord.records(in: snapshot.sessionFiles) {
                if let problem = RecordID.problem(with: session.id) { throw CommandError("session: unsafe \(problem)") }
            }
        case .preferences:
            let preferences: JSONValue? = contents["preferences"] == .null ? nil : contents["preferences"]
            if let preferences, preferences.members == nil { throw CommandError("contents.preferences must be an object or null") }
            snapshot.preferences = preferences
        case .erasures:
            snapshot.erasures = try ErasureLedger.records(from: contents, context: "contents")
        case .flows:
            let logIDs = Set(snapshot.logs.map(\.id))
            for (index, node) in try array(contents, "flows", name).enumerated() {
                guard let logId = node.text("logId"), RecordID.problem(with: logId) == nil, logIDs.contains(logId) else {
                    throw CommandError("contents.flows[\(index)] must name one of the archive's logs by a safe logId")
                }
                var diagnostics: [Diagnostic] = []
                let path = "\(FlowFile.folderName)/\(logId).json"
                guard let flow = FlowFile.decode(CanonicalJSON.bytes(node), path: path, diagnostics: &diagnostics),
                      !diagnostics.contains(where: { $0.severity == .error }) else {
                    throw CommandError("\(diagnostics.first?.message ?? "does not read") (in the archive's flows[\(index)])", at: diagnostics.first?.location ?? .file(path))
                }
                snapshot.flows.append(flow)
            }
        case .kitchenRecipes:
            guard case .array(let nodes)? = contents["kitchenRecipes"] else { throw CommandError("contents.kitchenRecipes must be an array") }
            snapshot.kitchenRecipes = try KitchenRecordEncoder.recipes(from: nodes, context: "\(name)#kitchenRecipes")
            for recipe in snapshot.kitchenRecipes {
                if let problem = RecordID.problem(with: recipe.id) { throw CommandError("kitchen recipe: unsafe \(problem)") }
            }
        case .kitchenFiles:
            var seen = Set<String>()
            for (index, node) in try array(contents, "kitchenFiles", name).enumerated() {
                let file = try kitchenFile(node, context: "contents.kitchenFiles[\(index)]")
                guard seen.insert(file.relativePath).inserted else {
                    throw CommandError("contents.kitchenFiles[\(index)]: \"\(file.relativePath)\" is in the archive twice")
                }
                snapshot.kitchenFiles.append(file)
            }
        case .kitchenImages:
            let named = KitchenImage.paths(namedBy: snapshot.kitchenRecipes).union(CookPhotos.named(in: snapshot))
            var seen = Set<String>()
            for (index, node) in try array(contents, "kitchenImages", name).enumerated() {
                let context = "contents.kitchenImages[\(index)]"
                let image = try KitchenImage.decode(node, context: context)
                guard named.contains(image.path) else {
                    throw CommandError("\(context): \"\(image.path)\" is not the thumbnail (or its grid copy) of any of the archive's kitchen recipes, nor the photo of any of its cook logs")
                }
                guard seen.insert(image.path).inserted else {
                    throw CommandError("\(context): \"\(image.path)\" is in the archive twice")
                }
                snapshot.kitchenImages.append(image)
            }
        }
    }

    /// One file of `contents.kitchenFiles`: a path of the planner's (`KitchenPlannerFiles.kind(ofPath:)`)
    /// with JSON content for a `.json` path or a CSV table for a `.csv` path.
    private static func kitchenFile(_ node: JSONValue, context: String) throws(CommandError) -> SessionFile {
        guard let path = node.text("path") else { throw CommandError("\(context) has no path") }
        guard KitchenPlannerFiles.kind(ofPath: path) != nil else {
            throw CommandError("\(context): unsafe or unexpected path \"\(path)\"; the kitchen planner's files are kitchen/plan/<names>.json or .csv, \(KitchenPlannerFiles.kinds.flatMap(\.filePaths).joined(separator: ", "))")
        }
        return try fileContent(node, path: path, context: context)
    }

    private static func array(_ contents: JSONValue, _ key: String, _ name: String) throws(CommandError) -> [JSONValue] {
        guard case .array(let elements)? = contents[key] else { throw CommandError("contents.\(key) must be an array") }
        return elements
    }

    /// Reads records through the data directory's own parser, so what is imported reads back the same.
    private static func decode(_ nodes: [JSONValue], kind: RecordKind, name: String, recordsRead: (Int) -> Void) throws(CommandError) -> ParsedFile {
        let path = "\(name)#\(kind.rawValue)"
        let file = withoutActuallyEscaping(recordsRead) { recordsRead in
            RecordFileParser.parse(CanonicalJSON.bytes(.array(nodes)), path: path, kind: kind, recordsRead: recordsRead)
        }
        if let error = file.diagnostics.first(where: { $0.severity == .error }) {
            throw CommandError("\(error.message) (in the archive's \(kind.rawValue))", at: error.location)
        }
        let read = kind == .recipes ? file.recipes.count : file.logs.count
        if read != nodes.count || !file.recipesAwaitingSteps.isEmpty {
            throw CommandError("only \(read) of \(nodes.count) \(kind.rawValue) could be read")
        }
        return file
    }

    private static func sessionFile(_ node: JSONValue, context: String) throws(CommandError) -> SessionFile {
        guard let path = node.text("path") else { throw CommandError("\(context) has no path") }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        // The planner's files travel in contents.kitchenFiles, not here.
        let carried = RecordKind.folderKinds.filter { DataSnapshot.carriesFilesWhole($0) && !KitchenPlannerFiles.kinds.contains($0) }.map(\.folderName)
        guard carried.contains(where: { folder in
                  let prefix = folder.split(separator: "/").map(String.init)
                  return parts.count > prefix.count && parts.starts(with: prefix)
              }),
              parts.dropFirst().allSatisfy({ RecordID.problem(with: $0) == nil || $0.lowercased() == "presets.json" }),
              path.lowercased().hasSuffix(".json") || path.lowercased().hasSuffix(".csv")
        else { throw CommandError("\(context): unsafe or unexpected path \"\(path)\"; files carried whole must be \(carried.map { "\($0)/" }.joined(separator: " or "))<safe names>.json or .csv") }
        return try fileContent(node, path: path, context: context)
    }

    /// The content of a file carried whole: `json`, or `csv` with a header and rows of as many string cells.
    private static func fileContent(_ node: JSONValue, path: String, context: String) throws(CommandError) -> SessionFile {
        if let value = node["json"] {
            guard path.lowercased().hasSuffix(".json") else { throw CommandError("\(context): JSON content for a .csv path") }
            return SessionFile(relativePath: path, content: .json(value))
        }
        guard let csv = node["csv"], case .array(let headerValues)? = csv["header"], case .array(let rowValues)? = csv["rows"],
              path.lowercased().hasSuffix(".csv") else {
            throw CommandError("\(context): expected \"json\" content, or \"csv\" with a header and rows")
        }
        let header = headerValues.compactMap(\.stringValue)
        var rows: [[String]] = []
        for row in rowValues {
            guard case .array(let cells) = row, cells.count == header.count, header.count == headerValues.count else {
                throw CommandError("\(context): every CSV row must have as many string cells as the header")
            }
            rows.append(cells.compactMap(\.stringValue))
        }
        return SessionFile(relativePath: path, content: .csv(header: header, rows: rows))
    }
}
