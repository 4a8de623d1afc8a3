import BrewData
import BrewKit
import BrewSite

/// The planner's command output: text for a terminal, JSON for scripts (field names as issue 15 gives them).
enum MealPlanPrinter {
    // MARK: Goals

    /// Where the split shown beside the goals comes from; "(stored)" is said only when the split
    /// is in `preferences.json` (read from it unchanged, or just written with `--write`).
    enum SplitNote {
        case stored
        /// `--calories` without `--write`: the split in force (stored or the default) is kept.
        case kept(fromStored: Bool)
        /// A macro change without `--write`: the split the new grams make.
        case newGrams
        /// Nothing stored: the document's 30 / 40 / 30.
        case defaultSplit
    }

    static func goalsText(_ goals: NutritionGoals, isDefault: Bool, splitNote: SplitNote) -> String {
        let split = goals.effectiveSplit
        var out = "Daily nutrition goals\(isDefault ? " (the defaults: none stored in preferences.json)" : "")\n"
        out += "  calories  \(pad(goals.calories, 5)) kcal\n"
        for macro in Macro.allCases {
            let kcal = goals[macro] * macro.kilocaloriesPerGram
            out += "  \(macro.label.padding(toLength: 8, withPad: " ", startingAt: 0))  \(pad(goals[macro], 5)) g    \(pad(kcal, 5)) kcal  \(pad(split[macro], 3)) %\n"
        }
        let difference = goals.macroKilocalories - goals.calories
        out += "The macros make \(goals.macroKilocalories) kcal (4/4/9 kcal per gram)"
        if difference == 0 { out += ", the calorie goal exactly.\n" }
        else { out += ", \(abs(difference)) kcal \(difference < 0 ? "under" : "over") the \(goals.calories) kcal goal.\n" }
        out += "Split: \(split.proteinPercent) / \(split.carbsPercent) / \(split.fatsPercent) % "
        switch splitNote {
        case .stored: out += "(stored)\n"
        case .kept(let fromStored): out += fromStored ? "(kept from the stored goals)\n" : "(the default split, 30/40/30)\n"
        case .newGrams: out += "(the split the new grams make)\n"
        case .defaultSplit:
            out += "(the default, used when the calories change"
            if let implied = goals.impliedSplit, implied != split {
                out += "; the grams themselves make \(implied.proteinPercent) / \(implied.carbsPercent) / \(implied.fatsPercent) %"
            }
            out += ")\n"
        }
        return out
    }

    static func goalsJSON(_ goals: NutritionGoals) -> JSONValue {
        let split = goals.effectiveSplit
        return .object([
            JSONMember("calories", .number(Double(goals.calories))), JSONMember("protein", .number(Double(goals.protein))),
            JSONMember("carbs", .number(Double(goals.carbs))), JSONMember("fats", .number(Double(goals.fats))),
            JSONMember("split", .object([
                JSONMember("protein", .number(Double(split.proteinPercent))), JSONMember("carbs", .number(Double(split.carbsPercent))),
                JSONMember("fats", .number(Double(split.fatsPercent))),
            ])),
        ])
    }

    // MARK: Day

    static func dayText(_ day: PlanDay) -> String {
        var out = "\(PlanDay.longName(of: day.day))\n"
        if day.isEmpty { out += "Nothing planned.\n" }
        for meal in Meal.allCases {
            let entries = day.entries(of: meal)
            guard !entries.isEmpty else { continue }
            out += "\(meal.rawValue)\n"
            for entry in entries {
                var name = entry.name
                if entry.slot.servings != 1 { name += " × \(Format.number(entry.slot.servings))" }
                let n = entry.nutrition
                // An unknown figure is "—", never "0 g" (issue 26).
                func shown(_ figure: NutritionFigure) -> String { n.known(figure).map { String(Int($0)) } ?? "—" }
                out += "  \(name)  \(shown(.calories)) kcal, \(shown(.protein)) g protein, \(shown(.carbs)) g carbs, \(shown(.fats)) g fats  [\(entry.slot.id)]\n"
                if let note = entry.note { out += "    (\(note))\n" }
            }
        }
        let over = day.over
        out += "Totals against the goals\n"
        // A total no meal gives is "—", never 0; one some meals leave out says how many.
        func total(_ figure: NutritionFigure) -> String {
            let shown = day.knownTotal(figure).map { String(Int($0)) } ?? "—"
            return String(repeating: " ", count: max(0, 5 - shown.count)) + shown
        }
        func note(_ figure: NutritionFigure) -> String { day.notCountedNote(figure).map { "  (\($0))" } ?? "" }
        out += "  calories  \(total(.calories)) / \(day.goals.calories) kcal\(over.calories ? "  over" : "")\(note(.calories))\n"
        for macro in Macro.allCases {
            let figure = NutritionFigure(macro)
            out += "  \(macro.label.padding(toLength: 8, withPad: " ", startingAt: 0))  \(total(figure)) / \(day.goals[macro]) g\(over[macro] ? "  over" : "")\(note(figure))\n"
        }
        if let leftOut = day.leftOutSentence { out += "Unknown figures are left out of the totals and the over-goal flags: \(leftOut).\n" }
        return out
    }

    static func dayJSON(_ day: PlanDay) -> JSONValue {
        // A meal's unknown figure is null; the totals hold only known figures (issue 26).
        func figures(_ n: MealNutrition) -> [JSONMember] {
            NutritionFigure.allCases.map { figure in
                JSONMember(figure.rawValue, n.known(figure).map { .number($0) } ?? .null)
            }
        }
        let meals = day.entries.map { entry in
            JSONValue.object([
                JSONMember("id", .string(entry.slot.id)),
                JSONMember("meal", .string(entry.slot.meal.rawValue)), JSONMember("name", .string(entry.name)),
                JSONMember("recipeId", entry.slot.recipeID.map { .string($0) } ?? .null),
                JSONMember("servings", .number(entry.slot.servings)),
                // Why figures are missing or kept, or the recipe out of use ("this recipe was erased; …").
                JSONMember("note", entry.note.map { .string($0) } ?? .null),
            ] + figures(entry.nutrition))
        }
        let goals = day.goals
        let over = day.over
        return .object([
            JSONMember("day", .string(day.day)),
            JSONMember("meals", .array(meals)),
            // A total no meal gives is null, never 0; the others are the sums of the meals that give them.
            JSONMember("totals", .object(NutritionFigure.allCases.map { figure in
                JSONMember(figure.rawValue, day.knownTotal(figure).map { .number($0) } ?? .null)
            })),
            JSONMember("leftOut", .object(day.leftOut.keys.sorted().map { JSONMember($0.rawValue, .number(Double(day.leftOut[$0]!))) })),
            JSONMember("goals", .object(figures(MealNutrition(calories: Double(goals.calories), protein: Double(goals.protein),
                                                              carbs: Double(goals.carbs), fats: Double(goals.fats))))),
            JSONMember("over", .object([
                JSONMember("calories", .bool(over.calories)), JSONMember("protein", .bool(over.protein)),
                JSONMember("carbs", .bool(over.carbs)), JSONMember("fats", .bool(over.fats)),
            ])),
        ])
    }

    // MARK: Shopping

    static func shoppingText(_ lines: [ShoppingLine]) -> String {
        if lines.isEmpty { return "The shopping list is empty.\n" }
        return lines.map { line in
            var text = (line.checked ? "[x] " : "[ ] ") + line.text
            let recipes = line.recipeIDs
            if !recipes.isEmpty { text += "  (\(recipes.joined(separator: ", ")))" }
            let ids = line.parts.compactMap(\.itemID)
            if !ids.isEmpty { text += "  [\(ids.joined(separator: ", "))]" }
            return text + "\n"
        }.joined()
    }

    static func shoppingMarkdown(_ lines: [ShoppingLine]) -> String {
        if lines.isEmpty { return "The shopping list is empty.\n" }
        return lines.map { line in
            var text = "- [\(line.checked ? "x" : " ")] \(MarkdownEscaping.escape(line.text))"
            let names = line.parts.compactMap(\.recipeName)
            var seen = Set<String>()
            let distinct = names.filter { seen.insert($0).inserted }
            if !distinct.isEmpty { text += " — \(MarkdownEscaping.escape(distinct.joined(separator: ", ")))" }
            return text + "\n"
        }.joined()
    }

    static func shoppingJSON(_ lines: [ShoppingLine]) -> JSONValue {
        .array(lines.map { line in
            .object([
                JSONMember("name", .string(line.name)), JSONMember("amount", .string(line.amount)),
                JSONMember("quantity", line.quantity.map { .number(($0 * 1000).rounded() / 1000) } ?? .null),
                JSONMember("quantityMax", line.quantityMax.map { .number(($0 * 1000).rounded() / 1000) } ?? .null),
                JSONMember("unit", line.unit.map { .string($0) } ?? .null),
                JSONMember("needed", line.needed.map { .string($0) } ?? .null),
                JSONMember("recipes", .array(line.recipeIDs.map { .string($0) })),
                JSONMember("checked", .bool(line.checked)),
                JSONMember("items", .array(line.parts.compactMap(\.itemID).map { .string($0) })),
            ])
        })
    }

    static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: " ", count: max(0, width - text.count)) + text
    }
}
