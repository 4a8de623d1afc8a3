import BrewKit
@testable import BrewSite
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// Issue 19's crashes and hangs in `build`: every computation that sizes something from data
/// is bounded by the number of records, never by a value, and no Double becomes an Int
/// without a check. Each of these trapped or ran for minutes before the fix.
@Suite("Computations bounded by records, not by values")
struct ComputationBoundsTests {
    static let day = Date(timeIntervalSince1970: 1_780_000_000)

    static func log(_ id: String, doseGrams: Double, yieldGrams: Double = 300, at timestamp: Date = day) -> BrewLog {
        BrewLog(id: id, timestamp: timestamp, recipeId: nil, recipeNameAtBrew: "Bright", doseGrams: doseGrams,
                targetYieldGrams: yieldGrams, waterTemperatureCelsius: 94, grindLabel: .medium, rating: 4)
    }

    @Test func doublesBecomeIntsWithoutTrapping() {
        #expect(Int(saturating: 1e300) == Int.saturationLimit)
        #expect(Int(saturating: -Double.infinity) == -Int.saturationLimit)
        #expect(Int(saturating: .nan) == 0)
        #expect(Int(saturating: 90.9) == 90)
        // `Format.clock(1e300)` trapped in `check` (RecipeValidator) and `build` (BrewPlanner+Clock).
        #expect(Format.clock(1e300) == "150119987579016:32")
        #expect(Format.clock(-1e300).hasPrefix("-"))
        #expect(Format.clock(95) == "1:35")
        #expect(Format.number(1e300) == "1e+300")
        #expect(Format.grams(1e16) == "1e+16 g")
    }

    @Test(arguments: [1e300, 1e15, 1e9])
    func aHugeDoseMakesNoHugeHistogram(doseGrams: Double) {
        // 1e300 trapped (Double to Int), 1e15 tried to allocate 32 PB, 1e9 grew past 7 GB.
        let logs = [Self.log("a", doseGrams: 15), Self.log("b", doseGrams: 18), Self.log("c", doseGrams: doseGrams)]
        let statistics = JournalStatistics(logs: logs)
        // The huge dose is drawn apart (issue 28); the ordinary ones in a few round bins.
        #expect(statistics.doseDistribution.bins.count <= Histogram.maximumBins)
        #expect(statistics.doseDistribution.bins.map(\.count).reduce(0, +) + statistics.doseDistribution.outlierCount == 3)
        #expect(statistics.doseDistribution.outliers.map(\.value) == [(doseGrams * 10).rounded() / 10])
        #expect(statistics.ratioDistribution.bins.count <= Histogram.maximumBins)
    }

    @Test func aNarrowHistogramStillShowsItsEmptyBuckets() {
        let statistics = JournalStatistics(logs: [Self.log("a", doseGrams: 15), Self.log("b", doseGrams: 18)])
        // 15 to 18 g in bins of 0.5 g (3 g ÷ 8 rounds up to 0.5), empty bins between kept.
        #expect(statistics.doseDistribution.bins.map(\.lower) == [15, 15.5, 16, 16.5, 17, 17.5, 18])
        #expect(statistics.doseDistribution.bins.map(\.count) == [1, 0, 0, 0, 0, 0, 1])
    }

    @Test func weeksFarApartKeepOnlyTheWeeksWithBrews() {
        let old = Date(timeIntervalSince1970: 0)
        let late = ISO8601.date(from: "9999-12-31T00:00:00Z")!
        let statistics = JournalStatistics(logs: [Self.log("a", doseGrams: 15, at: old), Self.log("b", doseGrams: 15, at: late)])
        #expect(statistics.brewsByWeek.count == 2)
        #expect(statistics.ratingByWeek.count == 2)
        // Over time: by year, only the years with brews when they are that far apart.
        #expect(statistics.overTimePeriod == .year && statistics.brewsOverTime.count == 2)
        let near = JournalStatistics(logs: [Self.log("a", doseGrams: 15), Self.log("b", doseGrams: 15, at: Self.day.addingTimeInterval(21 * 86_400))])
        #expect(near.brewsByWeek.count == 4)
    }

    static func recipe(waitTarget: Double?, waitMax: Double?) -> Recipe {
        Recipe(
            id: "far", isStarter: false, origin: .custom, name: "Far", defaultDose: 15, defaultTargetYield: 250,
            defaultWaterTemperature: 94, defaultGrindLabel: .medium, grindTactileDescriptor: "", createdAt: day, modifiedAt: day,
            steps: [
                RecipeStep(stepId: "bloom", orderIndex: 0, kind: .bloom, durationSeconds: 45, waterAmountGrams: 45),
                RecipeStep(stepId: "pour", orderIndex: 1, kind: .pour, targetElapsedSeconds: 135, waterAmountGrams: 250),
                RecipeStep(stepId: "wait", orderIndex: 2, kind: .wait, targetElapsedSeconds: waitTarget, targetElapsedMaxSeconds: waitMax),
            ])
    }

    @Test(arguments: [(1e300 as Double?, nil as Double?), (180, 1e300), (86_400, 86_400)])
    func aFarMilestoneNeitherTrapsNorDrawsAMillionGridLines(target: Double?, maximum: Double?) throws {
        let recipe = Self.recipe(waitTarget: target, waitMax: maximum)
        _ = RecipeValidator().diagnostics(for: Located(recipe, source: .synthesized("far.json")))
        let plan = try BrewPlanner.plan(recipe)
        let fragment = TimelineChart.fragment(for: plan, id: "far")
        #expect(fragment.html.utf8.count < 20_000)
        #expect(fragment.html.components(separatedBy: "class=\"grid\"").count - 1 <= 41)
    }

    @Test func aSessionEndingInTheYear9999IsSummarisedQuickly() {
        // An entry or endTime in the year 9999 made `build` grow past 9.8 GB.
        let start = Self.day
        let end = ISO8601.date(from: "9999-01-01T00:00:00Z")!
        let session = Session(
            id: "late", startTime: start, endTime: end,
            settings: .init(timeRemindersEnabled: true, timeReminderIntervalMinutes: 1),
            entries: [
                LogEntry(id: "e1", timestamp: start.addingTimeInterval(600), type: .alcohol, alcoholMeta: AlcoholMeta(size: .millilitres(1e300), abvPercent: 40)),
                LogEntry(id: "e2", timestamp: end, type: .water),
            ])
        let started = Date()
        let summary = SessionSummary(session: session, now: start)
        #expect(summary.timeReminders.count <= SessionSummary.maximumTimeReminders)
        #expect(summary.maxWaterline == StandardDrinks.maximumWaterlineDelta)
        #expect(summary.durationMinutes > 0)
        let svg = WaterlineChart.svg(summary, title: "Late")
        #expect(svg.components(separatedBy: "class=\"wl-grid\"").count - 1 <= 26)
        #expect(Date().timeIntervalSince(started) < 5)
    }

    @Test func controlCharactersNeverReachTheFeed() throws {
        var log = Self.log("log-1", doseGrams: 15)
        log.recipeNameAtBrew = "Bright\u{1B}[31m\u{7} & <Morning>\u{0}"
        let feed = Feeds.atom(logs: [log], siteTitle: "Journal\u{1B}", baseURL: nil)
        let xml = String(decoding: feed.contents, as: UTF8.self)
        #expect(!xml.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" && $0 != "\r" })
        #expect(xml.contains("Bright[31m &amp; &lt;Morning&gt;"))
        // Well-formed: an XML parser reads it to the end.
        let parser = XMLParser(data: Data(feed.contents))
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        #expect(HTMLEscaping.escape("a\u{1B}b\tc\nd") == "ab\tc\nd")
    }
}
