import BrewKit
import Testing

/// Issue 26: a slot keeps its recipe's figures per serving (`recipeNutrition`), so the day it was
/// eaten keeps its totals once the recipe is erased; while the recipe is there its figures count.
@Suite struct ErasedRecipeFiguresTests {
    /// Red lentil soup as bundled: 1240 kcal, 68 g protein, 190 g carbs, 24 g fats for 4 servings,
    /// so 310 kcal, 17 g protein, 47.5 g carbs, 6 g fats a serving.
    let kept = MealNutrition(calories: 310, protein: 17, carbs: 47.5, fats: 6)
    let soup = PlannableRecipe(id: "lentil-soup", title: "Red lentil soup", servings: 4,
                               nutrition: MealNutrition(calories: 1240, protein: 68, carbs: 190, fats: 24))

    @Test func anErasedRecipesSlotCountsItsKeptFigures() {
        let slot = MealSlot(id: "w48-tue-lunch", day: "2026-11-24", meal: .lunch, content: .recipe(id: "lentil-soup"), servings: 1.5, recipeNutrition: kept)
        let before = PlanDay(day: "2026-11-24", slots: [slot], recipes: [soup.id: soup], snacks: [:], goals: .seedDefault)
        let after = PlanDay(day: "2026-11-24", slots: [slot], recipes: [:], snacks: [:], goals: .seedDefault, erasedRecipeIDs: ["lentil-soup"])
        // 310 × 1.5 = 465 kcal, 17 × 1.5 = 25.5 → 26 g, 47.5 × 1.5 = 71.25 → 71 g, 6 × 1.5 = 9 g: the same both times.
        #expect(before.totals == MealNutrition(calories: 465, protein: 26, carbs: 71, fats: 9))
        #expect(after.totals == before.totals)
        #expect(after.entries[0].note == "this recipe was erased; its last figures are kept")
        #expect(after.leftOut.isEmpty)
    }

    @Test func withoutKeptFiguresTheErasedSlotIsUnknownAndAFigureKeptUnknownStaysSo() {
        let bare = MealSlot(id: "a", day: "2026-11-24", meal: .lunch, content: .recipe(id: "lentil-soup"))
        var partial = kept
        partial.unknown = [.protein]
        let half = MealSlot(id: "b", day: "2026-11-24", meal: .dinner, content: .recipe(id: "lentil-soup"), recipeNutrition: partial)
        let day = PlanDay(day: "2026-11-24", slots: [bare, half], recipes: [:], snacks: [:], goals: .seedDefault, erasedRecipeIDs: ["lentil-soup"])
        #expect(day.entries[0].note == "this recipe was erased")
        #expect(day.entries[0].nutrition.unknown == Set(NutritionFigure.allCases))
        // 310 kcal, protein unknown, 48 g carbs (47.5 rounds half away from zero), 6 g fats.
        #expect(day.totals.calories == 310 && day.totals.carbs == 48 && day.totals.fats == 6)
        #expect(day.leftOut == [.calories: 1, .protein: 2, .carbs: 1, .fats: 1])
    }

    @Test func whileTheRecipeIsThereItsOwnFiguresCount() {
        let stale = MealSlot(id: "a", day: "2026-11-24", meal: .lunch, content: .recipe(id: "lentil-soup"),
                             recipeNutrition: MealNutrition(calories: 999, protein: 0, carbs: 0, fats: 0))
        let day = PlanDay(day: "2026-11-24", slots: [stale], recipes: [soup.id: soup], snacks: [:], goals: .seedDefault)
        #expect(day.totals.calories == 310)
    }

    @Test func theValidatorSaysWhatAnErasedSlotCounts() {
        let slots = [MealSlot(id: "a", day: "2026-11-24", meal: .lunch, content: .recipe(id: "gone"), recipeNutrition: kept),
                     MealSlot(id: "b", day: "2026-11-24", meal: .lunch, content: .recipe(id: "gone"))]
            .map { Located($0, source: SourceMap(record: .file("plan.json"), fields: [:])) }
        let messages = MealPlanValidator.validate(slots, recipes: [:], snacks: [:], erasedRecipeIDs: ["gone"]).map(\.message)
        #expect(messages == ["recipeId: the kitchen recipe \"gone\" was erased; the slot is kept and counts the figures it kept (recipeNutrition)",
                             "recipeId: the kitchen recipe \"gone\" was erased; the slot is kept and counts no nutrition"])
    }
}
