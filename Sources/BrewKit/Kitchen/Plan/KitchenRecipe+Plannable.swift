extension KitchenRecipe {
    /// The recipe as meal plans and shopping lists see it.
    public var plannable: PlannableRecipe {
        PlannableRecipe(
            id: id, title: title, servings: servings,
            nutrition: nutrition.map { MealNutrition(calories: Double($0.calories), protein: Double($0.protein), carbs: Double($0.carbs), fats: Double($0.fats), unknown: $0.unknown) },
            isArchived: isArchived,
            ingredients: ingredients.map { PlannableRecipe.Ingredient(name: $0.name, amount: $0.amount) },
            sourceURL: sourceUrl)
    }
}
