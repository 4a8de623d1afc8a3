import BrewKit
import Testing

@Suite struct PlanDayTests {
    let curry = PlannableRecipe(id: "chickpea-curry", title: "Chickpea Curry", servings: 4,
                                nutrition: MealNutrition(calories: 2000, protein: 80, carbs: 240, fats: 70))
    let archived = PlannableRecipe(id: "old-soup", title: "Old Soup", servings: 2, nutrition: nil, isArchived: true)
    var recipes: [String: PlannableRecipe] { [curry.id: curry, archived.id: archived] }
    var snacks: [String: SnackPreset] { Dictionary(uniqueKeysWithValues: SnackPreset.builtIn.map { ($0.id, $0) }) }

    @Test func mealsInDayOrderAndSlotsOfAMealInFileOrder() {
        let slots = [
            MealSlot(id: "a", day: "2026-11-24", meal: .dinner, content: .recipe(id: "chickpea-curry")),
            MealSlot(id: "b", day: "2026-11-24", meal: .breakfast, content: .snack(id: "banana")),
            MealSlot(id: "c", day: "2026-11-24", meal: .dinner, content: .snack(id: "apple")),
            MealSlot(id: "d", day: "2026-11-24", meal: .morningSnack, content: .snack(id: "orange")),
        ]
        let day = PlanDay(day: "2026-11-24", slots: slots, recipes: recipes, snacks: snacks, goals: .seedDefault)
        #expect(day.entries.map(\.slot.id) == ["b", "d", "a", "c"])
        #expect(day.entries(of: .dinner).map(\.name) == ["Chickpea Curry", "Apple"])
    }

    @Test func recipeCountsPerServingTimesServingsEaten() {
        let slot = MealSlot(id: "a", day: "2026-11-24", meal: .dinner, content: .recipe(id: "chickpea-curry"), servings: 1.5)
        let day = PlanDay(day: "2026-11-24", slots: [slot], recipes: recipes, snacks: snacks, goals: .seedDefault)
        // 2000 kcal ÷ 4 × 1.5 = 750; 80 ÷ 4 × 1.5 = 30; 240 → 90; 70 → 26.25 → 26.
        #expect(day.totals == MealNutrition(calories: 750, protein: 30, carbs: 90, fats: 26))
    }

    @Test func totalsAreTheSumsOfTheRoundedRows() {
        let slots = (0..<3).map {
            MealSlot(id: "q\($0)", day: "2026-11-24", meal: .lunch,
                     content: .quickAdd(QuickAddItem(name: "Toast", calories: 1, protein: 1, carbs: 1, fats: 1)), servings: 0.5)
        }
        let day = PlanDay(day: "2026-11-24", slots: slots, recipes: [:], snacks: [:], goals: .seedDefault)
        // Each row: 0.5 rounds away from zero to 1; the day shows 3, what the rows add up to.
        #expect(day.entries.allSatisfy { $0.nutrition.calories == 1 })
        #expect(day.totals.calories == 3)
    }

    @Test func overWhenATotalExceedsItsGoal() {
        let goals = NutritionGoals(calories: 1200, protein: 100, carbs: 100, fats: 100)
        let slot = MealSlot(id: "q", day: "2026-11-24", meal: .lunch,
                            content: .quickAdd(QuickAddItem(name: "Feast", calories: 1201, protein: 100, carbs: 101, fats: 0)))
        let over = PlanDay(day: "2026-11-24", slots: [slot], recipes: [:], snacks: [:], goals: goals).over
        #expect(over.calories)
        #expect(!over.protein)   // equal is not over
        #expect(over.carbs)
        #expect(!over.fats)
    }

    /// They are unknown, not 0 (issue 26): nothing is added and every figure is left out.
    @Test func missingNutritionAndUnknownIdsCountZeroAndSaySo() {
        let slots = [
            MealSlot(id: "a", day: "2026-11-24", meal: .lunch, content: .recipe(id: "old-soup")),
            MealSlot(id: "b", day: "2026-11-24", meal: .lunch, content: .recipe(id: "gone")),
            MealSlot(id: "c", day: "2026-11-24", meal: .lunch, content: .snack(id: "kiwi")),
        ]
        let day = PlanDay(day: "2026-11-24", slots: slots, recipes: recipes, snacks: snacks, goals: .seedDefault, erasedRecipeIDs: ["gone"])
        #expect(day.totals == .unknown)
        #expect([day.totals.calories, day.totals.protein, day.totals.carbs, day.totals.fats] == [0, 0, 0, 0])
        #expect(day.leftOut == [.calories: 3, .protein: 3, .carbs: 3, .fats: 3])
        #expect(day.entries.map(\.note) == [
            "this recipe is archived; the recipe gives no nutrition", "this recipe was erased", "no snack preset has this id",
        ])
    }

    @Test func anEmptyDayIsEmpty() {
        let day = PlanDay(day: "2026-11-25", slots: [], recipes: [:], snacks: [:], goals: .seedDefault)
        #expect(day.isEmpty)
        #expect(day.totals == .zero)
        #expect(!day.over.calories)
    }

    @Test(arguments: ["2026-11-24", "2024-02-29"])
    func validDays(day: String) {
        #expect(PlanDay.date(from: day) != nil)
    }

    @Test(arguments: ["2026-11-31", "2025-02-29", "26-11-24", "2026-1-24", "2026/11/24", "2026-11-24T10:00:00Z", ""])
    func invalidDays(day: String) {
        #expect(PlanDay.date(from: day) == nil)
    }

    @Test func mealsReadLoosely() {
        #expect(Meal(loosely: "morning-snack") == .morningSnack)
        #expect(Meal(loosely: "AfternoonSnack") == .afternoonSnack)
        #expect(Meal(loosely: "Dinner") == .dinner)
        #expect(Meal(loosely: "Brunch") == nil)
    }
}

@Suite struct ISOWeekTests {
    @Test(arguments: [
        ("2026-11-23", "2026-W48"), ("2026-11-29", "2026-W48"), ("2026-11-30", "2026-W49"),
        ("2021-01-03", "2020-W53"), ("2024-12-30", "2025-W01"), ("2026-01-01", "2026-W01"),
    ])
    func weekOfADay(day: String, week: String) {
        #expect(ISOWeek(day: day)?.description == week)
    }

    @Test func daysRunMondayToSunday() throws {
        let week = try #require(ISOWeek("2026-W48"))
        #expect(week.days == ["2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26", "2026-11-27", "2026-11-28", "2026-11-29"])
        #expect(week.previous.description == "2026-W47")
        #expect(week.next.description == "2026-W49")
        #expect(try #require(ISOWeek("2020-W53")).next.description == "2021-W01")
    }

    @Test(arguments: ["2026-W54", "2026-W00", "2026-48", "2026-W4", "2025-W53"])
    func invalidWeeks(text: String) {
        #expect(ISOWeek(text) == nil)
    }
}

@Suite struct SnackPresetTests {
    @Test func theEightOfTheSeedWithSourceAndPortion() {
        #expect(SnackPreset.builtIn.map(\.id) == [
            "banana", "apple", "greek-yogurt", "protein-bar", "handful-of-nuts", "hard-boiled-egg", "rice-cake", "orange",
        ])
        #expect(SnackPreset.builtIn.allSatisfy { $0.source != nil && $0.portion != nil })
    }

    @Test func caloriesAgreeWithTheMacrosWithinLabelRounding() {
        // 4/4/9 kcal per gram from whole grams: within 15 % (fibre and rounding of small figures).
        for snack in SnackPreset.builtIn {
            let fromMacros = Double(snack.protein * 4 + snack.carbs * 4 + snack.fats * 9)
            #expect(abs(fromMacros - Double(snack.calories)) <= max(10, 0.15 * Double(snack.calories)), "\(snack.id)")
        }
    }

    @Test func overridesReplaceByIdAndAdd() {
        let merged = SnackPreset.merged(SnackPreset.builtIn, overriddenBy: [
            SnackPreset(id: "banana", name: "Small banana", calories: 90, protein: 1, carbs: 23, fats: 0),
            SnackPreset(id: "kiwi", name: "Kiwi", calories: 42, protein: 1, carbs: 10, fats: 0),
        ])
        #expect(merged.count == 9)
        #expect(merged[0].name == "Small banana")
        #expect(merged.last?.id == "kiwi")
    }
}

@Suite struct MealPlanValidatorTests {
    func located(_ slot: MealSlot, line: Int) -> Located<MealSlot> {
        Located(slot, source: SourceMap(record: SourceLocation(file: "kitchen/plan/2026-11.json", line: line, column: 3)))
    }

    @Test func findsDuplicatesUnknownArchivedAndErased() {
        let recipes = ["chickpea-curry": PlannableRecipe(id: "chickpea-curry", title: "Curry", servings: 4),
                       "old-soup": PlannableRecipe(id: "old-soup", title: "Soup", servings: 2, isArchived: true)]
        let snacks = Dictionary(uniqueKeysWithValues: SnackPreset.builtIn.map { ($0.id, $0) })
        let slots = [
            located(MealSlot(id: "s1", day: "2026-11-24", meal: .lunch, content: .recipe(id: "chickpea-cury")), line: 2),
            located(MealSlot(id: "s1", day: "2026-11-24", meal: .lunch, content: .recipe(id: "old-soup")), line: 3),
            located(MealSlot(id: "s3", day: "2026-11-24", meal: .lunch, content: .recipe(id: "gone")), line: 4),
            located(MealSlot(id: "s4", day: "2026-11-24", meal: .lunch, content: .snack(id: "bananna")), line: 5),
        ]
        let messages = MealPlanValidator.validate(slots, recipes: recipes, snacks: snacks, erasedRecipeIDs: ["gone"]).map(\.description)
        #expect(messages == [
            "kitchen/plan/2026-11.json:2:3: error: recipeId: no kitchen recipe has the id \"chickpea-cury\"; did you mean \"chickpea-curry\"?",
            "kitchen/plan/2026-11.json:3:3: error: two plan slots have the id \"s1\"; the other is at kitchen/plan/2026-11.json:2:3",
            "kitchen/plan/2026-11.json:3:3: warning: recipeId: the kitchen recipe \"old-soup\" is archived; the plan keeps it (restore it with `brewguide kitchen restore old-soup`)",
            "kitchen/plan/2026-11.json:4:3: warning: recipeId: the kitchen recipe \"gone\" was erased; the slot is kept and counts no nutrition",
            "kitchen/plan/2026-11.json:5:3: error: snackId: no snack preset has the id \"bananna\"; did you mean \"banana\"?",
        ])
    }
}
