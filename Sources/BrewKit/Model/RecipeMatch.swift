/// Which recipe an imported brew is filed under, and why (issue 17).
///
/// The rule: among the V60 recipes that can be brewed, the one whose default dose and ratio are
/// closest to the brew's, measured as the sum of the relative differences
/// `|dose − d| / d + |ratio − r| / r`, provided the dose is within 25 % and the ratio within
/// 10 % of the recipe's; ties go to the starter, then to the library order. When no recipe is
/// that close the brew is filed under the starter. A recipe named by the person (`--recipe`)
/// is taken as it is.
public struct RecipeMatch: Hashable, Sendable {
    public static let doseTolerance = 0.25
    public static let ratioTolerance = 0.10

    public enum Reason: Hashable, Sendable {
        /// Named with `--recipe`.
        case named
        /// The closest by dose and ratio.
        case closest
        /// No recipe within the tolerances: the starter.
        case starter
    }

    public var recipeId: String
    public var recipeName: String
    public var reason: Reason

    public init(recipeId: String, recipeName: String, reason: Reason) {
        self.recipeId = recipeId
        self.recipeName = recipeName
        self.reason = reason
    }

    /// The recipe for a brew of `doseGrams` at `ratio`, from `recipes` in library order
    /// (starters first); nil when there is neither a close recipe nor a starter.
    public static func closest(doseGrams: Double, ratio: Double, among recipes: [Recipe]) -> RecipeMatch? {
        var best: (recipe: Recipe, distance: Double)?
        for recipe in recipes where recipe.method == .v60 && recipe.defaultDose > 0 && recipe.defaultRatio > 0 {
            let doseDifference = abs(doseGrams - recipe.defaultDose) / recipe.defaultDose
            let ratioDifference = abs(ratio - recipe.defaultRatio) / recipe.defaultRatio
            guard doseDifference <= doseTolerance, ratioDifference <= ratioTolerance else { continue }
            let distance = doseDifference + ratioDifference
            if best.map({ distance < $0.distance }) ?? true { best = (recipe, distance) }
        }
        if let best { return RecipeMatch(recipeId: best.recipe.id, recipeName: best.recipe.name, reason: .closest) }
        return recipes.first(where: \.isStarter).map { RecipeMatch(recipeId: $0.id, recipeName: $0.name, reason: .starter) }
    }

    /// How the choice reads in the import's report.
    public var explanation: String {
        switch reason {
        case .named: "filed under \"\(recipeName)\" as asked"
        case .closest: "filed under \"\(recipeName)\", the V60 recipe closest in dose and ratio"
        case .starter: "filed under the starter \"\(recipeName)\": no V60 recipe within 25 % of its dose and 10 % of its ratio"
        }
    }
}
