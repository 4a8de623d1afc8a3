/// One planned item of a day (MOD/DATA/004 `MealSlot`): a recipe, a snack preset or a
/// quick-add item in one of the six meals. A meal may hold several slots.
///
/// `servings` (an extension of the seed) is how many servings are eaten: a recipe's nutrition
/// counts as its whole-recipe figures ÷ its servings × this; a snack's and a quick-add item's
/// as their figures × this. It defaults to 1 and must be greater than 0.
public struct MealSlot: Hashable, Sendable, Identifiable {
    /// What the slot holds: exactly one of the seed's `recipeId` or `quickAdd`, or a preset's `snackId`.
    public enum Content: Hashable, Sendable {
        case recipe(id: String)
        case snack(id: String)
        case quickAdd(QuickAddItem)
    }

    public var id: String
    /// The day as written, `yyyy-MM-dd`.
    public var day: String
    public var meal: Meal
    public var content: Content
    public var servings: Double
    /// When the slot was last changed (ISO 8601), for merges; nil when never recorded.
    public var updatedAt: String?
    /// For a recipe slot, the recipe's nutrition **per serving** when it was planned (the plan
    /// file's `recipeNutrition`; issue 26): what the slot counts once the recipe is gone (erased),
    /// so the eaten day keeps its figures. While the recipe is in the kitchen its own figures count.
    public var recipeNutrition: MealNutrition?

    public init(id: String, day: String, meal: Meal, content: Content, servings: Double = 1, updatedAt: String? = nil,
                recipeNutrition: MealNutrition? = nil) {
        self.id = id
        self.day = day
        self.meal = meal
        self.content = content
        self.servings = servings
        self.updatedAt = updatedAt
        self.recipeNutrition = recipeNutrition
    }

    public var recipeID: String? {
        if case .recipe(let id) = content { return id }
        return nil
    }
}
