import BrewKit
import Foundation

/// The data set arranged for pages: recipes in library order, logs newest first, and the
/// page contexts each template reads. Every value a template shows is a string formatted here.
/// A class, since every page of the site is made from it, often in closures that would copy it.
final class Journal {
    let validated: ValidatedDataset
    let recipes: [Recipe]
    let logs: [BrewLog]
    let invalidReasons: [String: [Diagnostic]]
    let recipesByID: [String: Recipe]
    /// Where the logs of each recipe id are in `logs` (newest first).
    let logsByRecipe: [String: [Int]]
    let statistics: JournalStatistics
    /// Statistics of each recipe with logs, computed once for its page and the statistics page.
    let recipeStatistics: [String: RecipeStatistics]
    /// The browse links every list page shows, made once.
    let browseLinks: [String: Any]
    let lastSelectedRecipeId: String?
    /// The journal's time zone: every day, month and week of the site is made in it.
    let timeZone: JournalTimeZone
    /// Rows and browse links rendered once for all list pages.
    let partials: PartialMemo

    init(_ validated: ValidatedDataset, partials: PartialMemo) {
        self.validated = validated
        self.partials = partials
        self.recipes = validated.dataset.recipesInLibraryOrder
        self.logs = validated.dataset.logsNewestFirst
        self.invalidReasons = validated.invalidRecipeReasons
        self.recipesByID = Dictionary(recipes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var byRecipe: [String: [Int]] = [:]
        for position in logs.indices { if let id = logs[position].recipeId { byRecipe[id, default: []].append(position) } }
        self.logsByRecipe = byRecipe
        let timeZone = JournalTimeZone(identifier: validated.dataset.preferences?.value.timeZone)
        self.timeZone = timeZone
        self.statistics = JournalStatistics(logs: logs, timeZone: timeZone)
        let logs = self.logs
        self.recipeStatistics = byRecipe.mapValues { positions in RecipeStatistics(logs: logs, at: positions) }
        self.browseLinks = Self.browseLinks(recipes: recipes, logsByRecipe: byRecipe, statistics: statistics)
        let known = Set(recipes.map(\.id))
        let preferred = validated.dataset.preferences?.value.lastSelectedRecipeId
        self.lastSelectedRecipeId = preferred.flatMap { known.contains($0) ? $0 : nil }
            ?? recipes.first(where: \.isStarter)?.id
    }

    // MARK: Pages

    func homePage() -> Page {
        // The last selected recipe first (US-001), then the library order.
        let ordered = recipes.filter { $0.id == lastSelectedRecipeId } + recipes.filter { $0.id != lastSelectedRecipeId }
        var context: [String: Any] = [
            "recipes": ordered.map { recipe in
                var summary = recipeSummary(recipe)
                summary["isLastSelected"] = recipe.id == lastSelectedRecipeId
                // The brew-along page of the default dose (`brewAlongs`): a valid recipe that plans.
                summary["canBrewAlong"] = invalidReasons[recipe.id] == nil && (try? BrewPlanner.plan(recipe)) != nil
                return summary
            },
            "latestLogs": logs.prefix(10).map(logRow),
            "hasLogs": !logs.isEmpty,
            "logCount": String(logs.count),
            "firstRecipeId": lastSelectedRecipeId ?? recipes.first?.id ?? "RECIPE_ID",
            "browse": browseLinks,
        ]
        if let month = statistics.latestMonth {
            context["latestMonth"] = JournalDate.monthTitle(month)
            context["brewsInLatestMonth"] = String(statistics.brewsInLatestMonth)
        }
        if let average = statistics.overall.averageRating { context["averageRating"] = Format.number(average, decimals: 1) }
        if let most = statistics.mostBrewed {
            context["mostBrewed"] = ["name": most.name, "count": String(most.count), "recipeId": most.recipeId.flatMap { recipesByID[$0] == nil ? nil : $0 } as Any]
        }
        return Page(path: "index", title: "Home", template: "index", context: context)
    }

    func recipePage(_ recipe: Recipe) -> Page {
        var context = recipeSummary(recipe)
        // PRD 3.7.4's ranges for the recipe's own defaults, as `check` warns about them.
        let warnings = RecipeValidator.guardrailWarnings(for: recipe)
        context["warnings"] = warnings.map { ["message": $0.message] }
        context["hasWarnings"] = !warnings.isEmpty
        var fragments: [String: PageFragment] = [:]
        if invalidReasons[recipe.id] == nil, let plan = try? BrewPlanner.plan(recipe) {
            context["steps"] = Self.stepRows(plan)
            context["hasCard"] = true
            context["totalTime"] = Format.clock(plan.totalSeconds)
            fragments["timeline"] = TimelineChart.fragment(for: plan, id: "timeline-\(recipe.id)")
        } else {
            context["steps"] = recipe.steps.enumerated().map { index, step in
                ["number": String(index + 1), "kind": step.kind.rawValue, "instruction": StepInstruction.text(for: step)] as [String: Any]
            }
        }
        let recipeLogs = logsByRecipe[recipe.id] ?? []
        context["logs"] = recipeLogs.prefix(20).map { logRow(logs[$0]) }
        context["hasMoreLogs"] = recipeLogs.count > 20
        context["hasLogs"] = !recipeLogs.isEmpty
        let stats = recipeStatistics[recipe.id] ?? RecipeStatistics(logs: [])
        context["brewCount"] = String(stats.brewCount)
        if let average = stats.averageRating { context["averageRating"] = Format.number(average, decimals: 1) }
        if let newest = recipeLogs.first { context["lastBrewed"] = local(logs[newest]).dayAndTime }
        context["tasteTags"] = TasteTag.allCases.compactMap { tag in
            stats.tasteTagCounts[tag].map { ["tag": tag.displayName, "count": String($0)] as [String: Any] }
        }
        context["reasons"] = (invalidReasons[recipe.id] ?? []).map { ["message": $0.message, "location": $0.location.description] }
        if stats.brewCount > 0 {
            fragments["ratings"] = SVGChart.fragment(ChartData(
                id: "ratings-\(recipe.id)", title: "Ratings of \(recipe.name)",
                summary: "How many brews got each rating, 1 to 5 stars; \(stats.brewCount) brews in all.",
                labelHeading: "Rating", valueHeading: "Brews",
                points: (1...5).map { ChartData.Point(label: "\($0) ★", value: Double(stats.ratingCounts[$0 - 1]), valueText: "\(stats.ratingCounts[$0 - 1])") },
                style: .bars))
        }
        return Page(path: "recipes/\(recipe.id)", title: recipe.name, template: "recipe", context: context,
                    headHTML: RecipeJSONLD.script(for: recipe), fragments: fragments)
    }

    func logPage(_ log: BrewLog) -> Page {
        var context = logRow(log)
        context["dose"] = Format.grams(log.doseGrams)
        context["yield"] = Format.grams(log.targetYieldGrams)
        context["ratio"] = Format.ratio(log.ratio)
        context["temperature"] = "\(Format.number(log.waterTemperatureCelsius, decimals: 1)) °C"
        context["grind"] = log.grindLabel.rawValue
        if let hint = AdjustmentHint.hint(for: log.tasteTag) { context["hint"] = hint }
        context["note"] = log.note ?? ""
        context["hasNote"] = !(log.note ?? "").isEmpty
        context["hintsLink"] = true
        return Page(path: "logs/\(log.id)", title: "\(log.recipeNameAtBrew), \(local(log).dayAndTime)", template: "log", context: context)
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

    /// When a brew was, in the journal's time zone (`JournalTimeZone`).
    func local(_ log: BrewLog) -> LocalTime {
        timeZone.local(log.timestamp, writtenOffsetSeconds: log.timestampOffsetSeconds)
    }

    func logRow(_ log: BrewLog) -> [String: Any] {
        var row: [String: Any] = [
            "id": log.id,
            "when": local(log).dayAndTime,
            "isoTimestamp": local(log).iso8601,
            "recipeName": log.recipeNameAtBrew,
            "rating": String(log.rating),
            "stars": String(repeating: "★", count: max(0, min(5, log.rating))) + String(repeating: "☆", count: max(0, 5 - max(0, log.rating))),
        ]
        if let tag = log.tasteTag { row["tasteTag"] = tag.displayName }
        if let recipeId = log.recipeId, recipesByID.index(forKey: recipeId) != nil { row["recipeId"] = recipeId }
        return row
    }
}
