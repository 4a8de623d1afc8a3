import BrewKit

/// The plan of a recipe for a brew's own water, made once per recipe and yield: every log page
/// draws its recorded pour over it (`PourChart`), and a journal has a hundred thousand logs but
/// a few dozen recipes and yields. Planning is pure (`BrewPlanner`), so a remembered plan is the
/// one a log page would make itself; two pages that plan the same at once keep the first.
final class PourPlanMemo: Sendable {
    private struct Key: Hashable, Sendable {
        let recipeID: String
        let yieldGrams: Double
    }

    /// Each plan made, nil where the recipe does not plan for that yield.
    private let plans = Locked<[Key: BrewPlan?]>([:])

    /// `BrewPlanner.plan(recipe, inputs: .yield(yieldGrams))`, or nil when it does not plan.
    func plan(_ recipe: Recipe, yieldGrams: Double) -> BrewPlan? {
        let key = Key(recipeID: recipe.id, yieldGrams: yieldGrams)
        if let known = plans.withLock({ $0[key] }) { return known }
        let made = try? BrewPlanner.plan(recipe, inputs: .yield(yieldGrams))
        return plans.withLock { plans in
            if let first = plans[key] { return first }
            plans[key] = made
            return made
        }
    }
}
