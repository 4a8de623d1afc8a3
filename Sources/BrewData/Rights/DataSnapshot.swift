import BrewKit
import Foundation

/// Everything a person owns in a data directory, as plain values: recipes and logs as
/// the model reads them, session files whole, preferences as written, erasure records.
public struct DataSnapshot: Hashable, Sendable {
    /// Sorted by id.
    public var recipes: [Recipe]
    /// Sorted by id.
    public var logs: [BrewLog]
    /// Sorted by path.
    public var sessionFiles: [SessionFile]
    public var preferences: JSONValue?
    public var erasures: [ErasureRecord]
    /// Recorded pours (`flows/`), sorted by log id; each belongs to one of `logs`.
    public var flows: [BrewFlow]
    /// Kitchen recipes (issue 14), sorted by id.
    public var kitchenRecipes: [KitchenRecipe]

    public init(recipes: [Recipe] = [], logs: [BrewLog] = [], sessionFiles: [SessionFile] = [], preferences: JSONValue? = nil, erasures: [ErasureRecord] = [], kitchenRecipes: [KitchenRecipe] = [], flows: [BrewFlow] = []) {
        self.kitchenRecipes = kitchenRecipes.sorted { $0.id < $1.id }
        self.recipes = recipes.sorted { $0.id < $1.id }
        self.logs = logs.sorted { $0.id < $1.id }
        self.sessionFiles = sessionFiles.sorted { $0.relativePath < $1.relativePath }
        self.preferences = preferences
        self.erasures = ErasureRecord.normalized(erasures)
        self.flows = flows.sorted { $0.logId < $1.logId }
    }

    public var sessions: [SessionRecord] { SessionRecord.records(in: sessionFiles) }

    /// Whether the files of a folder kind are carried whole, as written (in `sessionFiles`, the
    /// archive's `sessionFiles`), rather than decoded into the model and written again.
    /// A new folder kind must decide here (no `default:`); carrying its files whole is what
    /// export and import need until it has an encoder.
    public static func carriesFilesWhole(_ folderKind: RecordKind) -> Bool {
        switch folderKind {
        case .recipes, .logs: false
        // Recorded pours are decoded (`flows`) and written back by `FlowFile`.
        case .flows: false
        case .sessions: true
        case .kitchenRecipes: false  // KitchenRecordEncoder carries them as records (contents.kitchenRecipes)
        case .mealPlanSlots: false  // not carried yet: docs/KITCHEN.md says what the rights commands do not carry
        case .kitchenIngredients, .kitchenSteps, .kitchenInbox: false  // not folder kinds
        case .recipeSteps, .sessionEntries, .drinkPresets, .preferences, .erasures: false  // not folder kinds
        }
    }

    /// The files of a data directory that an export does not carry yet: the kitchen planner's meal
    /// plans, snack presets, shopping list and inbox (docs/KITCHEN.md, "Rights"). `export` names
    /// them, so a person asking for their data knows what to copy by hand.
    public static func filesNotCarried(root: String) -> [String] {
        let fileManager = FileManager.default
        var paths: [String] = []
        let planFolder = (root as NSString).appendingPathComponent(MealPlanReader.planFolder)
        if let names = try? fileManager.contentsOfDirectory(atPath: planFolder) {
            paths += names.filter { !$0.hasPrefix(".") }.sorted().map { MealPlanReader.planFolder + "/" + $0 }
        }
        for file in [MealPlanReader.snacksFile, MealPlanReader.shoppingJSON, MealPlanReader.shoppingCSV, KitchenInbox.relativePath]
        where fileManager.fileExists(atPath: (root as NSString).appendingPathComponent(file)) {
            paths.append(file)
        }
        return paths
    }

    /// The drink presets of the session files.
    public var drinkPresets: [SessionRecord] { SessionRecord.presets(in: sessionFiles) }

    /// Reads a data directory. Refuses when any record cannot be read, since it could
    /// not be carried: `brewguide check` shows the errors.
    public static func load(root: String) throws(RightsError) -> DataSnapshot {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw RightsError("the data directory \"\(root)\" does not exist")
        }
        let result = DataDirectoryReader(root: root).read()
        let errors = DatasetAssembler.assemble(result.files, preferences: nil).diagnostics.filter { $0.severity == .error }
        if !errors.isEmpty {
            let shown = errors.prefix(5).map(\.description).joined(separator: "\n")
            throw RightsError("\(shown)\n\(errors.count) record error(s) in \(root): a record that cannot be read cannot be carried; fix them first (brewguide check --data \(root))")
        }
        let dataset = result.validated.dataset
        var sessionFiles: [SessionFile] = []
        for file in try RawDataFile.loadAll(root: root) where carriesFilesWhole(file.folderKind) {
            sessionFiles.append(SessionFile(relativePath: file.relativePath, content: file.content))
        }
        var preferences: JSONValue?
        let preferencesPath = (root as NSString).appendingPathComponent(DataDirectoryReader.preferencesFileName)
        if let data = FileManager.default.contents(atPath: preferencesPath) {
            do {
                preferences = JSONValue(try JSONParser.parse([UInt8](data), file: preferencesPath))
            } catch {
                throw RightsError("\(preferencesPath):\(error.line):\(error.column): error: \(error.message)")
            }
        }
        return DataSnapshot(
            recipes: dataset.recipes.map(\.value), logs: dataset.logs.map(\.value), sessionFiles: sessionFiles,
            preferences: preferences, erasures: try ErasureLedger.load(root: root), kitchenRecipes: dataset.kitchenRecipes.map(\.value), flows: Array(dataset.flows.values))
    }
}
