import BrewKit
import Testing

/// A day's total of a figure no meal gives is unknown, not 0; one some meals leave out says how
/// many; a week's average of a figure is over the days whose every meal gives it, and says over
/// how many of the planned days.
@Suite struct UnknownTotalsAndAveragesTests {
    /// Beef stew without calories (Mealie's empty `calories`): 35 g protein a serving.
    let stew = PlannableRecipe(id: "stew", title: "Stew", servings: 4,
                               nutrition: MealNutrition(calories: 0, protein: 140, carbs: 216, fats: 48, unknown: [.calories]))
    let dinner = PlannableRecipe(id: "dinner", title: "Dinner", servings: 1,
                                 nutrition: MealNutrition(calories: 890, protein: 40, carbs: 100, fats: 30))

    func day(_ date: String, _ ids: [String]) -> PlanDay {
        let slots = ids.enumerated().map { MealSlot(id: "\(date)-\($0.offset)", day: date, meal: $0.offset == 0 ? .dinner : .lunch, content: .recipe(id: $0.element)) }
        return PlanDay(day: date, slots: slots, recipes: [stew.id: stew, dinner.id: dinner], snacks: [:], goals: .seedDefault)
    }

    @Test func aTotalNoMealGivesIsUnknownNotZero() {
        let only = day("2026-11-23", ["stew"])
        #expect(only.knownTotal(.calories) == nil)
        #expect(only.knownTotal(.protein) == 35)
        #expect(only.notCountedNote(.calories) == nil, "nothing is counted: the total itself is unknown")
        let mixed = day("2026-11-24", ["dinner", "stew"])
        #expect(mixed.knownTotal(.calories) == 890)
        #expect(mixed.notCountedNote(.calories) == "1 meal without calories not counted")
        #expect(mixed.notCountedNote(.protein) == nil)
    }

    /// Four days of 890 kcal and three of the stew alone: the week's calories average 890 over 4
    /// of 7 days, where counting the stew days as 0 kcal made it 509.
    @Test func aWeeksAverageIsOverTheDaysThatGiveTheFigure() {
        let days = (23...26).map { day("2026-11-\($0)", ["dinner"]) } + (27...29).map { day("2026-11-\($0)", ["stew"]) }
        let calories = PlanDay.average(.calories, over: days)
        #expect(calories.value == 890)
        #expect(calories.days == 4 && calories.plannedDays == 7)
        #expect(!calories.isWhole)
        let protein = PlanDay.average(.protein, over: days)
        let expected: Double = (4 * 40 + 3 * 35) / 7
        #expect(protein.value == expected)
        #expect(protein.isWhole)
        // A day with one meal that leaves calories out is not a known day for calories.
        let mixed = PlanDay.average(.calories, over: [day("2026-11-23", ["dinner", "stew"])])
        #expect(mixed.value == nil && mixed.days == 0 && mixed.plannedDays == 1)
    }
}
