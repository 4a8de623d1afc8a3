import BrewKit

/// The statistics page and the page that explains the adjustment hints.
extension Journal {
    func statisticsPage() -> Page {
        var fragments: [String: PageFragment] = [:]
        let stats = statistics
        // Without brews there is nothing to chart: the page says so in a sentence instead.
        guard stats.overall.brewCount > 0 else {
            return Page(path: "statistics", title: "Statistics", template: "statistics", context: ["hasBrews": false, "brewCount": "0"])
        }
        fragments.merge(Self.statisticsCharts(stats)) { _, new in new }
        let tagsPerRecipe: [[String: Any]] = recipes.compactMap { recipe in
            guard let recipeStats = recipeStatistics[recipe.id] else { return nil }
            return [
                "id": recipe.id, "name": recipe.name, "brews": Format.count(recipeStats.brewCount, "brew"),
                "average": recipeStats.averageRating.map { Format.number($0, decimals: 1) } ?? "–",
                "tags": TasteTag.allCases.map { ["tag": $0.displayName, "count": String(recipeStats.tasteTagCounts[$0] ?? 0)] },
                "untagged": String(recipeStats.untaggedCount),
            ]
        }
        // Per recipe: the best-rated brews and what they shared, with the rating charts.
        var recipeRatings: [[String: Any]] = []
        var factorHTML = "", factorMarkdown: [String] = []
        for recipe in recipes {
            guard let factors = ratingFactors[recipe.id], factors.ratedCount >= 2 else { continue }
            var row = ratingSummary(factors)
            row["id"] = recipe.id
            row["name"] = recipe.name
            recipeRatings.append(row)
            if let fragment = PointChart.factorsFragment(factors.factors, recipeName: recipe.name, idPrefix: "stats-\(recipe.id)") {
                factorHTML += "<h3>\(HTMLEscaping.escape(recipe.name))</h3>\n" + fragment.html
                factorMarkdown.append("### \(MarkdownEscaping.escape(recipe.name))\n\n" + fragment.markdown)
            }
        }
        // The brewing control chart of the brews that carry TDS (issue 52).
        let placement = ControlChartPlacement(logs.map(ControlChartPlacement.Brew.init))
        var placedPaths: [String: String] = [:], placedNames: [String: String] = [:]
        let placedIDs = Set(placement.points.prefix(ControlChart.mostPoints).map(\.id))
        for position in logs.indices where placedIDs.contains(logs[position].id) {
            placedPaths[logs[position].id] = logPaths[position]
            placedNames[logs[position].id] = "\(logs[position].recipeNameAtBrew), \(localTimes[position].dayAndTime)"
        }
        if let chart = ControlChart.fragment(placement, paths: placedPaths, names: placedNames) {
            fragments["control-chart"] = chart
        }
        let controlLeftOut = placement.points.isEmpty
            ? "No brew carries a TDS reading yet, so the brewing control chart is not drawn." + (placement.leftOutCount > placement.leftOut[.noReading, default: 0] ? " " + ControlChart.leftOutSentence(placement) : "")
            : ""
        if !factorHTML.isEmpty {
            fragments["rating-factors"] = PageFragment(html: factorHTML, markdown: factorMarkdown.joined(separator: "\n\n"))
        }
        // Per bean, where beans are known.
        let beans: [[String: Any]] = BeanSummary.summaries(logs).map { bean in
            var row: [String: Any] = ["bean": bean.bean, "brews": Format.count(bean.brewCount, "brew"),
                                      "average": bean.averageRating.map { Format.number($0, decimals: 1) } ?? "not rated"]
            if let roaster = bean.roaster { row["roaster"] = roaster }
            if let best = bean.bestRecipe {
                row["bestRecipe"] = ["name": best.name, "average": Format.number(best.average, decimals: 1),
                                     "id": best.id.flatMap { recipesByID[$0] == nil ? nil : $0 } as Any] as [String: Any]
            }
            return row
        }
        let context: [String: Any] = [
            "hasBrews": true,
            "recipeRatings": recipeRatings,
            "hasFactorCharts": fragments["rating-factors"] != nil,
            "beans": beans,
            "hasUnrated": stats.overall.unratedCount > 0,
            "unratedCount": String(stats.overall.unratedCount),
            // "1 imported brew not rated is left out", "2 imported brews not rated are left out".
            "unratedText": Format.count(stats.overall.unratedCount, "imported brew") + " not rated " + (stats.overall.unratedCount == 1 ? "is" : "are") + " left out of every rating",
            "brewCount": String(stats.overall.brewCount),
            "brewWord": stats.overall.brewCount == 1 ? "brew" : "brews",
            "averageRating": stats.overall.averageRating.map { Format.number($0, decimals: 1) } ?? "–",
            "tagsPerRecipe": tagsPerRecipe,
            "hasControlChart": fragments["control-chart"] != nil,
            "controlChartAbsent": controlLeftOut,
        ]
        return Page(path: "statistics", title: "Statistics", template: "statistics", context: context, fragments: fragments)
    }

    /// The statistics page's charts of the whole journal: ratings and brews over time, doses
    /// and ratios (issue 28), by their fragment names.
    static func statisticsCharts(_ stats: JournalStatistics) -> [String: PageFragment] {
        var charts: [String: PageFragment] = [:]
        // Weeks, months or years, whichever keeps the bars readable (JournalStatistics.overTime).
        let period = stats.overTimePeriod.rawValue
        let periodHeading = stats.overTimePeriod == .week ? "Week starting" : stats.overTimePeriod == .month ? "Month" : "Year"
        charts["rating-by-week"] = SVGChart.fragment(ChartData(
            id: "rating-by-week", title: "Average rating per \(period)",
            summary: stats.ratingOverTime.isEmpty ? "No rated brews yet." : "\(periodHeading == "Week starting" ? "Weeks starting" : periodHeading + "s") \(stats.ratingOverTime.first!.label) to \(stats.ratingOverTime.last!.label), on a time axis: a \(period) without rated brews is a gap in the line; ratings from 1 to 5.",
            labelHeading: periodHeading, valueHeading: "Average rating",
            points: stats.ratingOverTime.map { .init(label: $0.label, value: $0.value, valueText: "\(Format.number($0.value, decimals: 1)) (\($0.count) brew\($0.count == 1 ? "" : "s"))", startDay: $0.startDay, lengthDays: $0.lengthDays) },
            style: .line, maximumValue: 5, valueKind: .stars))
        charts["brews-by-week"] = SVGChart.fragment(ChartData(
            id: "brews-by-week", title: "Brews per \(period)",
            summary: "\(stats.overall.brewCount) brew\(stats.overall.brewCount == 1 ? "" : "s") over \(stats.brewsOverTime.count) \(period)\(stats.brewsOverTime.count == 1 ? "" : "s"), on a time axis.",
            labelHeading: periodHeading, valueHeading: "Brews",
            points: stats.brewsOverTime.map { .init(label: $0.label, value: $0.value, valueText: "\($0.count)", startDay: $0.startDay, lengthDays: $0.lengthDays) },
            style: .bars, valueKind: .count))
        charts["dose-distribution"] = HistogramChart.fragment(
            stats.doseDistribution, id: "dose-distribution", title: "Doses brewed",
            summary: "How many brews used each dose, in bins of \(Format.number(stats.doseDistribution.binWidth)) g.",
            valueHeading: "Dose", axisTitle: "coffee (g)",
            formats: .init(text: { "\(Format.number($0, decimals: 1)) g" }, tick: { Format.number($0, decimals: 2) }, edge: { "\(Format.number($0, decimals: 2)) g" }))
        charts["ratio-distribution"] = HistogramChart.fragment(
            stats.ratioDistribution, id: "ratio-distribution", title: "Brew ratios",
            summary: "How many brews used each ratio of water to coffee, in bins of \(Format.number(stats.ratioDistribution.binWidth)).",
            valueHeading: "Ratio", axisTitle: "ratio (water to coffee)",
            formats: .init(text: { "1:\(Format.number($0, decimals: 1))" }, tick: { "1:\(Format.number($0, decimals: 2))" }, edge: { "1:\(Format.number($0, decimals: 2))" }))
        return charts
    }

    func hintsPage() -> Page {
        let hints: [[String: Any]] = TasteTag.allCases.map { tag in
            ["tag": tag.displayName, "hint": AdjustmentHint.advice(for: tag), "count": String(statistics.overall.tasteTagCounts[tag] ?? 0), "brews": Format.count(statistics.overall.tasteTagCounts[tag] ?? 0, "brew"), "path": "logs/by-tag/\(tag.rawValue)/index.md", "hasLogs": statistics.overall.tasteTagCounts[tag] != nil]
        }
        return Page(path: "hints", title: "Adjustment hints", template: "hints",
                    context: ["hints": hints])
    }
}
