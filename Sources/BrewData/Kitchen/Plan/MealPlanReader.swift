import BrewKit
import Foundation

/// Reads the meal planner's files from a data directory: `kitchen/plan/` (any depth of `.json`
/// and `.csv`), `kitchen/snacks.json`, `kitchen/shopping.json` or `.csv`, and
/// `preferences.json` `kitchen.goals`. Every finding is collected; nothing stops at the first.
public struct MealPlanReader: Sendable {
    // The places of `RecordKind.mealPlanSlots`, `.snackPresets` and `.shoppingItems`.
    public static let planFolder = RecordKind.mealPlanSlots.folderName
    public static let snacksFile = RecordKind.snackPresets.filePaths[0]
    public static let shoppingJSON = RecordKind.shoppingItems.filePaths[0]
    public static let shoppingCSV = RecordKind.shoppingItems.filePaths[1]

    /// The kinds of the planner's files, which the directory's reader keeps as read for it
    /// (`PlannerRecordsKeptAsRead`); and the preferences, whose `kitchen.goals` and
    /// `kitchen.aisles` the planner reads.
    public static let fileKinds: Set<RecordKind> = Set(RecordKind.allCases.filter { $0.declaration is any PlannerRecordsKeptAsRead.Type } + [.preferences])

    public let root: String
    /// Where the files are read from (`DataDirectoryReader.source`).
    public let source: any DataFileSource
    /// The planner's files as the directory's reader read them (`ParsedFile`s of `fileKinds`,
    /// their records kept with their places), by path, read from here rather than parsed again;
    /// nil: the files are listed and parsed here.
    public let plannerFiles: [String: ParsedFile]?

    public init(root: String, source: any DataFileSource = DiskDataFiles()) {
        self.root = root
        self.source = source
        self.plannerFiles = nil
    }

    /// A reader of the planner's files that takes them from `read` (the data directory as read
    /// from `source`), so that each is parsed once per read.
    public init(root: String, read: DataDirectoryReader.Result, source: any DataFileSource) {
        self.root = root
        self.source = source
        self.plannerFiles = Dictionary(read.files.filter { Self.fileKinds.contains($0.kind) }.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The records of one of the planner's files of their own (`records(at:)`): as the directory's
    /// reader read them, with its findings about the file, when this reader takes them from it.
    func fileRecords(_ file: String, diagnostics: inout [Diagnostic]) -> [RawNode]? {
        guard let plannerFiles else { return Self.records(at: file, source: source, diagnostics: &diagnostics) }
        guard let read = plannerFiles[file] else { return nil }
        diagnostics += read.diagnostics
        return read.rawRecords
    }

    func path(_ relative: String) -> String { (root as NSString).appendingPathComponent(relative) }

    public func read(diagnostics: inout [Diagnostic]) -> MealPlanData {
        var stamped: [(node: RawNode, record: String)] = []
        return read(diagnostics: &diagnostics, stamped: &stamped)
    }

    /// `read`, giving also the nodes whose write stamps (`updatedAt`) merge decides by, with the
    /// record each is of: the plan slots', snacks' and shopping items' records and the kitchen
    /// goals, as read here (`FutureStamps.plannerDiagnostics` checks them against now).
    public func read(diagnostics: inout [Diagnostic], stamped: inout [(node: RawNode, record: String)]) -> MealPlanData {
        var data = MealPlanData()
        for (file, nodes) in planRecords(diagnostics: &diagnostics) {
            stamped += nodes.map { ($0, "") }
            let isCSV = file.lowercased().hasSuffix(".csv")
            for node in nodes {
                if let slot = MealSlotDecoder.decode(node, isCSVRow: isCSV, diagnostics: &diagnostics) { data.slots.append(slot) }
            }
        }
        if let nodes = fileRecords(path(Self.snacksFile), diagnostics: &diagnostics) {
            stamped += nodes.map { ($0, "") }
            data.snackOverrides = nodes.compactMap { SnackPresetDecoder.decode($0, diagnostics: &diagnostics) }
        }
        let shopping = shoppingFilePaths()
        if shopping.count > 1 {
            diagnostics.append(.warning("both kitchen/shopping.json and kitchen/shopping.csv exist; both are read, and commands write the JSON", at: .file(shopping[1])))
        }
        for file in shopping {
            guard let nodes = fileRecords(file, diagnostics: &diagnostics) else { continue }
            stamped += nodes.map { ($0, "") }
            data.shoppingItems += nodes.compactMap { ShoppingItemDecoder.decode($0, diagnostics: &diagnostics) }
        }
        if let nodes = fileRecords(path(CookLogsKind.file), diagnostics: &diagnostics) {
            data.cooks = nodes.compactMap { CookLogsKind.decode($0, diagnostics: &diagnostics) }
        }
        let preferences = self.preferences()
        data.goals = preferences.flatMap { NutritionGoalsDecoder.decode(preferences: $0, diagnostics: &diagnostics) }
        if let goals = preferences.flatMap({ Self.kitchenMember("goals", of: $0) }) { stamped.append((goals, "kitchen goals")) }
        data.aisles = readAisles(diagnostics: &diagnostics)
        return data
    }

    /// `preferences.json` `kitchen.aisles`: an object of aisle name → array of ingredient names
    /// (cookcli's aisle file as JSON); a wrong shape is an error naming the field.
    public func readAisles(diagnostics: inout [Diagnostic]) -> ShoppingAisles {
        guard let preferences = preferences(), let aislesNode = Self.kitchenMember("aisles", of: preferences) else { return ShoppingAisles() }
        if case .null = aislesNode.value { return ShoppingAisles() }
        guard case .object(let aisleMembers) = aislesNode.value else {
            diagnostics.append(.error("kitchen.aisles: expected an object of aisle names, each with an array of ingredient names, found \(aislesNode.summary)", at: aislesNode.location.naming("kitchen.aisles")))
            return ShoppingAisles()
        }
        var table: [(aisle: String, ingredients: [String])] = []
        for member in aisleMembers {
            let aisle = member.key.trimmingCharacters(in: .whitespacesAndNewlines)
            guard case .array(let elements) = member.node.value, !aisle.isEmpty else {
                diagnostics.append(.error("kitchen.aisles.\(ShownText.escaped(member.key)): expected an array of ingredient names, found \(member.node.summary)", at: member.node.location.naming("kitchen.aisles")))
                continue
            }
            var names: [String] = []
            for element in elements {
                if case .string(let name) = element.value, !name.trimmingCharacters(in: .whitespaces).isEmpty { names.append(name) } else {
                    diagnostics.append(.error("kitchen.aisles.\(ShownText.escaped(member.key)): expected ingredient names as text, found \(element.summary)", at: element.location.naming("kitchen.aisles")))
                }
            }
            table.append((aisle, names))
        }
        return ShoppingAisles(overrides: table)
    }

    /// Each plan file's records, in path order, and what is wrong with those that cannot be read:
    /// from the files as the directory's reader read them (`plannerFiles`), or parsed here.
    func planRecords(diagnostics: inout [Diagnostic]) -> [(file: String, nodes: [RawNode])] {
        guard let plannerFiles else {
            return planFilePaths().compactMap { file in
                Self.records(at: file, source: source, diagnostics: &diagnostics).map { (file: file, nodes: $0) }
            }
        }
        // The directory's reader's findings about a file (it cannot be read or parsed) are said by
        // the planner as well, as when it parsed the file itself (`JournalFindings` says them once).
        var records: [(file: String, nodes: [RawNode])] = []
        for file in plannerFiles.values.filter({ $0.kind == .mealPlanSlots }).sorted(by: { $0.path < $1.path }) {
            diagnostics += file.diagnostics
            records.append((file: file.path, nodes: file.rawRecords))
        }
        return records
    }

    /// The plan files, sorted.
    public func planFilePaths() -> [String] {
        let folder = path(Self.planFolder)
        guard let entries = source.walk(folder, skippingIgnoredFolders: false) else { return [] }
        var found: [String] = []
        for relative in entries.map(\.relativePath) {
            let name = (relative as NSString).lastPathComponent
            if EditorDroppings.isIgnored(name) { continue }
            let lower = name.lowercased()
            if lower.hasSuffix(".json") || lower.hasSuffix(".csv") { found.append((folder as NSString).appendingPathComponent(relative)) }
        }
        return found.sorted()
    }

    /// The shopping files that exist (a link to nothing too, to be reported): the JSON first.
    /// Those the directory's reader read, when this reader takes the files from it (it listed them).
    public func shoppingFilePaths() -> [String] {
        let paths = [path(Self.shoppingJSON), path(Self.shoppingCSV)]
        if let plannerFiles { return paths.filter { plannerFiles[$0] != nil } }
        return paths.filter { source.entryExists($0) }
    }

    public func readGoals(diagnostics: inout [Diagnostic]) -> Located<NutritionGoals>? {
        preferences().flatMap { NutritionGoalsDecoder.decode(preferences: $0, diagnostics: &diagnostics) }
    }

    /// `preferences.json` parsed; nil when it cannot be read or parsed (the main reader reports
    /// that): as the directory's reader read it (its one record, kept as read), when this reader
    /// takes the files from it.
    func preferences() -> RawNode? {
        let file = path(DataDirectoryReader.preferencesFileName)
        if let plannerFiles { return plannerFiles[file]?.rawRecords.first }
        guard case .success(let bytes)? = source.bytesIfPresent(file) else { return nil }
        return try? JSONParser.parse(bytes, file: file)
    }

    /// The member `name` of the preferences' `kitchen` object.
    static func kitchenMember(_ name: String, of preferences: RawNode) -> RawNode? {
        guard case .object(let members) = preferences.value, let kitchen = members.last(where: { $0.key == "kitchen" })?.node,
              case .object(let kitchenMembers) = kitchen.value else { return nil }
        return kitchenMembers.last { $0.key == name }?.node
    }

    /// The records of a JSON (an object or an array of objects) or CSV file; nil, with nothing
    /// said, when there is no file, and with what is wrong when it cannot be read (a folder, a
    /// pipe, a link to nothing, over `DataFileBytes.maximumBytes`).
    static func records(at file: String, source: any DataFileSource = DiskDataFiles(), diagnostics: inout [Diagnostic]) -> [RawNode]? {
        let bytes: [UInt8]
        switch source.bytesIfPresent(file) {
        case nil: return nil
        case .success(let read)?: bytes = read
        case .failure(let problem)?:
            diagnostics.append(problem.diagnostic)
            return nil
        }
        if file.lowercased().hasSuffix(".csv") {
            return CSVRecordReader.read(bytes, file: file, diagnostics: &diagnostics)?.rows
        }
        do {
            let root = try JSONParser.parse(bytes, file: file)
            switch root.value {
            case .array(let elements): return elements
            case .object: return [root]
            default:
                diagnostics.append(.error("expected an object or an array of objects, found \(root.summary)", at: root.location))
                return nil
            }
        } catch {
            diagnostics.append(.error(error.message, at: SourceLocation(file: file, line: error.line, column: error.column)))
            return nil
        }
    }
}
