/// Everything of the meal planner read from a data directory: the slots of `kitchen/plan/`,
/// the presets of `kitchen/snacks.json`, the items of `kitchen/shopping.json|csv` and the goals
/// of `preferences.json` `kitchen.goals`, each with where it was read.
public struct MealPlanData: Sendable {
    public var slots: [Located<MealSlot>]
    public var snackOverrides: [Located<SnackPreset>]
    public var shoppingItems: [Located<ShoppingItem>]
    public var goals: Located<NutritionGoals>?
    /// The shopping page's aisles, with the person's own from `preferences.json` `kitchen.aisles`.
    public var aisles = ShoppingAisles()
    /// The cook logs of `kitchen/cooked.json`, in file order.
    public var cooks: [Located<CookLog>] = []

    public init(slots: [Located<MealSlot>] = [], snackOverrides: [Located<SnackPreset>] = [],
                shoppingItems: [Located<ShoppingItem>] = [], goals: Located<NutritionGoals>? = nil) {
        self.slots = slots
        self.snackOverrides = snackOverrides
        self.shoppingItems = shoppingItems
        self.goals = goals
    }

    /// The stored goals, else the seed's defaults.
    public var goalsInForce: NutritionGoals { goals?.value ?? .seedDefault }

    /// The built-in presets with `kitchen/snacks.json` applied.
    public var snacks: [SnackPreset] { SnackPreset.merged(SnackPreset.builtIn, overriddenBy: snackOverrides.map(\.value)) }

    public var snacksByID: [String: SnackPreset] {
        Dictionary(snacks.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
    }

    /// The slots of one day, in file order.
    public func slots(on day: String) -> [MealSlot] {
        slots.lazy.map(\.value).filter { $0.day == day }
    }

    /// The weeks that hold at least one slot, oldest first.
    public var weeks: [ISOWeek] {
        Set(slots.compactMap { ISOWeek(day: $0.value.day) }).sorted()
    }

    /// One day resolved against the recipes, the snacks and the goals.
    public func day(_ day: String, recipes: [String: PlannableRecipe], erasedRecipeIDs: Set<String> = []) -> PlanDay {
        PlanDay(day: day, slots: slots(on: day), recipes: recipes, snacks: snacksByID, goals: goalsInForce, erasedRecipeIDs: erasedRecipeIDs)
    }

    /// Findings that need the kitchen: unknown, archived and erased recipes, unknown snacks,
    /// repeated slot and item ids.
    public func validate(recipes: [String: PlannableRecipe], erasedRecipeIDs: Set<String> = []) -> [Diagnostic] {
        var diagnostics = MealPlanValidator.validate(slots, recipes: recipes, snacks: snacksByID, erasedRecipeIDs: erasedRecipeIDs)
        diagnostics += CookLog.validate(cooks, recipes: recipes, erasedRecipeIDs: erasedRecipeIDs)
        var firstItem: [String: SourceLocation] = [:]
        // Items of a recipe that is gone: said once per recipe, at its first item, with a way to drop them.
        var itemsOfMissing: [String: [Located<ShoppingItem>]] = [:]
        var missingOrder: [String] = []
        for item in shoppingItems {
            if let first = firstItem[item.value.id] {
                diagnostics.append(.error("two shopping items have the id \"\(item.value.id)\"; the other is at \(first)", at: item.source.location(of: "id")))
            } else {
                firstItem[item.value.id] = item.source.record
            }
            if let id = item.value.recipeID, recipes[id] == nil {
                if itemsOfMissing[id] == nil { missingOrder.append(id) }
                itemsOfMissing[id, default: []].append(item)
            }
        }
        for id in missingOrder {
            let items = itemsOfMissing[id]!
            let what = erasedRecipeIDs.contains(id) ? "was erased" : "is not in the kitchen"
            let ids = items.map(\.value.id)
            let count = items.count == 1 ? "its shopping item stays on the list (\(ids[0]))" : "its \(items.count) shopping items stay on the list (\(ids.joined(separator: ", ")))"
            let drop = "brewguide kitchen shopping --drop-recipe \(ShellWord.quoted(id))"
            diagnostics.append(.warning("recipeId: the kitchen recipe \"\(id)\" \(what); \(count); drop \(items.count == 1 ? "it" : "them") with `\(drop)`", at: items[0].source.location(of: "recipeId")))
        }
        var firstSnack: [String: SourceLocation] = [:]
        for snack in snackOverrides {
            if let first = firstSnack[snack.value.id] {
                diagnostics.append(.error("two snack presets have the id \"\(snack.value.id)\"; the other is at \(first)", at: snack.source.location(of: "id")))
            } else {
                firstSnack[snack.value.id] = snack.source.record
            }
        }
        return diagnostics
    }
}
