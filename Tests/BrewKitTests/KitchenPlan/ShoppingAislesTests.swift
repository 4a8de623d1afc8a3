import BrewKit
import Testing

/// Issue 26: the shopping page groups lines by aisle: a small built-in table, overridable in
/// preferences.json `kitchen.aisles` (aisle → ingredients, as cookcli's aisle file).
@Suite struct ShoppingAislesTests {
    @Test func theBuiltInTableMatchesWholeNamesThenLastThenFirstWords() {
        let aisles = ShoppingAisles()
        #expect(aisles.aisle(for: "Lemons") == "Fruit and vegetables")
        #expect(aisles.aisle(for: "red lentils") == "Pantry")
        #expect(aisles.aisle(for: "chicken thighs") == "Meat and fish")
        #expect(aisles.aisle(for: "new potatoes") == "Fruit and vegetables")
        #expect(aisles.aisle(for: "large egg") == "Dairy and eggs")
        #expect(aisles.aisle(for: "Dish soap") == "Household")
        #expect(aisles.aisle(for: "za'atar") == "Other")
    }

    @Test func thePersonsTableWinsAndItsAislesComeAfterTheBuiltInOnes() {
        let aisles = ShoppingAisles(overrides: [("Deli", ["feta", "za'atar"]), ("Pantry", ["lemons"])])
        #expect(aisles.aisle(for: "feta") == "Deli")
        #expect(aisles.aisle(for: "Za'atar") == "Deli")
        #expect(aisles.aisle(for: "lemon") == "Pantry")
        #expect(aisles.order.suffix(2) == ["Deli", "Other"])
        #expect(aisles.order.first == "Fruit and vegetables")
    }
}
