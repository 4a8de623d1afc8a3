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
    /// The kitchen planner's files, carried whole (`KitchenPlannerFiles`): plan slots, snack
    /// presets, the shopping list and the inbox (issue 15), sorted by path. The goals are in `preferences`.
    public var kitchenFiles: [SessionFile]
    /// The thumbnail files the kitchen recipes name that are in the data directory (`KitchenImage`), sorted by path.
    public var kitchenImages: [KitchenImage]

    public init(recipes: [Recipe] = [], logs: [BrewLog] = [], sessionFiles: [SessionFile] = [], preferences: JSONValue? = nil, erasures: [ErasureRecord] = [], kitchenRecipes: [KitchenRecipe] = [], flows: [BrewFlow] = [], kitchenFiles: [SessionFile] = [], kitchenImages: [KitchenImage] = []) {
        self.kitchenImages = kitchenImages.sorted { $0.path < $1.path }
        self.kitchenFiles = kitchenFiles.sorted { $0.relativePath < $1.relativePath }
        self.kitchenRecipes = kitchenRecipes.sorted { $0.id < $1.id }
        self.recipes = recipes.sorted { $0.id < $1.id }
        self.logs = logs.sorted { $0.id < $1.id }
        self.sessionFiles = sessionFiles.sorted { $0.relativePath < $1.relativePath }
        self.preferences = preferences
        self.erasures = ErasureRecord.normalized(erasures)
        self.flows = flows.sorted { $0.logId < $1.logId }
    }

    public var sessions: [SessionRecord] { SessionRecord.records(in: sessionFiles) }

    /// Whether the files of a folder kind are carried whole, as written (in `sessionFiles`, or for
    /// the planner's in `kitchenFiles`), rather than decoded into the model and written again:
    /// what its archive member (`RecordKind.archiveMember`) says. File kinds are not folder kinds
    /// (the planner's are loaded by `KitchenPlannerFiles`).
    public static func carriesFilesWhole(_ folderKind: RecordKind) -> Bool {
        guard case .folder = folderKind.rules.place else { return false }
        return folderKind.archiveMember.carriesFiles
    }

    /// The drink presets of the session files.
    public var drinkPresets: [SessionRecord] { SessionRecord.presets(in: sessionFiles) }

    /// Reads a data directory. Refuses when any record cannot be read, since it could
    /// not be carried: `brewguide check` shows the errors.
    public static func load(root: String) throws(CommandError) -> DataSnapshot {
        try load(root: root, warnings: nil)
    }

    /// The same, adding to `warnings` the write stamps ahead of `now` that merge would decide by
    /// (`FutureStamps`), from the one reading of the directory.
    public static func load(root: String, futureStampsAfter now: Date, warnings: inout [Diagnostic]) throws(CommandError) -> DataSnapshot {
        var found: [Diagnostic] = []
        let snapshot = try load(root: root, warnings: (now, { found += $0 }))
        warnings += found
        return snapshot
    }

    private static func load(root: String, warnings: (now: Date, add: ([Diagnostic]) -> Void)?) throws(CommandError) -> DataSnapshot {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CommandError("the data directory \"\(root)\" does not exist")
        }
        let result = DataDirectoryReader(root: root).read()
        // The preferences are carried as their file holds them (`ArchiveMember.preferences`).
        let errors = DatasetAssembler.assemble(result.files.filter { $0.kind != .preferences }).diagnostics.filter { $0.severity == .error }
        if !errors.isEmpty {
            throw CommandError("\(errors.count) record error(s) in \(root): a record that cannot be read cannot be carried; fix them first (brewguide check --data \(root))", findings: Array(errors.prefix(5)))
        }
        let dataset = result.validated.dataset
        // The planner's files are carried as written, so one that check refuses cannot be carried either.
        var plannerDiagnostics = result.validated.diagnostics.filter { $0.location.file.hasSuffix(KitchenInbox.relativePath) }
        let planner = MealPlanContext.load(root: root, read: result, source: DiskDataFiles())
        if let warnings { warnings.add(FutureStamps.diagnostics(result, now: warnings.now) + FutureStamps.plannerDiagnostics(planner, now: warnings.now)) }
        plannerDiagnostics += planner.diagnostics
        let plannerErrors = plannerDiagnostics.filter { $0.severity == .error }
        if !plannerErrors.isEmpty {
            throw CommandError("\(plannerErrors.count) error(s) in the kitchen planner's files of \(root): fix them first (brewguide check --data \(root))", findings: Array(plannerErrors.prefix(5)))
        }
        var sessionFiles: [SessionFile] = []
        var kitchenFiles = try KitchenPlannerFiles.loadFileKinds(root: root)
        for file in try RawDataFile.loadAll(root: root) where carriesFilesWhole(file.folderKind) {
            let carried = SessionFile(relativePath: file.relativePath, content: file.content)
            if file.folderKind.archiveMember == .sessionFiles { sessionFiles.append(carried) } else { kitchenFiles.append(carried) }
        }
        var preferences: JSONValue?
        let preferencesPath = (root as NSString).appendingPathComponent(DataDirectoryReader.preferencesFileName)
        if let data = FileManager.default.contents(atPath: preferencesPath) {
            do {
                preferences = JSONValue(try JSONParser.parse([UInt8](data), file: preferencesPath))
            } catch {
                throw CommandError(error.message, at: error.location(in: preferencesPath))
            }
        }
        let recipeImages = try loadKitchenImages(dataset.kitchenRecipes, root: root)
        let cookImages = try loadCookPhotos(planner.cookPhotos, namedByRecipes: Set(recipeImages.map(\.path)))
        return DataSnapshot(
            recipes: dataset.recipes.map(\.value), logs: dataset.logs.map(\.value), sessionFiles: sessionFiles,
            preferences: preferences, erasures: try ErasureLedger.load(root: root), kitchenRecipes: dataset.kitchenRecipes.map(\.value), flows: Array(dataset.flowsByLogID().values),
            kitchenFiles: kitchenFiles, kitchenImages: recipeImages + cookImages)
    }

    /// The cook logs' photo files (`CookPhotos`) that no recipe names too, read from where they
    /// were found; a photo that is not there is left out (check warns about it).
    static func loadCookPhotos(_ found: [String: String], namedByRecipes recipes: Set<String> = []) throws(CommandError) -> [KitchenImage] {
        var images: [KitchenImage] = []
        for (path, real) in found.sorted(by: { $0.key < $1.key }) where !recipes.contains(path) {
            guard let data = FileManager.default.contents(atPath: real) else {
                throw CommandError("cannot read the photo file \(real) (cook log photo \"\(path)\")")
            }
            images.append(KitchenImage(path: path, bytes: [UInt8](data)))
        }
        return images
    }

    /// The thumbnail files the recipes name, read from the data directory with `KitchenImageFiles`'
    /// rules: a file that is not there is left out (check warns about it); one that leads out of
    /// the data directory or is not a regular file refuses the export, as check's error does.
    static func loadKitchenImages(_ recipes: [Located<KitchenRecipe>], root: String) throws(CommandError) -> [KitchenImage] {
        var diagnostics: [Diagnostic] = []
        let found = KitchenImageFiles.resolve(recipes, root: root, diagnostics: &diagnostics)
        let errors = diagnostics.filter { $0.severity == .error }
        if !errors.isEmpty {
            throw CommandError("\(errors.count) thumbnail error(s) in \(root): fix them first (brewguide check --data \(root))", findings: Array(errors.prefix(5)))
        }
        var images: [KitchenImage] = []
        for (path, real) in found.sorted(by: { $0.key < $1.key }) {
            guard let data = FileManager.default.contents(atPath: real) else {
                throw CommandError("cannot read the thumbnail file \(real) (kitchen recipe thumbnail \"\(path)\")")
            }
            images.append(KitchenImage(path: path, bytes: [UInt8](data)))
        }
        return images
    }
}
