import BrewKit
import Foundation

/// A kitchen recipe as the JSON a `kitchen/recipes/` file holds (ingredients, steps and
/// nutrition nested), for export, import and merge: reading it back gives the same recipe.
public enum KitchenRecordEncoder {
    public static func json(_ recipe: KitchenRecipe) -> JSONValue {
        var members: [JSONMember] = [JSONMember("id", .string(recipe.id)), JSONMember("title", .string(recipe.title))]
        func optional(_ key: String, _ value: String?) { if let value { members.append(JSONMember(key, .string(value))) } }
        optional("thumbnail", recipe.thumbnail)
        optional("sourceUrl", recipe.sourceUrl)
        optional("sourcePlatform", recipe.sourcePlatform?.rawValue)
        optional("sourceId", recipe.sourceId)
        optional("caption", recipe.caption)
        optional("notes", recipe.notes)
        optional("prepTime", recipe.prepTime)
        optional("cookTime", recipe.cookTime)
        members.append(JSONMember("servings", .number(Double(recipe.servings))))
        if let upTo = recipe.servingsUpTo { members.append(JSONMember("servingsUpTo", .number(Double(upTo)))) }
        // Written only when the source gave none: a recipe with servings reads and writes as before.
        if !recipe.servingsGiven { members.append(JSONMember("servingsGiven", .bool(false))) }
        members.append(JSONMember("category", .string(recipe.category.rawValue)))
        members.append(JSONMember("ingredients", .array(recipe.ingredients.map { ingredient in
            var fields = [JSONMember("id", .string(ingredient.id)), JSONMember("name", .string(ingredient.name)), JSONMember("amount", .string(ingredient.amount))]
            if let notes = ingredient.notes { fields.append(JSONMember("notes", .string(notes))) }
            // Written only for a group name: a recipe without groups reads and writes as before.
            if ingredient.isHeading { fields.append(JSONMember("isHeading", .bool(true))) }
            return .object(fields)
        })))
        members.append(JSONMember("steps", .array(recipe.steps.map {
            var fields = [JSONMember("id", .string($0.id)), JSONMember("order", .number(Double($0.order))), JSONMember("text", .string($0.text))]
            // Written only for a heading: a recipe without headings reads and writes as before.
            if $0.isHeading { fields.append(JSONMember("isHeading", .bool(true))) }
            return .object(fields)
        })))
        if let nutrition = recipe.nutrition {
            // A figure the recipe does not give is left out, so it reads back as unknown, never 0.
            members.append(JSONMember("nutrition", .object(NutritionFigure.allCases.compactMap { figure in
                nutrition.known(figure).map { JSONMember(figure.rawValue, .number(Double($0))) }
            })))
        }
        members.append(JSONMember("isArchived", .bool(recipe.isArchived)))
        members.append(JSONMember("isFavourite", .bool(recipe.isFavourite)))
        optional("createdAt", recipe.createdAt.map(ISO8601.string(from:)))
        optional("updatedAt", recipe.updatedAt.map(ISO8601.string(from:)))
        if !recipe.cardServings.isEmpty { members.append(JSONMember("cardServings", .array(recipe.cardServings.map { .number(Double($0)) }))) }
        return .object(members)
    }

    /// Recipes back from their JSON, or the first `check` errors when any does not read.
    public static func recipes(from values: [JSONValue], context: String) throws(CommandError) -> [KitchenRecipe] {
        guard !values.isEmpty else { return [] }
        let parsed = RecordFileParser.parse(CanonicalJSON.bytes(.array(values)), path: context, kind: .kitchenRecipes)
        let errors = parsed.diagnostics.filter { $0.severity == .error }
        if !errors.isEmpty { throw CommandError(errors.prefix(5).map(\.description).joined(separator: "\n")) }
        return parsed.kitchen.recipes.map(\.recipe)
    }
}
