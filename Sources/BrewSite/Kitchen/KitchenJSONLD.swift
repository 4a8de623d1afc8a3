import BrewKit
import Foundation

/// schema.org `Recipe` JSON-LD for a kitchen recipe page, with `NutritionInformation` per
/// serving (the convention search engines read), written by `JSONLDValue` as JSONSerialization
/// would and made safe inside `<script>` by `HTMLEscaping.scriptSafeJSON`.
enum KitchenJSONLD {
    static func script(for recipe: KitchenRecipe, units: KitchenUnits?) -> String {
        "<script type=\"application/ld+json\">\(HTMLEscaping.scriptSafeJSON(object(for: recipe, units: units).serialized))</script>"
    }

    static func object(for recipe: KitchenRecipe, units: KitchenUnits?) -> JSONLDValue {
        var object: [String: JSONLDValue] = [
            "@context": .string("https://schema.org"),
            "@type": .string("Recipe"),
            "name": .string(recipe.title),
            "recipeCategory": .string(recipe.category.rawValue),
            "recipeYield": .string("\(recipe.servings) serving\(recipe.servings == 1 ? "" : "s")"),
            "recipeIngredient": .array(recipe.ingredients.map { ingredient in
                let amount = KitchenHTML.shownAmount(ingredient, units: units).text
                return .string([amount, ingredient.name].filter { !$0.isEmpty }.joined(separator: " ") + (ingredient.notes.map { ", " + $0 } ?? ""))
            }),
            "recipeInstructions": .array(recipe.steps.map { .object(["@type": .string("HowToStep"), "position": .int($0.order), "text": .string($0.text)]) }),
        ]
        if let thumbnail = recipe.thumbnail, KitchenValidator.isWebURL(thumbnail) { object["image"] = .string(thumbnail) }
        if let url = recipe.sourceUrl, KitchenValidator.isWebURL(url) { object["isBasedOn"] = .string(url) }
        if let prep = recipe.prepTime.flatMap(KitchenDuration.iso8601) { object["prepTime"] = .string(prep) }
        if let cook = recipe.cookTime.flatMap(KitchenDuration.iso8601) { object["cookTime"] = .string(cook) }
        if let perServing = recipe.nutritionPerServing {
            object["nutrition"] = .object([
                "@type": .string("NutritionInformation"),
                "servingSize": .string("1 serving"),
                "calories": .string("\(perServing.calories) kcal"),
                "proteinContent": .string("\(perServing.protein) g"),
                "carbohydrateContent": .string("\(perServing.carbs) g"),
                "fatContent": .string("\(perServing.fats) g"),
            ])
        }
        return .object(object)
    }
}
