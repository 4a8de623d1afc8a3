import BrewKit
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
    /// A log's fields as its kind declares them (`LogsKind.fields`).
    static let logColumns = LogsKind.fields

    /// The kitchen recipe columns of a kitchen recipes CSV (docs/KITCHEN.md).
    static let kitchenRecipeColumns = [
        "id", "title", "thumbnail", "sourceUrl", "sourcePlatform", "caption", "prepTime", "cookTime", "servings", "category",
        "calories", "protein", "carbs", "fats", "isArchived", "isFavourite", "createdAt", "updatedAt", "cardServings",
    ]
    static let kitchenIngredientColumns = ["recipeId", "id", "name", "amount", "notes"]
    static let kitchenStepColumns = ["recipeId", "id", "order", "text"]

    /// The kitchen steps table's columns: `isHeading` only when a recipe has a section heading, so
    /// a kitchen without headings exports the same bytes as before the flag existed, and one with
    /// them loses nothing (the data directory's steps CSV reads the column back).
    /// The kitchen ingredients table's columns: `isHeading` only when a recipe has a group name.
    static func kitchenIngredientColumns(for recipes: [KitchenRecipe]) -> [String] {
        recipes.contains { $0.ingredients.contains(where: \.isHeading) } ? kitchenIngredientColumns + ["isHeading"] : kitchenIngredientColumns
    }

    /// The kitchen recipes table's columns: `servingsUpTo`, `servingsGiven` and `notes` only when a
    /// recipe has a range of servings, none given or notes, so other kitchens export the same bytes as before.
    static func kitchenRecipeColumns(for recipes: [KitchenRecipe]) -> [String] {
        var columns = kitchenRecipeColumns
        if recipes.contains(where: { $0.servingsUpTo != nil }) { columns.append("servingsUpTo") }
        if recipes.contains(where: { !$0.servingsGiven }) { columns.append("servingsGiven") }
        if recipes.contains(where: { $0.notes != nil }) { columns.append("notes") }
        return columns
    }

    static func kitchenStepColumns(for recipes: [KitchenRecipe]) -> [String] {
        recipes.contains { $0.steps.contains(where: \.isHeading) } ? kitchenStepColumns + ["isHeading"] : kitchenStepColumns
    }

    /// Every kind, in the order of the files and the README's lines: the registry's (`RecordKinds.all`), with
    /// the erasure ledger after the other kinds' records and before the planner's (where the
    /// README has always had it).
    static var kinds: [RecordKind] {
        var kinds = RecordKind.registered.filter { $0 != .erasures }
        kinds.insert(.erasures, at: kinds.firstIndex(of: .mealPlanSlots) ?? kinds.endIndex)
        return kinds
    }

    public static func files(for snapshot: DataSnapshot) throws -> [(name: String, bytes: [UInt8])] {
        var files: [(String, [UInt8])] = []
        var readmeLines: [String] = []
        for kind in kinds {
            let tables = kind.csvTables(in: snapshot)
            for table in tables {
                let rows = table.rows.map { $0.map(SpreadsheetCell.neutralized) }
                files.append((table.name, try CSVTableWriter.bytes(header: table.columns, rows: rows)))
            }
            if let line = kind.csvReadmeLineAlways ?? tables.first?.readme { readmeLines.append(line) }
        }
        // The thumbnail files the kitchen recipes name, at their paths, to open as they are.
        for image in snapshot.kitchenImages { files.append((image.path, image.bytes)) }
        files.append(("README.md", Array(readme(lines: readmeLines).utf8)))
        return files
    }

    /// The elements of a JSON array (none for anything else).
    static func elements(of value: JSONValue?) -> [JSONValue] {
        if case .array(let elements)? = value { return elements }
        return []
    }

    static func readme(lines: [String]) -> String {
        """
        # brewguide export (CSV)

        One file per kind, UTF-8, comma-separated, a header row, RFC 4180 quoting.
        Dates and times are ISO 8601 as the records hold them: with the offset they were written
        with (`2026-08-03T11:15:00+02:00`), or `Z` for UTC (`2026-08-03T09:15:00Z`), the same
        instant either way; days alone are `2026-08-03`. Numbers use a dot; lists of
        numbers are joined with `;`; an empty cell means "not given".

        \(lines.map { "- \($0)" }.joined(separator: "\n"))

        A cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return (and is not a plain
        number) starts with `'` here, so that a spreadsheet shows it as text instead of running it
        as a formula (OWASP's advice on CSV injection); the data itself has no `'`.

        - `kitchen/images/…` (when the kitchen recipes name thumbnail files): each file a recipe's `thumbnail` names, at that path.

        The JSON archive (`brewguide export --output FILE`) holds the same data and can be imported back.

        """
    }

    /// Writes the files into a new folder (or an empty one), through a staging folder beside it
    /// (`.<name>.csv-<pid>`) renamed into place when every file is written: a full disk leaves
    /// no part of an export, and the staging folder is removed.
    /// - Parameter fileMode: the files' permission bits (the data files' own: a private journal
    ///   gives a private export), and the matching folder mode; nil for the process's default.
    public static func write(_ snapshot: DataSnapshot, to folder: String, fileMode: mode_t? = nil) throws(CommandError) {
        let manager = FileManager.default
        if let entries = try? manager.contentsOfDirectory(atPath: folder), !entries.isEmpty {
            throw CommandError("\(folder) is not empty; choose a new folder for the CSV export")
        }
        // Through URL: NSString's deletingLastPathComponent traps on a one-component relative path on Linux.
        let url = URL(fileURLWithPath: folder).standardizedFileURL
        let parent = url.deletingLastPathComponent().path
        let staging = (parent as NSString).appendingPathComponent(".\(url.lastPathComponent).csv-\(getpid())")
        try? manager.removeItem(atPath: staging)
        do {
            try manager.createDirectory(atPath: staging, withIntermediateDirectories: true,
                                        attributes: fileMode.map { [.posixPermissions: Int(DataFileMode.folderMode(for: $0))] })
            for (name, bytes) in try files(for: snapshot) {
                try AtomicFile.write(bytes, to: (staging as NSString).appendingPathComponent(name), newFileMode: fileMode)
            }
            // rename(2) puts a folder in the place of an empty one.
            guard rename(staging, url.path) == 0 else {
                throw CommandError("cannot move the CSV export into \(folder): \(String(cString: strerror(errno)))")
            }
            AtomicFile.syncFolder(parent)
        } catch let error as AtomicFile.Failure {
            try? manager.removeItem(atPath: staging)
            throw error.commandError(then: "nothing was written to \(folder)")
        } catch let error as CommandError {
            try? manager.removeItem(atPath: staging)
            throw error
        } catch {
            try? manager.removeItem(atPath: staging)
            throw CommandError("cannot write the CSV export: \(error)")
        }
    }
}
