import BrewData
import BrewKit
import Foundation

/// Paprika 3's recipe (one `.paprikarecipe`: gzip-compressed JSON; a `.paprikarecipes` export is
/// a zip of them). Pure: the JSON's bytes in, a recipe out. docs/KITCHEN.md maps every field.
public enum PaprikaRecipeReader {
    /// `meter`: the import's budget, whose time is checked while the directions are split.
    public static func read(json bytes: [UInt8], origin: String, meter: AppImportMeter? = nil) throws(AppImportFailure) -> AppRecipe {
        if let problem = AppFields.utf8Problem(bytes) { throw AppImportFailure(origin, problem) }
        guard let object = AppFields.object(bytes) else { throw AppImportFailure(origin, "is not a Paprika recipe (expected a JSON object)") }
        if let app = AppExportFormat.recognise(object), app != .paprika { throw AppImportFailure(origin, foreign: app) }
        guard let title = AppFields.text(object["name"]) else { throw AppImportFailure(origin, "the Paprika recipe has no name") }
        guard AppExportFormat.recognise(object) == .paprika else {
            throw AppImportFailure(origin, "is not a Paprika recipe (expected a JSON object with name, ingredients and directions)")
        }
        let uid = AppFields.text(object["uid"]) ?? AppFields.contentID(bytes)
        var recipe = AppRecipe(sourceId: "paprika:\(uid)", origin: origin)
        var clipped = ClippedRecipe()
        clipped.title = title
        // Paprika keeps plain text: every character is kept, "<" and "&" too (never read as HTML).
        clipped.ingredientLines = try lines(AppFields.text(object["ingredients"]) ?? "", origin: origin, meter: meter)
        // One step a line (Paprika keeps paragraphs), "1." numbering dropped as clipping drops it.
        clipped.steps = try lines(AppFields.text(object["directions"]) ?? "", origin: origin, meter: meter).map(withoutStepNumber).filter { !$0.isEmpty }
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
        // The web image is kept too: it is the thumbnail when the photo cannot be used.
        clipped.image = AppFields.webURL(AppFields.text(object["image_url"]))
        recipe.clipped = clipped
        recipe.createdAt = AppFields.date(object["created"])
        return recipe
    }

    /// Plain text cut into its lines (at "\n", "\r" or both), each trimmed, empty ones left out:
    /// linear, the import's time budget checked every 4,096 lines.
    static func lines(_ text: String, origin: String, meter: AppImportMeter?) throws(AppImportFailure) -> [String] {
        var lines: [String] = []
        for (index, line) in text.components(separatedBy: CharacterSet(charactersIn: "\r\n")).enumerated() {
            if index & 0xFFF == 0xFFF { try meter?.checkTime(in: origin) }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if !trimmed.isEmpty { lines.append(trimmed) }
        }
        try meter?.checkTime(in: origin)
        return lines
    }

    /// A step without its "1." or "2)" numbering (digits, then "." or ")", then a space).
    static func withoutStepNumber(_ line: String) -> String {
        let digits = line.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 4 else { return line }
        let rest = line[digits.endIndex...]
        guard let mark = rest.first, mark == "." || mark == ")", rest.dropFirst().first?.isWhitespace ?? true else { return line }
        return String(rest.dropFirst()).trimmingCharacters(in: .whitespaces)
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
