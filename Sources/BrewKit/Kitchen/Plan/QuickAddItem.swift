/// A snack typed in with its nutrition (MOD/DATA/004 `QuickAddItem`): whole kcal and grams ≥ 0.
public struct QuickAddItem: Hashable, Sendable {
    public var name: String
    public var calories: Int
    public var protein: Int
    public var carbs: Int
    public var fats: Int

    public init(name: String, calories: Int, protein: Int, carbs: Int, fats: Int) {
        self.name = name
        self.calories = calories
        self.protein = protein
        self.carbs = carbs
        self.fats = fats
    }

    public var nutrition: MealNutrition {
        MealNutrition(calories: Double(calories), protein: Double(protein), carbs: Double(carbs), fats: Double(fats))
    }
}
