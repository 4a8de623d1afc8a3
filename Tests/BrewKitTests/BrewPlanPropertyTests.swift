import BrewKit
import PropertyBased
import Testing

/// Invariants of scaling over many random recipes and inputs (issue 3).
@Suite struct BrewPlanPropertyTests {
    /// A random recipe: dose 8–40 g, bloom 1.5–4 × dose, 1–4 pours whose increments are in the
    /// proportion `weights` (20–100, so no pour is tiny), some pours fixed.
    static func recipe(doseTenths: Int, ratioTenths: Int, bloomRatioTenths: Int, weights: [Int], fixedMask: Int = 0, even: Bool = false) -> Recipe {
        let dose = Double(doseTenths) / 10
        let bloomRatio = Double(bloomRatioTenths) / 10
        let yield = (dose * Double(ratioTenths) / 10).rounded()
        let bloom = (bloomRatio * dose).rounded()
        let total = Double(weights.reduce(0, +))
        var running = bloom
        var targets: [Double] = []
        for (index, weight) in weights.enumerated() {
            running += (yield - bloom) * Double(weight) / total
            targets.append(index == weights.count - 1 ? yield : running.rounded())
        }
        let fixed = Set(weights.indices.filter { fixedMask & (1 << $0) != 0 })
        return RecipeFixtures.recipe(
            doseGrams: dose, yieldGrams: yield, bloomRatio: bloomRatio, bloomGrams: bloom,
            pourTargets: targets, fixed: fixed, pourSplit: even ? .even : .proportional)
    }

    static let doses = Gen.int(in: 80...400)
    static let ratios = Gen.int(in: 120...200)
    static let bloomRatios = Gen.int(in: 15...40)
    static let weights = Gen.int(in: 20...100).array(of: 1...4)

    /// The invariants every plan keeps.
    static func checkInvariants(_ plan: BrewPlan, of recipe: Recipe) {
        let targets = plan.cumulativeTargets
        for step in plan.waterSteps {
            #expect((step.waterGrams ?? -1) >= 1, "water is never negative or zero: \(step.stepId)")
            #expect(step.waterGrams == step.waterGrams?.rounded())
        }
        #expect(zip(targets, targets.dropFirst()).allSatisfy { $0 < $1 }, "targets rise: \(targets)")
        #expect(targets.last == plan.targetYieldGrams, "the last target is the yield")
        #expect(plan.targetYieldGrams == plan.targetYieldGrams.rounded())
        #expect(abs(plan.doseGrams * 10 - (plan.doseGrams * 10).rounded()) < 1e-9, "dose on a 0.1 g grid")
        #expect(plan.bloomWaterGrams == (recipe.bloomRatio * plan.doseGrams).rounded())
        // Fixed pours keep their authored increment.
        var previous = 0.0
        for step in recipe.steps where step.addsWater {
            let authored = step.waterAmountGrams! - previous
            previous = step.waterAmountGrams!
            if step.isFixedWater, step.stepId != recipe.steps.last(where: \.addsWater)?.stepId {
                #expect(plan.step(step.stepId)?.waterGrams == authored.rounded())
            }
        }
        // The clock: each step starts where the one before ended; pours have a rate.
        var clock = 0.0
        for step in plan.steps {
            #expect(step.startSeconds == clock && step.endSeconds >= step.startSeconds)
            clock = step.endSeconds
            if step.kind == .pour { #expect(step.pourRateGramsPerSecond == step.waterGrams! / step.windowSeconds) }
        }
        #expect(plan.totalSeconds == clock)
    }

    @Test func scaledPlansKeepTheirInvariants() async {
        await propertyCheck(count: 400, input: Self.doses, Self.ratios, Self.bloomRatios, Self.weights, Gen.int(in: 50...600), Gen.bool, Gen.bool) {
            dose, ratio, bloomRatio, weights, input, even, byYield in
            let recipe = Self.recipe(doseTenths: dose, ratioTenths: ratio, bloomRatioTenths: bloomRatio, weights: weights, even: even)
            let inputs: BrewInputs = byYield ? .yield(Double(input) * recipe.defaultRatio / 10) : .dose(Double(input) / 10)
            do {
                let plan = try BrewPlanner.plan(recipe, inputs: inputs)
                Self.checkInvariants(plan, of: recipe)
                #expect(plan.derived == (byYield ? .dose : .yield))
            } catch {
                Issue.record("a recipe without fixed steps plans at any dose from 5 g: \(error)")
            }
        }
    }

    @Test func fixedStepsEitherPlanOrSayWhy() async {
        await propertyCheck(count: 400, input: Self.doses, Self.ratios, Self.bloomRatios, Self.weights, Gen.int(in: 0...15), Gen.int(in: 50...600)) {
            dose, ratio, bloomRatio, weights, fixedMask, input in
            let recipe = Self.recipe(doseTenths: dose, ratioTenths: ratio, bloomRatioTenths: bloomRatio, weights: weights, fixedMask: fixedMask)
            do {
                let plan = try BrewPlanner.plan(recipe, inputs: .dose(Double(input) / 10))
                Self.checkInvariants(plan, of: recipe)
            } catch let error as PlanError {
                #expect([PlanError.Reason.nonPositivePour, .unreachableYield, .bloomAtOrAboveYield].contains(error.reason))
            }
            // At its own default dose every recipe plans.
            #expect(throws: Never.self) { try BrewPlanner.plan(recipe) }
        }
    }

    @Test func theDefaultDoseReproducesTheRecipe() async {
        await propertyCheck(count: 400, input: Self.doses, Self.ratios, Self.bloomRatios, Self.weights, Gen.int(in: 0...15)) {
            dose, ratio, bloomRatio, weights, fixedMask in
            let recipe = Self.recipe(doseTenths: dose, ratioTenths: ratio, bloomRatioTenths: bloomRatio, weights: weights, fixedMask: fixedMask)
            let authored = recipe.steps.compactMap(\.waterAmountGrams)
            let byDefault = try BrewPlanner.plan(recipe)
            let byDose = try BrewPlanner.plan(recipe, inputs: .dose(recipe.defaultDose))
            let byYield = try BrewPlanner.plan(recipe, inputs: .yield(recipe.defaultTargetYield))
            for plan in [byDefault, byDose, byYield] {
                #expect(plan.doseGrams == recipe.defaultDose)
                #expect(plan.targetYieldGrams == recipe.defaultTargetYield)
                #expect(plan.cumulativeTargets == authored)
            }
        }
    }

    @Test func doseToYieldToDoseIsStable() async {
        await propertyCheck(count: 400, input: Self.doses, Self.ratios, Self.bloomRatios, Self.weights, Gen.int(in: 50...600)) {
            dose, ratio, bloomRatio, weights, input in
            let recipe = Self.recipe(doseTenths: dose, ratioTenths: ratio, bloomRatioTenths: bloomRatio, weights: weights)
            let fromDose = try BrewPlanner.plan(recipe, inputs: .dose(Double(input) / 10))
            let fromYield = try BrewPlanner.plan(recipe, inputs: .yield(fromDose.targetYieldGrams))
            // yield is within 0.5 g of dose × R, so the dose comes back within 0.5 g ÷ R < 0.1 g.
            #expect(abs(fromYield.doseGrams - fromDose.doseGrams) <= 0.1 + 1e-9)
            #expect(fromYield.targetYieldGrams == fromDose.targetYieldGrams)
            let again = try BrewPlanner.plan(recipe, inputs: .dose(fromYield.doseGrams))
            #expect(abs(again.targetYieldGrams - fromDose.targetYieldGrams) <= (0.1 * recipe.defaultRatio).rounded(.up))
        }
    }

    @Test func timesDoNotDependOnTheDose() async {
        await propertyCheck(count: 200, input: Self.doses, Self.weights, Gen.int(in: 50...600)) { dose, weights, input in
            let recipe = Self.recipe(doseTenths: dose, ratioTenths: 160, bloomRatioTenths: 30, weights: weights)
            let base = try BrewPlanner.plan(recipe)
            let scaled = try BrewPlanner.plan(recipe, inputs: .dose(Double(input) / 10))
            #expect(base.steps.map(\.startSeconds) == scaled.steps.map(\.startSeconds))
            #expect(base.steps.map(\.endSeconds) == scaled.steps.map(\.endSeconds))
            #expect(base.totalSeconds == scaled.totalSeconds)
        }
    }
}
