import BrewKit
@testable import BrewSite
import Foundation
import Testing
import TestSupport

/// Issue 28: every chart drawn from journals of varied shape — one brew, three brews months
/// apart, 10,000 brews over ten years, one outlier, all values equal, a 25 s recording — reads
/// true: round ticks, time axes proportional to the days, no two labels' boxes overlapping, no
/// text under 12 px on a 390 px phone, and a table with the same numbers.
@Suite("Charts of journals of every shape")
struct ChartShapesTests {
    static let firstDay = 20_458  // 2026-01-05, a Monday

    static func log(_ index: Int, day: Int, dose: Double = 18, ratio: Double = 16.7, rating: Int? = 4, temperature: Double = 94) -> BrewLog {
        BrewLog(id: "log-\(index)", timestamp: Date(timeIntervalSince1970: Double(day) * 86_400 + 7 * 3_600), recipeId: StarterRecipe.id,
                recipeNameAtBrew: StarterRecipe.name, doseGrams: dose, targetYieldGrams: (dose * ratio).rounded(),
                waterTemperatureCelsius: temperature, grindLabel: .medium, rating: rating)
    }

    /// The journals, by name.
    static let shapes: [String: [BrewLog]] = {
        var random = SplitMix64(seed: 28)
        func uniform(_ count: Int) -> Int { Int(random.next() % UInt64(count)) }
        let tenYears = (0..<10_000).map { index in
            log(index, day: firstDay - 3_650 + uniform(3_650), dose: 15 + Double(uniform(51)) / 10, ratio: 15 + Double(uniform(30)) / 10,
                rating: uniform(10) == 0 ? nil : 1 + uniform(5), temperature: Double(90 + uniform(7)))
        }
        return [
            "one brew": [log(0, day: firstDay)],
            "three brews months apart": [log(0, day: firstDay, rating: 4), log(1, day: firstDay + 7, dose: 18.5, rating: 3), log(2, day: firstDay + 322, dose: 17, rating: 5)],
            "10,000 brews over ten years": tenYears,
            "one outlier": (0..<12).map { log($0, day: firstDay + $0 * 9, dose: $0 == 5 ? 500 : 18 + Double($0 % 3) / 2, rating: 2 + $0 % 4) },
            "all values equal": (0..<6).map { log($0, day: firstDay + $0, rating: 4) },
        ]
    }()

    /// Every chart of a journal: the statistics page's, and the rating charts of its recipe.
    static func charts(_ logs: [BrewLog]) -> [(name: String, html: String)] {
        var charts = Journal.statisticsCharts(JournalStatistics(logs: logs)).map { ($0.key, $0.value.html) }
        let factors = RatingFactors(logs: logs, at: logs.indices)
        if let fragment = PointChart.factorsFragment(factors.factors, recipeName: "V60 Starter", idPrefix: "f") { charts.append(("factors", fragment.html)) }
        if let fragment = PointChart.trendFragment(factors.trend, recipeName: "V60 Starter", id: "t") { charts.append(("trend", fragment.html)) }
        return charts.sorted { $0.0 < $1.0 }
    }

    @Test(arguments: shapes.keys.sorted())
    func everyChartOfTheShapeReadsTrue(shape: String) throws {
        let logs = try #require(Self.shapes[shape])
        let charts = Self.charts(logs)
        #expect(charts.count >= 4)
        for (name, html) in charts {
            let svgs = SVGText.svgs(in: html)
            #expect(!svgs.isEmpty, "\(shape), \(name): drawn")
            for svg in svgs {
                SVGText.expectReadable(svg, "\(shape), \(name)")
                SVGText.expectRoundTicks(svg, "\(shape), \(name)")
                SVGText.expectProportionalTime(svg, "\(shape), \(name)")
            }
            SVGText.expectTableMatchesDrawing(html, "\(shape), \(name)")
        }
        // The counts in the tables add up to the journal's brews.
        let statistics = Journal.statisticsCharts(JournalStatistics(logs: logs))
        for name in ["brews-by-week", "dose-distribution", "ratio-distribution"] {
            let html = try #require(statistics[name]?.html)
            #expect(SVGText.tableColumnSum(html, column: name == "brews-by-week" ? 1 : 2) == logs.count, "\(shape), \(name): counts add up")
        }
    }

    @Test func aLongSpanIsCountedByMonthOrYearAndAnOutlierIsDrawnApart() throws {
        let tenYears = JournalStatistics(logs: try #require(Self.shapes["10,000 brews over ten years"]))
        #expect(tenYears.overTimePeriod == .year)
        #expect(tenYears.brewsOverTime.count <= JournalStatistics.maximumPeriods)
        let months = JournalStatistics(logs: try #require(Self.shapes["three brews months apart"]))
        #expect(months.overTimePeriod == .week || months.overTimePeriod == .month)
        let outlier = JournalStatistics(logs: try #require(Self.shapes["one outlier"]))
        #expect(outlier.doseDistribution.outliers.map(\.value) == [500] && outlier.doseDistribution.outlierCount == 1)
        #expect(outlier.doseDistribution.bins.allSatisfy { $0.upper <= 20 })
        let html = try #require(Journal.statisticsCharts(outlier)["dose-distribution"]?.html)
        #expect(html.contains("drawn apart") && html.contains(">500 g</text>"))
    }

    @Test func aBarIsLabelledWithTheValuesItHolds() {
        // All at 1:16.7: the bar says 1:16.7, not the lower edge of its bin.
        let histogram = Histogram((0..<5).map { _ in 16.7 }, resolution: 0.1)
        #expect(histogram.bins.count == 1)
        let bin = histogram.bins[0]
        #expect(bin.smallest == 16.7 && bin.largest == 16.7 && bin.lower <= 16.7 && 16.7 < bin.upper)
        let html = Journal.statisticsCharts(JournalStatistics(logs: (0..<5).map { Self.log($0, day: Self.firstDay) }))["ratio-distribution"]?.html ?? ""
        #expect(html.contains("<td>1:16.7</td>"))
        #expect([1.0, 2, 2.5, 5, 10, 0.25, 250].allSatisfy { Histogram.roundStep($0) == $0 })
        #expect(Histogram.roundStep(3) == 5 && Histogram.roundStep(0.3) == 0.5)
    }

    @Test func aShortRecordingIsReadOnlyAsFarAsItGoes() throws {
        let recipe = StarterRecipe.recipe(createdAt: Date(timeIntervalSince1970: 0))
        // 1,200 g of water at 1:16: the plan is scaled to the brew's water, not to its dose.
        let plan = try BrewPlanner.plan(recipe, inputs: .yield(1_200))
        let samples = stride(from: 0.0, through: 25, by: 0.5).map { t in
            BrewFlow.Sample(seconds: t, grams: t < 4 ? t * 8 : t < 14 ? 32 : min(32 + (t - 14) * 4, 48))
        }
        let reading = PourReading(samples: samples, plan: plan, brewTimeSeconds: 340, bloomSeconds: 60)
        #expect(reading.recordedSeconds == 25)
        #expect(reading.lastPourEndSeconds == nil)
        #expect(reading.bloomEndSeconds == 60 && !reading.bloomFromRecording)
        let text = reading.sentences.joined(separator: " ")
        #expect(!text.contains("last pour finished"))
        #expect(text.contains("The scale recorded only the first 0:25 of the brew"))
        #expect(text.contains("The bloom ended at 1:00") && text.contains("the recording stops at 0:25"))
        #expect(PourChart.plannedLine(plan, until: 400).map(\.1).max() == 1_200)
        let log = BrewLog(id: "bc", timestamp: Date(timeIntervalSince1970: 0), recipeId: recipe.id, recipeNameAtBrew: recipe.name, doseGrams: 75,
                          targetYieldGrams: 1_200, waterTemperatureCelsius: 92, grindLabel: .medium, rating: nil, brewTimeSeconds: 340, bloomSeconds: 60)
        let fragment = try #require(PourChart.fragment(log: log, flow: BrewFlow(logId: "bc", samples: samples), plan: plan, id: "pour"))
        #expect(fragment.html.contains("class=\"recording-end\"") && fragment.html.contains(">scale stops at 0:25</text>"))
        for svg in SVGText.svgs(in: fragment.html) {
            SVGText.expectReadable(svg, "25 s recording")
            SVGText.expectRoundTicks(svg, "25 s recording")
        }
    }

    @Test(arguments: [15.0, 18, 75, 500])
    func theBrewTimelineReadsOnAPhone(dose: Double) throws {
        let plan = try BrewPlanner.plan(StarterRecipe.recipe(createdAt: Date(timeIntervalSince1970: 0)), inputs: .dose(dose))
        let html = TimelineChart.fragment(for: plan, id: "timeline").html
        let svg = try #require(SVGText.svgs(in: html).first)
        SVGText.expectReadable(svg, "timeline at \(dose) g")
        SVGText.expectRoundTicks(svg, "timeline at \(dose) g")
        #expect(svg.contains(">water (g)</text>"))
        #expect(svg.contains("url(#timeline-hatch)"), "pour windows are hatched, not only tinted")
    }

    @Test func weekGaugesGiveTheirPercentageAsText() {
        // 199 g of protein against a goal of 120 g: 166 %.
        let slot = MealSlot(id: "a", day: "2026-11-23", meal: .lunch,
                            content: .quickAdd(QuickAddItem(name: "Steak", calories: 2_000, protein: 199, carbs: 200, fats: 40)))
        let day = PlanDay(day: "2026-11-23", slots: [slot], recipes: [:], snacks: [:], goals: .seedDefault)
        let html = DayNutritionChart.fragment(for: day, id: "d").html
        #expect(html.contains("<span class=\"dn-value\">166 %</span>"))
        #expect(!html.contains("<text"))
    }
}

/// Every histogram has at least three labelled ticks spanning its bars: brews at 1:15 and 1:16.7
/// once had one tick ("1:16") and bars nobody could name.
@Suite struct HistogramTicksTests {
    static func ticks(_ html: String) -> [String] {
        html.components(separatedBy: "class=\"axis tick-x\"").dropFirst().compactMap { part in
            part.split(separator: ">", maxSplits: 1).last.map { String($0.prefix { $0 != "<" }) }
        }
    }

    @Test(arguments: [[15.0, 16.7], [15.0, 15.0, 16.7, 16.7, 16.7], [16.0, 16.5], [12.0, 18.0], [15.0, 15.2, 17.9]])
    func ratiosGetThreeTicksSpanningTheBars(ratios: [Double]) throws {
        let logs = ratios.enumerated().map { ChartShapesTests.log($0.offset, day: ChartShapesTests.firstDay, ratio: $0.element) }
        let html = try #require(Journal.statisticsCharts(JournalStatistics(logs: logs))["ratio-distribution"]?.html)
        let ticks = Self.ticks(html)
        #expect(ticks.count >= 3, "\(ticks)")
        let histogram = JournalStatistics(logs: logs).ratioDistribution
        let lowest = try #require(histogram.bins.first?.lower), highest = try #require(histogram.bins.last?.upper)
        let values = ticks.compactMap { Double($0.dropFirst(2)) }
        #expect(values.count == ticks.count)
        #expect((values.min() ?? .infinity) <= lowest + 1e-9 && (values.max() ?? -.infinity) >= highest - 1e-9, "\(ticks) for bins \(lowest)–\(highest)")
    }
}
