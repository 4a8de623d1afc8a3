import BrewKit

/// What one file of `kitchen/recipes/` holds, before the CSV rows are joined to their recipes.
public struct KitchenFileContent: Sendable {
    var recipes: [KitchenRecipeDecoder.Draft] = []
    var ingredientRows: [(recipeID: String, draft: KitchenRecipeDecoder.IngredientDraft)] = []
    var stepRows: [(recipeID: String, draft: KitchenRecipeDecoder.StepDraft)] = []

    public init() {}

    /// The file's recipes as read (a JSON file's; a CSV's before their rows are joined), each with where it stands.
    public var locatedRecipes: [Located<KitchenRecipe>] { recipes.map { Located($0.recipe, source: $0.source) } }
}

/// Sorts the records of a `kitchen/recipes/` file. JSON: one recipe object or an array of them.
/// CSV: an ingredients file has `recipeId` and `amount` columns, a steps file `recipeId` and
/// `order`, and a recipes file a `title` column.
enum KitchenFileParser {
    static let recipeIDColumn = "recipeId"

    static func parse(_ nodes: [RawNode], csvHeader: [String]?, into file: inout ParsedFile) {
        guard let header = csvHeader else {
            let (drafts, diagnostics) = decodeRecipes(nodes)
            file.kitchen.recipes += drafts
            file.diagnostics += diagnostics
            return
        }
        var amounts = KitchenAmountMemo()
        // A row without an id is named by its place among its own recipe's rows (`ingredient-2`,
        // `step-3`), never by its row in the file: a recipe that leaves the file (a merge writes
        // it elsewhere) does not rename the next recipe's rows, which a merge would then take for an edit.
        var rowsOfRecipe: [String: Int] = [:]
        func position(in recipeID: String?) -> Int {
            defer { rowsOfRecipe[recipeID ?? "", default: 0] += 1 }
            return rowsOfRecipe[recipeID ?? "", default: 0]
        }
        if header.contains(recipeIDColumn) && header.contains("amount") {
            for node in nodes {
                var reader = FieldReader(node)
                let recipeID = reader.string(recipeIDColumn, required: true, what: "the id of the recipe this ingredient belongs to")
                let position = position(in: recipeID)
                file.diagnostics += reader.diagnostics
                if let draft = KitchenRecipeDecoder.decodeIngredient(node, pathPrefix: "", position: position, ignoring: [recipeIDColumn], diagnostics: &file.diagnostics,
                                                                     amounts: &amounts),
                   let recipeID {
                    file.kitchen.ingredientRows.append((recipeID, draft))
                }
            }
        } else if header.contains(recipeIDColumn) && header.contains("order") {
            for node in nodes {
                var reader = FieldReader(node)
                let recipeID = reader.string(recipeIDColumn, required: true, what: "the id of the recipe this step belongs to")
                let position = position(in: recipeID)
                file.diagnostics += reader.diagnostics
                if let draft = KitchenRecipeDecoder.decodeStep(node, pathPrefix: "", position: position, ignoring: [recipeIDColumn], diagnostics: &file.diagnostics),
                   let recipeID {
                    file.kitchen.stepRows.append((recipeID, draft))
                }
            }
        } else if header.contains("title") {
            for node in nodes {
                if let draft = KitchenRecipeDecoder.decode(node, isCSVRow: true, diagnostics: &file.diagnostics, amounts: &amounts) { file.kitchen.recipes.append(draft) }
            }
        } else {
            file.diagnostics.append(.error(
                "cannot tell what this CSV holds: a kitchen recipes CSV has a title column, an ingredients CSV recipeId and amount columns, a steps CSV recipeId and order columns",
                at: .file(file.path)))
        }
    }

    /// The most recipe objects one thread decodes in a row: a kitchen is one file, so a file of
    /// a thousand recipes is decoded in runs of this many on all cores instead of on one.
    static let recipesPerRun = 64

    /// The recipes of a JSON file, decoded in runs on all cores when there are many, with the
    /// diagnostics of each in the order one pass over `nodes` gives (`decodeRecipesInOrder`).
    static func decodeRecipes(_ nodes: [RawNode]) -> (drafts: [KitchenRecipeDecoder.Draft], diagnostics: [Diagnostic]) {
        guard nodes.count > recipesPerRun else { return decodeRecipesInOrder(nodes[...]) }
        let runs = stride(from: 0, to: nodes.count, by: recipesPerRun).map { $0..<min($0 + recipesPerRun, nodes.count) }
        let decoded = concurrentMap(runs) { decodeRecipesInOrder(nodes[$0]) }
        return (decoded.flatMap(\.drafts), decoded.flatMap(\.diagnostics))
    }

    /// The recipes of `nodes`, one after the other on this thread.
    static func decodeRecipesInOrder(_ nodes: ArraySlice<RawNode>) -> (drafts: [KitchenRecipeDecoder.Draft], diagnostics: [Diagnostic]) {
        var drafts: [KitchenRecipeDecoder.Draft] = []
        var diagnostics: [Diagnostic] = []
        var amounts = KitchenAmountMemo()
        for node in nodes {
            if let draft = KitchenRecipeDecoder.decode(node, isCSVRow: false, diagnostics: &diagnostics, amounts: &amounts) { drafts.append(draft) }
        }
        return (drafts, diagnostics)
    }

    /// Joins ingredient and step rows to their recipes (by `recipeId`, in file order) and
    /// reports rows whose recipe is missing or already lists them inline.
    static func assemble(_ files: [ParsedFile], diagnostics: inout [Diagnostic]) -> [Located<KitchenRecipe>] {
        var ingredientsByRecipe: [String: [KitchenRecipeDecoder.IngredientDraft]] = [:]
        var stepsByRecipe: [String: [KitchenRecipeDecoder.StepDraft]] = [:]
        for file in files {
            for row in file.kitchen.ingredientRows { ingredientsByRecipe[row.recipeID, default: []].append(row.draft) }
            for row in file.kitchen.stepRows { stepsByRecipe[row.recipeID, default: []].append(row.draft) }
        }
        var recipes: [Located<KitchenRecipe>] = []
        var attached: Set<String> = []
        for file in files {
            for draft in file.kitchen.recipes {
                var located = Located(draft.recipe, source: draft.source)
                let id = draft.recipe.id
                if let rows = ingredientsByRecipe[id], !attached.contains(id) {
                    if draft.hasInlineIngredients {
                        for row in rows { diagnostics.append(.error("kitchen recipe \"\(id)\" already lists its ingredients in \(draft.source.record.file); an ingredient cannot come from an ingredients CSV too", at: row.location)) }
                    } else {
                        located.value.ingredients = rows.map(\.ingredient)
                        for (index, row) in rows.enumerated() {
                            located.source.fields["ingredients[\(index)]"] = row.location.naming("ingredients[\(index)]")
                            for (field, location) in row.fields { located.source.fields["ingredients[\(index)].\(field)"] = location }
                        }
                    }
                }
                if let rows = stepsByRecipe[id], !attached.contains(id) {
                    if draft.hasInlineSteps {
                        for row in rows { diagnostics.append(.error("kitchen recipe \"\(id)\" already lists its steps in \(draft.source.record.file); a step cannot come from a steps CSV too", at: row.location)) }
                    } else {
                        let (steps, locations) = KitchenRecipeDecoder.assembleSteps(rows, diagnostics: &diagnostics)
                        located.value.steps = steps
                        located.source.fields.merge(locations) { _, new in new }
                    }
                }
                attached.insert(id)
                recipes.append(located)
            }
        }
        let known = recipes.map(\.value.id)
        func orphan(_ recipeID: String, _ what: String, _ locations: [SourceLocation]) {
            var message = "this \(what) names kitchen recipe \"\(recipeID)\", which is not in the data"
            if let near = Suggestion.closest(to: recipeID, in: known) { message += " (did you mean \"\(near)\"?)" }
            for location in locations { diagnostics.append(.error(message, at: location)) }
        }
        for (recipeID, rows) in ingredientsByRecipe where !attached.contains(recipeID) { orphan(recipeID, "ingredient", rows.map { $0.fields[recipeIDColumn] ?? $0.location }) }
        for (recipeID, rows) in stepsByRecipe where !attached.contains(recipeID) { orphan(recipeID, "step", rows.map { $0.fields[recipeIDColumn] ?? $0.location }) }
        return recipes
    }
}
