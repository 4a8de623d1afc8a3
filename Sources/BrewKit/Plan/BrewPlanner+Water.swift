/// Water: how the yield is shared between the bloom and the pours (issue 3).
///
/// - Bloom water = round(bloomRatio × dose), unless the bloom step is fixed.
/// - A fixed step (`isFixedWater`) keeps the increment the recipe authors.
/// - The rest (yield − bloom − fixed) goes to the other pours in the proportion of their authored
///   increments, or equally when the recipe sets `pourSplit: even`.
/// - Cumulative targets round to 1 g (so the increments add up), and the last water step ends
///   exactly at the yield.
extension BrewPlanner {
    /// The cumulative water target of every step that adds water, by step index.
    static func waterTargets(for recipe: Recipe, doseGrams: Double, yieldGrams: Double) throws(PlanError) -> [Int: Double] {
        let waterIndices = recipe.steps.indices.filter { recipe.steps[$0].addsWater }
        guard let lastIndex = waterIndices.last else {
            throw PlanError(.unreachableYield, recipeId: recipe.id, message: "the recipe has no bloom or pour step to add the \(Format.grams(yieldGrams)) of water")
        }

        // The increments as authored.
        var authored: [Int: Double] = [:]
        var previous = 0.0
        for index in waterIndices {
            let step = recipe.steps[index]
            guard let cumulative = step.waterAmountGrams else {
                throw PlanError(.missingWater, recipeId: recipe.id, stepId: step.stepId, message: "a \(step.kind.rawValue) step needs waterAmountGrams (the cumulative water when it is done)")
            }
            authored[index] = cumulative - previous
            previous = cumulative
        }

        // Steps whose grams do not depend on the other pours: the bloom and fixed pours.
        var settled: [Int: Double] = [:]
        var bloomGrams = 0.0
        for index in waterIndices {
            let step = recipe.steps[index]
            if step.isFixedWater {
                settled[index] = authored[index]!
            } else if step.kind == .bloom {
                settled[index] = roundedWaterGrams(recipe.bloomRatio * doseGrams)
            }
            if step.kind == .bloom { bloomGrams += settled[index]! }
        }
        if waterIndices.contains(where: { recipe.steps[$0].kind == .bloom }), bloomGrams >= yieldGrams {
            throw PlanError(.bloomAtOrAboveYield, recipeId: recipe.id, message: "the bloom takes \(Format.grams(bloomGrams)) (\(Format.number(recipe.bloomRatio)) × \(Format.grams(doseGrams))), at or above the \(Format.grams(yieldGrams)) yield, leaving nothing to pour")
        }

        let sharing = waterIndices.filter { settled[$0] == nil }
        let settledGrams = settled.values.reduce(0, +)
        let remaining = yieldGrams - settledGrams
        var exact = settled
        if sharing.isEmpty {
            guard abs(roundedWaterGrams(settledGrams) - yieldGrams) < 0.5 else {
                throw PlanError(.unreachableYield, recipeId: recipe.id, message: "every pour is fixed: the water steps add \(Format.grams(roundedWaterGrams(settledGrams))) but the yield is \(Format.grams(yieldGrams)), and no pour scales to make up the difference")
            }
        } else {
            guard remaining > 0 else {
                throw PlanError(.nonPositivePour, recipeId: recipe.id, stepId: recipe.steps[sharing[0]].stepId, message: "the bloom and fixed steps take \(Format.grams(settledGrams)) of the \(Format.grams(yieldGrams)) yield, leaving \(Format.grams(remaining)) for the pours")
            }
            let weights = sharing.map { recipe.pourSplit == .even ? 1.0 : authored[$0]! }
            if let bad = zip(sharing, weights).first(where: { !($0.1 > 0) }) {
                throw PlanError(.nonPositivePour, recipeId: recipe.id, stepId: recipe.steps[bad.0].stepId, message: "the recipe has this pour add \(Format.grams(bad.1)), so its share of the water would not be positive")
            }
            let total = weights.reduce(0, +)
            for (index, weight) in zip(sharing, weights) { exact[index] = remaining * weight / total }
        }

        // Round the running totals, not the increments, so rounding never drifts.
        var targets: [Int: Double] = [:]
        var running = 0.0
        var previousTarget = 0.0
        for index in waterIndices {
            running += exact[index]!
            let target = index == lastIndex ? yieldGrams : roundedWaterGrams(running)
            guard target - previousTarget >= 1 else {
                let step = recipe.steps[index]
                throw PlanError(.nonPositivePour, recipeId: recipe.id, stepId: step.stepId, message: "this \(step.kind.rawValue) would add \(Format.grams(target - previousTarget)) (from \(Format.grams(previousTarget)) to \(Format.grams(target))); every water step must add at least 1 g")
            }
            targets[index] = target
            previousTarget = target
        }
        return targets
    }
}
