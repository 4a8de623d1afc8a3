import BrewKit
@testable import BrewSite
import Foundation
import Testing

/// Session titles (issue 20: "Saturday night, 21 Nov") and the waterline chart's time axis.
@Suite struct SessionTitleAndChartTests {
    private func date(_ text: String) -> Date { ISO8601.date(from: text)! }

    @Test(arguments: [
        ("2026-11-21T16:30:00Z", "Saturday night, 21 Nov"),  // from 16:00: night
        ("2026-11-14T15:00:00Z", "Saturday afternoon, 14 Nov"),
        ("2026-11-15T11:59:00Z", "Sunday morning, 15 Nov"),
        ("2026-10-31T01:30:00Z", "Friday night, 30 Oct"),  // after midnight: the night before
        ("2026-10-31T05:00:00Z", "Saturday morning, 31 Oct"),
    ])
    func titlesByWeekdayAndPartOfTheDay(start: String, title: String) {
        #expect(SessionText.title(Session(id: "s", startTime: date(start))) == title)
    }

    @Test func aNameWinsAndABlankNameDoesNot() {
        #expect(SessionText.title(Session(id: "s", name: "Sam's birthday", startTime: date("2026-11-21T16:30:00Z"))) == "Sam's birthday")
        #expect(SessionText.title(Session(id: "s", name: "  ", startTime: date("2026-11-21T16:30:00Z"))) == "Saturday night, 21 Nov")
    }

    @Test func ticksEveryHourOrQuarterOrHalfHour() {
        // Up to 1 h: 15 min; up to 2 h 30 min: 30 min; longer: hourly.
        #expect(WaterlineChart.tickMinutes(spanSeconds: 5 * 60) == 15)
        #expect(WaterlineChart.tickMinutes(spanSeconds: 3600) == 15)
        #expect(WaterlineChart.tickMinutes(spanSeconds: 2 * 3600) == 30)
        #expect(WaterlineChart.tickMinutes(spanSeconds: 3.5 * 3600) == 60)
        // 19:10 to 22:30 hourly: 20:00, 21:00, 22:00 (whole hours on the clock inside the period).
        let hourly = WaterlineChart.ticks(from: date("2026-10-07T19:10:00Z"), to: date("2026-10-07T22:30:00Z"), minutes: 60)
        #expect(hourly.map { SessionText.clock($0) } == ["20:00", "21:00", "22:00"])
        // On a clock 5 h 30 min ahead of UTC (India), whole local hours fall at :30 UTC.
        let india = WaterlineChart.ticks(from: date("2026-10-07T19:10:00Z"), to: date("2026-10-07T22:30:00Z"), minutes: 60, offsetSeconds: 19_800)
        #expect(india.map { SessionText.clock($0) } == ["19:30", "20:30", "21:30", "22:30"])
        // 16:30 UTC is 22:00 in India: still Saturday night; 20:00 UTC there is 01:30 Sunday, Saturday's night.
        #expect(SessionText.dayPartTitle(date("2026-11-21T16:30:00Z"), offsetSeconds: 19_800) == "Saturday night, 21 Nov")
        #expect(SessionText.dayPartTitle(date("2026-11-21T20:00:00Z"), offsetSeconds: 19_800) == "Saturday night, 21 Nov")
        #expect(SessionText.dayPartTitle(date("2026-11-21T06:00:00Z"), offsetSeconds: 19_800) == "Saturday morning, 21 Nov")
        // 20:00 to 20:05 by quarters: 20:00 only.
        #expect(WaterlineChart.ticks(from: date("2026-10-24T20:00:00Z"), to: date("2026-10-24T20:05:00Z"), minutes: 15).map { SessionText.clock($0) } == ["20:00"])
    }

    @Test func theChartNamesTheThresholdInItsLegendAndLabelsTheHours() {
        let session = Session(id: "pub", startTime: date("2026-10-07T19:00:00Z"), endTime: date("2026-10-07T22:30:00Z"), entries: [
            .alcohol("a", at: date("2026-10-07T19:10:00Z"), AlcoholMeta(standardDrinkEstimate: 2)),
        ])
        let svg = WaterlineChart.svg(SessionSummary(session: session, now: date("2026-10-08T00:00:00Z")), title: "Quiz <night>")
        #expect(svg.contains(">water-break mark (2)</text>"))
        #expect(svg.contains("Quiz &lt;night&gt;"))
        for hour in ["19:00", "20:00", "21:00", "22:00"] { #expect(svg.contains(">\(hour)</text>")) }
        #expect(svg.contains("class=\"wl-warn-zone\""))
    }

    @Test func theWaterBreakMarkIsDrawnAtItsValue() throws {
        // Issue 26: a mark of 3 was drawn at 2.5. A double (+2) and a single (+1) take the line to +3:
        // the mark's line, the "+3" grid line and the third point share one height.
        let session = Session(id: "pub", startTime: date("2026-10-07T19:00:00Z"), endTime: date("2026-10-07T22:00:00Z"), entries: [
            .alcohol("a", at: date("2026-10-07T19:10:00Z"), AlcoholMeta(standardDrinkEstimate: 2)),
            .alcohol("b", at: date("2026-10-07T19:40:00Z"), AlcoholMeta(standardDrinkEstimate: 1)),
        ])
        let svg = WaterlineChart.svg(SessionSummary(session: session, settings: WaterlineSettings(warningThreshold: 3), now: date("2026-10-08T00:00:00Z")), title: "t")
        #expect(svg.contains(">water-break mark (3)</text>"))
        func attribute(_ name: String, after marker: String) throws -> String {
            let tail = try #require(svg.range(of: marker)).upperBound
            let start = try #require(svg.range(of: "\(name)=\"", range: tail..<svg.endIndex)).upperBound
            return String(svg[start...].prefix { $0 != "\"" })
        }
        let markY = try attribute("y1", after: "<line class=\"wl-threshold\" x1=\"52\"")
        // The second drink, 40 of 180 minutes along the 336-unit plot that starts at 52.
        let pointY = try attribute("cy", after: "<circle class=\"wl-drink\" cx=\"\(Format.number(52 + 336 * 40.0 / 180, decimals: 1))\"")
        #expect(markY == pointY, "the mark at \(markY), the +3 point at \(pointY)")
        // The +3 grid label sits 4 below its line.
        #expect(svg.contains("y=\"\(Format.number(try #require(Double(markY)) + 4, decimals: 1))\" text-anchor=\"end\">+3</text>"))
    }

    @Test func withAReminderOnEveryDrinkTheTimelineKeepsOneLinePerEvent() {
        // Issue 26: N = 1 (the document's default) and a mark of 2. Beer 19:10 (+1 → 1: a reminder,
        // a nudge), wine 19:30 (+1 → 2: the mark, and past the rule: a warning with its reminder),
        // water 19:40 (→ 1: back below), vodka soda 20:00 (+1 → 2: the mark again, and a reminder).
        let session = Session(id: "s", startTime: date("2026-11-23T19:00:00Z"), endTime: date("2026-11-23T21:00:00Z"), entries: [
            .alcohol("e1", at: date("2026-11-23T19:10:00Z")),
            .alcohol("e2", at: date("2026-11-23T19:30:00Z")),
            .water("e3", at: date("2026-11-23T19:40:00Z")),
            .alcohol("e4", at: date("2026-11-23T20:00:00Z")),
        ])
        let summary = SessionSummary(session: session, settings: WaterlineSettings(waterEveryNDrinks: 1, warningThreshold: 2), now: date("2026-11-24T00:00:00Z"))
        let rows = SessionReport.timelineRows(summary, presets: [:])
        #expect(rows.map(\.time) == ["19:10", "19:30", "19:40", "20:00"])
        #expect(rows.allSatisfy { $0.kind == .entry })
        // Only reaching the mark is a warning (shown strong); the reminders are notes on their drink's line.
        #expect(rows.map { !$0.warning.isEmpty } == [false, true, false, true])
        // With N = 1 the first drink is a reminder (a nudge), the second before water past the rule.
        #expect(rows[0].note == "Time for water after 1 drink, and no water break came before the next drink or the end")
        #expect(rows[1].warning == "Pacing warning: reached the water-break mark of 2. Drink water to return to centre")
        #expect(rows[1].note == "Pacing warning, 2 drinks since water: time for water, and a water break came at 19:40")
        #expect(rows[2].note == "Back below the water-break mark of 2")
        let text = SessionReport.text(summary, presets: [:])
        let timeline = text.components(separatedBy: "Timeline\n\n")[1].components(separatedBy: "\n\n")[0]
        #expect(timeline.split(separator: "\n").count == 4, "\(timeline)")
        #expect(timeline.contains("  19:40  -1   1 above centre    Water break: 250 ml (amount not given: the default) — Back below the water-break mark of 2"))
    }

    @Test func timeRemindersFoldIntoOneRowPerRunAndTheQuietOnesAreCounted() {
        // Every 30 min from 19:00 to 00:00 (end): 19:30 … 23:30, nine. A drink at 19:10 and water at
        // 19:35 (5 min after the 19:30 reminder: followed) and at 22:40. Quiet after 90 min without an
        // entry: 21:30 (115 min after 19:35) … 22:30 are held back (three); 23:00 and 23:30 follow the
        // 22:40 water. Runs: 19:30–21:00 (4, 1 followed) and 23:00–23:30 (2, none followed).
        let start = date("2026-10-07T19:00:00Z")
        let session = Session(id: "s", startTime: start, endTime: date("2026-10-08T00:00:00Z"),
                              settings: .init(timeReminderIntervalMinutes: 30, stopRemindersAfterInactiveMinutes: 90), entries: [
            .alcohol("a", at: date("2026-10-07T19:10:00Z")),
            .water("b", at: date("2026-10-07T19:35:00Z")),
            .water("c", at: date("2026-10-07T22:40:00Z")),
        ])
        let rows = SessionReport.timelineRows(SessionSummary(session: session, now: date("2026-10-08T01:00:00Z")), presets: [:])
        let folded = rows.filter { $0.kind == .timeReminders }.map { "\($0.time) \($0.what)" }
        #expect(folded == [
            "19:30 Time reminders every 30 min, 19:30 to 21:00: 4, 1 followed by water within 10 min",
            "21:30 Quiet: 3 time reminders not given after 90 min without an entry",
            "23:00 Time reminders every 30 min, 23:00 to 23:30: 2, 0 followed by water within 10 min",
        ])
    }
}
