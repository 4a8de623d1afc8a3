import BrewKit
import Foundation
import Testing

/// Issue 51: a shopping line's counted name agrees with the number to buy ("1 egg", "4 lemons",
/// "1 garlic clove", never "1 eggs" or "4 lemon"), and a size word does not make another line
/// ("1 eggs" and "1 large egg" were two lines, and the list over-bought).
@Suite struct ShoppingNameNumberTests {
    func texts(_ parts: [ShoppingLine.Part]) -> [String] {
        ShoppingListMerger.merge(parts, reading: testAmountReader).map(\.text)
    }

    @Test func aCountAgreesWithItsName() {
        #expect(texts([.init(recipeID: "a", name: "eggs", amountText: "2", factor: 0.25)]) == ["1 egg (½ needed)"])
        #expect(texts([.init(recipeID: "a", name: "garlic cloves", amountText: "1")]) == ["1 garlic clove"])
        #expect(texts([.init(recipeID: "a", name: "ripe bananas", amountText: "2", factor: 1.0 / 3)]) == ["1 ripe banana (⅔ needed)"])
        #expect(texts([.init(recipeID: "a", name: "lemon", amountText: "1"), .init(recipeID: "b", name: "lemon", amountText: "3")]) == ["4 lemons"])
        #expect(texts([.init(recipeID: "a", name: "vine ripe tomato", amountText: "3")]) == ["3 vine ripe tomatoes"])
        #expect(texts([.init(recipeID: "a", name: "hummus", amountText: "1")]) == ["1 hummus"])
        #expect(texts([.init(recipeID: "a", name: "Brussels sprouts", amountText: "10")]) == ["10 Brussels sprouts"])
    }

    @Test func aSizeWordIsTheSameIngredient() {
        let merged = texts([.init(recipeID: "a", name: "eggs", amountText: "1"), .init(recipeID: "b", name: "large egg", amountText: "1")])
        #expect(merged == ["2 eggs"])
    }
}
