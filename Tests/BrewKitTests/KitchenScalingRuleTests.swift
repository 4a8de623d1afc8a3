import BrewKit
import Testing

/// The servings control's data (a recipe page and cook mode scale for any number of servings in
/// the browser): each amount's rule at the recipe's servings, as `KitchenScaler` scales it.
@Suite struct KitchenScalingRuleTests {
    static func rule(_ amount: String, _ units: KitchenUnits = .metric) -> KitchenScalingRule {
        KitchenScalingRule.rule(for: AmountGrammar.parse(amount), written: amount, units: units)
    }

    @Test func wordsAndEmptyAmountsStayAsWritten() {
        #expect(Self.rule(" to taste ") == .written("to taste"))
        #expect(Self.rule("a pinch") == .written("a pinch"))
        #expect(Self.rule("") == .written(""))
    }

    @Test func countsKeepTheirWordPluralAndPackage() {
        #expect(Self.rule("2-3 cloves") == .counted(amount: 2, maxAmount: 3, word: "clove", plural: "cloves", packageSize: nil))
        #expect(Self.rule("1 (400 g) can") == .counted(amount: 1, maxAmount: nil, word: "can", plural: "cans", packageSize: "400 g"))
        #expect(Self.rule("3") == .counted(amount: 3, maxAmount: nil, word: nil, plural: nil, packageSize: nil))
    }

    @Test func metricMassesAndVolumesAreInGramsAndMillilitres() {
        let kilograms = KitchenScalingRule.Measured(amount: 1.5, maxAmount: nil, unitSize: KitchenUnit.kilogram.baseAmount)
        #expect(Self.rule("1.5 kg") == .metric(kilograms, small: "g", large: "kg"))
        #expect(Self.rule("250-300 ml") == .metric(.init(amount: 250, maxAmount: 300, unitSize: 1), small: "ml", large: "l"))
        #expect(kilograms.unitSize == 1000)
        // Spoons stay spoons in metric: a cook measures them so in either system.
        guard case .fractions(_, let units) = Self.rule("1 tbsp") else { Issue.record("a tablespoon is counted in fractions"); return }
        #expect(units.map(\.one) == ["tbsp"])
    }

    @Test func millilitresInImperialChooseCupsTablespoonsOrTeaspoonsByTheAmount() {
        guard case .fractions(let measured, let units) = Self.rule("250 ml", .imperial) else { Issue.record("not fractions"); return }
        #expect(measured == .init(amount: 250, maxAmount: nil, unitSize: 1))
        #expect(units.map(\.one) == ["cup", "tbsp", "tsp"])
        #expect(units.map(\.many) == ["cups", "tbsp", "tsp"])
        #expect(units[0].from == KitchenUnit.cup.baseAmount / 4 && units[0].size == KitchenUnit.cup.baseAmount)
        #expect(units[1].from == KitchenUnit.tablespoon.baseAmount && units[2].from == 0)
    }

    /// The amount and the unit's size are kept apart, multiplied as `KitchenScaler` multiplies:
    /// 0.7 l for 7 of 4 servings is 1.22 l there (0.7 × 1.75 × 1,000 = 1,224.99… ml), not 1.23 l.
    @Test func theAmountIsKeptInItsOwnUnitSoTheBrowserMultipliesInTheSameOrder() {
        #expect(Self.rule("0.7 l") == .metric(.init(amount: 0.7, maxAmount: nil, unitSize: 1000), small: "ml", large: "l"))
        #expect(KitchenScaler.scale(AmountGrammar.parse("0.7 l"), written: "0.7 l", by: 7.0 / 4, units: .metric).text == "1.22 l")
    }

    @Test func massesInImperialAreOunces() {
        #expect(Self.rule("100 g", .imperial) == .ounces(.init(amount: 100, maxAmount: nil, unitSize: 1), ounce: KitchenUnit.ounce.baseAmount))
        guard case .ounces(let measured, _) = Self.rule("1 lb 2 oz", .imperial) else { Issue.record("not ounces"); return }
        #expect(abs(measured.amount * measured.unitSize - 18 * KitchenUnit.ounce.baseAmount) < 1e-9)
    }
}
