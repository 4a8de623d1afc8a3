/// A person's daily nutrition targets (MOD/DATA/007), from `preferences.json` `kitchen.goals`.
///
/// Rules:
/// - `calories` is 1200–4000 kcal; `protein`, `carbs` and `fats` are whole grams ≥ 0.
/// - With no goals stored the seed's defaults hold: 2200 kcal, 120 g protein, 250 g carbs,
///   70 g fats. Those grams make 2110 kcal (4 × 120 + 4 × 250 + 9 × 70), not 2200: the seed's
///   numbers are kept as they are and `macroKilocalories` says so wherever goals are shown.
/// - `split` is optional; when stored it is the share of the calories each macro should have,
///   and `NutritionGoals+Adjust.swift` keeps it when the calories change (MOD/SYS/012.1); with
///   none stored a change of calories uses the document's 30 / 40 / 30.
public struct NutritionGoals: Hashable, Sendable {
    public static let calorieRange = 1200...4000
    public static let seedDefault = NutritionGoals(calories: 2200, protein: 120, carbs: 250, fats: 70)

    public var calories: Int
    public var protein: Int
    public var carbs: Int
    public var fats: Int
    public var split: MacroSplit?

    public init(calories: Int, protein: Int, carbs: Int, fats: Int, split: MacroSplit? = nil) {
        self.calories = calories
        self.protein = protein
        self.carbs = carbs
        self.fats = fats
        self.split = split
    }

    public subscript(macro: Macro) -> Int {
        get {
            switch macro {
            case .protein: protein
            case .carbs: carbs
            case .fats: fats
            }
        }
        set {
            switch macro {
            case .protein: protein = newValue
            case .carbs: carbs = newValue
            case .fats: fats = newValue
            }
        }
    }

    /// The kilocalories the three gram goals make at 4/4/9 kcal per gram.
    public var macroKilocalories: Int {
        Macro.allCases.reduce(0) { $0 + self[$1] * $1.kilocaloriesPerGram }
    }

    /// The split the gram goals imply (each macro's kilocalories over their sum), in whole
    /// percent; nil when every gram goal is 0.
    public var impliedSplit: MacroSplit? {
        MacroSplit.wholePercentages(of: Dictionary(uniqueKeysWithValues: Macro.allCases.map {
            ($0, Double(self[$0] * $0.kilocaloriesPerGram))
        }))
    }

    /// The split in force (MOD/SYS/012.1): the stored one, else the document's default 30/40/30.
    /// The grams' own split (`impliedSplit`) is shown beside it but never replaces it: on a
    /// fresh journal `--calories 2000` gives 150 / 200 / 67 g, as the document's rule does.
    public var effectiveSplit: MacroSplit { split ?? .seedDefault }
}
