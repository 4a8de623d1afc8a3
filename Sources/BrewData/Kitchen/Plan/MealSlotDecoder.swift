import BrewKit

/// Reads one meal-plan slot (MOD/DATA/004) from a JSON object or a CSV row of `kitchen/plan/`.
/// In JSON the quick-add item is the object `quickAdd`; in a CSV its fields are the columns
/// `quickAddName`, `calories`, `protein`, `carbs`, `fats`.
enum MealSlotDecoder {
    static let fields: Set<String> = ["id", "day", "meal", "recipeId", "snackId", "quickAdd", "servings", "updatedAt", "userId", "recipeNutrition"]
    static let quickAddFields: Set<String> = ["name", "calories", "protein", "carbs", "fats"]
    static let csvQuickAddFields: Set<String> = ["quickAddName", "calories", "protein", "carbs", "fats"]
    /// A CSV row's `recipeNutrition`: one column per figure, `recipeNutrition.calories` ….
    static let csvRecipeNutritionFields = NutritionFigure.allCases.map { "recipeNutrition.\($0.rawValue)" }

    static func decode(_ node: RawNode, isCSVRow: Bool, diagnostics: inout [Diagnostic]) -> Located<MealSlot>? {
        guard case .object = node.value else {
            diagnostics.append(.error("expected a meal slot object, found \(node.summary)", at: node.location))
            return nil
        }
        var reader = FieldReader(node)
        let id = reader.string("id", required: true, what: "the slot's id")
        let dayText = reader.string("day", required: true, what: "a day, yyyy-MM-dd")
        var day: String?
        if let dayText {
            let trimmed = dayText.trimmingSpaces
            if let problem = PlanDay.problem(with: trimmed) {
                reader.error("day: \(problem)", at: "day")
            } else {
                day = trimmed
            }
        }
        let meal = readMeal(&reader)
        // An empty CSV cell is no value.
        let recipeID = reader.node("recipeId") == nil ? nil : reader.string("recipeId", what: "a kitchen recipe's id")?.trimmingSpaces
        let snackID = reader.node("snackId") == nil ? nil : reader.string("snackId", what: "a snack preset's id")?.trimmingSpaces
        var quickAdd: QuickAddItem?
        var quickAddGiven = false
        var nested: [String: SourceLocation] = [:]
        if isCSVRow {
            quickAddGiven = csvQuickAddFields.contains { reader.has($0) }
            if quickAddGiven { quickAdd = readQuickAdd(&reader, nameKey: "quickAddName") }
        } else if let quickNode = reader.node("quickAdd") {
            quickAddGiven = true
            if case .object = quickNode.value {
                var quickReader = FieldReader(quickNode, pathPrefix: "quickAdd.")
                quickAdd = readQuickAdd(&quickReader, nameKey: "name")
                quickReader.warnAboutUnknownFields(known: quickAddFields)
                if quickReader.failed { reader.markFailed() }
                diagnostics += quickReader.diagnostics
                nested = quickReader.fieldLocations
            } else {
                reader.error("quickAdd: expected an object with name, calories, protein, carbs and fats, found \(quickNode.summary)", at: "quickAdd")
            }
        }
        var servings = 1.0
        if let value = reader.double("servings", what: "the servings eaten, a number greater than 0") {
            if value > 0 && value <= 100 { servings = value } else {
                reader.error("servings: expected the servings eaten, a number greater than 0 and at most 100, found \(Format.number(value))", at: "servings")
            }
        }
        let updatedAt = reader.node("updatedAt") == nil ? nil : reader.string("updatedAt", what: "an ISO 8601 date-time")
        if let updatedAt, ISO8601.date(from: updatedAt.trimmingSpaces) == nil {
            reader.error("updatedAt: expected an ISO 8601 date-time such as 2026-11-24T08:00:00Z, found \"\(updatedAt)\"", at: "updatedAt")
        }
        let recipeNutrition = isCSVRow ? readCSVRecipeNutrition(&reader) : readRecipeNutrition(&reader, diagnostics: &diagnostics, nested: &nested)
        if recipeNutrition != nil, recipeID == nil {
            reader.error("recipeNutrition: only a recipe slot (recipeId) keeps its recipe's figures", at: "recipeNutrition")
        }
        let given = [recipeID.map { _ in "recipeId" }, snackID.map { _ in "snackId" }, quickAddGiven ? "quickAdd" : nil].compactMap { $0 }
        if given.count > 1 {
            reader.error("a slot holds one of recipeId, snackId or quickAdd; this one gives \(given.joined(separator: " and "))", at: given[1])
        } else if given.isEmpty {
            reader.error("a slot needs one of recipeId (a kitchen recipe), snackId (a snack preset) or quickAdd (a snack with its nutrition)", at: "recipeId")
        }
        reader.warnAboutUnknownFields(known: isCSVRow ? fields.union(csvQuickAddFields).union(csvRecipeNutritionFields) : fields)
        diagnostics += reader.diagnostics
        guard !reader.failed, let id, let day, let meal else { return nil }
        let content: MealSlot.Content
        if let recipeID { content = .recipe(id: recipeID) } else if let snackID { content = .snack(id: snackID) } else if let quickAdd { content = .quickAdd(quickAdd) } else { return nil }
        var locations = reader.fieldLocations
        locations.merge(nested) { first, _ in first }
        let slot = MealSlot(id: id.trimmingSpaces, day: day, meal: meal, content: content, servings: servings, updatedAt: updatedAt?.trimmingSpaces,
                            recipeNutrition: recipeNutrition)
        return Located(slot, source: SourceMap(record: node.location, fields: locations))
    }

    /// `recipeNutrition` (issue 26): the recipe's figures per serving when planned, `calories`,
    /// `protein`, `carbs`, `fats` as numbers ≥ 0; a figure left out is unknown.
    static func readRecipeNutrition(_ reader: inout FieldReader, diagnostics: inout [Diagnostic],
                                    nested: inout [String: SourceLocation]) -> MealNutrition? {
        guard let node = reader.node("recipeNutrition") else { return nil }
        guard case .object = node.value else {
            reader.error("recipeNutrition: expected an object with calories, protein, carbs and fats per serving, found \(node.summary)", at: "recipeNutrition")
            return nil
        }
        var figures = FieldReader(node, pathPrefix: "recipeNutrition.")
        let nutrition = readFigures(&figures, keyPrefix: "")
        figures.warnAboutUnknownFields(known: Set(NutritionFigure.allCases.map(\.rawValue)))
        if figures.failed { reader.markFailed() }
        diagnostics += figures.diagnostics
        nested.merge(figures.fieldLocations) { first, _ in first }
        return nutrition
    }

    /// In a CSV row the columns `recipeNutrition.calories` …; nil when every cell is empty.
    static func readCSVRecipeNutrition(_ reader: inout FieldReader) -> MealNutrition? {
        guard csvRecipeNutritionFields.contains(where: { reader.has($0) }) else { return nil }
        return readFigures(&reader, keyPrefix: "recipeNutrition.")
    }

    /// The four figures, each a number ≥ 0 or absent (unknown).
    static func readFigures(_ reader: inout FieldReader, keyPrefix: String) -> MealNutrition {
        var nutrition = MealNutrition.unknown
        for figure in NutritionFigure.allCases {
            let key = keyPrefix + figure.rawValue
            let what = figure == .calories ? "kcal per serving, a number ≥ 0" : "grams per serving, a number ≥ 0"
            guard let value = reader.double(key, what: what) else { continue }
            guard value >= 0, value <= 100_000 else {
                reader.error("recipeNutrition.\(figure.rawValue): expected \(what), found \(Format.number(value))", at: key)
                continue
            }
            nutrition.set(figure, to: value)
        }
        return nutrition
    }

    static func readMeal(_ reader: inout FieldReader) -> Meal? {
        guard let text = reader.string("meal", required: true, what: "one of " + Meal.allCases.map(\.rawValue).joined(separator: ", ")) else { return nil }
        if let meal = Meal(rawValue: text.trimmingSpaces) ?? Meal(loosely: text) { return meal }
        var message = "meal: unknown meal \"\(text)\"; expected one of " + Meal.allCases.map(\.rawValue).joined(separator: ", ")
        if let close = Suggestion.closest(to: text, in: Meal.allCases.map(\.rawValue)) { message += " (did you mean \"\(close)\"?)" }
        reader.error(message, at: "meal")
        return nil
    }

    /// Whole numbers ≥ 0 (MOD/DATA/004 QuickAddItem).
    static func readQuickAdd(_ reader: inout FieldReader, nameKey: String) -> QuickAddItem? {
        let name = reader.string(nameKey, required: true, what: "the snack's name")
        var figures: [Int] = []
        for (key, unit) in [("calories", "kcal"), ("protein", "g"), ("carbs", "g"), ("fats", "g")] {
            let what = "whole \(unit) ≥ 0"
            guard let value = reader.int(key, required: true, what: what) else { continue }
            guard value >= 0, value <= 100_000 else {
                reader.error("\(reader.pathPrefix)\(key): expected \(what), found \(value)", at: key)
                continue
            }
            figures.append(value)
        }
        guard let name, figures.count == 4 else { return nil }
        return QuickAddItem(name: name.trimmingSpaces, calories: figures[0], protein: figures[1], carbs: figures[2], fats: figures[3])
    }
}
