import BrewKit
import BrewSite
import Foundation
import Testing

/// The statistics that help (issue 17): what the ratings of a recipe show, drawn as point charts
/// with the same numbers in a table, and no chart where there is nothing to draw.
@Suite("Rating statistics and their charts")
struct StatisticsChartTests {
    static func log(_ id: String, day: Int, dose: Double, temperature: Double, rating: Int?, tag: TasteTag? = nil) -> BrewLog {
        BrewLog(id: id, timestamp: Date(timeIntervalSince1970: Double(day) * 86_400), recipeId: "r", recipeNameAtBrew: "R",
                doseGrams: dose, targetYieldGrams: dose * 16, waterTemperatureCelsius: temperature, grindLabel: .medium,
                rating: rating, tasteTag: tag, source: rating == nil ? "beanconqueror" : nil)
    }

    static let logs = [
        log("a", day: 20_000, dose: 18, temperature: 96, rating: 5),
        log("b", day: 20_001, dose: 18, temperature: 96, rating: 5),
        log("c", day: 20_002, dose: 20, temperature: 96, rating: 3, tag: .tooStrong),
        log("d", day: 20_003, dose: 16, temperature: 96, rating: 2, tag: .tooWeak),
        log("e", day: 20_004, dose: 30, temperature: 96, rating: nil),
    ]

    @Test func ratingsAgainstWhatVariedLeaveOutTheUnratedAndWhatDidNotVary() {
        let factors = RatingFactors(logs: Self.logs, at: Self.logs.indices)
        #expect(factors.ratedCount == 4)
        // Every brew had 96 °C and ratio 1:16 and the medium grind: only the dose varied.
        #expect(factors.factors.map(\.variable) == [.dose])
        #expect(factors.factors.first?.points.map(\.value) == [18, 18, 20, 16])
        #expect(factors.bestRating == 5 && factors.bestLogIDs == ["b", "a"])
        #expect(factors.bestShared == ["medium grind", "96 °C", "18 g of coffee", "a ratio of 1:16", "no taste tag"])
        #expect(factors.trend.map(\.rating) == [5, 5, 3, 2])
    }

    @Test func thePointChartHasATableOfTheSameNumbers() throws {
        let factors = RatingFactors(logs: Self.logs, at: Self.logs.indices)
        let fragment = try #require(PointChart.factorsFragment(factors.factors, recipeName: "R", idPrefix: "t"))
        #expect(fragment.html.components(separatedBy: "<circle class=\"dot\"").count - 1 == 3)
        #expect(fragment.html.contains("<tr><td>18 g</td><td>5 of 5</td><td>2</td></tr>"))
        #expect(fragment.markdown.contains("- 18 g: 5 ★ (2 brews)"))
        #expect(PointChart.factorsFragment([], recipeName: "R", idPrefix: "t") == nil)
        #expect(PointChart.trendFragment([], recipeName: "R", id: "t") == nil)
    }

    @Test func noDataDrawsNoChart() {
        let empty = SVGChart.fragment(ChartData(id: "x", title: "Brews per week", summary: "", labelHeading: "Week", valueHeading: "Brews", points: [], style: .bars, valueKind: .count))
        #expect(!empty.html.contains("<svg"))
        #expect(empty.markdown == "Brews per week: no brews yet, so no chart.")
    }

    @Test func countsTickInWholeBrewsAndRatingsInWholeStars() {
        let counts = SVGChart.fragment(ChartData(id: "c", title: "t", summary: "s", labelHeading: "l", valueHeading: "Brews",
                                                 points: [.init(label: "a", value: 3, valueText: "3")], style: .bars, valueKind: .count))
        #expect(counts.html.contains(">3</text>") && !counts.html.contains(">2.5</text>") && !counts.html.contains(">0.75</text>"))
        let stars = SVGChart.fragment(ChartData(id: "s", title: "t", summary: "s", labelHeading: "l", valueHeading: "Rating",
                                                points: [.init(label: "a", value: 3.7, valueText: "3.7")], style: .line, maximumValue: 5, valueKind: .stars))
        for star in 1...5 { #expect(stars.html.contains(">\(star)★</text>")) }
        #expect(!stars.html.contains(">1.3"))
    }
}
