import BrewKit
import Foundation

/// Recipes built in code for the plan tests.
enum RecipeFixtures {
    static let date = Date(timeIntervalSince1970: 1_767_225_600)

    /// The PRD 3.5 starter: 15 g → 250 g, bloom 45 g/45 s, to 150 g by 1:30, to 250 g by 2:15,
    /// drawdown 3:00–3:30 (as in `Data/recipes/v60-starter.json`).
    static let starter = Recipe(
        id: "v60-starter", isStarter: true, origin: .starterTemplate, name: "V60 Starter",
        defaultDose: 15, defaultTargetYield: 250, defaultWaterTemperature: 94, defaultGrindLabel: .medium,
        grindTactileDescriptor: "sand; slightly finer than sea salt", createdAt: date, modifiedAt: date,
        steps: [
            RecipeStep(stepId: "rinse", orderIndex: 0, kind: .preparation, instructionText: "Rinse filter and preheat"),
            RecipeStep(stepId: "add-coffee", orderIndex: 1, kind: .preparation, instructionText: "Add coffee, level bed"),
            RecipeStep(stepId: "bloom", orderIndex: 2, kind: .bloom, durationSeconds: 45, waterAmountGrams: 45),
            RecipeStep(stepId: "pour-1", orderIndex: 3, kind: .pour, targetElapsedSeconds: 90, waterAmountGrams: 150),
            RecipeStep(stepId: "pour-2", orderIndex: 4, kind: .pour, targetElapsedSeconds: 135, waterAmountGrams: 250),
            RecipeStep(stepId: "drawdown", orderIndex: 5, kind: .wait, targetElapsedSeconds: 180, targetElapsedMaxSeconds: 210),
        ])

    /// A recipe from its water steps: a bloom of `bloomGrams` over `bloomSeconds`, then pours to
    /// the cumulative `pourTargets`, one every `pourWindowSeconds`, then a drawdown.
    static func recipe(
        id: String = "test",
        doseGrams: Double,
        yieldGrams: Double,
        bloomRatio: Double = 3,
        bloomGrams: Double,
        pourTargets: [Double],
        fixed: Set<Int> = [],
        pourSplit: PourSplit = .proportional,
        bloomSeconds: Double = 45,
        pourWindowSeconds: Double = 40,
        temperatureCelsius: Double = 94
    ) -> Recipe {
        var steps = [
            RecipeStep(stepId: "rinse", orderIndex: 0, kind: .preparation, instructionText: "Rinse filter and preheat"),
            RecipeStep(stepId: "bloom", orderIndex: 1, kind: .bloom, durationSeconds: bloomSeconds, waterAmountGrams: bloomGrams),
        ]
        var clock = bloomSeconds
        for (number, target) in pourTargets.enumerated() {
            clock += pourWindowSeconds
            steps.append(RecipeStep(
                stepId: "pour-\(number + 1)", orderIndex: steps.count, kind: .pour,
                targetElapsedSeconds: clock, waterAmountGrams: target, isFixedWater: fixed.contains(number)))
        }
        steps.append(RecipeStep(stepId: "drawdown", orderIndex: steps.count, kind: .wait, targetElapsedSeconds: clock + 45, targetElapsedMaxSeconds: clock + 75))
        return Recipe(
            id: id, name: "Test \(id)", defaultDose: doseGrams, defaultTargetYield: yieldGrams,
            defaultWaterTemperature: temperatureCelsius, defaultGrindLabel: .medium, createdAt: date, modifiedAt: date,
            bloomRatio: bloomRatio, pourSplit: pourSplit, steps: steps)
    }
}

extension BrewPlan {
    /// The cumulative targets of the water steps, in order.
    var cumulativeTargets: [Double] { waterSteps.compactMap(\.cumulativeWaterGrams) }

    func step(_ id: String) -> PlannedStep? { steps.first { $0.stepId == id } }
}
