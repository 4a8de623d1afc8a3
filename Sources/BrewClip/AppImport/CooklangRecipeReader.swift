import BrewData
import BrewKit
import Foundation

/// A `.cook` file as a kitchen recipe. Pure.
///
/// - Ingredients in the order they appear, each `@name{quantity%units}(note)` as name, amount
///   (the quantity as written, a space, the units) and notes; a name met again with no amount adds
///   nothing.
/// - Steps: each paragraph's text, ingredients and cookware by name, timers as "10 minutes" (or
///   their name when they have no quantity); comments dropped; a section (`= Dough`) as a heading
///   line of its own, as clipping keeps a page's section names. A paragraph of ingredients alone
///   (the ingredient list `kitchen export --format cooklang` writes) gives its ingredients and no step.
/// - Metadata: `title`, `servings`, `prep time`, `cook time` (or `time`), `source` (a web address),
///   `course`/`category`/`tags` (mapped as clipping maps a category), `description`, `image`,
///   `source id`; notes (`> …`) are the recipe's notes, a line each.
public enum CooklangRecipeReader {
    public static func read(text: String, name: String, origin: String, sourceBytes: [UInt8]) throws(AppImportFailure) -> AppRecipe {
        let parsed = CooklangParser.parse(text)
        let title = parsed.metadata("title", "name") ?? name
        guard !title.isEmpty else { throw AppImportFailure(origin, "the Cooklang recipe has no title and no file name") }
        let sourceId = parsed.metadata("source id", "sourceid", "source_id") ?? "cooklang:\(AppFields.contentID(sourceBytes))"
        var recipe = AppRecipe(sourceId: sourceId, origin: origin)
        var clipped = ClippedRecipe()
        clipped.title = title
        var parts: [AppRecipe.Ingredient] = []
        var notes: [String] = []
        for block in parsed.blocks {
            switch block {
            case .section(let name): clipped.steps.append(name); clipped.sectionHeadings.insert(name)
            case .note(let text): notes.append(text)
            case .step(let items):
                for item in items {
                    guard case .ingredient(let name, let quantity, let units, let note) = item else { continue }
                    let amount = [quantity, units.nilIfEmpty].compactMap { $0 }.joined(separator: " ")
                    if amount.isEmpty, note == nil, parts.contains(where: { $0.name == name }) { continue }
                    parts.append(AppRecipe.Ingredient(amount: amount, name: name, notes: note))
                }
                let isIngredientList = items.allSatisfy { item in
                    switch item {
                    case .ingredient: true
                    case .text(let text): text.allSatisfy(\.isWhitespace)
                    default: false
                    }
                }
                if isIngredientList { continue }
                let text = stepText(items)
                if !text.isEmpty { clipped.steps.append(text) }
            }
        }
        recipe.ingredientParts = parts
        clipped.ingredientLines = parts.map(\.line)
        clipped.servings = KitchenPageReader.servings(parsed.metadata("servings", "serves", "yield", "portions"))
        clipped.prepTime = AppFields.displayTime(parsed.metadata("prep time", "prep_time", "preptime", "time.prep", "prep"))
        clipped.cookTime = AppFields.displayTime(parsed.metadata("cook time", "cook_time", "cooktime", "time.cook", "cook"))
        if clipped.prepTime == nil, clipped.cookTime == nil {
            clipped.cookTime = AppFields.displayTime(parsed.metadata("time", "total time", "time required", "duration"))
        }
        clipped.sourceUrl = AppFields.webURL(parsed.metadata("source", "source.url", "url", "original"))
        clipped.category = parsed.metadata("course", "category", "meal", "tags")
        clipped.image = AppFields.webURL(parsed.metadata("image", "picture"))
        clipped.caption = AppFields.caption([parsed.metadata("description", "introduction")])
        clipped.notes = notes.isEmpty ? nil : notes.joined(separator: "\n")
        clipped.readFrom = ["Cooklang"]
        recipe.clipped = clipped
        return recipe
    }

    /// A step's words as a cook reads them: ingredients and cookware by name, timers by their
    /// quantity and units ("10 minutes") or, without one, their name.
    public static func stepText(_ items: [CooklangRecipe.Item]) -> String {
        var text = ""
        for item in items {
            switch item {
            case .text(let words): text += words
            case .ingredient(let name, _, _, _): text += name
            case .cookware(let name, _): text += name
            case .timer(let name, let quantity, let units):
                text += quantity.map { [$0, units].filter { !$0.isEmpty }.joined(separator: " ") } ?? name
            }
        }
        return text.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
    }
}
