import BrewKit
import Foundation

/// schema.org `Recipe` JSON-LD for a kitchen recipe page, with `NutritionInformation` per
/// serving (the convention search engines read), made with JSONSerialization and made safe
/// inside `<script>` by `HTMLEscaping.scriptSafeJSON`.
enum KitchenJSONLD {
    static func script(for recipe: KitchenRecipe, units: KitchenUnits?) -> String {
        var object: [String: Any] = [
            "@context": "https://schema.org",
            "@type": "Recipe",
            "name": recipe.title,
            "recipeCategory": recipe.category.rawValue,
            "recipeYield": "\(recipe.servings) serving\(recipe.servings == 1 ? "" : "s")",
            "recipeIngredient": recipe.ingredients.map { ingredient in
                let amount = KitchenHTML.shownAmount(ingredient, units: units).text
                return [amount, ingredient.name].filter { !$0.isEmpty }.joined(separator: " ") + (ingredient.notes.map { ", " + $0 } ?? "")
            },
            "recipeInstructions": instructions(recipe.steps),
        ]
        if let thumbnail = recipe.thumbnail, KitchenValidator.isWebURL(thumbnail) { object["image"] = thumbnail }
        if let url = recipe.sourceUrl, KitchenValidator.isWebURL(url) { object["isBasedOn"] = url }
        if let prep = recipe.prepTime.flatMap(KitchenDuration.iso8601) { object["prepTime"] = prep }
        if let cook = recipe.cookTime.flatMap(KitchenDuration.iso8601) { object["cookTime"] = cook }
        if let perServing = recipe.nutritionPerServing {
            // Only the figures the recipe gives (issue 26): an unknown one is left out, not 0.
            var nutrition: [String: Any] = ["@type": "NutritionInformation", "servingSize": "1 serving"]
            for (key, figure) in [("calories", NutritionFigure.calories), ("proteinContent", .protein), ("carbohydrateContent", .carbs), ("fatContent", .fats)] {
                if perServing.known(figure) != nil { nutrition[key] = perServing.shown(figure) }
            }
            object["nutrition"] = nutrition
        }
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]) else { return "" }
        return "<script type=\"application/ld+json\">\(HTMLEscaping.scriptSafeJSON(String(decoding: data, as: UTF8.self)))</script>"
    }

    /// `HowToStep`s, numbered among the steps; after a heading, a `HowToSection` named by it holds
    /// the steps up to the next heading.
    static func instructions(_ steps: [KitchenStep]) -> [[String: Any]] {
        var items: [[String: Any]] = []
        var section: [String: Any]?
        var sectionSteps: [[String: Any]] = []
        func closeSection() {
            guard var open = section else { return }
            open["itemListElement"] = sectionSteps
            items.append(open)
            section = nil
            sectionSteps = []
        }
        for (step, number) in steps.numbered {
            guard let number else {
                closeSection()
                section = ["@type": "HowToSection", "name": step.text]
                continue
            }
            let item: [String: Any] = ["@type": "HowToStep", "position": number, "text": step.text]
            if section != nil { sectionSteps.append(item) } else { items.append(item) }
        }
        closeSection()
        return items
    }
}
