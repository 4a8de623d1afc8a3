import BrewKit
import Foundation
import Testing

/// The reading of a recorded pour beside its plan, and a brew set against its recipe and the
/// next brew of the recipe (issue 17).
@Suite("Pour reading and comparisons")
struct PourReadingTests {
    /// A pour every 0.5 s: 60 g in 0–6 s, rest, to 180 g by 90 s, to 300 g by 130 s.
    static func samples() -> [BrewFlow.Sample] {
        let segments: [(Double, Double, Double, Double)] = [(0, 6, 0, 60), (45, 90, 60, 180), (95, 130, 180, 300)]
        return stride(from: 0.0, through: 200, by: 0.5).map { t in
            var grams = 0.0
            for (start, end, from, to) in segments {
                if t >= end { grams = to } else if t >= start { grams = from + (to - from) * (t - start) / (end - start); break }
            }
            return BrewFlow.Sample(seconds: t, grams: grams)
        }
    }

    static let recipe = Recipe(
        id: "r", isStarter: true, origin: .starterTemplate, name: "R", defaultDose: 18, defaultTargetYield: 300,
        defaultWaterTemperature: 96, defaultGrindLabel: .medium, createdAt: Date(), modifiedAt: Date(),
        steps: [
            RecipeStep(stepId: "b", orderIndex: 0, kind: .bloom, instructionText: "", durationSeconds: 45, waterAmountGrams: 60),
            RecipeStep(stepId: "p1", orderIndex: 1, kind: .pour, instructionText: "", targetElapsedSeconds: 90, waterAmountGrams: 180),
            RecipeStep(stepId: "p2", orderIndex: 2, kind: .pour, instructionText: "", targetElapsedSeconds: 135, waterAmountGrams: 300),
            RecipeStep(stepId: "w", orderIndex: 3, kind: .wait, instructionText: "", targetElapsedSeconds: 180, targetElapsedMaxSeconds: 210),
        ])

    @Test func theReadingFindsTheBloomTheLastPourAndTheFastestRate() throws {
        let plan = try BrewPlanner.plan(Self.recipe)
        let reading = PourReading(samples: Self.samples(), plan: plan, brewTimeSeconds: 200, bloomSeconds: nil)
        #expect(reading.pours.count == 3)
        #expect(reading.sentences == [
            "The bloom ended at 0:45 (planned 0:45).",
            "The last pour finished at 2:10, 5 s before its 2:15 milestone, with 300 g on the scale.",
            "The brew took 3:20, within the 3:00–3:30 window.",
            "The fastest pour ran at 10 g/s.",
        ])
    }

    @Test func aDipOfTheScaleIsNotWaterTakenBack() {
        var samples = Self.samples()
        samples[300].grams = -150  // the dripper lifted
        #expect(PourReading.poured(samples)[300].grams == 300)
    }

    @Test func aTotalTimeAloneIsSetAgainstTheWindow() {
        let reading = PourReading(samples: [], plan: nil, brewTimeSeconds: 236, bloomSeconds: 40)
        #expect(reading.sentences == ["The bloom ended at 0:40.", "The brew took 3:56, 26 s after the 3:00–3:30 window."])
        #expect(PourReading(samples: [], plan: nil, brewTimeSeconds: 150, bloomSeconds: nil).sentences == ["The brew took 2:30, 30 s before the 3:00–3:30 window."])
    }

    static func log(id: String, dose: Double = 18, temperature: Double = 96, grind: GrindLabel = .medium, rating: Int?, tag: TasteTag? = nil) -> BrewLog {
        BrewLog(id: id, timestamp: Date(), recipeId: "r", recipeNameAtBrew: "R", doseGrams: dose, targetYieldGrams: 300,
                waterTemperatureCelsius: temperature, grindLabel: grind, rating: rating, tasteTag: tag)
    }

    @Test func aBrewIsComparedWithItsRecipesDefaults() {
        #expect(BrewComparison.differences(Self.log(id: "a", dose: 19.8, temperature: 97, rating: 4), from: Self.recipe)
                == ["19.8 g of coffee instead of 18 g", "97 °C instead of 96 °C"])
        #expect(BrewComparison.differences(Self.log(id: "a", rating: 4), from: Self.recipe) == [])
        var imported = Self.log(id: "a", temperature: 96, grind: .medium, rating: nil)
        imported.source = "beanconqueror"
        imported.fromRecipe = ["waterTemperatureCelsius"]
        imported.waterTemperatureCelsius = 50
        #expect(BrewComparison.differences(imported, from: Self.recipe) == [])
    }

    @Test func theNextBrewSaysWhetherTheHintWasFollowedAndTheRatingMoved() {
        let sour = Self.log(id: "a", rating: 3, tag: .tooSour)
        let finer = Self.log(id: "b", grind: .fine, rating: 4)
        let followUp = BrewComparison.followUp(from: sour, to: finer)
        #expect(followUp.hintFollowed == true && followUp.ratingChange == 1)
        #expect(BrewComparison.sentence(followUp, from: sour, to: finer) == "The hint was followed (finer grind (fine from medium)) and the rating went up from 3 to 4.")
        let same = Self.log(id: "c", rating: 2)
        #expect(BrewComparison.sentence(BrewComparison.followUp(from: sour, to: same), from: sour, to: same) == "The hint was not followed and the rating went down from 3 to 2.")
        let fine = Self.log(id: "d", rating: 4)
        #expect(BrewComparison.sentence(BrewComparison.followUp(from: fine, to: same), from: fine, to: same) == "This brew had no hint to follow and the rating went down from 4 to 2.")
    }
}
