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
        let made = madeThis(rows("recipe_timeline_events"))
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
                recipe.cooked = made[id] ?? []
                reading.recipes.append(recipe)
            } catch {
                reading.skipped.append(error)
            }
        }
        return reading
    }

    /// The recipes' "I made this" events, by recipe id, oldest first. Mealie's timeline events
    /// have three types (`TimelineEventType`): `system` (the recipe was created or changed),
    /// `comment`, and `info`, which its "I made this" dialog writes (with the note as `message`).
    /// Only `info` events become cook logs; their `timestamp` is UTC written without an offset.
    static func madeThis(_ events: [[String: Any]]) -> [String: [AppRecipe.Cooked]] {
        var made: [String: [AppRecipe.Cooked]] = [:]
        for event in events where AppFields.text(event["event_type"])?.lowercased() == "info" {
            guard let recipeID = AppFields.text(event["recipe_id"]), let id = AppFields.text(event["id"]),
                  let stamp = AppFields.text(event["timestamp"]) ?? AppFields.text(event["event_dt"]) else { continue }
            let seconds = String(stamp.prefix(19))
            guard let at = ISO8601.date(from: seconds + "Z") ?? ISO8601.date(from: stamp) else { continue }
            let note = AppFields.text(event["message"]).flatMap { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : $0 }
            made[recipeID, default: []].append(AppRecipe.Cooked(id: id, at: at, note: note))
        }
        return made.mapValues { $0.sorted { $0.at < $1.at } }
    }
}
