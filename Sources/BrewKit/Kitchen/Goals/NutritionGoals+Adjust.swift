/// The goal arithmetic of MOD/SYS/012.1 (TC-113, TC-114).
///
/// - Calories changed (`settingCalories`): the split in force is kept (`effectiveSplit`: the
///   stored split, else the document's default 30 / 40 / 30, never the split the grams happen
///   to make) and each macro becomes calories × its share ÷ its kcal per gram.
/// - One macro changed (`setting(_:grams:)`): the calories stay; what the new macro leaves is
///   shared between the other two in proportion to their current kilocalories (evenly when both
///   are 0). A macro whose kilocalories alone exceed the calories is refused.
/// - Every gram figure rounds to a whole gram (halves away from zero), so the macros'
///   kilocalories may differ from the calorie goal by a few kcal (at most 8.5 after a calorie
///   change, 6.5 after a macro change).
/// - The result stores the split the new grams imply, in whole percent summing to 100.
extension NutritionGoals {
    /// Refuses calories outside 1200–4000 and negative grams, naming the range.
    public func validated() throws(GoalError) -> NutritionGoals {
        guard Self.calorieRange.contains(calories) else {
            throw GoalError("calories must be \(Self.calorieRange.lowerBound)–\(Self.calorieRange.upperBound) kcal, found \(calories)")
        }
        for macro in Macro.allCases where self[macro] < 0 {
            throw GoalError("\(macro.label) must be 0 g or more, found \(self[macro])")
        }
        return self
    }

    /// New calories with the current split kept (TC-113).
    public func settingCalories(_ newCalories: Int) throws(GoalError) -> NutritionGoals {
        guard Self.calorieRange.contains(newCalories) else {
            throw GoalError("calories must be \(Self.calorieRange.lowerBound)–\(Self.calorieRange.upperBound) kcal, found \(newCalories)")
        }
        let inForce = effectiveSplit
        let shares = Dictionary(uniqueKeysWithValues: Macro.allCases.map { ($0, Double(inForce[$0]) / 100) })
        var result = self
        result.calories = newCalories
        for macro in Macro.allCases {
            result[macro] = Int((Double(newCalories) * shares[macro]! / Double(macro.kilocaloriesPerGram)).rounded())
        }
        result.split = inForce
        return result
    }

    /// One macro set to `grams` with the calories kept; the other two share the rest (TC-114).
    public func setting(_ macro: Macro, grams: Int) throws(GoalError) -> NutritionGoals {
        guard grams >= 0 else { throw GoalError("\(macro.label) must be 0 g or more, found \(grams)") }
        let fixedKilocalories = grams * macro.kilocaloriesPerGram
        guard fixedKilocalories <= calories else {
            throw GoalError("\(grams) g of \(macro.label) is \(fixedKilocalories) kcal, more than the \(calories) kcal goal; at most \(calories / macro.kilocaloriesPerGram) g fits")
        }
        let others = Macro.allCases.filter { $0 != macro }
        let current = others.map { Double(self[$0] * $0.kilocaloriesPerGram) }
        let currentTotal = current.reduce(0, +)
        let remaining = Double(calories - fixedKilocalories)
        var result = self
        result[macro] = grams
        for (index, other) in others.enumerated() {
            let share = currentTotal > 0 ? current[index] / currentTotal : 0.5
            result[other] = Int((remaining * share / Double(other.kilocaloriesPerGram)).rounded())
        }
        result.split = result.impliedSplit ?? .seedDefault
        return result
    }
}
