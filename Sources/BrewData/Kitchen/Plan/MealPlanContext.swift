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

    /// Reads the planner's files under `root` and checks them against the kitchen of `dataset`
    /// (the data set read from the same directory).
    public static func load(root: String, dataset: Dataset) -> MealPlanContext {
        var diagnostics: [Diagnostic] = []
        let plan = MealPlanReader(root: root).read(diagnostics: &diagnostics)
        let recipes = KitchenRecipeSource.plannableRecipes(in: dataset)
        let erased = KitchenRecipeSource.erasedRecipeIDs(root: root)
        diagnostics += plan.validate(recipes: recipes, erasedRecipeIDs: erased)
        let photos = CookPhotos.resolve(plan.cooks, root: root, diagnostics: &diagnostics)
        return MealPlanContext(root: root, plan: plan, recipes: recipes, erasedRecipeIDs: erased, diagnostics: diagnostics.sortedByLocation(), cookPhotos: photos)
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
        var text = ""
        for slot in plan.slots { text += "\(slot.value)\n" }
        for item in plan.shoppingItems { text += "\(item.value)\n" }
        for snack in plan.snackOverrides { text += "\(snack.value)\n" }
        for cook in plan.cooks { text += "\(cook.value)\n" }
        text += "\(plan.goalsInForce)\n"
        text += "\(plan.aisles.overrides.sorted { $0.key < $1.key })\(plan.aisles.ownAisles)\n"
        // Only the recipes a slot or an item names show on the planner's pages (a kitchen of
        // thousands would otherwise be described at every build).
        let named = Set(plan.slots.compactMap(\.value.recipeID) + plan.shoppingItems.compactMap(\.value.recipeID))
        for id in named.sorted() { text += "\(id): \(recipes[id].map { "\($0)" } ?? "none")\n" }
        text += erasedRecipeIDs.sorted().joined(separator: ",")
        return text
    }
}
