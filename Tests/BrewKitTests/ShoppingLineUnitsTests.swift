@testable import BrewKit
import Testing

/// A shopping line's total in metric and in US units (the shopping page's units choice), both
/// ways, with `kitchen scale`'s rounding.
@Suite struct ShoppingLineUnitsTests {
    static func line(_ quantity: Double, _ unit: String?, _ name: String, max: Double? = nil) -> ShoppingLine {
        ShoppingLine(name: name, amount: "", quantity: quantity, quantityMax: max, unit: unit, parts: [])
    }

    @Test(arguments: [
        // Metric lines in US units.
        (1.78, "kg", "new potatoes", KitchenUnits.imperial, "3 lb 14¾ oz new potatoes"),
        (450, "ml", "milk", .imperial, "2 cups milk"),
        (90, "g", "parmesan", .imperial, "3¼ oz parmesan"),
        (2.85, "l", "vegetable stock", .imperial, "12 cups vegetable stock"),
        // US lines in metric.
        (1.5, "cup", "mixed berries", .metric, "355 ml mixed berries"),
        (2.671875, "lb", "chicken thighs", .metric, "1.21 kg chicken thighs"),
        (8, "oz", "butter", .metric, "225 g butter"),
        // Spoons stay spoons in either system.
        (3, "tbsp", "lemon juice", .metric, "3 tbsp lemon juice"),
        (3, "tsp", "honey", .imperial, "3 tsp honey"),
    ])
    func convertsTheTotal(quantity: Double, unit: String, name: String, units: KitchenUnits, expected: String) {
        #expect(ShoppingLineUnits.text(of: Self.line(quantity, unit, name), in: units) == expected)
    }

    @Test func aRangeConvertsBothEnds() {
        #expect(ShoppingLineUnits.text(of: Self.line(1, "cup", "stock", max: 2), in: .metric) == "235–475 ml stock")
    }

    @Test func countedThingsAndWordsHaveNoOtherSystem() {
        #expect(ShoppingLineUnits.text(of: Self.line(7, nil, "onions"), in: .metric) == nil)
        #expect(ShoppingLineUnits.text(of: Self.line(3, "clove", "garlic"), in: .imperial) == nil)
        #expect(ShoppingLineUnits.text(of: ShoppingLine(name: "salt", amount: "a pinch", quantity: nil, quantityMax: nil, unit: nil, parts: []), in: .metric) == nil)
    }
}
