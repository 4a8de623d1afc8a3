import BrewKit
import Testing

/// Scaling kitchen amounts by servings, with the rounding rules and units of issue 14.
@Suite struct KitchenScalerTests {
    static func scaled(_ amount: String, by factor: Double, _ units: KitchenUnits = .metric) -> ScaledAmount {
        KitchenScaler.scale(AmountGrammar.parse(amount), written: amount, by: factor, units: units)
    }

    @Test(arguments: [
        ("500g", 1.0, KitchenUnits.metric, "500 g"),
        ("500 g", 0.5, .metric, "250 g"),
        ("1 kg", 1.5, .metric, "1.5 kg"),
        ("900 g", 2, .metric, "1.8 kg"),
        ("7 g", 0.5, .metric, "3.5 g"),
        ("37 g", 1.5, .metric, "56 g"),
        ("333 g", 1.5, .metric, "500 g"),
        ("1 g", 0.01, .metric, "0.1 g"),
        ("1½ cups", 2, .metric, "710 ml"),
        ("1½ cups", 2, .imperial, "3 cups"),
        ("1 cup", 1, .imperial, "1 cup"),
        ("1 tbsp", 0.5, .metric, "½ tbsp"),
        ("1 tsp", 0.33, .imperial, "⅓ tsp"),
        ("2-3 cloves", 2, .metric, "4–6 cloves"),
        ("2–3", 0.5, .metric, "1–1½"),
        ("1 (400 g) can", 2, .metric, "2 (400 g) cans"),
        ("1 lb 2 oz", 1, .imperial, "1 lb 2 oz"),
        ("1 lb 2 oz", 1, .metric, "510 g"),
        ("8 oz", 3, .imperial, "1 lb 8 oz"),
        ("100 g", 1, .imperial, "3½ oz"),
        ("250 ml", 1, .imperial, "1 cup"),
        ("8 fl oz", 1, .metric, "235 ml"),
        ("0.5 l", 3, .metric, "1.5 l"),
        ("3", 1.0 / 3, .metric, "1"),
        ("1", 0.01, .metric, "⅛"),
    ])
    func rounds(amount: String, factor: Double, units: KitchenUnits, expected: String) {
        #expect(Self.scaled(amount, by: factor, units).text == expected)
    }

    @Test func unreadableAndUnmeasuredAreNotScaled() {
        let pinch = Self.scaled("a pinch", by: 3)
        #expect(pinch.text == "a pinch")
        #expect(!pinch.scaled)
        #expect(pinch.quantity == nil)
        let odd = Self.scaled("a splash or two", by: 3)
        #expect(odd.text == "a splash or two")
        #expect(!odd.scaled)
    }

    @Test func jsonFieldsOfAScaledAmount() {
        let cloves = Self.scaled("2-3 cloves", by: 1)
        #expect(cloves.quantity == 2)
        #expect(cloves.quantityMax == 3)
        #expect(cloves.unit == "clove")
        #expect(cloves.scaled)
        let pounds = Self.scaled("1 lb 2 oz", by: 1, .imperial)
        #expect(pounds.unit == "lb")
        #expect(pounds.quantity == 1.125)
    }

    @Test func metricRounding() {
        #expect(KitchenRounding.metric(9.94) == 9.9)
        #expect(KitchenRounding.metric(12.4) == 12)
        #expect(KitchenRounding.metric(123) == 125)
        #expect(KitchenRounding.metric(1004) == 1000)
        #expect(KitchenRounding.metric(0.01) == 0.1)
        #expect(KitchenRounding.metric(0) == 0)
    }

    @Test func kitchenFractions() {
        #expect(KitchenRounding.kitchenFraction(0.3) == 1.0 / 3)
        #expect(KitchenRounding.kitchenFraction(0.9) == 1)
        #expect(KitchenRounding.kitchenFraction(2.6) == 2 + 2.0 / 3)
        #expect(KitchenRounding.kitchenFraction(0.01) == 0.125)
        #expect(KitchenRounding.fractionText(2.5) == "2½")
        #expect(KitchenRounding.fractionText(0.75) == "¾")
    }

    @Test func recipeScalesNutritionAndServings() {
        let recipe = KitchenRecipe(
            id: "soup", title: "Soup", servings: 4,
            ingredients: [KitchenIngredient(id: "1", name: "stock", amount: "1 l")],
            nutrition: KitchenNutrition(calories: 800, protein: 40, carbs: 100, fats: 20))
        let scaled = KitchenScaler.scale(recipe, servings: 6, units: .metric)
        #expect(scaled.ingredients[0].amount.text == "1.5 l")
        #expect(scaled.nutritionTotal == KitchenNutrition(calories: 1200, protein: 60, carbs: 150, fats: 30))
        #expect(scaled.nutritionPerServing == KitchenNutrition(calories: 200, protein: 10, carbs: 25, fats: 5))
        #expect(scaled.baseServings == 4)
    }
}

/// Timers and display times read from kitchen text.
@Suite struct KitchenDurationTests {
    @Test(arguments: [
        ("Simmer 10 minutes until thick.", 600 as Int?),
        ("Roast for 45 minutes, turning once.", 2700),
        ("Bake 1 hour 15 minutes.", 4500),
        ("Rest 10-15 min.", 600),
        ("Cook 2 mins a side", 120),
        ("Boil for 1½ hours", 5400),
        ("Stir in the garlic.", nil),
        ("Heat the oven to 200 °C.", nil),
        ("Blitz 30 seconds", 30),
    ])
    func stepTimers(text: String, seconds: Int?) {
        #expect(KitchenDuration.seconds(in: text) == seconds)
    }

    @Test func isoDurations() {
        #expect(KitchenDuration.iso8601("1 h 15 min") == "PT1H15M")
        #expect(KitchenDuration.iso8601("10 min") == "PT10M")
        #expect(KitchenDuration.iso8601("soon") == nil)
        #expect(KitchenDuration.text(4500) == "1 h 15 min")
        #expect(KitchenDuration.clock(605) == "10:05")
    }
}
