import BrewKit

/// Printable recipe cards: one page of paper per dose, with the steps in grams and times,
/// the timeline, ratio, temperature and grind, and nothing else.
extension Journal {
    /// The doses a recipe's card shows: its default, then those of the recipe and the preferences.
    func cardDoses(for recipe: Recipe) -> [Double] {
        var doses = [recipe.defaultDose]
        for dose in recipe.cardDosesGrams + (validated.dataset.preferences?.value.cardDosesGrams ?? []) where dose > 0 && !doses.contains(dose) {
            doses.append(dose)
        }
        return [doses[0]] + doses.dropFirst().sorted()
    }

    /// The card page of a valid recipe (`SitePlan.cardRecipes`: an invalid one has none,
    /// US-026: nothing to brew from).
    func cardPage(_ recipe: Recipe) -> Page {
        var fragments: [String: PageFragment] = [:]
        var variants: [[String: Any]] = []
        for (index, dose) in cardDoses(for: recipe).enumerated() {
            let inputs = BrewInputs(doseGrams: dose, targetYieldGrams: nil, lastEdited: .dose, waterTemperatureCelsius: nil, grindLabel: nil)
            do {
                let plan = try BrewPlanner.plan(recipe, inputs: inputs)
                let fragmentName = "timeline-\(index)"
                fragments[fragmentName] = TimelineChart.fragment(for: plan, id: "card-\(recipe.id)-\(index)")
                variants.append(Self.planValues(plan, of: recipe).merging([
                    "isDefault": index == 0,
                    "warnings": plan.warnings.map { ["message": $0.message] },
                    "timeline": PageFragment.placeholder(fragmentName),
                ]) { _, card in card })
            } catch {
                variants.append(["dose": Format.grams(dose), "impossible": "\(error)"])
            }
        }
        let context: [String: Any] = ["id": recipe.id, "name": recipe.name, "variants": variants]
        return Page(path: "cards/\(recipe.id)", title: "\(recipe.name) — recipe card", template: "card", context: context, fragments: fragments)
    }

    /// Step rows of a plan for templates: the instruction and, on the clock, when.
    static func stepRows(_ plan: BrewPlan) -> [[String: Any]] {
        plan.steps.enumerated().map { index, step in
            var row: [String: Any] = [
                "number": String(index + 1),
                "kind": step.kind.rawValue,
                "instruction": step.instruction,
                "isTimed": step.isTimed,
                "start": Format.clock(step.startSeconds),
                "end": Format.clock(step.endSeconds),
            ]
            if let water = step.cumulativeWaterGrams { row["water"] = Format.grams(water) }
            if let rate = step.pourRateGramsPerSecond { row["pace"] = "\(Format.number(rate, decimals: 1)) g/s" }
            return row
        }
    }

    /// What a card page and a brew-along page both say of a plan: dose, yield, ratio, water,
    /// grind, total time and the timed steps.
    static func planValues(_ plan: BrewPlan, of recipe: Recipe) -> [String: Any] {
        [
            "dose": Format.grams(plan.doseGrams),
            "yield": Format.grams(plan.targetYieldGrams),
            "ratio": Format.ratio(plan.ratio),
            "temperature": "\(Format.number(plan.waterTemperatureCelsius, decimals: 1)) °C",
            "grind": plan.grindLabel.rawValue,
            "grindGuidance": recipe.grindGuidance,
            "totalTime": Format.clock(plan.totalSeconds),
            "steps": stepRows(plan),
        ]
    }
}
