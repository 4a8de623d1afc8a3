import BrewKit
import Foundation
import PropertyBased
import Testing

/// The list `kitchen shopping --write` stores reads back as the list that was shown: each item
/// keeps its ingredient, its amount as written and its exact need; only its name is rounded.
@Suite struct StoredShoppingListTests {
    let read = ShoppingAmount.kitchen

    /// What the command stores and what `kitchen shopping` then reads (ids as the store gives them).
    func storedAndRead(_ parts: [ShoppingLine.Part]) -> [ShoppingLine] {
        let items = parts.enumerated().map { index, part in
            var item = ShoppingListBuilder.item(of: part, reading: read)
            item.id = "item-\(index + 1)"
            return item
        }
        return ShoppingListMerger.merge(ShoppingListBuilder.parts(stored: items), reading: read)
    }

    func same(_ parts: [ShoppingLine.Part]) {
        let shown = ShoppingListMerger.merge(parts, reading: read)
        let stored = storedAndRead(parts)
        #expect(stored.map(\.text) == shown.map(\.text))
        #expect(stored.map(\.quantity) == shown.map(\.quantity))
        #expect(stored.map(\.quantityMax) == shown.map(\.quantityMax))
        #expect(stored.map(\.unit) == shown.map(\.unit))
    }

    @Test func theIssuesLinesComeBackAsShown() {
        let parts: [ShoppingLine.Part] = [
            .init(recipeID: "soup", name: "lemon", amountText: "½", factor: 1.25),
            .init(recipeID: "traybake", name: "lemon", amountText: "1", factor: 0.75),
            .init(recipeID: "pasta", name: "lemon", amountText: "2", factor: 0.875),
            .init(recipeID: "oats", name: "milk", amountText: "250 ml", factor: 0.76),
            .init(recipeID: "shakshuka", name: "salt", amountText: "to taste"),
            .init(recipeID: "soup", name: "olive oil", amountText: "a good glug"),
            .init(recipeID: "hummus", name: "chickpeas", amountText: "1 (400 g) can", factor: 0.5),
        ]
        let shown = ShoppingListMerger.merge(parts, reading: read).map(\.text)
        #expect(shown == ["4 lemons (3⅛ needed)", "190 ml milk", "salt, to taste", "olive oil, a good glug", "1 can (400 g) chickpeas (½ needed)"])
        #expect(storedAndRead(parts).map(\.text) == shown)
        let items = parts.map { ShoppingListBuilder.item(of: $0, reading: read) }
        #expect(items.map(\.name) == ["1 lemon (⅔ needed)", "1 lemon (¾ needed)", "2 lemons (1¾ needed)",
                                      "190 ml milk", "salt, to taste", "olive oil, a good glug", "1 can (400 g) chickpeas (½ needed)"])
        #expect(items[3].need == ShoppingAmount(quantity: 190, unit: "ml"))
        #expect(items[4].need == nil && items[4].amount == "to taste" && items[4].ingredient == "salt")
    }

    /// A can's size written after the word ("1 can (400 g)") is its package size, kept on the
    /// line, as for "1 (400 g) can".
    @Test func aCansSizeAfterTheWordIsKept() {
        #expect(AmountGrammar.parse("1 can (400 g)").quantity?.packageSize == "400 g")
        #expect(AmountGrammar.parse("200 g (7 oz)").quantity?.packageSize == nil, "an alternative after a unit of measure is still skipped")
        let lines = ShoppingListMerger.merge([.init(recipeID: "stew", name: "chopped tomatoes", amountText: "1 can (400 g)", factor: 0.75)], reading: read)
        #expect(lines.map(\.text) == ["1 can (400 g) chopped tomatoes (¾ needed)"])
        #expect(storedAndRead([.init(recipeID: "stew", name: "chopped tomatoes", amountText: "1 can (400 g)", factor: 0.75)]).map(\.text) == lines.map(\.text))
    }

    /// Old lists (only a name) are read as before: the name split into amount and ingredient.
    @Test func anItemWithOnlyANameIsStillRead() {
        let lines = ShoppingListMerger.merge(ShoppingListBuilder.parts(stored: [ShoppingItem(id: "item-1", name: "2 lemons")]), reading: read)
        #expect(lines.map(\.text) == ["2 lemons"])
    }

    @Test func anyPlannedListComesBackAsShown() async {
        let amounts = ["1", "½", "2-3", "250 ml", "1.5 l", "3 tbsp", "⅓ cup", "200 g", "1 kg", "6 oz", "2 cloves", "1 (400 g) can",
                       "to taste", "a pinch", "a good glug", ""]
        let names = ["lemon", "milk", "garlic", "salt", "olive oil", "chickpeas"]
        let factors: [Double] = [0.25, 0.5, 0.75, 1, 1.125, 1.5, 2, 0.76, 1.0 / 3]
        await propertyCheck(input: Gen.int(in: 0...Int.max).array(of: 1...12)) { seeds in
            let parts = seeds.map { seed in
                ShoppingLine.Part(recipeID: "r\(seed % 3)", name: names[seed % names.count], amountText: amounts[(seed / 7) % amounts.count],
                                  factor: factors[(seed / 131) % factors.count])
            }
            same(parts)
        }
    }

    /// A metric total under 1,000 ml or g is shown in ml or g, as the kitchen's unit rule says.
    @Test func metricTotalsFollowTheUnitRule() {
        let stock = ShoppingListMerger.merge([.init(recipeID: "soup", name: "vegetable stock", amountText: "1.5 l", factor: 0.25)], reading: read)
        #expect(stock.map(\.text) == ["375 ml vegetable stock"], "never \"0.38 l\"")
        #expect(stock.first?.unit == "ml" && stock.first?.quantity == 375)
        let flour = ShoppingListMerger.merge([.init(name: "flour", amountText: "1 kg", factor: 0.25)], reading: read)
        #expect(flour.map(\.text) == ["250 g flour"])
        let milk = ShoppingListMerger.merge([.init(name: "milk", amountText: "600 ml"), .init(name: "milk", amountText: "500 ml")], reading: read)
        #expect(milk.map(\.text) == ["1.1 l milk"])
    }
}
