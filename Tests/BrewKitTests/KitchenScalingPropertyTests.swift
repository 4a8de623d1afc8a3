import BrewKit
import PropertyBased
import Testing

/// Invariants of kitchen scaling over many random amounts (issue 14).
@Suite struct KitchenScalingPropertyTests {
    static let amounts = Gen.int(in: 1...40_000)
    static let units = Gen.int(in: 0..<KitchenUnit.allCases.count)

    /// The rounding step around a shown amount, in grams or millilitres (or the count itself).
    static func step(_ shown: ScaledAmount) -> Double {
        guard let unit = shown.unit, let kitchenUnit = KitchenUnit(rawValue: unit) else { return 0.25 }
        switch kitchenUnit {
        case .gram, .kilogram, .millilitre, .litre: return KitchenRounding.metricStep(shown.baseQuantity ?? 0)
        case .ounce, .pound: return 0.25 * KitchenUnit.ounce.baseAmount
        default: return 0.25 * kitchenUnit.baseAmount
        }
    }

    static func base(_ shown: ScaledAmount) -> Double { shown.baseQuantity ?? shown.quantity ?? 0 }

    /// Scaling by N servings and back restores every readable quantity to within one rounding
    /// step (the step of the larger, coarser, amount).
    @Test func scaleAndBack() async {
        await propertyCheck(count: 500, input: Self.amounts, Self.units, Gen.int(in: 1...8), Gen.int(in: 1...12), Gen.bool) { hundredths, unitIndex, base, times, imperial in
            let unit = KitchenUnit.allCases[unitIndex]
            let units: KitchenUnits = imperial ? .imperial : .metric
            let text = Format.number(Double(hundredths) / 100, decimals: 2) + " " + unit.rawValue
            let recipe = KitchenRecipe(id: "r", title: "R", servings: base, ingredients: [KitchenIngredient(id: "1", name: "x", amount: text)])
            let original = KitchenScaler.scale(recipe, servings: base, units: units).ingredients[0].amount
            let up = KitchenScaler.scale(recipe, servings: base * times, units: units).ingredients[0].amount
            var scaledRecipe = recipe
            scaledRecipe.servings = base * times
            scaledRecipe.ingredients[0].amount = up.text
            let back = KitchenScaler.scale(scaledRecipe, servings: base, units: units).ingredients[0].amount
            #expect(up.scaled && back.scaled, "\(text) → \(up.text)")
            let tolerance = max(Self.step(up), Self.step(original)) + 1e-6
            #expect(abs(Self.base(back) - Self.base(original)) <= tolerance, "\(text) ×\(times) → \(up.text) → \(back.text), from \(original.text)")
        }
    }

    /// Counted amounts come back to within a kitchen fraction.
    @Test func countedScaleAndBack() async {
        await propertyCheck(count: 300, input: Gen.int(in: 1...200), Gen.int(in: 1...8), Gen.int(in: 1...12)) { eighths, base, times in
            let text = KitchenRounding.fractionText(Double(eighths) / 8) + " cloves"
            let recipe = KitchenRecipe(id: "r", title: "R", servings: base, ingredients: [KitchenIngredient(id: "1", name: "garlic", amount: text)])
            let original = KitchenScaler.scale(recipe, servings: base, units: .metric).ingredients[0].amount
            let up = KitchenScaler.scale(recipe, servings: base * times, units: .metric).ingredients[0].amount
            let back = KitchenScaler.scale(up.quantity.map { _ in
                var scaled = recipe
                scaled.servings = base * times
                scaled.ingredients[0].amount = up.text
                return scaled
            } ?? recipe, servings: base, units: .metric).ingredients[0].amount
            #expect(abs((back.quantity ?? 0) - (original.quantity ?? 0)) <= 0.25 + 1e-9, "\(text) → \(up.text) → \(back.text)")
        }
    }

    /// A range stays ordered at every scale and in either system.
    @Test func rangesStayOrdered() async {
        await propertyCheck(count: 500, input: Self.amounts, Gen.int(in: 0...5_000), Self.units, Gen.int(in: 1...8), Gen.int(in: 1...24), Gen.bool) { low, extra, unitIndex, base, servings, imperial in
            let unit = KitchenUnit.allCases[unitIndex]
            let text = "\(Format.number(Double(low) / 100, decimals: 2))-\(Format.number(Double(low + extra) / 100, decimals: 2)) \(unit.rawValue)"
            let recipe = KitchenRecipe(id: "r", title: "R", servings: base, ingredients: [KitchenIngredient(id: "1", name: "x", amount: text)])
            let shown = KitchenScaler.scale(recipe, servings: servings, units: imperial ? .imperial : .metric).ingredients[0].amount
            #expect(shown.scaled, "\(text) reads")
            if let high = shown.quantityMax { #expect((shown.quantity ?? 0) < high, "\(text) → \(shown.text)") }
            #expect((shown.quantity ?? 0) > 0, "never 0: \(text) → \(shown.text)")
        }
    }
}
