import BrewKit
import PropertyBased
import Testing

@Suite struct NutritionGoalsTests {
    @Test func seedDefaultsMake2110KilocaloriesNot2200() {
        let goals = NutritionGoals.seedDefault
        #expect(goals.calories == 2200)
        #expect([goals.protein, goals.carbs, goals.fats] == [120, 250, 70])
        #expect(goals.macroKilocalories == 2110)
    }

    @Test func impliedSplitOfTheDefaultsSumsTo100() throws {
        let split = try #require(NutritionGoals.seedDefault.impliedSplit)
        // 480 / 2110 = 22.7 %, 1000 / 2110 = 47.4 %, 630 / 2110 = 29.9 %.
        #expect(split == MacroSplit(proteinPercent: 23, carbsPercent: 47, fatsPercent: 30))
        #expect(split.totalPercent == 100)
    }

    @Test func caloriesWithAStoredSplitKeepTheSplit() throws {
        let goals = NutritionGoals(calories: 2000, protein: 150, carbs: 200, fats: 67, split: .seedDefault)
        let result = try goals.settingCalories(2500)
        // 2500 × 30 % ÷ 4 = 187.5 → 188; × 40 % ÷ 4 = 250; × 30 % ÷ 9 = 83.3 → 83.
        #expect(result == NutritionGoals(calories: 2500, protein: 188, carbs: 250, fats: 83, split: .seedDefault))
    }

    /// SYS/012.1: with no split stored, a change of calories uses the default 30 / 40 / 30, not the
    /// 23 / 47 / 30 the seed's default grams happen to make. 2000 kcal: 30 % = 600 kcal ÷ 4 = 150 g
    /// protein; 40 % = 800 kcal ÷ 4 = 200 g carbs; 30 % = 600 kcal ÷ 9 = 66.7 → 67 g fats.
    @Test func caloriesWithoutAStoredSplitUseTheDocumentsDefault30_40_30() throws {
        let result = try NutritionGoals.seedDefault.settingCalories(2000)
        #expect([result.protein, result.carbs, result.fats] == [150, 200, 67])
        #expect(result.split == MacroSplit(proteinPercent: 30, carbsPercent: 40, fatsPercent: 30))
        #expect(NutritionGoals.seedDefault.effectiveSplit == .seedDefault)
        // A stored split is kept instead: 25 / 50 / 25 of 2000 = 125 g, 250 g, 55.6 → 56 g.
        let stored = NutritionGoals(calories: 2200, protein: 120, carbs: 250, fats: 70,
                                    split: MacroSplit(proteinPercent: 25, carbsPercent: 50, fatsPercent: 25))
        let kept = try stored.settingCalories(2000)
        #expect([kept.protein, kept.carbs, kept.fats] == [125, 250, 56])
        #expect(kept.split == stored.split)
    }

    @Test func caloriesWithNoGramsAndNoSplitUse30_40_30() throws {
        let result = try NutritionGoals(calories: 2000, protein: 0, carbs: 0, fats: 0).settingCalories(2000)
        #expect([result.protein, result.carbs, result.fats] == [150, 200, 67])
        #expect(result.split == .seedDefault)
    }

    @Test(arguments: [1199, 4001, 0, -5])
    func caloriesOutOfRangeAreRefusedWithTheRange(calories: Int) {
        #expect(throws: GoalError("calories must be 1200–4000 kcal, found \(calories)")) {
            try NutritionGoals.seedDefault.settingCalories(calories)
        }
    }

    @Test func oneMacroSharesTheRestInProportion() throws {
        // TC-114: 2200 kcal, protein to 150 g = 600 kcal; 1600 kcal left between carbs (1000) and fats (630).
        let result = try NutritionGoals.seedDefault.setting(.protein, grams: 150)
        #expect(result.calories == 2200)
        #expect(result.protein == 150)
        #expect(result.carbs == Int((1600.0 * 1000 / 1630 / 4).rounded()))   // 245
        #expect(result.fats == Int((1600.0 * 630 / 1630 / 9).rounded()))     // 69
    }

    @Test func oneMacroWithTheOthersAtZeroSharesEvenly() throws {
        let result = try NutritionGoals(calories: 2000, protein: 0, carbs: 0, fats: 50).setting(.fats, grams: 100)
        // 2000 − 900 = 1100 kcal: 550 to protein (137.5 → 138 g), 550 to carbs (138 g).
        #expect([result.protein, result.carbs, result.fats] == [138, 138, 100])
    }

    @Test func aMacroAboveTheCaloriesIsRefused() {
        #expect(throws: GoalError("300 g of fats is 2700 kcal, more than the 2200 kcal goal; at most 244 g fits")) {
            try NutritionGoals.seedDefault.setting(.fats, grams: 300)
        }
    }

    @Test func validationNamesTheRange() {
        #expect(throws: GoalError("calories must be 1200–4000 kcal, found 900")) {
            try NutritionGoals(calories: 900, protein: 1, carbs: 1, fats: 1).validated()
        }
        #expect(throws: GoalError("carbs must be 0 g or more, found -1")) {
            try NutritionGoals(calories: 2000, protein: 1, carbs: -1, fats: 1).validated()
        }
    }

    // MARK: Properties

    static let goalsGen = zip(Gen.int(in: 1200...4000), Gen.int(in: 0...400), Gen.int(in: 0...600), Gen.int(in: 0...200))

    @Test func settingCaloriesLandsWithinRoundingOfTheGoal() async {
        await propertyCheck(input: Self.goalsGen, Gen.int(in: 1200...4000)) { start, calories in
            let goals = NutritionGoals(calories: start.0, protein: start.1, carbs: start.2, fats: start.3)
            let result = try! goals.settingCalories(calories)
            #expect(result.calories == calories)
            // Each gram rounds by at most ½: 2 + 2 + 4.5 kcal.
            #expect(abs(result.macroKilocalories - calories) <= 9)
            #expect(result.split?.totalPercent == 100)
        }
    }

    @Test func settingOneMacroKeepsCaloriesAndThatMacro() async {
        await propertyCheck(input: Self.goalsGen, Gen.int(in: 0...2), Gen.int(in: 0...1000)) { start, which, grams in
            let goals = NutritionGoals(calories: start.0, protein: start.1, carbs: start.2, fats: start.3)
            let macro = Macro.allCases[which]
            if grams * macro.kilocaloriesPerGram > goals.calories {
                #expect(throws: GoalError.self) { try goals.setting(macro, grams: grams) }
                return
            }
            let result = try! goals.setting(macro, grams: grams)
            #expect(result.calories == goals.calories)
            #expect(result[macro] == grams)
            // The two others round by at most ½ g each.
            #expect(abs(result.macroKilocalories - goals.calories) <= 7)
            #expect(Macro.allCases.allSatisfy { result[$0] >= 0 })
        }
    }
}
