import BrewKit
import Foundation
import Testing

/// Issue 26: the shopping list buys whole things, and pounds read as pounds and ounces.
@Suite struct ShoppingWholeThingsTests {
    func merge(_ parts: [ShoppingLine.Part]) -> [ShoppingLine] {
        ShoppingListMerger.merge(parts, reading: testAmountReader)
    }

    /// A recipe for 8 with 1 egg, planned for 1 serving: ⅛ of an egg, bought as 1.
    @Test func anEighthOfAnEggIsOneEggWithTheNeedBeside() {
        let lines = merge([.init(recipeID: "a", name: "large egg", amountText: "1", factor: 1.0 / 8)])
        #expect(lines.map(\.text) == ["1 large egg (⅛ needed)"])
        #expect(lines[0].amount == "1")
        #expect(lines[0].quantity == 0.125)
        #expect(lines[0].needed == "⅛ needed")
    }

    /// Cans, cubes and cloves round up too: 1 can × 1.5 = 2 cans (1½ needed); ½ + ¼ cube = 1 cube
    /// (¾ needed); 2 cloves × 1.25 = 3 cloves (2½ needed); 2 + 1 cloves stay "3 cloves" (whole).
    @Test func cansCubesAndClovesRoundUpToWhole() {
        let lines = merge([
            .init(recipeID: "a", name: "chickpeas", amountText: "1 can", factor: 1.5),
            .init(recipeID: "a", name: "stock", amountText: "0.5 cube"),
            .init(recipeID: "b", name: "stock", amountText: "0.25 cube"),
            .init(recipeID: "a", name: "garlic", amountText: "2 cloves", factor: 1.25),
            .init(recipeID: "c", name: "shallot", amountText: "2 cloves"),
            .init(recipeID: "d", name: "shallot", amountText: "1 clove"),
        ])
        #expect(lines.map(\.text) == ["2 cans chickpeas (1½ needed)", "1 cube stock (¾ needed)", "3 cloves garlic (2½ needed)", "3 cloves shallot"])
        #expect(lines[3].needed == nil)
    }

    /// A range rounds each end up: 1–1.5 lemons × 1.5 = 1½–2¼, bought as 2–3.
    @Test func aRangeRoundsEachEndUp() {
        let lines = merge([.init(recipeID: "a", name: "lemons", amountText: "1-1.5", factor: 1.5)])
        #expect(lines.map(\.text) == ["2–3 lemons (1½–2¼ needed)"])
    }

    /// A pinch is not bought one by one: it keeps its fraction.
    @Test func aPinchIsNotRoundedUp() {
        let lines = merge([.init(recipeID: "a", name: "salt", amountText: "1 pinch", factor: 0.5)])
        #expect(lines.map(\.text) == ["½ pinch salt"])
    }

    /// 1.5 lb is 24 oz: "1 lb 8 oz", not "1.5 lb"; 1 lb + 2 oz merge to 18 oz: "1 lb 2 oz", not
    /// "1.13 lb"; ½ lb is 8 oz.
    @Test func poundsReadAsPoundsAndOunces() {
        #expect(merge([.init(recipeID: "a", name: "beef", amountText: "1.5 lb")]).map(\.text) == ["1 lb 8 oz beef"])
        #expect(merge([
            .init(recipeID: "a", name: "pork", amountText: "1 lb"),
            .init(recipeID: "b", name: "pork", amountText: "2 oz"),
        ]).map(\.text) == ["1 lb 2 oz pork"])
        #expect(ShoppingAmountFormat.text(quantity: 0.5, quantityMax: nil, unit: "lb") == "8 oz")
    }
}
