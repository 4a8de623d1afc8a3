/// Calories (kcal) and protein, carbs and fats (grams) of something eaten: a snack, a
/// quick-add item, a planned portion of a recipe, or a day's total.
///
/// A figure in `unknown` is not known (its number is 0 and means nothing): it is shown as "—"
/// and adds nothing to a sum; a sum's `unknown` holds every figure some part left out.
public struct MealNutrition: Hashable, Sendable, NutritionFigures {
    public var calories: Double
    public var protein: Double
    public var carbs: Double
    public var fats: Double
    public var unknown: Set<NutritionFigure>

    public static let zero = MealNutrition(calories: 0, protein: 0, carbs: 0, fats: 0)
    /// Nothing known: a recipe with no nutrition, a recipe or snack that is not there.
    public static let unknown = MealNutrition(calories: 0, protein: 0, carbs: 0, fats: 0, unknown: Set(NutritionFigure.allCases))

    public init(calories: Double, protein: Double, carbs: Double, fats: Double, unknown: Set<NutritionFigure> = []) {
        self.calories = calories
        self.protein = protein
        self.carbs = carbs
        self.fats = fats
        self.unknown = unknown
    }

    /// Sets a figure and makes it known.
    public mutating func set(_ figure: NutritionFigure, to value: Double) {
        unknown.remove(figure)
        switch figure {
        case .calories: calories = value
        case .protein: protein = value
        case .carbs: carbs = value
        case .fats: fats = value
        }
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
        MealNutrition(calories: calories * factor, protein: protein * factor, carbs: carbs * factor, fats: fats * factor, unknown: unknown)
    }

    /// Each figure rounded to a whole kcal or gram (halves away from zero): what pages and
    /// commands show for one meal.
    public var rounded: MealNutrition {
        MealNutrition(calories: calories.rounded(), protein: protein.rounded(), carbs: carbs.rounded(), fats: fats.rounded(), unknown: unknown)
    }

    public static func + (lhs: MealNutrition, rhs: MealNutrition) -> MealNutrition {
        // An unknown figure's number is 0, so it adds nothing; the sum remembers it was left out.
        MealNutrition(calories: lhs.calories + rhs.calories, protein: lhs.protein + rhs.protein,
                      carbs: lhs.carbs + rhs.carbs, fats: lhs.fats + rhs.fats, unknown: lhs.unknown.union(rhs.unknown))
    }
}
