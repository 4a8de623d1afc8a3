import BrewData
import BrewKit
import Foundation

/// A kitchen recipe as a `.cook` file, which `CooklangRecipeReader` (and cookcli) reads back to
/// the same ingredients and steps. Pure.
///
/// - Front matter: `title`, `servings`, `category`, `prep time`, `cook time`, `source`,
///   `source id`, `image` (a web thumbnail), `description` (the caption on one line); the notes as `> ` lines at the end.
/// - The ingredients first, one a line, as one paragraph: `@name{quantity%units}(notes)`; an amount
///   that is a number then words is split there ("500 g" → `{500%g}`), any other amount is the
///   quantity as written (`{a pinch}`), an empty one `{}`.
/// - Each step a paragraph, its markup characters escaped with `\` so it reads back as the same text.
public enum CooklangWriter {
    public static func text(_ recipe: KitchenRecipe) -> String {
        var lines = ["---"]
        func meta(_ key: String, _ value: String?) {
            guard let value = value?.replacingOccurrences(of: "\n", with: " ").trimmingCharacters(in: .whitespaces), !value.isEmpty else { return }
            lines.append("\(key): \(value)")
        }
        meta("title", recipe.title)
        meta("servings", String(recipe.servings))
        meta("category", recipe.category.rawValue)
        meta("prep time", recipe.prepTime)
        meta("cook time", recipe.cookTime)
        meta("source", recipe.sourceUrl)
        meta("source id", recipe.sourceId)
        if let thumbnail = recipe.thumbnail, KitchenValidator.isWebURL(thumbnail) { meta("image", thumbnail) }
        meta("description", recipe.caption)
        lines.append("---")
        lines.append("")
        if !recipe.ingredients.isEmpty {
            // A group name ("For the sauce") is a comment line: Cooklang has no ingredient groups.
            for ingredient in recipe.ingredients { lines.append(ingredient.isHeading ? "-- " + ingredient.name : self.ingredient(ingredient)) }
            lines.append("")
        }
        for step in recipe.steps.sorted(by: { $0.order < $1.order }) {
            // A heading is a Cooklang section ("= Make the marinade"), read back as a heading.
            let text = step.text.replacingOccurrences(of: "\n", with: " ")
            lines.append(step.isHeading ? "= " + escaped(text, atLineStart: false) : escaped(text, atLineStart: true))
            lines.append("")
        }
        // The recipe's notes as Cooklang notes, a "> " line each, read back as the notes.
        if let notes = recipe.notes, !notes.isEmpty {
            for line in notes.split(separator: "\n") { lines.append("> " + escaped(String(line), atLineStart: false)) }
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }

    static func ingredient(_ ingredient: KitchenIngredient) -> String {
        var line = "@" + escaped(ingredient.name.trimmingCharacters(in: .whitespaces), atLineStart: false, inName: true) + "{"
        let amount = ingredient.amount.trimmingCharacters(in: .whitespaces)
        if let space = amount.firstIndex(of: " "), CooklangParser.number(String(amount[..<space])) != nil || amount[..<space].allSatisfy({ $0.isNumber || $0 == "/" || $0 == "." || $0 == "," }) {
            let quantity = amount[..<space], units = amount[amount.index(after: space)...]
            if units.first != " " { line += braced(String(quantity)) + "%" + braced(String(units)) } else { line += braced(amount) }
        } else {
            line += braced(amount)
        }
        line += "}"
        if let notes = ingredient.notes, !notes.isEmpty { line += "(" + braced(notes, closing: ")") + ")" }
        return line
    }

    /// Text inside `{…}` or `(…)`: the characters that would end it escaped.
    static func braced(_ text: String, closing: Character = "}") -> String {
        var result = ""
        let characters = Array(text)
        for (index, character) in characters.enumerated() {
            // `--` and `[-` would start a comment even here: the parser strips comments first.
            let dash = character == "-" && ((index + 1 < characters.count && characters[index + 1] == "-") || (index > 0 && characters[index - 1] == "-"))
            let block = character == "[" && index + 1 < characters.count && characters[index + 1] == "-"
            if character == "\\" || character == closing || character == "%" || (closing == "}" && character == "{") || dash || block { result.append("\\") }
            result.append(character)
        }
        return result
    }

    /// Step text (or a name) with every character Cooklang would read as markup escaped.
    static func escaped(_ text: String, atLineStart: Bool, inName: Bool = false) -> String {
        var result = ""
        let characters = Array(text)
        for (index, character) in characters.enumerated() {
            let special: Bool
            switch character {
            case "@", "#", "~", "\\", "{", "}": special = true
            case "-": special = (index + 1 < characters.count && characters[index + 1] == "-") || (index > 0 && characters[index - 1] == "-")
            case "[": special = index + 1 < characters.count && characters[index + 1] == "-"
            case "=", ">": special = atLineStart && index == 0
            case "(": special = inName
            default: special = false
            }
            if special { result.append("\\") }
            result.append(character)
        }
        return result
    }
}
