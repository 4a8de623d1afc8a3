import BrewKit

/// A kind that owns a folder (`RecordKind.Place.folder`) decodes the records of its files
/// (`RecordFileParser` parses a file into nodes and hands them to its kind's declaration). A kind
/// in a file of its own that conforms (the kitchen inbox) has that file read by the directory's
/// reader like a folder's (`DataDirectoryReader.dataFilePaths`). A kind that lives in another's
/// folder does not conform: a file of it is reported as not read as a folder.
protocol RecordFolderDecoding: RecordKindDeclaration {
    /// Reads the file whole, before it is parsed into nodes, when the kind can; false: parse it.
    /// - Parameter fromBytes: whether a fast reader may take the file (false: the tree reads it, the tests' oracle).
    static func decodeWhole(_ bytes: [UInt8], path: String, into file: inout ParsedFile, fromBytes: Bool,
                            recordsRead: ((Int) -> Void)?) -> Bool
    /// Decodes the records of one file, a JSON array or object's nodes or a CSV's rows (`csvHeader`), into `file`.
    static func decode(_ nodes: [RawNode], csvHeader: [String]?, into file: inout ParsedFile, recordsRead: ((Int) -> Void)?)
}

extension RecordFolderDecoding {
    static func decodeWhole(_ bytes: [UInt8], path: String, into file: inout ParsedFile, fromBytes: Bool,
                            recordsRead: ((Int) -> Void)?) -> Bool { false }
}

extension RecipesKind: RecordFolderDecoding {
    /// Recipes, or (a CSV whose header has `recipeId` and no `defaultDose`) their steps.
    static func decode(_ nodes: [RawNode], csvHeader: [String]?, into file: inout ParsedFile, recordsRead: ((Int) -> Void)?) {
        if let csvHeader, claim(csvHeader: csvHeader) == .recipeSteps {
            for (position, node) in nodes.enumerated() {
                var reader = FieldReader(node)
                let recipeID = reader.string(RecordFileParser.stepsFileMarker, required: true, what: "the id of the recipe this step belongs to")
                file.diagnostics += reader.diagnostics
                let (draft, stepReader) = StepDecoder.decode(node, pathPrefix: "", position: position, ignoring: [RecordFileParser.stepsFileMarker])
                // A step that cannot be read makes its recipe invalid, not the whole data
                // (`ValidatedDataset.blockingErrors` keeps it blocking if that recipe is not in the data).
                file.diagnostics += stepReader.diagnostics.map { finding in
                    var finding = finding
                    if finding.severity == .error, let recipeID { finding.invalidatesRecipeID = recipeID }
                    return finding
                }
                if let recipeID, let draft { file.stepDrafts.append((recipeID, draft)) }
            }
            return
        }
        for node in nodes {
            guard let draft = RecipeDecoder.decode(node, diagnostics: &file.diagnostics) else { continue }
            file.recipes.append(Located(draft.recipe, source: draft.source))
            if !draft.hasInlineSteps { file.recipesAwaitingSteps.insert(draft.recipe.id) }
        }
    }
}

extension LogsKind: RecordFolderDecoding {
    /// The usual JSON file of logs is read straight from its bytes (`BrewLogBytesDecoder`).
    static func decodeWhole(_ bytes: [UInt8], path: String, into file: inout ParsedFile, fromBytes: Bool,
                            recordsRead: ((Int) -> Void)?) -> Bool {
        guard fromBytes, !path.lowercased().hasSuffix(".csv"), let logs = BrewLogBytesDecoder.decode(bytes, path: path) else { return false }
        file.logs = logs
        if logs.count >= 1024 { recordsRead?(logs.count) }
        return true
    }

    static func decode(_ nodes: [RawNode], csvHeader: [String]?, into file: inout ParsedFile, recordsRead: ((Int) -> Void)?) {
        for (index, node) in nodes.enumerated() {
            if let log = BrewLogDecoder.decode(node, diagnostics: &file.diagnostics) { file.store.append(log, to: BrewLog.shelf) }
            if index & 1023 == 1023 { recordsRead?(index + 1) }
        }
    }
}

extension SessionsKind: RecordFolderDecoding {
    /// Sessions, their entries and drink presets, told apart by `claim`: a CSV is an entries file
    /// when its header has `sessionId`, a sessions file when it has `startTime`, a presets file
    /// when it has `name`; in JSON, an object with `startTime` is a session and one with `name`
    /// (and no `startTime`) a preset. `SessionFileParser.assemble` then puts the sessions together.
    static func decode(_ nodes: [RawNode], csvHeader: [String]?, into file: inout ParsedFile, recordsRead: ((Int) -> Void)?) {
        file.rawRecords = nodes
        parse(nodes, csvHeader: csvHeader, into: &file)
    }

    private static func parse(_ nodes: [RawNode], csvHeader: [String]?, into file: inout ParsedFile) {
        if let header = csvHeader {
            switch claim(csvHeader: header) {
            case .sessionEntries?:
                for (position, node) in nodes.enumerated() {
                    if let row = SessionDecoder.decodeEntryRow(node, position: position, diagnostics: &file.diagnostics) {
                        file.sessionEntryDrafts.append(row)
                    }
                }
            case .sessions?:
                for node in nodes {
                    if let draft = SessionDecoder.decodeSession(node, isCSVRow: true, diagnostics: &file.diagnostics) { file.sessionDrafts.append(draft) }
                }
            case .drinkPresets?:
                for node in nodes {
                    if let preset = SessionDecoder.decodePreset(node, diagnostics: &file.diagnostics) { file.store.append(preset, to: DrinkPreset.shelf) }
                }
            default:  // The sessions kind claims only its own folder's kinds (`SessionsKind.claim`): nil here.
                file.diagnostics.append(.error(
                    "cannot tell what this CSV holds: a sessions CSV has a startTime column, an entries CSV a sessionId column, a drink presets CSV a name column",
                    at: .file(file.path)))
            }
            return
        }
        for node in nodes {
            guard case .object(let members) = node.value else {
                file.diagnostics.append(.error("expected a session or drink preset object, found \(node.summary)", at: node.location))
                continue
            }
            switch claim(jsonKeys: Set(members.map(\.key))) {
            case .sessions?:
                if let draft = SessionDecoder.decodeSession(node, isCSVRow: false, diagnostics: &file.diagnostics) { file.sessionDrafts.append(draft) }
            case .drinkPresets?:
                if let preset = SessionDecoder.decodePreset(node, diagnostics: &file.diagnostics) { file.store.append(preset, to: DrinkPreset.shelf) }
            default:  // nil: an object that is neither (entries are nested in their session).
                file.diagnostics.append(.error(
                    "expected a session (with startTime) or a drink preset (with name); this object has neither",
                    at: node.location))
            }
        }
    }
}

extension FlowsKind: RecordFolderDecoding {
    /// A recorded pour is one JSON file, `flows/<log-id>.json`, read whole.
    static func decodeWhole(_ bytes: [UInt8], path: String, into file: inout ParsedFile, fromBytes: Bool,
                            recordsRead: ((Int) -> Void)?) -> Bool {
        guard !path.lowercased().hasSuffix(".csv") else {
            file.diagnostics.append(.error("a recorded pour is a JSON file, flows/<log-id>.json; a CSV is not read here", at: .file(path)))
            return true
        }
        if let flow = FlowFile.decode(bytes, path: path, diagnostics: &file.diagnostics) {
            file.store.append(Located(flow, source: SourceMap(record: SourceLocation(file: path, line: 1, column: 1), fields: [:])), to: BrewFlow.shelf)
        }
        return true
    }

    static func decode(_ nodes: [RawNode], csvHeader: [String]?, into file: inout ParsedFile, recordsRead: ((Int) -> Void)?) {}
}

extension KitchenRecipesKind: RecordFolderDecoding {
    /// Kitchen recipes, their ingredients and steps, told apart by `KitchenFileParser`.
    static func decode(_ nodes: [RawNode], csvHeader: [String]?, into file: inout ParsedFile, recordsRead: ((Int) -> Void)?) {
        file.rawRecords = nodes
        KitchenFileParser.parse(nodes, csvHeader: csvHeader, into: &file)
    }
}

/// A kind of the meal planner's files (the plan, the snack presets, the shopping list, the cooks):
/// the directory's reader keeps each file's records as read (`rawRecords`, with their places),
/// and `MealPlanReader` decodes and checks them with the kitchen from the file as read, so each is
/// parsed once per read and told as a changed file when it changed (`MealPlanReader.fileKinds`).
protocol PlannerRecordsKeptAsRead: RecordFolderDecoding {}

extension PlannerRecordsKeptAsRead {
    static func decode(_ nodes: [RawNode], csvHeader: [String]?, into file: inout ParsedFile, recordsRead: ((Int) -> Void)?) {
        file.rawRecords = nodes
    }
}

extension MealPlanSlotsKind: PlannerRecordsKeptAsRead {}
extension SnackPresetsKind: PlannerRecordsKeptAsRead {}
extension ShoppingItemsKind: PlannerRecordsKeptAsRead {}
extension CookLogsKind: PlannerRecordsKeptAsRead {}
