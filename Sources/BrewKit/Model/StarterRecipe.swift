import Foundation

/// The V60 starter recipe of PRD 3.5, in the step shape of 003, as `brewguide init` writes it.
///
/// - Dose 15 g, target yield 250 g (1:16.7), 94 °C, grind medium ("sand; slightly finer than sea salt").
/// - Steps: rinse and preheat; add coffee and level the bed; bloom 45 g and wait 0:45; pour to
///   150 g by 1:30; pour to 250 g by 2:15; wait for drawdown, target finish 3:00–3:30.
///
/// The starter is not editable in place (PRD 3.4.1, 004): `differences(from:)` names what an
/// edited starter changed, for `check`'s warning that says to duplicate it instead.
public enum StarterRecipe {
    public static let id = "v60-starter"
    public static let name = "V60 Starter"

    /// The starter, created at `date`.
    public static func recipe(createdAt date: Date) -> Recipe {
        Recipe(
            id: id, isStarter: true, origin: .starterTemplate, method: .v60, name: name,
            defaultDose: 15, defaultTargetYield: 250, defaultWaterTemperature: 94, defaultGrindLabel: .medium,
            grindTactileDescriptor: GrindLabel.medium.defaultTactileDescriptor,
            createdAt: date, modifiedAt: date, bloomRatio: Recipe.defaultBloomRatio,
            steps: steps)
    }

    public static let steps: [RecipeStep] = [
        RecipeStep(stepId: "rinse", orderIndex: 0, kind: .preparation, instructionText: "Rinse filter and preheat"),
        RecipeStep(stepId: "add-coffee", orderIndex: 1, kind: .preparation, instructionText: "Add coffee, level bed"),
        RecipeStep(stepId: "bloom", orderIndex: 2, kind: .bloom, durationSeconds: 45, waterAmountGrams: 45),
        RecipeStep(stepId: "pour-1", orderIndex: 3, kind: .pour, targetElapsedSeconds: 90, waterAmountGrams: 150),
        RecipeStep(stepId: "pour-2", orderIndex: 4, kind: .pour, targetElapsedSeconds: 135, waterAmountGrams: 250),
        RecipeStep(stepId: "drawdown", orderIndex: 5, kind: .wait, targetElapsedSeconds: 180, targetElapsedMaxSeconds: 210),
    ]

    /// The fields in which a starter differs from PRD 3.5, by their data names (`defaultDose`,
    /// `steps`); empty when it brews the same. Names, dates, ids and the grind words are free:
    /// they do not change the brew. Steps compare by kind, timers and water, not by text.
    public static func differences(from recipe: Recipe) -> [String] {
        let reference = Self.recipe(createdAt: recipe.createdAt)
        var changed: [String] = []
        if recipe.defaultDose != reference.defaultDose { changed.append("defaultDose") }
        if recipe.defaultTargetYield != reference.defaultTargetYield { changed.append("defaultTargetYield") }
        if recipe.defaultWaterTemperature != reference.defaultWaterTemperature { changed.append("defaultWaterTemperature") }
        if recipe.defaultGrindLabel != reference.defaultGrindLabel { changed.append("defaultGrindLabel") }
        if recipe.bloomRatio != reference.bloomRatio { changed.append("bloomRatio") }
        if recipe.pourSplit != reference.pourSplit { changed.append("pourSplit") }
        func shape(_ step: RecipeStep) -> [Double?] {
            [Double(StepKind.allCases.firstIndex(of: step.kind) ?? -1), step.durationSeconds, step.targetElapsedSeconds,
             step.targetElapsedMaxSeconds, step.waterAmountGrams, step.isFixedWater ? 1 : 0]
        }
        if recipe.steps.map(shape) != reference.steps.map(shape) { changed.append("steps") }
        return changed
    }
}
