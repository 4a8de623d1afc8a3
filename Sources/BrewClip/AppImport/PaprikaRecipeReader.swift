import BrewData
import BrewKit
import Foundation

/// Paprika 3's recipe (one `.paprikarecipe`: gzip-compressed JSON; a `.paprikarecipes` export is
/// a zip of them). Pure: the JSON's bytes in, a recipe out. docs/KITCHEN.md maps every field.
public enum PaprikaRecipeReader {
    public static func read(json bytes: [UInt8], origin: String) throws(AppImportFailure) -> AppRecipe {
        guard let object = AppFields.object(bytes) else { throw AppImportFailure(origin, "is not a Paprika recipe (expected a JSON object)") }
        guard let title = AppFields.text(object["name"]) else { throw AppImportFailure(origin, "the Paprika recipe has no name") }
        let uid = AppFields.text(object["uid"]) ?? AppFields.contentID(bytes)
        var recipe = AppRecipe(sourceId: "paprika:\(uid)", origin: origin)
        var clipped = ClippedRecipe()
        clipped.title = title
        clipped.ingredientLines = AppFields.lines(AppFields.text(object["ingredients"]) ?? "")
        // One step a line (Paprika keeps paragraphs), "1." numbering dropped as clipping drops it.
        clipped.steps = KitchenPageReader.instructions(AppFields.text(object["directions"]) ?? "")
        clipped.servings = KitchenPageReader.servings(AppFields.text(object["servings"]))
        clipped.prepTime = AppFields.displayTime(AppFields.text(object["prep_time"]))
        clipped.cookTime = AppFields.displayTime(AppFields.text(object["cook_time"]))
        if clipped.prepTime == nil, clipped.cookTime == nil { clipped.cookTime = AppFields.displayTime(AppFields.text(object["total_time"])) }
        clipped.category = AppFields.list(object["categories"]).compactMap(AppFields.text).joined(separator: ", ").nilIfEmpty
        clipped.sourceUrl = AppFields.webURL(AppFields.text(object["source_url"]))
        clipped.caption = AppFields.caption([AppFields.text(object["description"]), AppFields.text(object["notes"])])
        clipped.nutritionPerServing = nutrition(AppFields.text(object["nutritional_info"]))
        clipped.readFrom = ["Paprika"]
        if let base64 = AppFields.text(object["photo_data"]), let data = Data(base64Encoded: base64, options: .ignoreUnknownCharacters) {
            recipe.photo = AppRecipe.Photo.sniffing([UInt8](data))
        }
        if recipe.photo == nil { clipped.image = AppFields.webURL(AppFields.text(object["image_url"])) }
        recipe.clipped = clipped
        recipe.createdAt = AppFields.date(object["created"])
        return recipe
    }

    /// Paprika's nutrition is free text, one value a line ("Calories: 240", "Protein 12 g",
    /// "Kohlenhydrate: 30g"); per serving, as the app shows it. Nil when no line names one of the four.
    static func nutrition(_ text: String?) -> ServingNutrition? {
        guard let text else { return nil }
        var values: [String: Double] = [:]
        let labels: [(String, [String])] = [
            ("calories", ["calorie", "kcal", "energy", "kalorien", "energie"]),
            ("protein", ["protein", "eiweiß", "eiweiss"]),
            ("carbs", ["carb", "kohlenhydrat"]),
            ("fats", ["fat", "fett"]),
        ]
        for line in AppFields.lines(text) {
            let lower = line.lowercased()
            guard let number = KitchenPageReader.leadingNumber(lower) else { continue }
            for (key, words) in labels where values[key] == nil && words.contains(where: { lower.contains($0) }) {
                // "Saturated fat" and "Fatty acids" are not the total.
                if key == "fats", lower.contains("saturated") || lower.contains("gesättigt") { continue }
                values[key] = number
                break
            }
        }
        return AppFields.nutrition(calories: values["calories"], protein: values["protein"], carbs: values["carbs"], fats: values["fats"])
    }
}
