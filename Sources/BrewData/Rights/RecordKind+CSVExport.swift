import BrewKit

/// What the CSV export (`CSVExport`) writes for each kind of record: every case of `RecordKind`
/// answers here (no `default:`), so a new kind cannot be left out of the export in silence.
extension RecordKind {
    /// The tables of this kind in `snapshot`: none when the kind's records are written in another
    /// kind's table or the kind has none to write (a table "when there are any").
    public func csvTables(in snapshot: DataSnapshot) -> [CSVExportTable] {
        switch self {
        case .recipes:
            return [CSVExportTable(name: "recipes.csv", columns: CSVExport.recipeColumns, records: snapshot.recipes.map(RecordEncoder.json),
                                   readme: "`recipes.csv`: \(CSVExport.recipeColumns.joined(separator: ", ")). Grams for dose and yield, °C for the temperature.")]
        case .recipeSteps:
            let steps = snapshot.recipes.flatMap { recipe in recipe.steps.map { RecordEncoder.json($0).setting("recipeId", to: .string(recipe.id)) } }
            return [CSVExportTable(name: "recipe-steps.csv", columns: CSVExport.stepColumns, records: steps,
                                   readme: "`recipe-steps.csv`: \(CSVExport.stepColumns.joined(separator: ", ")). `recipeId` names the recipe; water is cumulative grams on the scale; times are seconds.")]
        case .logs:
            return [CSVExportTable(name: "logs.csv", columns: CSVExport.logColumns, records: snapshot.logs.map(RecordEncoder.json),
                                   readme: "`logs.csv`: \(CSVExport.logColumns.joined(separator: ", ")). Rating 1–5 (empty for an imported brew not rated there); `recipeNameAtBrew` is the name when brewed; `fromRecipe` lists, `;`-joined, the fields an import took from the recipe.")]
        case .sessions:
            return [.discoveringColumns(name: "sessions.csv", leading: ["id"], records: snapshot.sessions.map(\.value), skipping: ["entries"]) {
                "`sessions.csv`: \($0.joined(separator: ", ")). Values as the session files hold them (nested values as JSON)."
            }]
        case .sessionEntries:
            let entries = snapshot.sessions.flatMap { session -> [JSONValue] in
                guard case .array(let list)? = session.value["entries"] else { return [] }
                return list.map { $0.setting("sessionId", to: .string(session.id)) }
            }
            return [.discoveringColumns(name: "session-entries.csv", leading: ["sessionId"], records: entries) {
                "`session-entries.csv`: \($0.joined(separator: ", ")). `sessionId` names the session."
            }]
        case .drinkPresets:
            return [.discoveringColumns(name: "drink-presets.csv", leading: ["id"], records: snapshot.drinkPresets.map(\.value)) {
                "`drink-presets.csv`: \($0.joined(separator: ", ")). Quick-drink presets; an entry's `presetId` names one."
            }]
        case .preferences:
            let preferences = (snapshot.preferences?.members ?? []).map { JSONValue.object([JSONMember("key", .string($0.key)), JSONMember("value", $0.value)]) }
            return [CSVExportTable(name: "preferences.csv", columns: ["key", "value"], records: preferences,
                                   readme: "`preferences.csv`: key, value: one row per preference (lists as `;`-joined numbers or JSON).")]
        case .erasures:
            return [CSVExportTable(name: "erasures.csv", columns: ["kind", "id", "erasedAt"], records: snapshot.erasures.map(\.json),
                                   readme: "`erasures.csv`: kind, id, erasedAt: records erased earlier; nothing else about them is kept.")]
        case .flows:
            let samples = snapshot.flows.flatMap { flow in
                flow.samples.map { JSONValue.object([JSONMember("logId", .string(flow.logId)), JSONMember("seconds", .number($0.seconds)), JSONMember("grams", .number($0.grams))]) }
            }
            guard !samples.isEmpty else { return [] }
            return [CSVExportTable(name: "flows.csv", columns: ["logId", "seconds", "grams"], records: samples,
                                   readme: "`flows.csv` (when a brew has a recorded pour): logId, seconds, grams: the scale's readings on the brew clock, one row per sample.")]
        case .kitchenRecipes:
            // The columns of a kitchen recipes CSV in the data directory (docs/KITCHEN.md), so the
            // three files read back as the same recipes; nutrition in its four columns.
            guard !snapshot.kitchenRecipes.isEmpty else { return [] }
            let records = snapshot.kitchenRecipes.map { recipe in
                var value = KitchenRecordEncoder.json(recipe).removing("ingredients").removing("steps").removing("nutrition")
                for member in KitchenRecordEncoder.json(recipe)["nutrition"]?.members ?? [] { value = value.setting(member.key, to: member.value) }
                return value
            }
            let stepColumns = CSVExport.kitchenStepColumns(for: snapshot.kitchenRecipes)
            let recipeColumns = CSVExport.kitchenRecipeColumns(for: snapshot.kitchenRecipes)
            return [CSVExportTable(name: "kitchen-recipes.csv", columns: recipeColumns, records: records,
                                   readme: "`kitchen-recipes.csv`, `kitchen-ingredients.csv`, `kitchen-steps.csv` (when there are kitchen recipes): \(recipeColumns.joined(separator: ", ")); then \(CSVExport.kitchenIngredientColumns(for: snapshot.kitchenRecipes).joined(separator: ", ")); then \(stepColumns.joined(separator: ", "))\(stepColumns.contains("isHeading") ? " (`isHeading` is true for a section heading such as \"Make the marinade\", empty for a step)" : ""). The kitchen recipes CSV files of the data directory (docs/KITCHEN.md), joined by `recipeId`: put the three in `kitchen/recipes/` and `check` reads the same recipes. Nutrition is per recipe (kcal, grams); `cardServings` is `;`-joined.")]
        case .kitchenIngredients:
            let rows = snapshot.kitchenRecipes.flatMap { recipe in
                CSVExport.elements(of: KitchenRecordEncoder.json(recipe)["ingredients"]).map { $0.setting("recipeId", to: .string(recipe.id)) }
            }
            guard !snapshot.kitchenRecipes.isEmpty else { return [] }
            return [CSVExportTable(name: "kitchen-ingredients.csv", columns: CSVExport.kitchenIngredientColumns(for: snapshot.kitchenRecipes), records: rows, readme: nil)]
        case .kitchenSteps:
            let rows = snapshot.kitchenRecipes.flatMap { recipe in
                CSVExport.elements(of: KitchenRecordEncoder.json(recipe)["steps"]).map { $0.setting("recipeId", to: .string(recipe.id)) }
            }
            guard !snapshot.kitchenRecipes.isEmpty else { return [] }
            return [CSVExportTable(name: "kitchen-steps.csv", columns: CSVExport.kitchenStepColumns(for: snapshot.kitchenRecipes), records: rows, readme: nil)]
        // The kitchen planner's records (issue 15), one table per kind that has any; a slot's
        // quick-add item in the CSV columns quickAddName, calories, protein, carbs, fats.
        case .mealPlanSlots, .snackPresets, .shoppingItems, .kitchenInbox:
            let records = snapshot.kitchenFiles.filter { KitchenPlannerFiles.kind(ofPath: $0.relativePath) == self }
                .flatMap(KitchenPlannerFiles.plannerRecords)
            guard !records.isEmpty else { return [] }
            var columns = ["id"]
            for record in records { for column in record.columns where !columns.contains(column) { columns.append(column) } }
            // meal-plan-slots.csv, snack-presets.csv, shopping-items.csv, kitchen-inbox.csv.
            let name = rawValue.reduce(into: "") { name, character in
                name += character.isUppercase ? "-" + character.lowercased() : String(character)
            } + ".csv"
            return [CSVExportTable(name: name, columns: columns, rows: records.map { record in columns.map { record.cell($0) } }, readme: nil)]
        }
    }

    /// The README lines that tell of a kind's tables whatever the data holds (the planner's four
    /// tables, written only when there are records, share this line).
    var csvReadmeLineAlways: String? {
        switch self {
        case .mealPlanSlots:
            "`meal-plan-slots.csv`, `snack-presets.csv`, `shopping-items.csv`, `kitchen-inbox.csv` (each when there are any): the kitchen planner's records with the columns of its files (docs/KITCHEN.md); a slot's quick-add item is in quickAddName, calories, protein, carbs, fats. The goals are the `kitchen` row of `preferences.csv`."
        case .flows:
            "`flows.csv` (when a brew has a recorded pour): logId, seconds, grams: the scale's readings on the brew clock, one row per sample."
        case .recipes, .recipeSteps, .logs, .sessions, .sessionEntries, .drinkPresets, .preferences, .erasures,
             .kitchenRecipes, .kitchenIngredients, .kitchenSteps, .snackPresets, .shoppingItems, .kitchenInbox: nil
        }
    }
}
