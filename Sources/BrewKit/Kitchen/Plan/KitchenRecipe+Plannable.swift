extension KitchenRecipe {
    /// The recipe as meal plans and shopping lists see it.
    public var plannable: PlannableRecipe {
        PlannableRecipe(
            id: id, title: title, servings: servings,
            nutrition: nutrition.map { MealNutrition(calories: Double($0.calories), protein: Double($0.protein), carbs: Double($0.carbs), fats: Double($0.fats), unknown: $0.unknown) },
            isArchived: isArchived,
            // Group names ("For the sauce") are nothing to buy.
            ingredients: ingredients.filter { !$0.isHeading }.map { PlannableRecipe.Ingredient(name: $0.name, amount: $0.amount) },
            sourceURL: sourceUrl)
    }
}
