import BrewKit
import Testing

/// The worked examples, rounding, split rules and errors of issue 3.
@Suite struct BrewPlannerTests {
    let starter = RecipeFixtures.starter

    @Test func starterAtItsDefaultsReproducesItself() throws {
        let plan = try BrewPlanner.plan(starter)
        #expect(plan.doseGrams == 15)
        #expect(plan.targetYieldGrams == 250)
        #expect(plan.cumulativeTargets == [45, 150, 250])
        #expect(plan.waterSteps.compactMap(\.waterGrams) == [45, 105, 100])
        #expect(plan.derived == .yield)
        #expect(plan.waterTemperatureCelsius == 94)
        #expect(plan.grindLabel == .medium)
        #expect(plan.warnings.isEmpty)
        #expect(plan.recipeName == "V60 Starter")
    }

    @Test func starterDose20() throws {
        let plan = try BrewPlanner.plan(starter, inputs: .dose(20))
        #expect(plan.doseGrams == 20)
        #expect(plan.targetYieldGrams == 333)
        #expect(plan.bloomWaterGrams == 60)
        #expect(plan.cumulativeTargets == [60, 200, 333])
        #expect(plan.derived == .yield)
        #expect(plan.ratio == 333.0 / 20.0)
    }

    @Test func starterYield300() throws {
        let plan = try BrewPlanner.plan(starter, inputs: .yield(300))
        #expect(plan.doseGrams == 18.0)
        #expect(plan.targetYieldGrams == 300)
        #expect(plan.bloomWaterGrams == 54)
        #expect(plan.cumulativeTargets == [54, 180, 300])
        #expect(plan.derived == .dose)
    }

    @Test func instructionsCarryTheScaledNumbers() throws {
        let plan = try BrewPlanner.plan(starter, inputs: .dose(20))
        #expect(plan.steps.map(\.instruction) == [
            "Rinse filter and preheat",
            "Add coffee, level bed",
            "Bloom: pour 60 g, then wait 0:45",
            "Pour to 200 g by 1:30",
            "Pour to 333 g by 2:15",
            "Wait for drawdown, target finish 3:00–3:30",
        ])
    }

    @Test func freeTextIsKeptAfterTheGeneratedInstruction() throws {
        var recipe = starter
        recipe.steps[4].instructionText = "Slow spiral, 250 g"
        let plan = try BrewPlanner.plan(recipe, inputs: .dose(20))
        #expect(plan.step("pour-2")?.instruction == "Pour to 333 g by 2:15. Slow spiral, 250 g")
    }

    // MARK: Last edited wins

    @Test func theLastEditedInputWins() throws {
        let doseLast = try BrewPlanner.plan(starter, inputs: BrewInputs(doseGrams: 20, targetYieldGrams: 300, lastEdited: .dose))
        #expect(doseLast.doseGrams == 20 && doseLast.targetYieldGrams == 333 && doseLast.derived == .yield)
        let yieldLast = try BrewPlanner.plan(starter, inputs: BrewInputs(doseGrams: 20, targetYieldGrams: 300, lastEdited: .yield))
        #expect(yieldLast.doseGrams == 18 && yieldLast.targetYieldGrams == 300 && yieldLast.derived == .dose)
    }

    @Test func aMissingLastEditedValueFallsBackToTheOther() throws {
        let plan = try BrewPlanner.plan(starter, inputs: BrewInputs(targetYieldGrams: 300, lastEdited: .dose))
        #expect(plan.doseGrams == 18 && plan.derived == .dose)
        let defaults = try BrewPlanner.plan(starter, inputs: BrewInputs(lastEdited: .yield))
        #expect(defaults.doseGrams == 15 && defaults.targetYieldGrams == 250)
    }

    @Test func temperatureAndGrindOverrideTheRecipe() throws {
        let plan = try BrewPlanner.plan(starter, inputs: BrewInputs(waterTemperatureCelsius: 92, grindLabel: .fine))
        #expect(plan.waterTemperatureCelsius == 92)
        #expect(plan.grindLabel == .fine)
    }

    // MARK: Rounding (PRD 3.7.3)

    @Test(arguments: [(18.04, 18.0), (18.05, 18.1), (18.349, 18.3), (12.96, 13.0)])
    func doseRoundsToOneTenthGram(given: Double, expected: Double) throws {
        let plan = try BrewPlanner.plan(starter, inputs: .dose(given))
        #expect(plan.doseGrams == expected)
        #expect(plan.targetYieldGrams == (expected * 250 / 15).rounded())
    }

    @Test func yieldAndWaterRoundToOneGram() throws {
        let plan = try BrewPlanner.plan(starter, inputs: .yield(301.6))
        #expect(plan.targetYieldGrams == 302)
        #expect(plan.doseGrams == 18.1)
        for step in plan.waterSteps {
            #expect(step.waterGrams == step.waterGrams?.rounded())
            #expect(step.cumulativeWaterGrams == step.cumulativeWaterGrams?.rounded())
        }
        #expect(plan.cumulativeTargets.last == 302)
    }

    @Test func bloomRoundsBloomRatioTimesDose() throws {
        var recipe = starter
        recipe.bloomRatio = 3.3
        let plan = try BrewPlanner.plan(recipe, inputs: .dose(18.5))
        #expect(plan.bloomWaterGrams == (3.3 * 18.5).rounded())
    }

    // MARK: Splits

    @Test func equalAuthoredPoursSplitFiftyFifty() throws {
        // PRD 3.7.5: bloom 3× dose, the rest in two equal pours.
        let recipe = RecipeFixtures.recipe(doseGrams: 15, yieldGrams: 250, bloomGrams: 45, pourTargets: [147.5, 250])
        let plan = try BrewPlanner.plan(recipe, inputs: .dose(20))
        #expect(plan.cumulativeTargets == [60, 197, 333])
        let pours = plan.waterSteps.dropFirst().compactMap(\.waterGrams)
        #expect(abs(pours[0] - pours[1]) <= 1)
    }

    @Test func evenSplitForcesEqualPours() throws {
        let recipe = RecipeFixtures.recipe(doseGrams: 16, yieldGrams: 240, bloomGrams: 48, pourTargets: [144, 240], pourSplit: .even)
        let plan = try BrewPlanner.plan(recipe)
        #expect(plan.cumulativeTargets == [48, 144, 240])
        let scaled = try BrewPlanner.plan(recipe, inputs: .dose(20))
        #expect(scaled.cumulativeTargets == [60, 180, 300])
        let uneven = RecipeFixtures.recipe(doseGrams: 15, yieldGrams: 250, bloomGrams: 45, pourTargets: [100, 250], pourSplit: .even)
        let evenPlan = try BrewPlanner.plan(uneven)
        #expect(evenPlan.cumulativeTargets == [45, 148, 250])
    }

    @Test func fixedStepsKeepTheirGramsAndTheOthersShareTheRest() throws {
        // bloom 45, a fixed 50 g pour, then 155 g for the last pour.
        let recipe = RecipeFixtures.recipe(doseGrams: 15, yieldGrams: 250, bloomGrams: 45, pourTargets: [95, 250], fixed: [0])
        let plan = try BrewPlanner.plan(recipe, inputs: .dose(20))
        #expect(plan.cumulativeTargets == [60, 110, 333])
        #expect(plan.step("pour-1")?.waterGrams == 50)
    }

    @Test func aFixedLastPourStillEndsAtTheYield() throws {
        let recipe = RecipeFixtures.recipe(doseGrams: 15, yieldGrams: 250, bloomGrams: 45, pourTargets: [100, 200, 250], fixed: [2])
        let plan = try BrewPlanner.plan(recipe, inputs: .dose(20))
        #expect(plan.cumulativeTargets.last == 333)
        #expect(plan.step("pour-3")?.waterGrams == 50)
        // 333 − 60 − 50 = 223 shared 55:100.
        #expect(plan.cumulativeTargets == [60, 139, 283, 333])
    }

    @Test func aFixedBloomKeepsItsGrams() throws {
        var recipe = starter
        recipe.steps[2].isFixedWater = true
        let plan = try BrewPlanner.plan(recipe, inputs: .dose(20))
        #expect(plan.bloomWaterGrams == 45)
        #expect(plan.cumulativeTargets.last == 333)
    }

    // MARK: Time

    @Test func theBrewClock() throws {
        let plan = try BrewPlanner.plan(starter, inputs: .dose(20))
        let clock = plan.steps.map { [$0.startSeconds, $0.endSeconds] }
        #expect(clock == [[0, 0], [0, 0], [0, 45], [45, 90], [90, 135], [135, 180]])
        #expect(plan.totalSeconds == 180)
        #expect(plan.latestFinishSeconds == 210)
        #expect(plan.step("bloom")?.durationSeconds == 45)
        #expect(plan.step("pour-1")?.durationSeconds == nil)
        #expect(plan.step("pour-1")?.targetElapsedSeconds == 90)
        #expect(plan.step("drawdown")?.targetElapsedMaxSeconds == 210)
        #expect(plan.step("rinse")?.pourRateGramsPerSecond == nil)
        #expect(plan.step("pour-1")?.pourRateGramsPerSecond == 140.0 / 45.0)
        #expect(plan.step("pour-2")?.pourRateGramsPerSecond == 133.0 / 45.0)
    }

    @Test func timesDoNotScaleWithTheDose() throws {
        let small = try BrewPlanner.plan(starter, inputs: .dose(12))
        let large = try BrewPlanner.plan(starter, inputs: .dose(40))
        #expect(small.steps.map(\.endSeconds) == large.steps.map(\.endSeconds))
    }

    @Test func agitateAndPlainWaitsTakeTheirDurations() throws {
        var recipe = starter
        recipe.steps.insert(RecipeStep(stepId: "swirl", orderIndex: 5, kind: .agitate), at: 5)
        recipe.steps.insert(RecipeStep(stepId: "rest", orderIndex: 6, kind: .wait, durationSeconds: 10), at: 6)
        recipe.steps[7].targetElapsedSeconds = 200
        let plan = try BrewPlanner.plan(recipe, options: PlanOptions(defaultAgitateSeconds: 4))
        #expect(plan.step("swirl").map { [$0.startSeconds, $0.endSeconds] } == [135, 139])
        #expect(plan.step("swirl")?.durationSeconds == 4)
        #expect(plan.step("rest").map { [$0.startSeconds, $0.endSeconds] } == [139, 149])
        #expect(plan.step("drawdown").map { [$0.startSeconds, $0.endSeconds] } == [149, 200])
        #expect(plan.totalSeconds == 200)
    }

    @Test func aFastPourWarnsAndTheLimitIsConfigurable() throws {
        let plan = try BrewPlanner.plan(starter, inputs: .dose(40))
        let rates = plan.warnings.filter { $0.field == "pourRateGramsPerSecond" }
        #expect(rates.map(\.stepId) == ["pour-1", "pour-2"])
        #expect(rates.first?.message.contains("pour-1") == true)
        #expect(rates.first?.message.contains("5 g/s") == true)
        let relaxed = try BrewPlanner.plan(starter, inputs: .dose(40), options: PlanOptions(maximumPourRateGramsPerSecond: 8))
        #expect(relaxed.warnings.filter { $0.field == "pourRateGramsPerSecond" }.isEmpty)
        let strict = try BrewPlanner.plan(starter, options: PlanOptions(maximumPourRateGramsPerSecond: 2))
        #expect(strict.warnings.count == 2)
    }

    // MARK: The older step shape (004)

    /// A recipe saved in 004's shape: instruction text restating the numbers and
    /// `timerDurationSeconds` on every timed step, migrated by `LegacyStepMigration` to a bloom
    /// duration and pour/drawdown milestones, with no finish window.
    @Test func theOlderStepShapePlans() throws {
        var recipe = starter
        recipe.steps[2].instructionText = "Bloom: pour 45g, start timer"
        recipe.steps[3].instructionText = "Pour to 150g by 1:30"
        recipe.steps[4].instructionText = "Pour to 250g by 2:15"
        recipe.steps[5] = RecipeStep(stepId: "drawdown", orderIndex: 5, kind: .wait, instructionText: "Wait for drawdown, target finish 3:00–3:30", targetElapsedSeconds: 180)
        let plan = try BrewPlanner.plan(recipe, inputs: .dose(20))
        #expect(plan.cumulativeTargets == [60, 200, 333])
        #expect(plan.totalSeconds == 180)
        #expect(plan.latestFinishSeconds == 180)
        #expect(plan.steps.map(\.instruction).suffix(4) == [
            "Bloom: pour 60 g, then wait 0:45",
            "Pour to 200 g by 1:30",
            "Pour to 333 g by 2:15",
            "Wait for drawdown, target finish 3:00",
        ])
    }

    @Test func freeTextWithoutRestatingTheStepIsKept() {
        #expect(!StepInstruction.restatesStep("Slow spiral, keep the bed flat", kind: .pour))
        #expect(!StepInstruction.restatesStep("Pour to the centre", kind: .pour))
        #expect(StepInstruction.restatesStep("Pour to 150g by 1:30", kind: .pour))
        #expect(!StepInstruction.restatesStep("Bloom: pour 45g", kind: .pour))
    }

    /// 003 Phase 4, issue 26: a recipe whose bloom says only "Bloom" read "Bloom: pour 38 g, then
    /// wait 0:40. Bloom". 12.5 g at the starter's 3× bloom is 37.5 g, shown as 38 g; a 40 s bloom.
    @Test func textThatOnlyNamesTheStepIsNotRepeated() throws {
        var recipe = starter
        recipe.steps[2].instructionText = "Bloom"
        recipe.steps[2].durationSeconds = 40
        recipe.steps[3].instructionText = "pour."
        recipe.steps[5].instructionText = "Wait for drawdown"
        let plan = try BrewPlanner.plan(recipe, inputs: .dose(12.5))
        #expect(plan.steps[2].instruction == "Bloom: pour 38 g, then wait 0:40")
        #expect(plan.steps[3].instruction.hasSuffix("by 1:30"))
        #expect(plan.steps[5].instruction == "Wait for drawdown, target finish 3:00–3:30")
        // Words that add something stay.
        #expect(!StepInstruction.repeats("Bloom gently", generated: "Bloom: pour 38 g, then wait 0:40", kind: .bloom))
        #expect(!StepInstruction.repeats("Pour slowly", generated: "Pour to 150 g by 1:30", kind: .pour))
        #expect(StepInstruction.repeats("Agitate", generated: "Swirl or stir gently", kind: .agitate))
    }

    // MARK: Impossible plans

    @Test(arguments: [0.0, -5, 0.04, .nan])
    func aNonPositiveDoseIsAnError(dose: Double) {
        #expect(throws: PlanError.self) { try BrewPlanner.plan(starter, inputs: .dose(dose)) }
        do {
            _ = try BrewPlanner.plan(starter, inputs: .dose(dose))
        } catch {
            #expect(error.reason == .nonPositiveDose)
            #expect(error.description.contains("v60-starter"))
        }
    }

    @Test func aNonPositiveYieldIsAnError() {
        do {
            _ = try BrewPlanner.plan(starter, inputs: .yield(0))
            Issue.record("expected an error")
        } catch {
            #expect(error.reason == .nonPositiveYield)
        }
    }

    @Test func aBloomAtOrAboveTheYieldIsAnError() {
        var recipe = starter
        recipe.bloomRatio = 20
        do {
            _ = try BrewPlanner.plan(recipe)
            Issue.record("expected an error")
        } catch {
            #expect(error.reason == .bloomAtOrAboveYield)
            #expect(error.message.contains("300 g"))
        }
    }

    @Test func fixedStepsThatLeaveNothingToPourAreAnError() {
        let recipe = RecipeFixtures.recipe(doseGrams: 15, yieldGrams: 250, bloomGrams: 45, pourTargets: [245, 250], fixed: [0])
        do {
            _ = try BrewPlanner.plan(recipe, inputs: .dose(12))
            Issue.record("expected an error")
        } catch {
            #expect(error.reason == .nonPositivePour)
        }
    }

    @Test func aPourThatRoundsToNothingIsAnError() {
        let recipe = RecipeFixtures.recipe(doseGrams: 15, yieldGrams: 250, bloomGrams: 45, pourTargets: [249.8, 250])
        do {
            _ = try BrewPlanner.plan(recipe, inputs: .dose(12))
            Issue.record("expected an error")
        } catch {
            #expect(error.reason == .nonPositivePour)
            #expect(error.stepId == "pour-2")
        }
    }

    @Test func allPoursFixedCannotReachAnotherYield() throws {
        let recipe = RecipeFixtures.recipe(doseGrams: 15, yieldGrams: 250, bloomGrams: 45, pourTargets: [150, 250], fixed: [0, 1])
        #expect(try BrewPlanner.plan(recipe).cumulativeTargets == [45, 150, 250])
        do {
            _ = try BrewPlanner.plan(recipe, inputs: .dose(20))
            Issue.record("expected an error")
        } catch {
            #expect(error.reason == .unreachableYield)
        }
    }

    @Test func aPourWithNoTimeLeftIsAnError() {
        var recipe = starter
        recipe.steps[3].targetElapsedSeconds = 45
        do {
            _ = try BrewPlanner.plan(recipe)
            Issue.record("expected an error")
        } catch {
            #expect(error.reason == .pourWindowClosed)
            #expect(error.stepId == "pour-1")
        }
    }

    @Test func aRecipeWithoutWaterStepsIsAnError() {
        var recipe = starter
        recipe.steps = [recipe.steps[0]]
        #expect(throws: PlanError.self) { try BrewPlanner.plan(recipe) }
    }
}
