import BrewData
import BrewKit
import Foundation

/// Tandoor's export: a zip of per-recipe zips, each holding `recipe.json` and its image. Steps
/// carry their own ingredients (in parts: amount, unit, food, note; `is_header` lines are group
/// names) and a name (a section heading). Pure. docs/KITCHEN.md maps every field.
public enum TandoorRecipeReader {
    public static func read(json bytes: [UInt8], origin: String) throws(AppImportFailure) -> AppRecipe {
        guard let object = AppFields.object(bytes), object["steps"] is [Any] else {
            throw AppImportFailure(origin, "is not a Tandoor recipe.json (expected a JSON object with steps)")
        }
        guard let title = AppFields.text(object["name"]) else { throw AppImportFailure(origin, "the Tandoor recipe has no name") }
        // The export holds no id of the recipe: the JSON's own bytes name it.
        var recipe = AppRecipe(sourceId: "tandoor:\(AppFields.contentID(bytes))", origin: origin)
        var clipped = ClippedRecipe()
        clipped.title = title
        var parts: [AppRecipe.Ingredient] = []
        let steps = AppFields.list(object["steps"]).compactMap { $0 as? [String: Any] }
            .enumerated().sorted { (AppFields.number($0.element["order"]) ?? 0, $0.offset) < (AppFields.number($1.element["order"]) ?? 0, $1.offset) }
            .map(\.element)
        for step in steps {
            if let name = AppFields.text(step["name"]) { clipped.steps.append(name); clipped.sectionHeadings.insert(name) }
            for paragraph in AppFields.paragraphs(AppFields.text(step["instruction"]) ?? "") {
                // A Markdown heading starting a paragraph ("### Source") is a section name, a line of its own.
                var rest = paragraph
                if paragraph.hasPrefix("#") {
                    let lines = paragraph.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
                    let heading = String(lines[0].drop { $0 == "#" }).trimmingCharacters(in: .whitespaces)
                    clipped.steps.append(heading)
                    clipped.sectionHeadings.insert(heading)
                    rest = lines.count > 1 ? String(lines[1]).trimmingCharacters(in: .whitespacesAndNewlines) : ""
                }
                if !rest.isEmpty { clipped.steps.append(rest) }
            }
            for ingredient in AppFields.list(step["ingredients"]).compactMap({ $0 as? [String: Any] }) {
                if let part = self.ingredient(ingredient) { parts.append(part) }
            }
        }
        clipped.steps = clipped.steps.filter { !$0.isEmpty }
        recipe.ingredientParts = parts
        clipped.ingredientLines = parts.map(\.line)
        clipped.servings = AppFields.number(object["servings"]).flatMap { $0 >= 1 && $0 <= 10_000 ? Int($0) : nil }
            ?? KitchenPageReader.servings(AppFields.text(object["servings_text"]))
        clipped.prepTime = AppFields.minutes(object["working_time"])
        clipped.cookTime = AppFields.minutes(object["waiting_time"])
        clipped.category = AppFields.list(object["keywords"]).compactMap(AppFields.text).joined(separator: ", ").nilIfEmpty
        clipped.sourceUrl = AppFields.webURL(AppFields.text(object["source_url"]))
        clipped.caption = AppFields.caption([AppFields.text(object["description"])])
        if let nutrition = object["nutrition"] as? [String: Any] {
            clipped.nutritionPerServing = AppFields.nutrition(calories: nutrition["calories"], protein: nutrition["proteins"],
                                                              carbs: nutrition["carbohydrates"], fats: nutrition["fats"])
        }
        clipped.readFrom = ["Tandoor"]
        recipe.clipped = clipped
        return recipe
    }

    /// One ingredient in parts; a header line keeps its text as a name with no amount.
    static func ingredient(_ object: [String: Any]) -> AppRecipe.Ingredient? {
        let food = AppFields.text(object["food"])
        let note = AppFields.text(object["note"])
        if object["is_header"] as? Bool == true {
            guard let text = note ?? food else { return nil }
            return AppRecipe.Ingredient(amount: "", name: text)
        }
        guard let name = food ?? note else { return nil }
        let noAmount = object["no_amount"] as? Bool ?? false
        let quantity = noAmount ? nil : AppFields.number(object["amount"]).flatMap { $0 > 0 ? AppFields.quantity($0) : nil }
        let unit = quantity == nil ? nil : AppFields.text(object["unit"])
        let amount = [quantity, unit].compactMap { $0 }.joined(separator: " ")
        return AppRecipe.Ingredient(amount: amount, name: name, notes: food == nil ? nil : note)
    }
}
