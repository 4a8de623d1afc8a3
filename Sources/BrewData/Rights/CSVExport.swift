import BrewKit
import Foundation

/// The export as CSV files a spreadsheet opens: one per kind, and a README of the columns.
public enum CSVExport {
    static let recipeColumns = [
        "id", "isStarter", "origin", "method", "name", "defaultDose", "defaultTargetYield", "defaultWaterTemperature",
        "defaultGrindLabel", "grindTactileDescriptor", "createdAt", "modifiedAt", "bloomRatio", "pourSplit", "cardDosesGrams",
    ]
    static let stepColumns = [
        "recipeId", "stepId", "orderIndex", "kind", "instructionText", "durationSeconds", "targetElapsedSeconds",
        "targetElapsedMaxSeconds", "waterAmountGrams", "isFixedWater",
    ]
    static let logColumns = [
        "id", "timestamp", "method", "recipeId", "recipeNameAtBrew", "doseGrams", "targetYieldGrams",
        "waterTemperatureCelsius", "grindLabel", "rating", "tasteTag", "note",
        "bean", "roaster", "mill", "grinderSetting", "brewTimeSeconds", "bloomSeconds", "tds", "extractionYieldPercent",
        "source", "sourceId", "fromRecipe",
    ]

    public static func files(for snapshot: DataSnapshot) throws -> [(name: String, bytes: [UInt8])] {
        func table(_ columns: [String], _ records: [JSONValue]) throws -> [UInt8] {
            try CSVTableWriter.bytes(header: columns, rows: records.map { record in columns.map { SpreadsheetCell.neutralized(RecordEncoder.cell(record[$0])) } })
        }
        var files: [(String, [UInt8])] = []
        files.append(("recipes.csv", try table(recipeColumns, snapshot.recipes.map(RecordEncoder.json))))
        let steps = snapshot.recipes.flatMap { recipe in recipe.steps.map { RecordEncoder.json($0).setting("recipeId", to: .string(recipe.id)) } }
        files.append(("recipe-steps.csv", try table(stepColumns, steps)))
        files.append(("logs.csv", try table(logColumns, snapshot.logs.map(RecordEncoder.json))))
        let sessions = snapshot.sessions
        var sessionColumns = ["id"]
        var entryColumns = ["sessionId"]
        var entries: [JSONValue] = []
        for session in sessions {
            for member in session.value.members ?? [] where member.key != "entries" && !sessionColumns.contains(member.key) { sessionColumns.append(member.key) }
            if case .array(let list)? = session.value["entries"] {
                for entry in list {
                    let row = entry.setting("sessionId", to: .string(session.id))
                    entries.append(row)
                    for member in row.members ?? [] where !entryColumns.contains(member.key) { entryColumns.append(member.key) }
                }
            }
        }
        files.append(("sessions.csv", try table(sessionColumns, sessions.map(\.value))))
        files.append(("session-entries.csv", try table(entryColumns, entries)))
        let presets = snapshot.drinkPresets
        var presetColumns = ["id"]
        for preset in presets { for member in preset.value.members ?? [] where !presetColumns.contains(member.key) { presetColumns.append(member.key) } }
        files.append(("drink-presets.csv", try table(presetColumns, presets.map(\.value))))
        let preferences = (snapshot.preferences?.members ?? []).map { JSONValue.object([JSONMember("key", .string($0.key)), JSONMember("value", $0.value)]) }
        files.append(("preferences.csv", try table(["key", "value"], preferences)))
        let samples = snapshot.flows.flatMap { flow in
            flow.samples.map { JSONValue.object([JSONMember("logId", .string(flow.logId)), JSONMember("seconds", .number($0.seconds)), JSONMember("grams", .number($0.grams))]) }
        }
        if !samples.isEmpty { files.append(("flows.csv", try table(["logId", "seconds", "grams"], samples))) }
        files.append(("erasures.csv", try table(["kind", "id", "erasedAt"], snapshot.erasures.map(\.json))))
        // The kitchen planner's records (issue 15), one table per kind that has any; a slot's
        // quick-add item in the CSV columns quickAddName, calories, protein, carbs, fats.
        for (kind, name) in plannerTables {
            let records = snapshot.kitchenFiles.filter { KitchenPlannerFiles.kind(ofPath: $0.relativePath) == kind }
                .flatMap(KitchenPlannerFiles.plannerRecords)
            guard !records.isEmpty else { continue }
            var columns = ["id"]
            for record in records { for column in record.columns where !columns.contains(column) { columns.append(column) } }
            let rows = records.map { record in columns.map { SpreadsheetCell.neutralized(record.cell($0)) } }
            files.append((name, try CSVTableWriter.bytes(header: columns, rows: rows)))
        }
        // The thumbnail files the kitchen recipes name, at their paths, to open as they are.
        for image in snapshot.kitchenImages { files.append((image.path, image.bytes)) }
        files.append(("README.md", Array(readme(sessionColumns: sessionColumns, entryColumns: entryColumns, presetColumns: presetColumns).utf8)))
        return files
    }

    /// The planner's kinds and the CSV file each is exported to.
    static let plannerTables: [(RecordKind, String)] = [
        (.mealPlanSlots, "meal-plan-slots.csv"), (.snackPresets, "snack-presets.csv"),
        (.shoppingItems, "shopping-items.csv"), (.kitchenInbox, "kitchen-inbox.csv"),
    ]

    static func readme(sessionColumns: [String], entryColumns: [String], presetColumns: [String]) -> String {
        """
        # brewguide export (CSV)

        One file per kind, UTF-8, comma-separated, a header row, RFC 4180 quoting.
        Dates are ISO 8601 in UTC (`2026-08-03T09:15:00Z`); numbers use a dot; lists of
        numbers are joined with `;`; an empty cell means "not given".

        - `recipes.csv`: \(recipeColumns.joined(separator: ", ")). Grams for dose and yield, °C for the temperature.
        - `recipe-steps.csv`: \(stepColumns.joined(separator: ", ")). `recipeId` names the recipe; water is cumulative grams on the scale; times are seconds.
        - `logs.csv`: \(logColumns.joined(separator: ", ")). Rating 1–5 (empty for an imported brew not rated there); `recipeNameAtBrew` is the name when brewed; `fromRecipe` lists, `;`-joined, the fields an import took from the recipe.
        - `sessions.csv`: \(sessionColumns.joined(separator: ", ")). Values as the session files hold them (nested values as JSON).
        - `session-entries.csv`: \(entryColumns.joined(separator: ", ")). `sessionId` names the session.
        - `drink-presets.csv`: \(presetColumns.joined(separator: ", ")). Quick-drink presets; an entry's `presetId` names one.
        - `preferences.csv`: key, value: one row per preference (lists as `;`-joined numbers or JSON).
        - `flows.csv` (when a brew has a recorded pour): logId, seconds, grams: the scale's readings on the brew clock, one row per sample.
        - `erasures.csv`: kind, id, erasedAt: records erased earlier; nothing else about them is kept.
        - `meal-plan-slots.csv`, `snack-presets.csv`, `shopping-items.csv`, `kitchen-inbox.csv` (each when there are any): the kitchen planner's records with the columns of its files (docs/KITCHEN.md); a slot's quick-add item is in quickAddName, calories, protein, carbs, fats. The goals are the `kitchen` row of `preferences.csv`.

        A cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return (and is not a plain
        number) starts with `'` here, so that a spreadsheet shows it as text instead of running it
        as a formula (OWASP's advice on CSV injection); the data itself has no `'`.

        - `kitchen/images/…` (when the kitchen recipes name thumbnail files): each file a recipe's `thumbnail` names, at that path.

        The JSON archive (`brewguide export --output FILE`) holds the same data and can be imported back.

        """
    }

    /// Writes the files into a new folder (or an empty one), through a staging folder.
    public static func write(_ snapshot: DataSnapshot, to folder: String) throws(RightsError) {
        let manager = FileManager.default
        if let entries = try? manager.contentsOfDirectory(atPath: folder), !entries.isEmpty {
            throw RightsError("\(folder) is not empty; choose a new folder for the CSV export")
        }
        do {
            for (name, bytes) in try files(for: snapshot) {
                try AtomicFile.write(bytes, to: (folder as NSString).appendingPathComponent(name))
            }
        } catch let error as AtomicFile.Failure {
            throw RightsError(error.description)
        } catch {
            throw RightsError("cannot write the CSV export: \(error)")
        }
    }
}
