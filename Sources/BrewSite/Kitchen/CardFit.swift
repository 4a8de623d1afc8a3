import BrewKit

/// How a kitchen recipe's printable card fits one page of A4 or Letter (issue 51: an 8-step card
/// put only its last step on a second page). The card's text is counted in printed lines at the
/// card's 12 pt: steps about 45 characters a line in their column, ingredients about 28 in theirs,
/// the longer column deciding. Up to `normalLines` it prints as it is; up to `compactLines` at
/// 10 pt (`kitchen-sheet-compact`); up to `smallLines` at 8.5 pt (`kitchen-sheet-small`); beyond
/// that at 8.5 pt with a note that it takes more than one page. The limits were measured in
/// Chromium's print to PDF at A4 and Letter with 12 mm margins (`KitchenCardPrintTests`).
struct CardFit {
    static let normalLines = 30
    static let compactLines = 48
    static let smallLines = 66

    let lines: Int

    init(_ recipe: KitchenRecipe) {
        func wrapped(_ text: String, _ perLine: Int) -> Int { max(1, (text.count + perLine - 1) / perLine) }
        var steps = 0
        for step in recipe.steps { steps += wrapped(step.text, 45) + (step.isHeading ? 1 : 0) }
        var ingredients = 0
        for ingredient in recipe.ingredients {
            ingredients += wrapped([ingredient.amount, ingredient.name, ingredient.notes ?? ""].joined(separator: " "), 28) + (ingredient.isHeading ? 1 : 0)
        }
        // Space between the steps counts as a third of a line each.
        lines = max(steps + recipe.steps.count / 3, ingredients)
    }

    /// The card's class beside `kitchen-sheet`: nil for one that fits as it is.
    var className: String? {
        if lines <= Self.normalLines { return nil }
        return lines <= Self.compactLines ? "kitchen-sheet-compact" : "kitchen-sheet-small"
    }

    /// What the card says when even its smallest print takes more than one page.
    var note: String? {
        lines > Self.smallLines ? "This recipe is too long for one printed page: it prints on more than one." : nil
    }
}
