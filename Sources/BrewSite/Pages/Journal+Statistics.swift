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
        fragments["rating-by-week"] = SVGChart.fragment(ChartData(
            id: "rating-by-week", title: "Average rating per week",
            summary: stats.ratingByWeek.isEmpty ? "No brews yet." : "Weeks starting \(stats.ratingByWeek.first!.label) to \(stats.ratingByWeek.last!.label); ratings from 1 to 5.",
            labelHeading: "Week starting", valueHeading: "Average rating",
            points: stats.ratingByWeek.map { .init(label: $0.label, value: $0.value, valueText: "\(Format.number($0.value, decimals: 1)) (\($0.count) brews)") },
            style: .line, maximumValue: 5, valueKind: .stars))
        fragments["brews-by-week"] = Self.countChart(
            id: "brews-by-week", title: "Brews per week", summary: "\(stats.overall.brewCount) brews over \(stats.brewsByWeek.count) weeks.",
            labelHeading: "Week starting", buckets: stats.brewsByWeek)
        fragments["dose-distribution"] = Self.countChart(
            id: "dose-distribution", title: "Doses brewed", summary: "How many brews used each dose, in 1 g steps.",
            labelHeading: "Dose", buckets: stats.doseDistribution)
        fragments["ratio-distribution"] = Self.countChart(
            id: "ratio-distribution", title: "Brew ratios", summary: "How many brews used each ratio of water to coffee, in steps of 0.5.",
            labelHeading: "Ratio from", buckets: stats.ratioDistribution)
        let tagsPerRecipe: [[String: Any]] = recipes.compactMap { recipe in
            guard let recipeStats = recipeStatistics[recipe.id] else { return nil }
            return [
                "id": recipe.id, "name": recipe.name, "brews": String(recipeStats.brewCount),
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
        if !factorHTML.isEmpty {
            fragments["rating-factors"] = PageFragment(html: factorHTML, markdown: factorMarkdown.joined(separator: "\n\n"))
        }
        // Per bean, where beans are known.
        let beans: [[String: Any]] = BeanSummary.summaries(logs).map { bean in
            var row: [String: Any] = ["bean": bean.bean, "brews": "\(bean.brewCount) brew\(bean.brewCount == 1 ? "" : "s")",
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
            "brewCount": String(stats.overall.brewCount),
            "averageRating": stats.overall.averageRating.map { Format.number($0, decimals: 1) } ?? "–",
            "tagsPerRecipe": tagsPerRecipe,
        ]
        return Page(path: "statistics", title: "Statistics", template: "statistics", context: context, fragments: fragments)
    }

    /// A bar chart of brew counts per bucket.
    static func countChart(id: String, title: String, summary: String, labelHeading: String, buckets: [JournalStatistics.Bucket]) -> PageFragment {
        SVGChart.fragment(ChartData(
            id: id, title: title, summary: summary, labelHeading: labelHeading, valueHeading: "Brews",
            points: buckets.map { .init(label: $0.label, value: $0.value, valueText: "\($0.count)") },
            style: .bars, valueKind: .count))
    }

    func hintsPage() -> Page {
        let hints: [[String: Any]] = TasteTag.allCases.map { tag in
            ["tag": tag.displayName, "hint": AdjustmentHint.advice(for: tag), "count": String(statistics.overall.tasteTagCounts[tag] ?? 0), "path": "logs/by-tag/\(tag.rawValue)/index.md", "hasLogs": statistics.overall.tasteTagCounts[tag] != nil]
        }
        return Page(path: "hints", title: "Adjustment hints", template: "hints",
                    context: ["hints": hints])
    }
}
