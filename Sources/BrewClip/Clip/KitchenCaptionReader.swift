import BrewKit
import Foundation

/// Reads a recipe out of a caption (a post's text): the title from the first line, ingredient
/// lines (those that start with an amount, or bullets, or lines under an "Ingredients" heading)
/// and steps (numbered lines, or lines under a "Method"/"Instructions"/"Steps" heading); the
/// whole text kept as the caption.
public enum KitchenCaptionReader {
    public static func read(_ text: String) -> ClippedRecipe {
        var clipped = ClippedRecipe()
        clipped.caption = text
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard let first = lines.first else { return clipped }
        clipped.title = HTMLText.collapse(String(first.prefix(10_000)))
        enum Section { case none, ingredients, steps }
        var section = Section.none
        for line in lines.dropFirst() {
            let lower = line.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: ":#*🥘 "))
            // The section names pages use, in every language the page reader knows.
            if ["you'll need", "what you need"].contains(lower) || KitchenHTMLRecipeReader.ingredientHeadings.contains(lower) { section = .ingredients; continue }
            if KitchenHTMLRecipeReader.instructionHeadings.contains(lower) { section = .steps; continue }
            if let yield = KitchenYieldReader.range(inLine: lower) { (clipped.servings, clipped.servingsUpTo) = (yield.count, yield.upTo); continue }
            let bullet = line.first.map { "-•*–·✔▪".contains($0) } ?? false
            let unbulleted = bullet ? String(line.dropFirst()).trimmingCharacters(in: .whitespaces) : line
            let numbered = KitchenPageReader.stripStepNumber(line) != line && line.first?.isNumber == true
            if numbered || (section == .steps && !bullet) || (section == .steps && bullet) {
                clipped.steps.append(KitchenPageReader.stripStepNumber(unbulleted))
            } else if section == .ingredients || bullet || !AmountGrammar.splitLine(unbulleted).amount.isEmpty {
                clipped.ingredientLines.append(unbulleted)
            }
        }
        clipped.readFrom.append("caption")
        return clipped
    }

    /// "serves 4", "servings: 4", "makes 12", "für 4 personen".
    static func servingsLine(_ lower: String) -> Int? {
        KitchenYieldReader.servings(inLine: lower)
    }
}
