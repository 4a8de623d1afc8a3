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
        #expect(Self.rule("1.5 kg") == .metric(base: 1500, baseMax: nil, small: "g", large: "kg"))
        #expect(Self.rule("250 ml") == .metric(base: 250, baseMax: nil, small: "ml", large: "l"))
        // Spoons stay spoons in metric: a cook measures them so in either system.
        guard case .fractions(_, _, let units) = Self.rule("1 tbsp") else { Issue.record("a tablespoon is counted in fractions"); return }
        #expect(units.map(\.one) == ["tbsp"])
    }

    @Test func millilitresInImperialChooseCupsTablespoonsOrTeaspoonsByTheAmount() {
        guard case .fractions(let base, nil, let units) = Self.rule("250 ml", .imperial) else { Issue.record("not fractions"); return }
        #expect(base == 250)
        #expect(units.map(\.one) == ["cup", "tbsp", "tsp"])
        #expect(units.map(\.many) == ["cups", "tbsp", "tsp"])
        #expect(units[0].from == KitchenUnit.cup.baseAmount / 4 && units[0].size == KitchenUnit.cup.baseAmount)
        #expect(units[1].from == KitchenUnit.tablespoon.baseAmount && units[2].from == 0)
    }

    @Test func massesInImperialAreOunces() {
        #expect(Self.rule("100 g", .imperial) == .ounces(base: 100, baseMax: nil, ounce: KitchenUnit.ounce.baseAmount))
        guard case .ounces(let base, _, _) = Self.rule("1 lb 2 oz", .imperial) else { Issue.record("not ounces"); return }
        #expect(abs(base - 18 * KitchenUnit.ounce.baseAmount) < 1e-9)
    }
}
