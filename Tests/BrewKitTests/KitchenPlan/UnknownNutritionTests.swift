import BrewKit
import Testing

/// Issue 26: a figure a recipe does not give is unknown, not 0 g: "—", left out of the totals
/// and of the over-goal flags, and said so.
@Suite struct UnknownNutritionTests {
    /// A stew for 2 gives 1200 kcal, 60 g carbs and 40 g fats but no protein; the omelette gives
    /// everything (400 kcal, 130 g protein, 4 g carbs, 30 g fats for 1); the old soup gives nothing.
    let stew = PlannableRecipe(id: "stew", title: "Stew", servings: 2,
                               nutrition: MealNutrition(calories: 1200, protein: 0, carbs: 60, fats: 40, unknown: [.protein]))
    let omelette = PlannableRecipe(id: "omelette", title: "Omelette", servings: 1,
                                   nutrition: MealNutrition(calories: 400, protein: 130, carbs: 4, fats: 30))
    let soup = PlannableRecipe(id: "soup", title: "Soup", servings: 2, nutrition: nil)

    @Test func unknownFiguresAreLeftOutOfTotalsAndFlagsAndCounted() {
        let slots = [
            MealSlot(id: "a", day: "2026-11-24", meal: .breakfast, content: .recipe(id: "omelette")),
            MealSlot(id: "b", day: "2026-11-24", meal: .lunch, content: .recipe(id: "stew")),
            MealSlot(id: "c", day: "2026-11-24", meal: .dinner, content: .recipe(id: "soup")),
        ]
        let goals = NutritionGoals(calories: 2000, protein: 120, carbs: 250, fats: 70)
        let day = PlanDay(day: "2026-11-24", slots: slots, recipes: [stew.id: stew, omelette.id: omelette, soup.id: soup], snacks: [:], goals: goals)
        // Stew: 1200 ÷ 2 = 600 kcal, protein unknown, 30 g carbs, 20 g fats. Soup: nothing known.
        #expect(day.entries[1].nutrition.known(.protein) == nil)
        #expect(day.entries[1].nutrition.known(.calories) == 600)
        #expect(day.entries[2].nutrition.known(.calories) == nil)
        // Totals of the known figures: 400 + 600 kcal, 130 g protein (omelette only), 4 + 30 g carbs, 30 + 20 g fats.
        #expect(day.totals.calories == 1000)
        #expect(day.totals.protein == 130)
        #expect(day.totals.carbs == 34)
        #expect(day.totals.fats == 50)
        // Over only where the known figures alone exceed the goal: 130 > 120 g protein.
        #expect(day.over.protein)
        #expect(!day.over.calories && !day.over.carbs && !day.over.fats)
        #expect(day.leftOut == [.calories: 1, .protein: 2, .carbs: 1, .fats: 1])
        #expect(day.leftOutSentence == "calories of 1 meal, protein of 2 meals, carbs of 1 meal, fats of 1 meal")
    }

    @Test func aDayWithEverythingKnownSaysNothing() {
        let day = PlanDay(day: "2026-11-24", slots: [MealSlot(id: "a", day: "2026-11-24", meal: .lunch, content: .recipe(id: "omelette"))],
                          recipes: [omelette.id: omelette], snacks: [:], goals: .seedDefault)
        #expect(day.leftOut.isEmpty)
        #expect(day.leftOutSentence == nil)
    }
}
