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

    public static func load(root: String) -> MealPlanContext {
        var diagnostics: [Diagnostic] = []
        let plan = MealPlanReader(root: root).read(diagnostics: &diagnostics)
        let recipes = KitchenRecipeSource.plannableRecipes(root: root)
        let erased = KitchenRecipeSource.erasedRecipeIDs(root: root)
        diagnostics += plan.validate(recipes: recipes, erasedRecipeIDs: erased)
        return MealPlanContext(root: root, plan: plan, recipes: recipes, erasedRecipeIDs: erased, diagnostics: diagnostics.sortedByLocation())
    }

    public func day(_ day: String) -> PlanDay {
        plan.day(day, recipes: recipes, erasedRecipeIDs: erasedRecipeIDs)
    }
}
