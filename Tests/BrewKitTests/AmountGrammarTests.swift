import BrewKit
import Testing

/// The amount grammar of issue 14 on every form the issue names.
@Suite struct AmountGrammarTests {
    static func quantity(_ text: String) -> KitchenQuantity? { AmountGrammar.parse(text).quantity }

    @Test(arguments: [
        ("500g", 500.0, nil as Double?, KitchenQuantityUnit.measure(.gram)),
        ("500 g", 500, nil, .measure(.gram)),
        ("1½ cups", 1.5, nil, .measure(.cup)),
        ("1 ½ cups", 1.5, nil, .measure(.cup)),
        ("1 1/2 tbsp", 1.5, nil, .measure(.tablespoon)),
        ("0.5 l", 0.5, nil, .measure(.litre)),
        ("0,5 l", 0.5, nil, .measure(.litre)),
        ("2-3 cloves", 2, 3, .counted("clove")),
        ("2–3", 2, 3, .none),
        ("2 to 3 tbsp", 2, 3, .measure(.tablespoon)),
        ("½", 0.5, nil, .none),
        ("¾ tsp", 0.75, nil, .measure(.teaspoon)),
        ("1/4 cup", 0.25, nil, .measure(.cup)),
        ("1 lb 2 oz", 18, nil, .measure(.ounce)),
        ("2 Tbsp.", 2, nil, .measure(.tablespoon)),
        ("8 fl oz", 8, nil, .measure(.fluidOunce)),
        ("1,000 g", 1000, nil, .measure(.gram)),
        ("a cup", 1, nil, .measure(.cup)),
        ("3", 3, nil, .none),
        ("200 g (7 oz)", 200, nil, .measure(.gram)),
    ])
    func reads(text: String, amount: Double, maxAmount: Double?, unit: KitchenQuantityUnit) throws {
        let quantity = try #require(Self.quantity(text), "\(text) reads as a quantity")
        #expect(abs(quantity.amount - amount) < 1e-9)
        #expect(quantity.maxAmount == maxAmount)
        #expect(quantity.unit == unit)
    }

    @Test func packageSize() throws {
        let quantity = try #require(Self.quantity("1 (400 g) can"))
        #expect(quantity.amount == 1)
        #expect(quantity.packageSize == "400 g")
        #expect(quantity.unit == .counted("can"))
    }

    @Test(arguments: ["a pinch", "to taste", "Pinch", "as needed", "To taste."])
    func unmeasured(text: String) {
        #expect(AmountGrammar.parse(text) == .unmeasured(text))
    }

    @Test(arguments: ["some handfuls of stuff", "about 2 cups", "2 cups flour and more", "½ to ¼", "lots", "99999999999999999999999 g", "12345678 kg"])
    func unreadableIsKeptVerbatim(text: String) {
        #expect(AmountGrammar.parse(text) == .unreadable(text))
    }

    @Test func emptyAmount() {
        #expect(AmountGrammar.parse("  ") == .empty)
    }

    @Test(arguments: [
        ("2 cloves garlic, minced", "2 cloves", "garlic, minced"),
        ("500g plain flour", "500g", "plain flour"),
        ("3 eggs", "3", "eggs"),
        ("1 (400 g) can chopped tomatoes", "1 (400 g) can", "chopped tomatoes"),
        ("1 ½ cups milk", "1 ½ cups", "milk"),
        ("a pinch of salt", "a pinch", "salt"),
        ("Salt, to taste", "", "Salt, to taste"),
        ("200 g (7 oz) butter", "200 g (7 oz)", "butter"),
        ("2 garlic cloves", "2", "garlic cloves"),
        ("1 lb 2 oz beef", "1 lb 2 oz", "beef"),
    ])
    func splitsLines(line: String, amount: String, rest: String) {
        let split = AmountGrammar.splitLine(line)
        #expect(split.amount == amount)
        #expect(split.rest == rest)
    }

    @Test func singularAndPlural() {
        #expect(AmountGrammar.singular(of: "cloves") == "clove")
        #expect(AmountGrammar.singular(of: "leaves") == "leaf")
        #expect(AmountGrammar.singular(of: "pinches") == "pinch")
        #expect(AmountGrammar.plural(of: "clove") == "cloves")
        #expect(AmountGrammar.plural(of: "pinch") == "pinches")
        #expect(AmountGrammar.plural(of: "leaf") == "leaves")
    }
}
