import BrewKit
import Foundation

/// The data set arranged for pages: recipes in library order, logs newest first, and the
/// page contexts each template reads. Every value a template shows is a string formatted here.
struct Journal {
    let validated: ValidatedDataset
    let recipes: [Recipe]
    let logs: [BrewLog]
    let invalidReasons: [String: [Diagnostic]]
    let recipesByID: [String: Recipe]

    init(_ validated: ValidatedDataset) {
        self.validated = validated
        self.recipes = validated.dataset.recipesInLibraryOrder
        self.logs = validated.dataset.logsNewestFirst
        self.invalidReasons = validated.invalidRecipeReasons
        self.recipesByID = Dictionary(recipes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    // MARK: Pages

    func homePage() -> Page {
        let context: [String: Any] = [
            "recipes": recipes.map(recipeSummary),
            "latestLogs": logs.prefix(10).map(logRow),
            "hasLogs": !logs.isEmpty,
            "logCount": String(logs.count),
        ]
        return Page(path: "index", title: "Brew Journal", template: "index", context: context)
    }

    func recipePage(_ recipe: Recipe) -> Page {
        var context = recipeSummary(recipe)
        context["steps"] = recipe.steps.enumerated().map { index, step in
            [
                "number": String(index + 1),
                "kind": step.kind.rawValue,
                "instruction": StepInstruction.text(for: step),
            ] as [String: Any]
        }
        let recipeLogs = logs.filter { $0.recipeId == recipe.id }
        context["logs"] = recipeLogs.map(logRow)
        context["hasLogs"] = !recipeLogs.isEmpty
        context["reasons"] = (invalidReasons[recipe.id] ?? []).map { ["message": $0.message, "location": $0.location.description] }
        return Page(path: "recipes/\(recipe.id)", title: recipe.name, template: "recipe", context: context)
    }

    func logListPages(perPage: Int) -> [Page] {
        let chunks = stride(from: 0, to: max(logs.count, 1), by: perPage).map { Array(logs[$0..<min($0 + perPage, logs.count)]) }
        return chunks.enumerated().map { index, chunk in
            let number = index + 1
            let path = number == 1 ? "logs/index" : "logs/page/\(number)"
            var context: [String: Any] = [
                "logs": chunk.map(logRow),
                "pageNumber": String(number),
                "pageCount": String(chunks.count),
                "hasLogs": !chunk.isEmpty,
            ]
            // Page 1 is logs/index; page n is logs/page/n, one folder deeper.
            if number == 2 { context["previous"] = "../index.md" }
            if number > 2 { context["previous"] = "\(number - 1).md" }
            if number < chunks.count { context["next"] = number == 1 ? "page/2.md" : "\(number + 1).md" }
            return Page(path: path, title: number == 1 ? "All brews" : "All brews, page \(number)", template: "logs", context: context)
        }
    }

    func logPage(_ log: BrewLog) -> Page {
        var context = logRow(log)
        context["dose"] = Format.grams(log.doseGrams)
        context["yield"] = Format.grams(log.targetYieldGrams)
        context["ratio"] = Format.ratio(log.ratio)
        context["temperature"] = "\(Format.number(log.waterTemperatureCelsius, decimals: 1)) °C"
        context["grind"] = log.grindLabel.rawValue
        context["hint"] = AdjustmentHint.text(for: log.tasteTag)
        context["note"] = log.note ?? ""
        context["hasNote"] = !(log.note ?? "").isEmpty
        return Page(path: "logs/\(log.id)", title: "\(log.recipeNameAtBrew), \(JournalDate.dayAndTime(log.timestamp))", template: "log", context: context)
    }

    // MARK: Shared pieces

    func recipeSummary(_ recipe: Recipe) -> [String: Any] {
        [
            "id": recipe.id,
            "name": recipe.name,
            "isStarter": recipe.isStarter,
            "label": recipe.isStarter ? "Starter" : (recipe.origin == .conflictedCopy ? "Conflicted copy" : "Custom"),
            "isInvalid": invalidReasons[recipe.id] != nil,
            "dose": Format.grams(recipe.defaultDose),
            "yield": Format.grams(recipe.defaultTargetYield),
            "ratio": Format.ratio(recipe.defaultRatio),
            "temperature": "\(Format.number(recipe.defaultWaterTemperature, decimals: 1)) °C",
            "grind": recipe.defaultGrindLabel.rawValue,
            "grindGuidance": recipe.grindGuidance,
        ]
    }

    func logRow(_ log: BrewLog) -> [String: Any] {
        var row: [String: Any] = [
            "id": log.id,
            "when": JournalDate.dayAndTime(log.timestamp),
            "isoTimestamp": ISO8601.string(from: log.timestamp),
            "recipeName": log.recipeNameAtBrew,
            "rating": String(log.rating),
            "stars": String(repeating: "★", count: max(0, min(5, log.rating))) + String(repeating: "☆", count: max(0, 5 - max(0, log.rating))),
        ]
        if let tag = log.tasteTag { row["tasteTag"] = tag.displayName }
        if let recipeId = log.recipeId, recipesByID[recipeId] != nil { row["recipeId"] = recipeId }
        return row
    }
}
