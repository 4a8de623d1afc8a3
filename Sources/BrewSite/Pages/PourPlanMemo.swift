import BrewKit
import Foundation

/// The plan of a recipe for a brew's own water, made once per recipe and yield: every log page
/// draws its recorded pour over it (`PourChart`), and a journal has a hundred thousand logs but
/// a few dozen recipes and yields. Planning is pure (`BrewPlanner`), so a remembered plan is the
/// one a log page would make itself.
final class PourPlanMemo: @unchecked Sendable {
    private struct Key: Hashable {
        let recipeID: String
        let yieldGrams: Double
    }

    private let lock = NSLock()
    private var plans: [Key: BrewPlan?] = [:]

    /// `BrewPlanner.plan(recipe, inputs: .yield(yieldGrams))`, or nil when it does not plan.
    func plan(_ recipe: Recipe, yieldGrams: Double) -> BrewPlan? {
        let key = Key(recipeID: recipe.id, yieldGrams: yieldGrams)
        lock.lock()
        let known = plans[key]
        lock.unlock()
        if let known { return known }
        let made = try? BrewPlanner.plan(recipe, inputs: .yield(yieldGrams))
        lock.lock()
        plans[key] = made
        lock.unlock()
        return made
    }
}
