import BrewKit
import Foundation

/// What the planner's commands and pages read: the planner's files, the kitchen's recipes as
/// plans see them, the recipe ids erased since, and every finding about them.
public struct MealPlanContext: Sendable {
    public var root: String
    public var plan: MealPlanData
    public var recipes: [String: PlannableRecipe]
    public var erasedRecipeIDs: Set<String>
    /// Findings of reading the planner's files and of checking them against the kitchen.
    public var diagnostics: [Diagnostic]
    /// The cook logs' photo files found (`CookPhotos.resolve`): their path in the data directory
    /// and the site, to the real path to read.
    public var cookPhotos: [String: String] = [:]
    /// The planner's records and goals as read, with their write stamps (`FutureStamps.plannerDiagnostics`).
    public var stamped: [(node: RawNode, record: String)] = []

    /// Reads the planner's files under `root` and checks them against the kitchen of `dataset`
    /// (the data set read from the same directory).
    /// - Parameter source: where the files are read from (`DataDirectoryReader.source`): the disk,
    ///   or what a merge or an import would write.
    public static func load(root: String, dataset: Dataset, source: any DataFileSource = DiskDataFiles()) -> MealPlanContext {
        load(reader: MealPlanReader(root: root, source: source), dataset: dataset)
    }

    /// Reads the planner's files under `root` with the plan files as `read` read them (from
    /// `source`, the same directory): each plan file is parsed once per read of the journal, and a
    /// refresh of an `IncrementalDataReader` parses again only those it found changed.
    public static func load(root: String, read: DataDirectoryReader.Result, source: any DataFileSource) -> MealPlanContext {
        load(reader: MealPlanReader(root: root, read: read, source: source), dataset: read.validated.dataset)
    }

    private static func load(reader: MealPlanReader, dataset: Dataset) -> MealPlanContext {
        let (root, source) = (reader.root, reader.source)
        var diagnostics: [Diagnostic] = []
        var stamped: [(node: RawNode, record: String)] = []
        let plan = reader.read(diagnostics: &diagnostics, stamped: &stamped)
        let recipes = KitchenRecipeSource.plannableRecipes(in: dataset)
        let ledger = (try? ErasureLedger.load(root: root, source: source)) ?? []
        let erased = Set(ledger.filter { $0.kind == .kitchenRecipe }.map(\.id))
        diagnostics += plan.validate(recipes: recipes, erasedRecipeIDs: erased)
        diagnostics += ErasedRecordsLeft.findings(cookLogs: plan.cooks, ledger: ledger, root: root)
        let photos = CookPhotos.resolve(plan.cooks, root: root, source: source, diagnostics: &diagnostics)
        return MealPlanContext(root: root, plan: plan, recipes: recipes, erasedRecipeIDs: erased, diagnostics: diagnostics.sortedByLocation(), cookPhotos: photos, stamped: stamped)
    }

    /// Reads the whole data directory, then the planner's files (for commands).
    public static func load(root: String) -> MealPlanContext {
        load(root: root, dataset: DataDirectoryReader(root: root).read().validated.dataset)
    }

    public func day(_ day: String) -> PlanDay {
        plan.day(day, recipes: recipes, erasedRecipeIDs: erasedRecipeIDs)
    }

    /// A fingerprint of everything the planner's pages show, to tell whether they changed.
    public var fingerprint: String {
        partFingerprints.map { "\($0.place)\n\($0.text)" }.joined(separator: "\n")
    }

    /// The fingerprint in parts, each with the place a person knows it by (`kitchen/cooked.json`,
    /// `kitchen/shopping`): `changedPlaces(since:)` names only the parts that changed.
    public var partFingerprints: [(place: String, text: String)] {
        var slots = "", shopping = "", snacks = "", cooks = "", preferences = "", recipesNamed = ""
        for slot in plan.slots { slots += "\(slot.value)\n" }
        for item in plan.shoppingItems { shopping += "\(item.value)\n" }
        for snack in plan.snackOverrides { snacks += "\(snack.value)\n" }
        for cook in plan.cooks { cooks += "\(cook.value)\n" }
        preferences += "\(plan.goalsInForce)\n"
        preferences += "\(plan.aisles.overrides.sorted { $0.key < $1.key })\(plan.aisles.ownAisles)\n"
        // Only the recipes a slot or an item names show on the planner's pages (a kitchen of
        // thousands would otherwise be described at every build).
        let named = Set(plan.slots.compactMap(\.value.recipeID) + plan.shoppingItems.compactMap(\.value.recipeID))
        for id in named.sorted() { recipesNamed += "\(id): \(recipes[id].map { "\($0)" } ?? "none")\n" }
        recipesNamed += erasedRecipeIDs.sorted().joined(separator: ",")
        return [
            ("kitchen/plan", slots), ("kitchen/shopping", shopping), (MealPlanReader.snacksFile, snacks),
            (CookLogsKind.file, cooks), ("the kitchen's goals and aisles", preferences), ("the planned kitchen recipes", recipesNamed),
        ]
    }

    /// The places whose part of the fingerprint differs from `earlier`'s (a `fingerprint` taken before).
    public func changedPlaces(since earlier: [(place: String, text: String)]) -> [String] {
        let before = Dictionary(earlier, uniquingKeysWith: { first, _ in first })
        return partFingerprints.filter { before[$0.place] != $0.text }.map(\.place)
    }
}
