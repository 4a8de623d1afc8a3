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
    /// The bags of beans (`beans/`) by id; the first of a duplicated id wins.
    let beansByID: [String: CoffeeBean]
    /// The recorded pours (`flows/`) by the id of their log, made once (`Dataset.flowsByLogID()` makes it on each call).
    let flowsByLogID: [String: BrewFlow]
    /// Where the logs of each recipe id are in `logs` (newest first).
    let logsByRecipe: [String: [Int]]
    /// For a log's position, the position of the next (later) brew of the same recipe.
    let nextInRecipe: [Int: Int]
    /// Where each log is in `logs`, by id.
    let positionByID: [String: Int]
    /// Each recipe's hash, for telling when the pages of its logs must be made again.
    let recipeHashes: [String: Int]
    let statistics: JournalStatistics
    /// Statistics of each recipe with logs, computed once for its page and the statistics page.
    let recipeStatistics: [String: RecipeStatistics]
    /// What the ratings of each recipe with logs show, for its page and the statistics page.
    let ratingFactors: [String: RatingFactors]
    /// The browse links every list page shows, made once.
    let browseLinks: [String: Any]
    /// The browse links without each list's count, which archive pages show.
    let browseLinksWithoutCounts: [String: Any]
    let lastSelectedRecipeId: String?
    /// The journal's time zone: every day, month and week of the site is made in it.
    let timeZone: JournalTimeZone
    /// Each log's page path (`LogPagePath`) by its position in `logs`, made once for every link to it.
    let logPaths: [String]
    /// When each log was brewed in the journal's time zone, by its position in `logs`: made once
    /// for its page path, the statistics, the lists and the years in review.
    let localTimes: [LocalTime]
    /// Rows and browse links rendered once for all list pages.
    let partials: PartialMemo
    /// ` --data DIR` for the `brewguide log` lines the pages print, empty for the default `Data`.
    let dataOption: String
    /// The plans log pages draw their pour over, made once per recipe and yield.
    let pourPlans = PourPlanMemo()

    /// - Parameter giveWay: asked between the steps and every few thousand logs (`watch`).
    init(_ validated: ValidatedDataset, partials: PartialMemo, dataDirectory: String? = nil, giveWay: GiveWay = .never) throws(GaveWay) {
        self.validated = validated
        self.partials = partials
        self.dataOption = ShellWord.dataOption(dataDirectory)
        self.recipes = validated.dataset.recipesInLibraryOrder
        try giveWay.check()
        self.logs = validated.dataset.logsNewestFirst
        try giveWay.check()
        self.invalidReasons = validated.invalidRecipeReasons
        self.recipesByID = Dictionary(recipes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        self.beansByID = Dictionary(validated.dataset.beans.map { ($0.value.id, $0.value) }, uniquingKeysWith: { first, _ in first })
        self.flowsByLogID = validated.dataset.flowsByLogID()
        var byRecipe: [String: [Int]] = [:]
        for position in logs.indices {
            try giveWay.check(at: position)
            if let id = logs[position].recipeId { byRecipe[id, default: []].append(position) }
        }
        self.logsByRecipe = byRecipe
        var next: [Int: Int] = [:]
        for positions in byRecipe.values where positions.count > 1 {
            for index in positions.indices.dropFirst() { next[positions[index]] = positions[index - 1] }
        }
        self.nextInRecipe = next
        try giveWay.check()
        let newestFirst = self.logs
        self.positionByID = Dictionary(newestFirst.indices.map { (newestFirst[$0].id, $0) }, uniquingKeysWith: { first, _ in first })
        self.recipeHashes = Dictionary(recipes.map { ($0.id, $0.hashValue) }, uniquingKeysWith: { first, _ in first })
        let timeZone = JournalTimeZone(identifier: validated.dataset.preferences?.value.timeZone)
        self.timeZone = timeZone
        try giveWay.check()
        var localTimes: [LocalTime] = []
        localTimes.reserveCapacity(newestFirst.count)
        for log in newestFirst {
            try giveWay.check(at: localTimes.count)
            localTimes.append(timeZone.local(log.timestamp, writtenOffsetSeconds: log.timestampOffsetSeconds))
        }
        self.localTimes = localTimes
        var logPaths: [String] = []
        logPaths.reserveCapacity(newestFirst.count)
        for position in newestFirst.indices {
            try giveWay.check(at: position)
            logPaths.append(LogPagePath.path(id: newestFirst[position].id, brewedAt: localTimes[position]))
        }
        self.logPaths = logPaths
        try giveWay.check()
        self.statistics = try JournalStatistics(logs: logs, timeZone: timeZone, localTimes: localTimes, giveWay: giveWay)
        try giveWay.check()
        let logs = self.logs
        var recipeStatistics: [String: RecipeStatistics] = [:], ratingFactors: [String: RatingFactors] = [:]
        for (id, positions) in byRecipe {
            try giveWay.check()
            recipeStatistics[id] = RecipeStatistics(logs: logs, at: positions)
            ratingFactors[id] = RatingFactors(logs: logs, at: positions)
        }
        self.recipeStatistics = recipeStatistics
        self.ratingFactors = ratingFactors
        try giveWay.check()
        self.browseLinks = Self.browseLinks(recipes: recipes, logsByRecipe: byRecipe, statistics: statistics)
        self.browseLinksWithoutCounts = Self.withoutCounts(browseLinks)
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
            "latestLogs": logs.indices.prefix(10).map(logRow(at:)),
            "hasLogs": !logs.isEmpty,
            "logCount": String(logs.count),
            "logNoun": logs.count == 1 ? "brew" : "brews",
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
        context["logs"] = recipeLogs.prefix(20).map(logRow(at:))
        context["hasMoreLogs"] = recipeLogs.count > 20
        context["hasLogs"] = !recipeLogs.isEmpty
        let stats = recipeStatistics[recipe.id] ?? RecipeStatistics(logs: [])
        context["brewCount"] = String(stats.brewCount)
        context["brewWord"] = stats.brewCount == 1 ? "brew" : "brews"
        if let average = stats.averageRating { context["averageRating"] = Format.number(average, decimals: 1) }
        if let newest = recipeLogs.first { context["lastBrewed"] = localTimes[newest].dayAndTime }
        context["tasteTags"] = TasteTag.allCases.compactMap { tag in
            stats.tasteTagCounts[tag].map { ["tag": tag.displayName, "count": String($0)] as [String: Any] }
        }
        context["reasons"] = (invalidReasons[recipe.id] ?? []).map { ["message": $0.message, "location": $0.location.description] }
        if stats.brewCount > 0 {
            fragments["ratings"] = SVGChart.fragment(ChartData(
                id: "ratings-\(recipe.id)", title: "Ratings of \(recipe.name)",
                summary: "How many brews got each rating, 1 to 5 stars; \(Format.count(stats.brewCount, "brew")) in all.",
                labelHeading: "Rating", valueHeading: "Brews",
                points: (1...5).map { ChartData.Point(label: "\($0) ★", value: Double(stats.ratingCounts[$0 - 1]), valueText: "\(stats.ratingCounts[$0 - 1])") },
                style: .bars, valueKind: .count))
        }
        if let factors = ratingFactors[recipe.id], factors.ratedCount >= 2 {
            context["ratings"] = ratingSummary(factors)
            fragments["rating-factors"] = PointChart.factorsFragment(factors.factors, recipeName: recipe.name, idPrefix: "factors-\(recipe.id)")
            fragments["rating-trend"] = PointChart.trendFragment(factors.trend, recipeName: recipe.name, id: "trend-\(recipe.id)")
            context["hasFactorCharts"] = fragments["rating-factors"] != nil
            context["hasTrend"] = fragments["rating-trend"] != nil
        }
        return Page(path: "recipes/\(recipe.id)", title: recipe.name, template: "recipe", context: context,
                    headHTML: RecipeJSONLD.script(for: recipe), fragments: fragments)
    }

    /// The page of the log at `position`. `edited` holds logs to show in place of this journal's,
    /// by position: `watch` makes an edited log's page from the published journal before the new
    /// one is made (`JournalSite`), for edits that keep each log's id, time and recipe.
    func logPage(at position: Int, edited: [Int: BrewLog] = [:]) -> Page {
        let next = nextInRecipe[position].map { (log: edited[$0] ?? logs[$0], path: logPaths[$0], local: localTimes[$0]) }
        return logPage(edited[position] ?? logs[position], place: LogPlace(path: logPaths[position], local: localTimes[position], next: next))
    }

    /// Where a log stands, for its page: its page's path, when it was brewed, and the next (later)
    /// brew of its recipe, nil when it is the latest.
    struct LogPlace {
        var path: String
        var local: LocalTime
        var next: (log: BrewLog, path: String, local: LocalTime)?
    }

    /// The page of `log`, standing at `place` (a log of this journal, or one new to it: `Journal+NewLogs`).
    func logPage(_ log: BrewLog, place: LogPlace) -> Page {
        // By slot, not in a dictionary: a journal has a page per log (`PageSlots`).
        var values = logRowSlots(log: log, path: place.path, local: place.local)
        let fromRecipe = " (recipe's default; not recorded)"
        values[.dose] = .text(Format.grams(log.doseGrams))
        values[.yield] = .text(Format.grams(log.targetYieldGrams))
        values[.ratio] = .text(Format.ratio(log.ratio))
        values[.temperature] = .text("\(Format.number(log.waterTemperatureCelsius, decimals: 1)) °C" + (log.recordedTemperatureCelsius == nil ? fromRecipe : ""))
        values[.grind] = .text(log.grindLabel.rawValue + (log.recordedGrindLabel == nil ? fromRecipe : ""))
        if let hint = AdjustmentHint.hint(for: log.tasteTag) { values[.hint] = .text(hint) }
        values[.note] = .text(log.note ?? "")
        values[.hasNote] = .flag(!(log.note ?? "").isEmpty)
        values[.hintsLink] = .flag(true)
        for (slot, value) in Self.details(of: log) { values[slot] = .text(value) }
        // The bag brewed, and how old it was that day (frozen days not counted).
        if let beanId = log.beanId, let bag = beansByID[beanId] {
            values[.bagName] = .text(bag.name + (bag.roaster.map { " (\($0))" } ?? ""))
            values[.bagPath] = .text(Self.beanPath(bag.id))
            if let age = bag.ageText(on: log.localDay) { values[.bagAge] = .text(age) }
        }
        var fragments: [String: PageFragment] = [:]
        let recipe = log.recipeId.flatMap { recipesByID[$0] }
        if let recipe {
            let differences = BrewComparison.differences(log, from: recipe)
            values[.comparison] = .text(differences.isEmpty ? "the same dose, water, temperature and grind" : differences.joined(separator: ", "))
            if let next = place.next {
                let followUp = BrewComparison.followUp(from: log, to: next.log)
                values[.nextId] = .text(next.log.id)
                values[.nextPath] = .text(next.path)
                values[.nextWhen] = .text(next.local.dayAndTime)
                values[.nextSentence] = .text(BrewComparison.sentence(followUp, from: log, to: next.log))
            } else {
                values[.isLatestOfRecipe] = .flag(true)
            }
        }
        // The plan for the brew's own water: the line ends where this brew's water did.
        let plan = recipe.flatMap { recipe in invalidReasons[recipe.id] == nil ? pourPlans.plan(recipe, yieldGrams: log.targetYieldGrams) : nil }
        if let pour = PourChart.fragment(log: log, flow: flowsByLogID[log.id], plan: plan, id: "pour-\(log.id)") {
            fragments["pour"] = pour
            values[.hasPour] = .flag(true)
            values[.hasFlow] = .flag(flowsByLogID[log.id] != nil)
        }
        return Page(path: place.path, title: "\(log.recipeNameAtBrew), \(place.local.dayAndTime)", template: "log", slots: values, fragments: fragments)
    }

    /// The optional details of a log, by the slots the log template shows them in.
    static func details(of log: BrewLog) -> [(LogPageSlot, String)] {
        var values: [(LogPageSlot, String)] = []
        if log.method != BrewLog.recordedMethod { values.append((.methodName, log.method)) }
        if let bean = log.bean { values.append((.bean, bean)) }
        if let roaster = log.roaster { values.append((.roaster, roaster)) }
        if let mill = log.mill { values.append((.mill, mill)) }
        if let setting = log.grinderSetting { values.append((.grinderSetting, setting)) }
        if let seconds = log.brewTimeSeconds { values.append((.brewTime, Format.clock(seconds))) }
        if let seconds = log.bloomSeconds { values.append((.bloom, Format.clock(seconds))) }
        if let tds = log.tds {
            values.append((.tds, "\(Format.number(tds, decimals: 2)) %"))
        } else if let tds = log.measuredTDSPercent {
            // Said as worked out, with the conversion (`BrewingControl.tdsPerBrixDegree`).
            values.append((.tds, "\(Format.number(tds, decimals: 2)) % (TDS from Brix, × \(Format.number(BrewingControl.tdsPerBrixDegree)))"))
        }
        if let brix = log.brix { values.append((.brix, "\(Format.number(brix, decimals: 2)) °Bx")) }
        if let beverage = log.beverageGrams { values.append((.beverage, Format.grams(beverage))) }
        if let yield = log.extractionYieldPercent { values.append((.extractionYield, "\(Format.number(yield, decimals: 1)) %")) }
        if let source = log.source { values.append((.importedFrom, source == "beanconqueror" ? "Beanconqueror" : source)) }
        return values
    }

    /// `logPageKey(at:)` of every log, made once: `watch` compares a journal's keys with the next
    /// one's (`SiteChanges`), so each is made when the journal is new and reused when it is old.
    var logPageKeys: [Int] { GiveWay.never { giveWay throws(GaveWay) in try makeLogPageKeys(giveWay: giveWay) } }

    /// `logPageKeys`, made now unless they are, giving way every few thousand logs (`watch`).
    func makeLogPageKeys(giveWay: GiveWay) throws(GaveWay) -> [Int] {
        if let madeLogPageKeys { return madeLogPageKeys }
        var keys: [Int] = []
        keys.reserveCapacity(logs.count)
        for position in logs.indices {
            try giveWay.check(at: position)
            keys.append(logPageKey(at: position))
        }
        madeLogPageKeys = keys
        return keys
    }

    /// Made once, by the first `makeLogPageKeys(giveWay:)` that did not give way.
    private var madeLogPageKeys: [Int]?

    /// The `RecordID.fileKey` of every log id with a capital letter (few journals have any),
    /// made the first time a new log's id is checked against them (`hasLogID(sameFileAs:)`).
    var mixedCaseLogIDKeys: Set<String> {
        if let madeMixedCaseLogIDKeys { return madeMixedCaseLogIDKeys }
        let keys = Set(logs.lazy.map(\.id).filter { $0 != RecordID.fileKey($0) }.map(RecordID.fileKey))
        madeMixedCaseLogIDKeys = keys
        return keys
    }

    private var madeMixedCaseLogIDKeys: Set<String>?

    /// What a log's page shows besides the log itself: its recipe, its recorded pour, the next
    /// brew of its recipe. A log page is made again when this changes (`SiteChanges`).
    func logPageKey(at position: Int) -> Int {
        // Fields are read in place (`logs[position].…`): this runs for every log of the old and the
        // new journal on every edit in `watch`, and copying a log retains each of its texts.
        var hasher = Hasher()
        if let recipeId = logs[position].recipeId {
            hasher.combine(recipeHashes[recipeId])
            hasher.combine(invalidReasons[recipeId] == nil)
        }
        hasher.combine(flowsByLogID.isEmpty ? nil : flowsByLogID[logs[position].id])
        // Its bag of beans: the name and age shown.
        if let beanId = logs[position].beanId, let bag = beansByID[beanId] {
            hasher.combine(bag.name)
            hasher.combine(bag.roaster)
            hasher.combine(bag.roastDate)
            hasher.combine(bag.freezes)
        }
        // Of the next brew, what its link and the follow-up sentence read.
        if let next = nextInRecipe[position] {
            hasher.combine(logs[next].id)
            hasher.combine(logs[next].timestamp)
            hasher.combine(logs[next].timestampOffsetSeconds)
            hasher.combine(logs[next].rating)
            hasher.combine(logs[next].doseGrams)
            hasher.combine(logs[next].recordedTemperatureCelsius)
            hasher.combine(logs[next].recordedGrindLabel)
        }
        return hasher.finalize()
    }

    /// The best-rated brews of a recipe and what they shared, for its page and the statistics page.
    func ratingSummary(_ factors: RatingFactors) -> [String: Any] {
        var summary: [String: Any] = ["rated": String(factors.ratedCount), "ratedWord": factors.ratedCount == 1 ? "rated brew" : "rated brews"]
        if let best = factors.bestRating {
            summary["best"] = String(best)
            summary["bestCount"] = String(factors.bestLogIDs.count)
            var bestBrews: [[String: Any]] = factors.bestLogIDs.prefix(5).compactMap { id -> [String: Any]? in
                guard let position = positionByID[id] else { return nil }
                return ["id": id, "path": logPaths[position], "when": localTimes[position].dayAndTime, "separator": " · "]
            }
            // The last link is followed by nothing: no dangling "·".
            if !bestBrews.isEmpty { bestBrews[bestBrews.count - 1]["separator"] = "" }
            summary["bestBrews"] = bestBrews
            if !factors.bestShared.isEmpty { summary["shared"] = factors.bestShared.joined(separator: ", ") }
        }
        return summary
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

    /// What a log's row shows (and its page starts from): `path` is its page's path without
    /// extension (`logs/2026/10/<id>`), for links as `{{root}}{{path}}.md`.
    func logRow(at position: Int) -> [String: Any] {
        logRowSlots(at: position).dictionary
    }

    /// `logRow(at:)` by slot (`LogPageSlot`).
    func logRowSlots(at position: Int) -> PageSlots {
        logRowSlots(log: logs[position], path: logPaths[position], local: localTimes[position])
    }

    /// `★★★★☆` for a rating of 4; a rating outside 1–5 (which `check` reports) shows what it can.
    private static func starsOf(_ rating: Int) -> String {
        String(repeating: "★", count: max(0, min(5, rating))) + String(repeating: "☆", count: max(0, 5 - max(0, rating)))
    }

    /// The stars and `★★★★☆ (4/5)` of the ratings 0–5, made once for every row.
    private static let stars = (0...5).map(starsOf)
    private static let ratingTexts = (0...5).map { "\(starsOf($0)) (\($0)/5)" }

    /// The row of `log`, whose page is at `path`, brewed at `local`.
    private func logRowSlots(log: BrewLog, path: String, local: LocalTime) -> PageSlots {
        var row = PageSlots(LogPageSlot.schema)
        row[.id] = .text(log.id)
        row[.path] = .text(path)
        row[.when] = .text(local.dayAndTime)
        row[.isoTimestamp] = .text(local.iso8601)
        row[.recipeName] = .text(log.recipeNameAtBrew)
        if let rating = log.rating {
            let stars = (0...5).contains(rating) ? Self.stars[rating] : Self.starsOf(rating)
            row[.rating] = .text(String(rating))
            row[.stars] = .text(stars)
            row[.ratingText] = .text(Self.ratingTexts.indices.contains(rating) ? Self.ratingTexts[rating] : "\(stars) (\(rating)/5)")
        } else {
            // An imported brew not rated where it was recorded: said so, never shown as 0 stars.
            row[.rating] = .text("–")
            row[.stars] = .text("not rated")
            row[.ratingText] = .text("not rated")
        }
        if let tag = log.tasteTag { row[.tasteTag] = .text(tag.displayName) }
        if let recipeId = log.recipeId, recipesByID.index(forKey: recipeId) != nil { row[.recipeId] = .text(recipeId) }
        return row
    }
}
