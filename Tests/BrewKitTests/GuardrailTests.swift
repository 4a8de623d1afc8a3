import BrewKit
import Foundation
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

    /// Issue 26: a log outside the ranges is a warning in check, never an error; a brew imported
    /// from another app (a 78 g, 1200 g batch brew) is not held to the V60's ranges.
    @Test func aLogOutsideTheRangesIsWarnedUnlessImported() {
        func findings(dose: Double, yield: Double, temperature: Double = 94, source: String? = nil) -> [String] {
            let log = BrewLog(id: "l", timestamp: Date(timeIntervalSince1970: 1_795_000_000), recipeId: "v60-starter", recipeNameAtBrew: "V60 Starter",
                              doseGrams: dose, targetYieldGrams: yield, waterTemperatureCelsius: temperature, grindLabel: .medium, rating: 3, source: source)
            return BrewLogValidator().diagnostics(for: Located(log, source: SourceMap(record: SourceLocation(file: "logs/x.json", line: 1))), knownRecipeIDs: ["v60-starter"])
                .map { "\($0.severity == .warning ? "warning" : "error"): \($0.message)" }
        }
        #expect(findings(dose: 15, yield: 250).isEmpty)
        #expect(findings(dose: 500, yield: 8333) == [
            "warning: dose 500 g is above the recommended range 12–40 g (a warning: the brew is kept as recorded)",
            "warning: target yield 8333 g is above the recommended range 180–720 g (a warning: the brew is kept as recorded)",
        ])
        // 15 g to 450 g is 1:30; 97 °C is above 90–96 °C.
        #expect(findings(dose: 15, yield: 450, temperature: 97) == [
            "warning: ratio 1:30 is above the recommended range 1:14–1:18 (a warning: the brew is kept as recorded)",
            "warning: water temperature 97 °C is above the recommended range 90–96 °C (a warning: the brew is kept as recorded)",
        ])
        #expect(findings(dose: 78, yield: 1200, source: "beanconqueror").isEmpty)
    }
}
