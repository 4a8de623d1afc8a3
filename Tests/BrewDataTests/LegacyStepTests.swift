import BrewData
import BrewKit
import Testing

/// Steps in 004's older shape (`timerDurationSeconds`, no `kind`) load with their kind inferred.
@Suite("Old step shape")
struct LegacyStepTests {
    static let legacyStarter = """
        {"id": "old", "name": "Old V60", "isStarter": true, "origin": "starterTemplate", "defaultDose": 15, "defaultTargetYield": 250,
         "defaultWaterTemperature": 94, "defaultGrindLabel": "medium",
         "steps": [
          {"orderIndex": 0, "instructionText": "Rinse filter and preheat"},
          {"orderIndex": 1, "instructionText": "Add coffee, level bed"},
          {"orderIndex": 2, "instructionText": "Bloom: pour 45g, start timer", "timerDurationSeconds": 45, "waterAmountGrams": 45, "isCumulativeWaterTarget": true},
          {"orderIndex": 3, "instructionText": "Pour to 150g by 1:30", "timerDurationSeconds": 90, "waterAmountGrams": 150, "isCumulativeWaterTarget": true},
          {"orderIndex": 4, "instructionText": "Pour to 250g by 2:15", "timerDurationSeconds": 135, "waterAmountGrams": 100, "isCumulativeWaterTarget": false},
          {"orderIndex": 5, "instructionText": "Wait for drawdown, target finish 3:00–3:30", "timerDurationSeconds": 180}
         ]}
        """

    @Test func kindsAndTimersAreInferred() throws {
        let parsed = RecordFileParser.parse(Array(Self.legacyStarter.utf8), path: "old.json", kind: .recipes)
        #expect(parsed.diagnostics.isEmpty)
        let recipe = try #require(parsed.recipes.first?.value)
        #expect(recipe.steps.map(\.kind) == [.preparation, .preparation, .bloom, .pour, .pour, .wait])
        #expect(recipe.steps[2].durationSeconds == 45)
        #expect(recipe.steps[2].targetElapsedSeconds == nil)
        #expect(recipe.steps[3].targetElapsedSeconds == 90)
        #expect(recipe.steps[3].durationSeconds == nil)
        // An increment (isCumulativeWaterTarget false) becomes a cumulative target.
        #expect(recipe.steps[4].waterAmountGrams == 250)
        #expect(recipe.steps[5].targetElapsedSeconds == 180)
        // The drawdown keeps its window from its words (issue 16).
        #expect(recipe.steps[5].targetElapsedMaxSeconds == 210)
        #expect(StepInstruction.text(for: recipe.steps[5]) == "Wait for drawdown, target finish 3:00–3:30")
        #expect(StarterRecipe.differences(from: recipe).isEmpty)
        let validated = ValidatedDataset(dataset: Dataset(recipes: parsed.recipes), readDiagnostics: [])
        #expect(validated.diagnostics.isEmpty)
    }

    @Test(arguments: [
        ("Wait for drawdown, target finish 3:00–3:30", 180.0, 210.0),
        ("drawdown 2:45 - 3:15", 165, 195),
        ("finish between 3:00 to 3:45", 180, 225),
    ])
    func finishWindows(text: String, from: Double, to: Double) throws {
        let window = try #require(LegacyStepMigration.finishWindow(in: text))
        #expect(window.from == from && window.to == to)
    }

    @Test func noWindowWithoutTwoRisingTimes() {
        #expect(LegacyStepMigration.finishWindow(in: "Wait for drawdown, target finish 3:00") == nil)
        #expect(LegacyStepMigration.finishWindow(in: "3:30–3:00") == nil)
    }

    @Test(arguments: [
        ("Rinse filter", false, false, StepKind.preparation),
        ("Bloom: pour 45g", true, true, .bloom),
        ("Pour to 150g by 1:30", true, true, .pour),
        ("Wait for drawdown", false, true, .wait),
        ("Gentle swirl", false, true, .agitate),
        ("Something else", true, false, .pour),
        ("Something else", false, true, .wait),
        ("Something else", false, false, .preparation),
    ])
    func inference(text: String, hasWater: Bool, hasTimer: Bool, expected: StepKind) {
        #expect(LegacyStepMigration.kind(instructionText: text, hasWater: hasWater, hasTimer: hasTimer) == expected)
    }
}
