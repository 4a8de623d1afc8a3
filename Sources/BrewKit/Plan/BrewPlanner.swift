/// Turns a recipe and the brewer's inputs into a brew plan (issue 3, PRD 3.7, 003).
/// Pure and fast: no I/O, no clock, no randomness.
///
/// - Amounts: ratio R = default yield ÷ default dose. A set dose gives yield = dose × R; a set
///   yield gives dose = yield ÷ R. Dose rounds to 0.1 g, yield and all water to 1 g.
/// - Water: see `BrewPlanner+Water.swift`. Time: see `BrewPlanner+Clock.swift`.
/// - Guardrails warn and never clamp.
public enum BrewPlanner {
    public static func plan(_ recipe: Recipe, inputs: BrewInputs = .recipeDefaults, options: PlanOptions = .standard) throws(PlanError) -> BrewPlan {
        let amounts = try amounts(for: recipe, inputs: inputs)
        let water = try waterTargets(for: recipe, doseGrams: amounts.doseGrams, yieldGrams: amounts.yieldGrams)
        let schedule = try schedule(recipe, water: water, options: options)
        let temperature = inputs.waterTemperatureCelsius ?? recipe.defaultWaterTemperature
        let ratio = amounts.yieldGrams / amounts.doseGrams

        var warnings: [PlanWarning] = []
        for (guardrail, value) in [(Guardrail.dose, amounts.doseGrams), (.targetYield, amounts.yieldGrams), (.ratio, ratio), (.waterTemperature, temperature)] {
            if let warning = guardrail.warning(for: value) { warnings.append(warning) }
        }
        warnings += pourRateWarnings(schedule.steps, options: options)

        return BrewPlan(
            recipeId: recipe.id, recipeName: recipe.name,
            doseGrams: amounts.doseGrams, targetYieldGrams: amounts.yieldGrams, ratio: ratio,
            waterTemperatureCelsius: temperature, grindLabel: inputs.grindLabel ?? recipe.defaultGrindLabel,
            derived: amounts.derived, totalSeconds: schedule.totalSeconds,
            steps: schedule.steps, warnings: warnings)
    }

    /// A dose as it is weighed: the nearest 0.1 g.
    public static func roundedDoseGrams(_ grams: Double) -> Double { (grams * 10).rounded() / 10 }

    /// Water and yield as they are weighed: the nearest 1 g.
    public static func roundedWaterGrams(_ grams: Double) -> Double { grams.rounded() }

    struct Amounts {
        var doseGrams: Double
        var yieldGrams: Double
        var derived: EditedInput
    }

    /// Dose and yield by "last edited wins".
    static func amounts(for recipe: Recipe, inputs: BrewInputs) throws(PlanError) -> Amounts {
        let ratio = recipe.defaultTargetYield / recipe.defaultDose
        guard ratio.isFinite, ratio > 0 else {
            throw PlanError(.invalidRatio, recipeId: recipe.id, message: "the recipe's default dose (\(Format.grams(recipe.defaultDose))) and yield (\(Format.grams(recipe.defaultTargetYield))) give no ratio to scale by; both must be greater than 0 g")
        }
        var driver = inputs.lastEdited
        if driver == .dose, inputs.doseGrams == nil, inputs.targetYieldGrams != nil { driver = .yield }
        if driver == .yield, inputs.targetYieldGrams == nil { driver = .dose }

        switch driver {
        case .dose:
            let given = inputs.doseGrams ?? recipe.defaultDose
            let dose = roundedDoseGrams(given)
            guard given.isFinite, dose > 0 else {
                throw PlanError(.nonPositiveDose, recipeId: recipe.id, message: "the dose must be at least 0.1 g, found \(Format.grams(given))")
            }
            let yield = roundedWaterGrams(dose * ratio)
            guard yield > 0 else {
                throw PlanError(.nonPositiveYield, recipeId: recipe.id, message: "a dose of \(Format.grams(dose)) at \(Format.ratio(ratio)) gives a yield of 0 g")
            }
            return Amounts(doseGrams: dose, yieldGrams: yield, derived: .yield)
        case .yield:
            let given = inputs.targetYieldGrams ?? recipe.defaultTargetYield
            let yield = roundedWaterGrams(given)
            guard given.isFinite, yield > 0 else {
                throw PlanError(.nonPositiveYield, recipeId: recipe.id, message: "the target yield must be at least 1 g, found \(Format.grams(given))")
            }
            let dose = roundedDoseGrams(yield / ratio)
            guard dose > 0 else {
                throw PlanError(.nonPositiveDose, recipeId: recipe.id, message: "a yield of \(Format.grams(yield)) at \(Format.ratio(ratio)) gives a dose of 0 g")
            }
            return Amounts(doseGrams: dose, yieldGrams: yield, derived: .dose)
        }
    }

    /// A warning for every pour that needs more than the kettle delivers.
    static func pourRateWarnings(_ steps: [PlannedStep], options: PlanOptions) -> [PlanWarning] {
        let maximum = options.maximumPourRateGramsPerSecond
        return steps.compactMap { step in
            guard let rate = step.pourRateGramsPerSecond, rate > maximum + Guardrail.tolerance else { return nil }
            let grams = Format.grams(step.waterGrams ?? 0)
            return PlanWarning(
                field: "pourRateGramsPerSecond", value: rate,
                message: "step \"\(step.stepId)\" needs \(Format.number(rate, decimals: 1)) g/s (\(grams) in \(Format.clock(step.windowSeconds))), above the \(Format.number(maximum, decimals: 1)) g/s a gooseneck kettle pours steadily; pour times do not scale with the dose",
                stepId: step.stepId)
        }
    }
}
