import BrewKit
import Foundation

/// Reads a kitchen recipe (MOD/DATA/002): a JSON object with `ingredients`, `steps` and
/// `nutrition` inside, or a CSV row whose ingredients and steps come from companion CSVs
/// (rows keyed by `recipeId`) and whose nutrition is in the columns `calories`, `protein`,
/// `carbs` and `fats`.
enum KitchenRecipeDecoder {
    static let fields: Set<String> = [
        "id", "title", "thumbnail", "sourceUrl", "sourcePlatform", "caption", "prepTime", "cookTime",
        "servings", "category", "ingredients", "steps", "nutrition", "isArchived", "isFavourite",
        "createdAt", "updatedAt", "cardServings", "sourceId", "servingsGiven", "servingsUpTo", "notes",
        // The nutrition of a CSV row:
        "calories", "protein", "carbs", "fats",
    ]
    /// Fields of the seed that are accepted and not kept.
    static let ignoredFields: Set<String> = ["userId", "aiMeta"]
    static let ingredientFields: Set<String> = ["id", "name", "amount", "notes", "isHeading"]
    static let stepFields: Set<String> = ["id", "order", "text", "isHeading"]
    static let nutritionFields: Set<String> = ["calories", "protein", "carbs", "fats"]

    /// A recipe as read; from a CSV row its ingredients and steps come later.
    struct Draft: Sendable {
        var recipe: KitchenRecipe
        var source: SourceMap
        var hasInlineIngredients: Bool
        var hasInlineSteps: Bool
    }

    /// A step as read, with where it stands.
    struct StepDraft: Sendable {
        var step: KitchenStep
        var location: SourceLocation
        var orderLocation: SourceLocation
        var fields: [String: SourceLocation]
    }

    /// An ingredient as read, with where it stands.
    struct IngredientDraft: Sendable {
        var ingredient: KitchenIngredient
        var location: SourceLocation
        var fields: [String: SourceLocation]
    }

    /// - Parameter amounts: the amounts read so far, for this recipe's ingredients to read theirs through.
    static func decode(_ node: RawNode, isCSVRow: Bool, diagnostics: inout [Diagnostic], amounts: inout KitchenAmountMemo) -> Draft? {
        guard case .object = node.value else {
            diagnostics.append(.error("expected a kitchen recipe object, found \(node.summary)", at: node.location))
            return nil
        }
        var reader = FieldReader(node)
        let id = reader.string("id", required: true, what: "the recipe's id, used in its page's file name")
        let title = reader.string("title", required: true, what: "the recipe's title")
        let thumbnail = reader.string("thumbnail")
        let sourceUrl = reader.string("sourceUrl")
        let sourceId = reader.string("sourceId")
        let platform = reader.enumeration(KitchenSourcePlatform.self, "sourcePlatform")
        // An empty CSV cell is no caption ("not given"); JSON keeps an empty caption as written.
        let caption = reader.string("caption", maximumCharacters: KitchenRecipe.maximumTextCharacters)
        let notes = reader.string("notes", maximumCharacters: KitchenRecipe.maximumTextCharacters)
        let prepTime = reader.string("prepTime")
        let cookTime = reader.string("cookTime")
        let servings = reader.int("servings", required: true, what: "a whole number of servings, 1 or more")
        let servingsGiven = reader.bool("servingsGiven") ?? true
        let servingsUpTo = reader.has("servingsUpTo") ? reader.int("servingsUpTo", what: "the whole number of servings a range ends at") : nil
        let category = reader.enumeration(KitchenCategory.self, "category", required: true)
        let isArchived = reader.bool("isArchived") ?? false
        let isFavourite = reader.bool("isFavourite") ?? false
        // An empty CSV cell is no date.
        let createdAt = reader.has("createdAt") ? reader.date("createdAt") : nil
        let updatedAt = reader.has("updatedAt") ? reader.date("updatedAt") : nil
        let cardServings = reader.doubles("cardServings")

        var locations: [String: SourceLocation] = [:]
        // An entry for each ingredient and step and for each of their fields: made at its size once
        // instead of grown a dozen times while a recipe of ten lines is read.
        let lineCount = [reader.node("ingredients"), reader.node("steps")].reduce(0) { count, node in
            if case .array(let elements)? = node?.value { count + elements.count } else { count }
        }
        locations.reserveCapacity(16 + 5 * lineCount)
        var ingredients: [KitchenIngredient] = []
        let inlineIngredients = reader.node("ingredients")
        if let inlineIngredients {
            if case .array(let elements) = inlineIngredients.value {
                for (position, element) in elements.enumerated() {
                    let prefix = "ingredients[\(position)]."
                    guard let draft = decodeIngredient(element, pathPrefix: prefix, position: position, diagnostics: &diagnostics, amounts: &amounts) else {
                        reader.markFailed()
                        continue
                    }
                    ingredients.append(draft.ingredient)
                    locations["ingredients[\(position)]"] = draft.location.naming("ingredients[\(position)]")
                    for (path, location) in draft.fields { locations[path] = location }
                }
            } else {
                reader.error("ingredients: expected an array of ingredient objects, found \(inlineIngredients.summary)", at: "ingredients")
            }
        }
        var steps: [KitchenStep] = []
        let inlineSteps = reader.node("steps")
        if let inlineSteps {
            if case .array(let elements) = inlineSteps.value {
                var drafts: [StepDraft] = []
                for (position, element) in elements.enumerated() {
                    guard let draft = decodeStep(element, pathPrefix: "steps[\(position)].", position: position, diagnostics: &diagnostics) else {
                        reader.markFailed()
                        continue
                    }
                    drafts.append(draft)
                }
                var stepLocations: [String: SourceLocation] = [:]
                var orderDiagnostics: [Diagnostic] = []
                (steps, stepLocations) = assembleSteps(drafts, diagnostics: &orderDiagnostics)
                if !orderDiagnostics.isEmpty { reader.markFailed(); diagnostics += orderDiagnostics }
                for (path, location) in stepLocations { locations[path] = location }
            } else {
                reader.error("steps: expected an array of step objects, found \(inlineSteps.summary)", at: "steps")
            }
        }
        var nutrition: KitchenNutrition?
        if let nutritionNode = reader.node("nutrition") {
            if case .object = nutritionNode.value {
                var nutritionReader = FieldReader(nutritionNode, pathPrefix: "nutrition.")
                nutrition = readNutrition(&nutritionReader)
                nutritionReader.warnAboutUnknownFields(known: nutritionFields)
                diagnostics += nutritionReader.diagnostics
                if nutritionReader.failed { reader.markFailed() }
                locations.merge(nutritionReader.fieldLocations) { _, new in new }
            } else {
                reader.error("nutrition: expected an object with calories, protein, carbs and fats, found \(nutritionNode.summary)", at: "nutrition")
            }
        } else if isCSVRow, nutritionFields.contains(where: reader.has) {
            nutrition = readNutrition(&reader)
        }
        var servingsList: [Int] = []
        for value in cardServings {
            if value >= 1, value == value.rounded(), value <= 10_000 {
                servingsList.append(Int(value))
            } else {
                reader.error("cardServings: expected whole numbers of servings from 1 to 10000, found \(Format.number(value))", at: "cardServings")
            }
        }
        if let servingsUpTo, let servings, servingsUpTo <= servings || servingsUpTo > 10_000 {
            reader.error("servingsUpTo: expected the upper end of a range of servings, more than servings (\(servings)) and at most 10000, found \(servingsUpTo)", at: "servingsUpTo")
        }
        if servingsUpTo != nil, !servingsGiven {
            reader.error("servingsUpTo: a range of servings was given, but servingsGiven is false", at: "servingsUpTo")
        }
        reader.warnAboutUnknownFields(known: fields, ignoring: ignoredFields)
        diagnostics += reader.diagnostics
        guard let id, let title, let servings, let category, !reader.failed else { return nil }
        var recipe = KitchenRecipe(
            id: id, title: title, thumbnail: thumbnail?.trimmingSpaces.nilIfEmpty, sourceUrl: sourceUrl?.trimmingSpaces.nilIfEmpty,
            sourcePlatform: platform, caption: isCSVRow ? caption?.nilIfEmpty : caption, prepTime: prepTime?.trimmingSpaces.nilIfEmpty,
            cookTime: cookTime?.trimmingSpaces.nilIfEmpty, servings: servings, category: category,
            ingredients: ingredients, steps: steps, nutrition: nutrition, isArchived: isArchived, isFavourite: isFavourite,
            createdAt: createdAt, updatedAt: updatedAt, cardServings: servingsList,
            sourceId: sourceId?.trimmingSpaces.nilIfEmpty)
        recipe.servingsGiven = servingsGiven
        recipe.notes = isCSVRow ? notes?.nilIfEmpty : notes
        recipe.servingsUpTo = servingsUpTo
        locations.merge(reader.fieldLocations) { old, _ in old }
        return Draft(recipe: recipe, source: SourceMap(record: node.location, fields: locations),
                     hasInlineIngredients: inlineIngredients != nil, hasInlineSteps: inlineSteps != nil)
    }

    /// The four values; a missing one is 0 with a warning, a negative or fractional one an error.
    /// A figure left out (absent, null, an empty CSV cell) is unknown, not 0 (issue 26).
    static func readNutrition(_ reader: inout FieldReader) -> KitchenNutrition {
        var unknown: Set<NutritionFigure> = []
        func value(_ key: String) -> Int {
            if !reader.has(key) {
                if let figure = NutritionFigure(rawValue: key) { unknown.insert(figure) }
                return 0
            }
            guard let number = reader.int(key, what: "a whole number ≥ 0") else { return 0 }
            if number < 0 { reader.error("\(reader.pathPrefix)\(key) must be 0 or more, found \(number)", at: key) }
            return max(0, number)
        }
        let figures = (calories: value("calories"), protein: value("protein"), carbs: value("carbs"), fats: value("fats"))
        return KitchenNutrition(calories: figures.calories, protein: figures.protein, carbs: figures.carbs, fats: figures.fats, unknown: unknown)
    }

    static func decodeIngredient(_ node: RawNode, pathPrefix: String, position: Int, ignoring: Set<String> = [], diagnostics: inout [Diagnostic],
                                 amounts: inout KitchenAmountMemo) -> IngredientDraft? {
        guard case .object = node.value else {
            diagnostics.append(.error("\(pathPrefix.dropLast()): expected an ingredient object with name and amount, found \(node.summary)", at: node.location))
            return nil
        }
        var reader = FieldReader(node, pathPrefix: pathPrefix)
        let id = reader.string("id") ?? "ingredient-\(position + 1)"
        let name = reader.string("name", required: true, what: "the ingredient's name")
        let amount = reader.string("amount") ?? ""
        let notes = reader.string("notes", maximumCharacters: KitchenRecipe.maximumTextCharacters)
        let isHeading = reader.bool("isHeading") ?? false
        if isHeading, !amount.trimmingSpaces.isEmpty {
            reader.error("\(pathPrefix)amount: a group name (isHeading) has no amount, found \"\(amount.prefix(40))\"", at: "amount")
        }
        reader.warnAboutUnknownFields(known: ingredientFields, ignoring: ignoring)
        diagnostics += reader.diagnostics
        guard let name, !reader.failed else { return nil }
        var ingredient = KitchenIngredient(id: id, name: name, amount: amount, notes: notes?.nilIfEmpty, amounts: &amounts)
        ingredient.isHeading = isHeading
        return IngredientDraft(ingredient: ingredient, location: node.location, fields: reader.fieldLocations)
    }

    static func decodeStep(_ node: RawNode, pathPrefix: String, position: Int, ignoring: Set<String> = [], diagnostics: inout [Diagnostic]) -> StepDraft? {
        guard case .object = node.value else {
            diagnostics.append(.error("\(pathPrefix.dropLast()): expected a step object with order and text, found \(node.summary)", at: node.location))
            return nil
        }
        var reader = FieldReader(node, pathPrefix: pathPrefix)
        let id = reader.string("id") ?? "step-\(position + 1)"
        let order = reader.int("order", required: true, what: "the step's number, counting from 1")
        let text = reader.string("text", required: true, what: "the step's instruction", maximumCharacters: KitchenRecipe.maximumTextCharacters)
        let isHeading = reader.bool("isHeading") ?? false
        reader.warnAboutUnknownFields(known: stepFields, ignoring: ignoring)
        diagnostics += reader.diagnostics
        guard let order, let text, !reader.failed else { return nil }
        let fields = reader.fieldLocations
        return StepDraft(step: KitchenStep(id: id, order: order, text: text, isHeading: isHeading), location: node.location,
                         orderLocation: fields[pathPrefix + "order"] ?? node.location, fields: fields)
    }

    /// Sorts steps by `order` and checks that the orders are 1, 2, 3 … with no gaps or repeats.
    static func assembleSteps(_ drafts: [StepDraft], diagnostics: inout [Diagnostic]) -> ([KitchenStep], [String: SourceLocation]) {
        let ordered = drafts.enumerated().sorted { a, b in
            a.element.step.order != b.element.step.order ? a.element.step.order < b.element.step.order : a.offset < b.offset
        }.map(\.element)
        var seen: [Int: SourceLocation] = [:]
        var expected = 1
        for draft in ordered {
            if let first = seen[draft.step.order] {
                diagnostics.append(.error("step order \(draft.step.order) is already used by the step at \(first)", at: draft.orderLocation))
                continue
            }
            if draft.step.order != expected {
                diagnostics.append(.error("steps must be numbered 1, 2, 3 … with no gaps; found order \(draft.step.order) where \(expected) was expected", at: draft.orderLocation))
            }
            seen[draft.step.order] = draft.location
            expected = draft.step.order + 1
        }
        var locations: [String: SourceLocation] = [:]
        locations.reserveCapacity(ordered.reduce(0) { $0 + 1 + $1.fields.count })
        for (index, draft) in ordered.enumerated() {
            locations["steps[\(index)]"] = draft.location.naming("steps[\(index)]")
            for (path, location) in draft.fields {
                if let dot = path.lastIndex(of: ".") { locations["steps[\(index)]" + path[dot...]] = location }
            }
        }
        return (ordered.map(\.step), locations)
    }
}

extension String {
    /// nil for "", else the string (public for BrewClip, which reads the same optional fields).
    public var nilIfEmpty: String? { isEmpty ? nil : self }
}
