import BrewKit
import BrewSite
import Foundation

/// Prints a scaled kitchen recipe for the kitchen (text), for notes (Markdown) or for scripts (JSON).
struct KitchenScalePrinter {
    enum OutputFormat: String, CaseIterable { case text, markdown, json }

    let scaled: ScaledKitchenRecipe

    func render(_ format: OutputFormat) -> String {
        switch format {
        case .text: text
        case .markdown: markdown
        case .json: json
        }
    }

    var servingsLine: String {
        let noun = scaled.servings == 1 ? "serving" : "servings"
        let base = scaled.servings == scaled.baseServings ? "" : " (scaled from \(scaled.baseServings))"
        return "\(scaled.servings) \(noun)\(base), \(scaled.units.rawValue)"
    }

    static func nutritionText(_ nutrition: KitchenNutrition) -> String {
        // An unknown figure is "—", never 0 (issue 26).
        "\(nutrition.shown(.calories)), protein \(nutrition.shown(.protein)), carbs \(nutrition.shown(.carbs)), fats \(nutrition.shown(.fats))"
    }

    static func ingredientLine(_ ingredient: ScaledIngredient) -> String {
        var line = [ingredient.amount.text, ingredient.name].filter { !$0.isEmpty }.joined(separator: " ")
        if let notes = ingredient.notes, !notes.isEmpty { line += ", " + notes }
        if !ingredient.amount.scaled && !ingredient.amount.text.isEmpty { line += "  (as written)" }
        return line
    }

    var text: String {
        var lines = [scaled.title, servingsLine] + (scaled.servingsAssumption.map { [$0] } ?? []) + [""]
        let width = scaled.ingredients.map(\.amount.text.count).max() ?? 0
        for ingredient in scaled.ingredients {
            let amount = ingredient.amount.text.padding(toLength: width, withPad: " ", startingAt: 0)
            var line = "  \(amount)  \(ingredient.name)"
            if let notes = ingredient.notes, !notes.isEmpty { line += ", " + notes }
            if !ingredient.amount.scaled && !ingredient.amount.text.isEmpty { line += "  (as written)" }
            lines.append(line)
        }
        if let total = scaled.nutritionTotal, let perServing = scaled.nutritionPerServing {
            lines += ["", "Nutrition, all \(scaled.servings): \(Self.nutritionText(total))", "Per serving: \(Self.nutritionText(perServing))"]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    var markdown: String {
        var lines = ["# \(MarkdownText.escape(scaled.title))", "", "*\(servingsLine)*", ""]
        if let assumption = scaled.servingsAssumption { lines += [MarkdownText.escape(assumption), ""] }
        lines += ["## Ingredients", ""]
        for ingredient in scaled.ingredients { lines.append("- " + MarkdownText.escape(Self.ingredientLine(ingredient))) }
        if let total = scaled.nutritionTotal, let perServing = scaled.nutritionPerServing {
            lines += ["", "## Nutrition", "", "| | kcal | protein | carbs | fats |", "|---|---:|---:|---:|---:|"]
            for (label, value) in [("All \(scaled.servings) servings", total), ("Per serving", perServing)] {
                lines.append("| \(label) | \(value.known(.calories).map(String.init) ?? "—") | \(value.shown(.protein)) | \(value.shown(.carbs)) | \(value.shown(.fats)) |")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: JSON

    /// The shape of issue 14: numbers or null, never an absent key.
    var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(JSONRecipe(scaled))) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    struct JSONRecipe: Encodable {
        let scaled: ScaledKitchenRecipe
        init(_ scaled: ScaledKitchenRecipe) { self.scaled = scaled }

        enum Keys: String, CodingKey { case recipeId, servings, baseServings, servingsGiven, servingsAssumption, units, ingredients, nutrition }
        enum NutritionKeys: String, CodingKey { case total, perServing }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(scaled.recipeId, forKey: .recipeId)
            try container.encode(scaled.servings, forKey: .servings)
            try container.encode(scaled.baseServings, forKey: .baseServings)
            // Whether `baseServings` came from the source, and what scaling assumed when it did not
            // (or when the source gave a range), as the text and Markdown say it; null otherwise.
            try container.encode(scaled.servingsGiven, forKey: .servingsGiven)
            try container.encode(scaled.servingsAssumption, forKey: .servingsAssumption)
            try container.encode(scaled.units.rawValue, forKey: .units)
            try container.encode(scaled.ingredients.map(JSONIngredient.init), forKey: .ingredients)
            if let total = scaled.nutritionTotal, let perServing = scaled.nutritionPerServing {
                var nutrition = container.nestedContainer(keyedBy: NutritionKeys.self, forKey: .nutrition)
                try nutrition.encode(JSONNutrition(total), forKey: .total)
                try nutrition.encode(JSONNutrition(perServing), forKey: .perServing)
            } else {
                try container.encodeNil(forKey: .nutrition)
            }
        }
    }

    struct JSONIngredient: Encodable {
        let ingredient: ScaledIngredient
        init(_ ingredient: ScaledIngredient) { self.ingredient = ingredient }

        enum Keys: String, CodingKey { case name, notes, amount, quantity, quantityMax, unit, scaled }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(ingredient.name, forKey: .name)
            try container.encode(ingredient.notes, forKey: .notes)
            try container.encode(ingredient.amount.text, forKey: .amount)
            try container.encode(ingredient.amount.quantity.map(Self.clean), forKey: .quantity)
            try container.encode(ingredient.amount.quantityMax.map(Self.clean), forKey: .quantityMax)
            try container.encode(ingredient.amount.unit, forKey: .unit)
            try container.encode(ingredient.amount.scaled, forKey: .scaled)
        }

        /// Thirds print as 0.3333 rather than 0.33333333333333331.
        static func clean(_ value: Double) -> Double { (value * 10_000).rounded() / 10_000 }
    }

    struct JSONNutrition: Encodable {
        // null for a figure the recipe does not give (issue 26).
        var calories: Int?
        var protein: Int?
        var carbs: Int?
        var fats: Int?
        init(_ nutrition: KitchenNutrition) {
            calories = nutrition.known(.calories)
            protein = nutrition.known(.protein)
            carbs = nutrition.known(.carbs)
            fats = nutrition.known(.fats)
        }

        func encode(to encoder: Encoder) throws {
            enum Keys: String, CodingKey { case calories, protein, carbs, fats }
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(calories, forKey: .calories)
            try container.encode(protein, forKey: .protein)
            try container.encode(carbs, forKey: .carbs)
            try container.encode(fats, forKey: .fats)
        }
    }
}

/// Markdown escaping for the command line's Markdown output, as the site's pages escape a
/// recipe's text (`MarkdownEscaping`): only what Markdown would read as markup gets a backslash
/// (`*`, `_`, `[`, a `#` or `-` that starts the line, "1. " …), so a recipe's text stays text and
/// a person reading the Markdown as plain text sees "(as written)" and "1.2 l", not `\(as written\)`.
enum MarkdownText {
    static func escape(_ text: String) -> String { MarkdownEscaping.escape(text) }
}
