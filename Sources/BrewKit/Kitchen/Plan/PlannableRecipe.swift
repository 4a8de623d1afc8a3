/// What a meal plan and a shopping list need of a kitchen recipe: its title, servings,
/// whole-recipe nutrition, whether it is archived, and its ingredients' words. Kept apart from
/// the kitchen recipe model so that plans depend on only these few facts; the kitchen's
/// recipes map onto it (`KitchenRecipe+Plannable.swift`).
public struct PlannableRecipe: Hashable, Sendable, Identifiable {
    public struct Ingredient: Hashable, Sendable {
        public var name: String
        /// The amount as written ("500g", "2-3 cloves"), or empty.
        public var amount: String

        public init(name: String, amount: String) {
            self.name = name
            self.amount = amount
        }
    }

    public var id: String
    public var title: String
    /// Servings the recipe makes (≥ 1).
    public var servings: Int
    /// Nutrition of the whole recipe; nil when the recipe gives none.
    public var nutrition: MealNutrition?
    public var isArchived: Bool
    public var ingredients: [Ingredient]
    /// Where the recipe came from, for attribution on the shopping list (MOD/SYS/008 TC-071).
    public var sourceURL: String?

    public init(id: String, title: String, servings: Int, nutrition: MealNutrition? = nil, isArchived: Bool = false,
                ingredients: [Ingredient] = [], sourceURL: String? = nil) {
        self.id = id
        self.title = title
        self.servings = servings
        self.nutrition = nutrition
        self.isArchived = isArchived
        self.ingredients = ingredients
        self.sourceURL = sourceURL
    }

    /// Nutrition of one serving; nil when the recipe gives none.
    public var nutritionPerServing: MealNutrition? {
        nutrition?.scaled(by: 1 / Double(max(1, servings)))
    }
}
