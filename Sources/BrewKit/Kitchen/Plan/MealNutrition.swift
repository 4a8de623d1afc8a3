/// Calories (kcal) and protein, carbs and fats (grams) of something eaten: a snack, a
/// quick-add item, a planned portion of a recipe, or a day's total.
public struct MealNutrition: Hashable, Sendable {
    public var calories: Double
    public var protein: Double
    public var carbs: Double
    public var fats: Double

    public static let zero = MealNutrition(calories: 0, protein: 0, carbs: 0, fats: 0)

    public init(calories: Double, protein: Double, carbs: Double, fats: Double) {
        self.calories = calories
        self.protein = protein
        self.carbs = carbs
        self.fats = fats
    }

    public subscript(macro: Macro) -> Double {
        switch macro {
        case .protein: protein
        case .carbs: carbs
        case .fats: fats
        }
    }

    /// Each figure times `factor` (servings eaten, or 1 ÷ a recipe's servings).
    public func scaled(by factor: Double) -> MealNutrition {
        MealNutrition(calories: calories * factor, protein: protein * factor, carbs: carbs * factor, fats: fats * factor)
    }

    /// Each figure rounded to a whole kcal or gram (halves away from zero): what pages and
    /// commands show for one meal.
    public var rounded: MealNutrition {
        MealNutrition(calories: calories.rounded(), protein: protein.rounded(), carbs: carbs.rounded(), fats: fats.rounded())
    }

    public static func + (lhs: MealNutrition, rhs: MealNutrition) -> MealNutrition {
        MealNutrition(calories: lhs.calories + rhs.calories, protein: lhs.protein + rhs.protein,
                      carbs: lhs.carbs + rhs.carbs, fats: lhs.fats + rhs.fats)
    }
}
