/// Checks meal-plan slots against each other and against the kitchen (what a decoder cannot
/// see in one record): two slots with one id, a recipe id no kitchen recipe has (an error,
/// with the closest id as a suggestion), an archived or erased recipe (a warning: the plan still
/// builds and the page says so), and a snack id no preset has.
public enum MealPlanValidator {
    public static func validate(_ slots: [Located<MealSlot>], recipes: [String: PlannableRecipe],
                                snacks: [String: SnackPreset], erasedRecipeIDs: Set<String> = []) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var firstByID: [String: SourceLocation] = [:]
        for located in slots {
            let slot = located.value
            if let first = firstByID[slot.id] {
                diagnostics.append(.error("two plan slots have the id \"\(slot.id)\"; the other is at \(first)", at: located.source.location(of: "id")))
            } else {
                firstByID[slot.id] = located.source.record
            }
            switch slot.content {
            case .recipe(let id):
                let location = located.source.location(of: "recipeId")
                if let recipe = recipes[id] {
                    if recipe.isArchived {
                        diagnostics.append(.warning("recipeId: the kitchen recipe \"\(id)\" is archived; the plan keeps it (restore it with `brewguide kitchen restore \(id)`)", at: location))
                    }
                } else if erasedRecipeIDs.contains(id) {
                    let counts = slot.recipeNutrition == nil ? "counts no nutrition" : "counts the figures it kept (recipeNutrition)"
                    diagnostics.append(.warning("recipeId: the kitchen recipe \"\(id)\" was erased; the slot is kept and \(counts)", at: location))
                } else if let finding = recipeReference.finding(naming: id, at: location, isKnown: { recipes[$0] != nil }, known: recipes.keys.sorted()) {
                    diagnostics.append(finding)
                }
            case .snack(let id):
                if let finding = snackReference.finding(naming: id, at: located.source.location(of: snackReference.field),
                                                        isKnown: { snacks[$0] != nil }, known: snacks.keys.sorted()) {
                    diagnostics.append(finding)
                }
            case .quickAdd:
                break
            }
        }
        return diagnostics
    }

    /// A slot's `recipeId` names a kitchen recipe (`MealPlanSlotsKind.references`); an archived or
    /// erased one is a warning of its own.
    public static let recipeReference = IDReference(field: "recipeId", severity: .error, offer: .afterSemicolon) { id, _ in
        "recipeId: no kitchen recipe has the id \"\(id)\""
    }

    /// A slot's `snackId` names a snack preset (`MealPlanSlotsKind.references`); with none close, the presets are listed.
    public static let snackReference = IDReference(
        field: "snackId", severity: .error, offer: .afterSemicolon,
        whenNoneIsClose: { known in " (the presets: \(known.joined(separator: ", ")))" }
    ) { id, _ in
        "snackId: no snack preset has the id \"\(id)\""
    }
}
