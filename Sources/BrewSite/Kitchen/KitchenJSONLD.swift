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
            "recipeIngredient": .array(recipe.ingredients.filter { !$0.isHeading }.map { ingredient in
                let amount = KitchenHTML.shownAmount(ingredient, units: units).text
                return .string([amount, ingredient.name].filter { !$0.isEmpty }.joined(separator: " ") + KitchenHTML.notesAfterName(ingredient.notes))
            }),
            "recipeInstructions": .array(instructions(recipe.steps)),
        ]
        if let thumbnail = recipe.thumbnail, KitchenValidator.isWebURL(thumbnail) { object["image"] = .string(thumbnail) }
        if let url = recipe.sourceUrl, KitchenValidator.isWebURL(url) { object["isBasedOn"] = .string(url) }
        if let prep = recipe.prepTime.flatMap(KitchenDuration.iso8601) { object["prepTime"] = .string(prep) }
        if let cook = recipe.cookTime.flatMap(KitchenDuration.iso8601) { object["cookTime"] = .string(cook) }
        if let perServing = recipe.nutritionPerServing {
            // Only the figures the recipe gives (issue 26): an unknown one is left out, not 0.
            var nutrition: [String: JSONLDValue] = ["@type": .string("NutritionInformation"), "servingSize": .string("1 serving")]
            for (key, figure) in [("calories", NutritionFigure.calories), ("proteinContent", .protein), ("carbohydrateContent", .carbs), ("fatContent", .fats)] {
                if perServing.known(figure) != nil { nutrition[key] = .string(perServing.shown(figure)) }
            }
            object["nutrition"] = .object(nutrition)
        }
        return .object(object)
    }

    /// `HowToStep`s, numbered among the steps; after a heading, a `HowToSection` named by it holds
    /// the steps up to the next heading.
    static func instructions(_ steps: [KitchenStep]) -> [JSONLDValue] {
        var items: [JSONLDValue] = []
        var sectionName: String?
        var sectionSteps: [JSONLDValue] = []
        func closeSection() {
            guard let name = sectionName else { return }
            items.append(.object(["@type": .string("HowToSection"), "name": .string(name), "itemListElement": .array(sectionSteps)]))
            sectionName = nil
            sectionSteps = []
        }
        for (step, number) in steps.numbered {
            guard let number else {
                closeSection()
                sectionName = step.text
                continue
            }
            let item = JSONLDValue.object(["@type": .string("HowToStep"), "position": .int(number), "text": .string(step.text)])
            if sectionName != nil { sectionSteps.append(item) } else { items.append(item) }
        }
        closeSection()
        return items
    }
}
