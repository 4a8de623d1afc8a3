import BrewKit

/// Reads one `.json` or `.csv` file of a folder kind (`RecordKind.folderKinds`) into records and findings. Pure: bytes in, values out.
public enum RecordFileParser {
    /// The columns that mark a CSV in `recipes/` as a steps file rather than a recipes file.
    static let stepsFileMarker = "recipeId"

    /// - Parameter recordsRead: told every 1,024 logs how many are read (an import's progress line).
    public static func parse(_ bytes: [UInt8], path: String, kind: RecordKind, recordsRead: ((Int) -> Void)? = nil) -> ParsedFile {
        parse(bytes, path: path, kind: kind, logsFromBytes: true, recordsRead: recordsRead)
    }

    /// - Parameter logsFromBytes: whether a JSON file of logs is first offered to
    ///   `BrewLogBytesDecoder`; false reads it through the tree alone (the tests' oracle).
    static func parse(_ bytes: [UInt8], path: String, kind: RecordKind, logsFromBytes: Bool,
                      recordsRead: ((Int) -> Void)? = nil) -> ParsedFile {
        var file = ParsedFile(path: path, kind: kind)
        if kind == .flows {
            guard !path.lowercased().hasSuffix(".csv") else {
                file.diagnostics.append(.error("a recorded pour is a JSON file, flows/<log-id>.json; a CSV is not read here", at: .file(path)))
                return file
            }
            if let flow = FlowFile.decode(bytes, path: path, diagnostics: &file.diagnostics) {
                file.flows.append(Located(flow, source: SourceMap(record: SourceLocation(file: path, line: 1, column: 1), fields: [:])))
            }
            return file
        }
        // The usual file of logs is read straight from its bytes; the tree below reads any other
        // (and says what is wrong with it).
        if logsFromBytes, kind == .logs, !path.lowercased().hasSuffix(".csv"), let logs = BrewLogBytesDecoder.decode(bytes, path: path) {
            file.logs = logs
            if logs.count >= 1024 { recordsRead?(logs.count) }
            return file
        }
        // UTF-8 or an error at the first bad byte (`JSONParser` checks JSON itself).
        if path.lowercased().hasSuffix(".csv"), let problem = TextEncodingCheck.problem(in: bytes, file: path) {
            file.diagnostics.append(problem)
            return file
        }
        let nodes: [RawNode]
        var isStepsCSV = false
        var csvHeader: [String]?
        if path.lowercased().hasSuffix(".csv") {
            guard let table = CSVRecordReader.read(bytes, file: path, diagnostics: &file.diagnostics) else { return file }
            nodes = table.rows
            csvHeader = table.header
            isStepsCSV = kind == .recipes && kind.claim(csvHeader: table.header) == .recipeSteps
        } else {
            do {
                let root = try JSONParser.parse(bytes, file: path)
                switch root.value {
                case .array(let elements):
                    if elements.count > CSVRecordReader.maximumRows {
                        file.diagnostics.append(.error(
                            "this file has \(elements.count) records, more than the \(CSVRecordReader.maximumRows) one file may hold; split it into several files (none of its records are read)",
                            at: elements[CSVRecordReader.maximumRows].location))
                        return file
                    }
                    nodes = elements
                case .object: nodes = [root]
                default:
                    file.diagnostics.append(.error("expected an object or an array of objects, found \(root.summary)", at: root.location))
                    return file
                }
            } catch {
                file.diagnostics.append(.error(error.message, at: SourceLocation(file: path, line: error.line, column: error.column)))
                return file
            }
        }

        switch kind {
        case .recipes where isStepsCSV:
            for (position, node) in nodes.enumerated() {
                var reader = FieldReader(node)
                let recipeID = reader.string(stepsFileMarker, required: true, what: "the id of the recipe this step belongs to")
                file.diagnostics += reader.diagnostics
                let (draft, stepReader) = StepDecoder.decode(node, pathPrefix: "", position: position, ignoring: [stepsFileMarker])
                file.diagnostics += stepReader.diagnostics
                if let recipeID, let draft { file.stepDrafts.append((recipeID, draft)) }
            }
        case .recipes:
            for node in nodes {
                guard let draft = RecipeDecoder.decode(node, diagnostics: &file.diagnostics) else { continue }
                file.recipes.append(Located(draft.recipe, source: draft.source))
                if !draft.hasInlineSteps { file.recipesAwaitingSteps.insert(draft.recipe.id) }
            }
        case .logs:
            for (index, node) in nodes.enumerated() {
                if let log = BrewLogDecoder.decode(node, diagnostics: &file.diagnostics) { file.logs.append(log) }
                if index & 1023 == 1023 { recordsRead?(index + 1) }
            }
        case .sessions:
            file.rawRecords = nodes
            SessionFileParser.parse(nodes, csvHeader: csvHeader, into: &file)
        case .flows:
            break  // Read above, as one recorded pour per file.
        case .kitchenRecipes:
            file.rawRecords = nodes
            KitchenFileParser.parse(nodes, csvHeader: csvHeader, into: &file)
        case .mealPlanSlots:
            // Read whole by MealPlanReader, with the snacks, the shopping list and the goals.
            break
        case .recipeSteps, .sessionEntries, .drinkPresets, .preferences, .erasures, .kitchenIngredients, .kitchenSteps, .kitchenInbox, .snackPresets, .shoppingItems:
            // Read with the kind that owns their folder, or by a reader of their own.
            file.diagnostics.append(.error("\(kind.rules.summary) is not read as a folder of its own; \(RecordKind.layoutDescription)", at: .file(path)))
        }
        return file
    }
}
