import BrewKit
import Testing

/// PRD 3.7.4: warnings outside the recommended ranges, never clamping.
@Suite struct GuardrailTests {
    let starter = RecipeFixtures.starter

    func warning(_ field: String, in plan: BrewPlan) -> PlanWarning? {
        plan.warnings.first { $0.field == field }
    }

    @Test(arguments: [(11.9, true), (12, false), (25, false), (40, false), (40.1, true)])
    func dose(grams: Double, warns: Bool) throws {
        // Keep the yield and ratio in range by using a 1:15 recipe with a light bloom.
        let recipe = RecipeFixtures.recipe(doseGrams: 20, yieldGrams: 300, bloomRatio: 2, bloomGrams: 40, pourTargets: [170, 300])
        let plan = try BrewPlanner.plan(recipe, inputs: .dose(grams))
        #expect(plan.doseGrams == grams, "never clamped")
        let found = warning("doseGrams", in: plan)
        #expect((found != nil) == warns)
        if let found {
            #expect(found.value == grams)
            #expect(found.message.contains("dose \(Format.grams(grams))"))
            #expect(found.message.contains("12–40 g"))
        }
    }

    @Test(arguments: [(179.0, true), (180, false), (720, false), (721, true)])
    func targetYield(grams: Double, warns: Bool) throws {
        let plan = try BrewPlanner.plan(starter, inputs: .yield(grams))
        #expect(plan.targetYieldGrams == grams)
        let found = warning("targetYieldGrams", in: plan)
        #expect((found != nil) == warns)
        if let found {
            #expect(found.value == grams)
            #expect(found.message.contains("target yield \(Int(grams)) g"))
            #expect(found.message.contains("180–720 g"))
        }
    }

    @Test(arguments: [(13.9, true), (14, false), (18, false), (18.1, true), (20, true)])
    func ratio(ratio: Double, warns: Bool) throws {
        let yield = 20 * ratio
        let bloom = 60.0
        let recipe = RecipeFixtures.recipe(doseGrams: 20, yieldGrams: yield, bloomGrams: bloom, pourTargets: [(bloom + yield) / 2, yield])
        let plan = try BrewPlanner.plan(recipe)
        let found = warning("ratio", in: plan)
        #expect((found != nil) == warns)
        if let found {
            #expect(abs(found.value - ratio) < 1e-9)
            #expect(found.message.contains("ratio \(Format.ratio(ratio))"))
            #expect(found.message.contains("1:14–1:18"))
        }
    }

    @Test(arguments: [(89.5, true), (90, false), (96, false), (97, true)])
    func temperature(celsius: Double, warns: Bool) throws {
        let plan = try BrewPlanner.plan(starter, inputs: BrewInputs(waterTemperatureCelsius: celsius))
        #expect(plan.waterTemperatureCelsius == celsius)
        let found = warning("waterTemperatureCelsius", in: plan)
        #expect((found != nil) == warns)
        if let found {
            #expect(found.value == celsius)
            #expect(found.message.contains("water temperature \(Format.number(celsius, decimals: 1)) °C"))
            #expect(found.message.contains("90–96 °C"))
        }
    }

    @Test func theStarterAtItsDefaultsIsInsideEveryRange() throws {
        #expect(try BrewPlanner.plan(starter).warnings.isEmpty)
    }

    @Test func everyRangeIsNamed() {
        #expect(Guardrail.all.map(\.field) == ["doseGrams", "targetYieldGrams", "ratio", "waterTemperatureCelsius"])
        #expect(Guardrail.all.map(\.rangeText) == ["12–40 g", "180–720 g", "1:14–1:18", "90–96 °C"])
    }
}
