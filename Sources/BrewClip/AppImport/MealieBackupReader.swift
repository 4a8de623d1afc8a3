import BrewData
import BrewKit
import Foundation

/// A Mealie backup's `database.json`: every table as a list of rows. A recipe is a `recipes` row
/// joined with its `recipes_ingredients` (units and foods by id), `recipe_instructions`,
/// `recipe_nutrition`, `recipe_settings`, categories and notes, each list in `position` order. Pure.
public enum MealieBackupReader {
    static func isBackup(_ object: [String: Any]) -> Bool {
        object["recipes"] is [Any] && (object["recipes_ingredients"] != nil || object["recipe_instructions"] != nil)
    }

    /// `photos`: each recipe's photo by its id (the backup keeps them in `data/recipes/<id>/images/`).
    public static func read(json bytes: [UInt8], origin: String, photos: [String: AppRecipe.Photo] = [:]) throws(AppImportFailure) -> AppReading {
        guard let database = AppFields.object(bytes), isBackup(database) else {
            throw AppImportFailure(origin, "is not a Mealie backup's database.json (expected tables recipes and recipes_ingredients)")
        }
        func rows(_ table: String) -> [[String: Any]] { AppFields.list(database[table]).compactMap { $0 as? [String: Any] } }
        func byRecipe(_ table: String) -> [String: [[String: Any]]] {
            let grouped = Dictionary(grouping: rows(table)) { AppFields.text($0["recipe_id"]) ?? "" }
            return grouped.mapValues { $0.sorted { (AppFields.number($0["position"]) ?? 0) < (AppFields.number($1["position"]) ?? 0) } }
        }
        func names(_ table: String) -> [String: [String: Any]] {
            Dictionary(rows(table).compactMap { row in AppFields.text(row["id"]).map { ($0, row) } }) { first, _ in first }
        }
        let units = names("ingredient_units"), foods = names("ingredient_foods"), categories = names("categories")
        let ingredients = byRecipe("recipes_ingredients"), instructions = byRecipe("recipe_instructions")
        let nutrition = byRecipe("recipe_nutrition"), settings = byRecipe("recipe_settings"), notes = byRecipe("notes")
        let categoryLinks = Dictionary(grouping: rows("recipes_to_categories")) { AppFields.text($0["recipe_id"]) ?? "" }
        var reading = AppReading()
        for (index, row) in rows("recipes").enumerated() {
            let id = AppFields.text(row["id"]) ?? ""
            let name = AppFields.text(row["name"]) ?? "recipe \(index + 1)"
            let resolved = (ingredients[id] ?? []).map { ingredient -> [String: Any] in
                var ingredient = ingredient
                ingredient["unit"] = AppFields.text(ingredient["unit_id"]).flatMap { units[$0] }
                ingredient["food"] = AppFields.text(ingredient["food_id"]).flatMap { foods[$0] }
                return ingredient
            }
            let categoryNames = (categoryLinks[id] ?? []).compactMap { AppFields.text($0["category_id"]).flatMap { categories[$0] }.flatMap { AppFields.text($0["name"]) } }
            do {
                var recipe = try MealieRecipeReader.read(
                    row, origin: "\(origin) (recipe \"\(name)\")", fallbackID: id, ingredients: resolved, instructions: instructions[id] ?? [],
                    nutrition: nutrition[id]?.first ?? [:], categories: categoryNames, notes: notes[id] ?? [],
                    amountsDisabled: settings[id]?.first?["disable_amount"] as? Bool ?? false)
                recipe.photo = photos[id]
                reading.recipes.append(recipe)
            } catch {
                reading.skipped.append(error)
            }
        }
        return reading
    }
}
