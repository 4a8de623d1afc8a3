import Foundation

/// One day of a meal plan, resolved: each slot with its name and nutrition, the totals
/// against the goals, and which totals are over (MOD/SYS/009.2).
///
/// Rules:
/// - Meals in the order of `Meal.allCases`; slots of one meal in file order (TC-084).
/// - A recipe slot counts its recipe's whole-recipe nutrition ÷ its servings × servings eaten;
///   once the recipe is gone, the per-serving figures the slot kept (`recipeNutrition`) × servings eaten;
///   a snack or quick-add slot its figures × servings eaten. A recipe without nutrition, an
///   unknown recipe and an unknown snack are unknown, not 0, and say so (`note`); so is each
///   figure a recipe leaves out (issue 26). Unknown figures show as "—", are left out of the
///   totals and of the over-goal flags, and `leftOut` counts them for the sentence that says so.
/// - Each slot's figures are rounded to whole kcal and grams; the day's totals are the sums of
///   those rounded figures, so the totals always equal what the rows add up to.
/// - A total is over its goal when it exceeds it: `over` holds that for calories and each macro.
public struct PlanDay: Hashable, Sendable {
    public struct Entry: Hashable, Sendable {
        public var slot: MealSlot
        /// The recipe's title, the snack's or quick-add item's name, or the id named.
        public var name: String
        /// Set for a recipe that exists (archived or not).
        public var recipe: PlannableRecipe?
        public var snack: SnackPreset?
        /// Rounded figures for the servings eaten.
        public var nutrition: MealNutrition
        /// Why the figures are missing or the recipe is out of use; nil when all is well.
        public var note: String?
    }

    public struct Over: Hashable, Sendable {
        public var calories: Bool
        public var protein: Bool
        public var carbs: Bool
        public var fats: Bool

        public subscript(macro: Macro) -> Bool {
            switch macro {
            case .protein: protein
            case .carbs: carbs
            case .fats: fats
            }
        }
    }

    public var day: String
    public var entries: [Entry]
    public var totals: MealNutrition
    public var goals: NutritionGoals

    public init(day: String, slots: [MealSlot], recipes: [String: PlannableRecipe], snacks: [String: SnackPreset],
                goals: NutritionGoals, erasedRecipeIDs: Set<String> = []) {
        self.day = day
        self.goals = goals
        let ordered = slots.enumerated().sorted { a, b in
            a.element.meal != b.element.meal ? a.element.meal < b.element.meal : a.offset < b.offset
        }.map(\.element)
        entries = ordered.map { Self.entry(for: $0, recipes: recipes, snacks: snacks, erasedRecipeIDs: erasedRecipeIDs) }
        totals = entries.reduce(.zero) { $0 + $1.nutrition }
    }

    static func entry(for slot: MealSlot, recipes: [String: PlannableRecipe], snacks: [String: SnackPreset],
                      erasedRecipeIDs: Set<String>) -> Entry {
        switch slot.content {
        case .recipe(let id):
            guard let recipe = recipes[id] else {
                let note = erasedRecipeIDs.contains(id) ? "this recipe was erased" : "no kitchen recipe has this id"
                // The figures kept when it was planned (or when it was erased) still count.
                if let kept = slot.recipeNutrition {
                    return Entry(slot: slot, name: id, nutrition: kept.scaled(by: slot.servings).rounded,
                                 note: note + "; its last figures are kept")
                }
                return Entry(slot: slot, name: id, nutrition: .unknown, note: note)
            }
            var note: String?
            if recipe.isArchived { note = "this recipe is archived" }
            guard let perServing = recipe.nutritionPerServing else {
                return Entry(slot: slot, name: recipe.title, recipe: recipe, nutrition: .unknown,
                             note: [note, "the recipe gives no nutrition"].compactMap { $0 }.joined(separator: "; "))
            }
            return Entry(slot: slot, name: recipe.title, recipe: recipe, nutrition: perServing.scaled(by: slot.servings).rounded, note: note)
        case .snack(let id):
            guard let snack = snacks[id] else {
                return Entry(slot: slot, name: id, nutrition: .unknown, note: "no snack preset has this id")
            }
            return Entry(slot: slot, name: snack.name, snack: snack, nutrition: snack.nutrition.scaled(by: slot.servings).rounded)
        case .quickAdd(let item):
            return Entry(slot: slot, name: item.name, nutrition: item.nutrition.scaled(by: slot.servings).rounded)
        }
    }

    public var isEmpty: Bool { entries.isEmpty }

    /// For each figure some meal leaves unknown, how many meals leave it out of the totals.
    public var leftOut: [NutritionFigure: Int] {
        var counts: [NutritionFigure: Int] = [:]
        for entry in entries { for figure in entry.nutrition.unknown { counts[figure, default: 0] += 1 } }
        return counts
    }

    /// "calories of 1 meal, protein of 2 meals", or nil when every figure is known.
    public var leftOutSentence: String? {
        let counts = leftOut
        guard !counts.isEmpty else { return nil }
        return counts.keys.sorted().map { "\($0.rawValue) of \(counts[$0]!) meal\(counts[$0]! == 1 ? "" : "s")" }.joined(separator: ", ")
    }

    /// The entries of one meal, in file order.
    public func entries(of meal: Meal) -> [Entry] { entries.filter { $0.slot.meal == meal } }

    public var over: Over {
        Over(calories: totals.calories > Double(goals.calories), protein: totals.protein > Double(goals.protein),
             carbs: totals.carbs > Double(goals.carbs), fats: totals.fats > Double(goals.fats))
    }

    // MARK: Days as text

    static let dayFormat: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter
    }()

    /// Reads `yyyy-MM-dd` strictly (a real date, four-digit year, two-digit month and day).
    public static func date(from text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              bytes.enumerated().allSatisfy({ $0.offset == 4 || $0.offset == 7 || ($0.element >= 48 && $0.element <= 57) }),
              let date = ISO8601.date(from: text) else { return nil }
        return date
    }

    /// Why `text` is not a day: nil when it is one. A day of the right shape that the calendar
    /// does not have is named as such ("2026-11-31 does not exist: November 2026 has 30 days").
    public static func problem(with text: String) -> String? {
        if date(from: text) != nil { return nil }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        if text.utf8.count == 10, parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
           let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]), (1...12).contains(month), day >= 1 {
            let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
            let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
            let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
            if day > days { return "the date \(text) does not exist: \(months[month - 1]) \(year) has \(days) days" }
        }
        return "expected a day as yyyy-MM-dd (such as 2026-11-24), found \"\(text)\""
    }

    public static func string(from date: Date) -> String { dayFormat.string(from: date) }

    /// "Tuesday 24 November 2026".
    public static func longName(of day: String) -> String {
        guard let date = date(from: day) else { return day }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_GB")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEEE d MMMM yyyy"
        return formatter.string(from: date)
    }
}
