import BrewKit

/// Nutrition for one serving as a page or an app gives it, before it becomes a recipe's figures:
/// each figure exactly as given (528.3 kcal, 43.5 g), nil when not given. A figure left empty is
/// unknown, never 0 (a recipe shows it as "—" and leaves it out of totals).
///
/// The recipe stores its whole-recipe figures: each given figure × servings, rounded once
/// (`wholeRecipe(servings:)`), so 528.3 kcal a serving for 2 is 1057 kcal, not 528 × 2 = 1056.
public struct ServingNutrition: Hashable, Sendable {
    public var calories: Double?
    public var protein: Double?
    public var carbs: Double?
    public var fats: Double?

    /// Nil when none of the four is given. Negative and non-finite values count as not given.
    public init?(calories: Double?, protein: Double?, carbs: Double?, fats: Double?) {
        func given(_ value: Double?) -> Double? { value.flatMap { $0.isFinite ? max(0, $0) : nil } }
        self.calories = given(calories)
        self.protein = given(protein)
        self.carbs = given(carbs)
        self.fats = given(fats)
        if figures.allSatisfy({ $0.value == nil }) { return nil }
    }

    /// The four figures in the order calories, protein, carbs, fats.
    public var figures: [(figure: NutritionFigure, value: Double?)] {
        [(.calories, calories), (.protein, protein), (.carbs, carbs), (.fats, fats)]
    }

    /// "the nutrition gives no calories: left unknown (shown as —), not 0", or nil when all four are given.
    public var missingNote: String? {
        let missing = figures.filter { $0.value == nil }.map(\.figure.rawValue)
        guard !missing.isEmpty else { return nil }
        return "the nutrition gives no \(Format.list(missing)): left unknown (shown as —), not 0"
    }

    /// The whole recipe's figures: each given one × `servings`, rounded to a whole number once;
    /// a figure not given stays unknown.
    public func wholeRecipe(servings: Int) -> KitchenNutrition {
        var whole = [NutritionFigure: Int]()
        var unknown = Set<NutritionFigure>()
        for (figure, value) in figures {
            if let value { whole[figure] = Int((value * Double(max(1, servings))).rounded()) } else { unknown.insert(figure) }
        }
        return KitchenNutrition(calories: whole[.calories] ?? 0, protein: whole[.protein] ?? 0, carbs: whole[.carbs] ?? 0,
                                fats: whole[.fats] ?? 0, unknown: unknown)
    }
}
