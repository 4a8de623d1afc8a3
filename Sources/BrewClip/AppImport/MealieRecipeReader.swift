import BrewData
import BrewKit
import Foundation

/// Mealie's recipe JSON, in both shapes it has exported: the per-recipe export of version 0.5
/// (`recipe_ingredient`, `recipe_instructions`, `org_url`) and the API shape of version 1
/// (`recipeIngredient`, `recipeInstructions`, `orgURL`). Pure. docs/KITCHEN.md maps every field.
public enum MealieRecipeReader {
    /// Whether a JSON object looks like one Mealie recipe.
    static func isRecipe(_ object: [String: Any]) -> Bool {
        object["name"] != nil && (object["recipe_ingredient"] != nil || object["recipeIngredient"] != nil || object["recipe_instructions"] != nil || object["recipeInstructions"] != nil)
    }

    public static func read(json bytes: [UInt8], origin: String) throws(AppImportFailure) -> AppRecipe {
        guard let object = AppFields.object(bytes), isRecipe(object) else {
            throw AppImportFailure(origin, "is not a Mealie recipe (expected a JSON object with name and recipe_ingredient or recipeIngredient)")
        }
        return try read(object, origin: origin, fallbackID: AppFields.contentID(bytes))
    }

    /// One recipe object. `ingredients`/`instructions` override the object's lists (the backup
    /// keeps them in tables of their own).
    static func read(_ object: [String: Any], origin: String, fallbackID: String, ingredients: [[String: Any]]? = nil,
                     instructions: [[String: Any]]? = nil, nutrition: [String: Any]? = nil, categories: [String]? = nil,
                     notes: [[String: Any]]? = nil, amountsDisabled: Bool? = nil) throws(AppImportFailure) -> AppRecipe {
        guard let title = AppFields.text(object["name"]) else { throw AppImportFailure(origin, "the Mealie recipe has no name") }
        let slug = AppFields.text(object, "slug", "id") ?? fallbackID
        var recipe = AppRecipe(sourceId: "mealie:\(slug)", origin: origin)
        var clipped = ClippedRecipe()
        clipped.title = title
        let settings = object["settings"] as? [String: Any]
        let disabled = amountsDisabled ?? (settings?["disable_amount"] as? Bool ?? settings?["disableAmount"] as? Bool ?? false)
        let ingredientObjects = ingredients ?? AppFields.list(object["recipe_ingredient"] ?? object["recipeIngredient"]).compactMap { $0 as? [String: Any] }
        var parts: [AppRecipe.Ingredient] = []
        for ingredient in ingredientObjects {
            // A title starts a group ("For the sauce"): kept as a line of its own, as written.
            if let title = AppFields.text(ingredient["title"]) { parts.append(AppRecipe.Ingredient(amount: "", name: title)) }
            if let part = self.ingredient(ingredient, amountsDisabled: disabled) { parts.append(part) }
        }
        recipe.ingredientParts = parts
        clipped.ingredientLines = parts.map(\.line)
        let instructionObjects = instructions ?? AppFields.list(object["recipe_instructions"] ?? object["recipeInstructions"]).compactMap { $0 as? [String: Any] }
        for instruction in instructionObjects {
            // A title starts a section: a line of its own among the steps, as clipping keeps HowToSection names.
            if let title = AppFields.text(instruction["title"]) { clipped.steps.append(title); clipped.sectionHeadings.insert(title) }
            if let text = AppFields.text(instruction["text"]) { clipped.steps.append(text) }
        }
        clipped.servings = KitchenPageReader.servings(AppFields.text(object, "recipe_yield", "recipeYield", "recipeServings"))
        clipped.prepTime = AppFields.displayTime(AppFields.text(object, "prep_time", "prepTime"))
        clipped.cookTime = AppFields.displayTime(AppFields.text(object, "perform_time", "performTime", "cook_time", "cookTime"))
        if clipped.prepTime == nil, clipped.cookTime == nil { clipped.cookTime = AppFields.displayTime(AppFields.text(object, "total_time", "totalTime")) }
        let categoryNames = categories ?? AppFields.list(object["recipe_category"] ?? object["recipeCategory"]).compactMap(AppFields.text)
        clipped.category = categoryNames.joined(separator: ", ").nilIfEmpty
        clipped.sourceUrl = AppFields.webURL(AppFields.text(object, "org_url", "orgURL"))
        let noteObjects = notes ?? AppFields.list(object["notes"]).compactMap { $0 as? [String: Any] }
        let noteTexts = noteObjects.map { note in [AppFields.text(note["title"]), AppFields.text(note["text"])].compactMap { $0 }.joined(separator: ": ") }
        clipped.caption = AppFields.caption([AppFields.text(object["description"])] + noteTexts)
        if let values = nutrition ?? (object["nutrition"] as? [String: Any]) {
            clipped.nutritionPerServing = AppFields.nutrition(
                calories: values["calories"], protein: values["protein_content"] ?? values["proteinContent"],
                carbs: values["carbohydrate_content"] ?? values["carbohydrateContent"], fats: values["fat_content"] ?? values["fatContent"])
        }
        clipped.readFrom = ["Mealie"]
        recipe.clipped = clipped
        recipe.createdAt = AppFields.date(object["date_added"] ?? object["dateAdded"] ?? object["created_at"] ?? object["createdAt"])
        return recipe
    }

    /// One ingredient. With amounts disabled (or no food), the note is the whole line as the cook
    /// wrote it, split as clipping splits a line; otherwise the parts: quantity and unit as the
    /// amount, the food as the name, the note as notes. `originalText` wins when given.
    static func ingredient(_ object: [String: Any], amountsDisabled: Bool) -> AppRecipe.Ingredient? {
        let note = AppFields.text(object, "note")
        let food = AppFields.text(object["food"])
        let disabled = (object["disable_amount"] as? Bool ?? object["disableAmount"] as? Bool ?? false) || amountsDisabled
        if disabled || food == nil {
            guard let line = AppFields.text(object, "original_text", "originalText") ?? note ?? food ?? AppFields.text(object, "display") else { return nil }
            let parts = KitchenClipWriter.split(line)
            return AppRecipe.Ingredient(amount: parts.amount, name: parts.name, notes: parts.notes)
        }
        let unit = (object["unit"] as? [String: Any]).flatMap { unit -> String? in
            (unit["use_abbreviation"] as? Bool ?? unit["useAbbreviation"] as? Bool ?? false) ? AppFields.text(unit["abbreviation"]) ?? AppFields.text(unit["name"]) : AppFields.text(unit["name"])
        } ?? AppFields.text(object["unit"])
        let quantity = AppFields.number(object["quantity"]).flatMap { $0 > 0 ? AppFields.quantity($0) : nil }
        let amount = [quantity, unit].compactMap { $0 }.joined(separator: " ")
        return AppRecipe.Ingredient(amount: amount, name: food ?? "", notes: note)
    }
}
