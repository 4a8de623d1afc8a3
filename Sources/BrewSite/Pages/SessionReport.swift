import BrewKit
import Foundation

/// `brewguide summary`'s output: plain text, Markdown, or JSON with the keys docs/SESSIONS.md lists.
public enum SessionReport {
    public static func text(_ summary: SessionSummary, presets: [String: DrinkPreset]) -> String {
        lines(summary, presets: presets, markdown: false).joined(separator: "\n") + "\n"
    }

    public static func markdown(_ summary: SessionSummary, presets: [String: DrinkPreset]) -> String {
        lines(summary, presets: presets, markdown: true).joined(separator: "\n") + "\n"
    }

    private static func lines(_ summary: SessionSummary, presets: [String: DrinkPreset], markdown: Bool) -> [String] {
        let bullet = markdown ? "- " : "  "
        var lines: [String] = []
        let title = SessionText.title(summary)
        lines.append(markdown ? "# \(MarkdownEscaping.escape(title))" : title)
        lines.append(markdown ? "Session id: `\(summary.sessionId)`" : "Session id: \(summary.sessionId)")
        lines.append("")
        var when = "\(SessionText.dayAndTime(summary.start, in: summary.timeZone)) to \(SessionText.clock(summary.end, in: summary.timeZone)) (\(SessionText.duration(minutes: summary.durationMinutes))). \(SessionText.status(summary))."
        if let updated = summary.sessionUpdatedAt { when += " Last edited \(SessionText.dayAndTime(updated, in: summary.timeZone))." }
        lines.append(when)
        lines.append("")
        var drinks = "Drinks: \(summary.alcoholicDrinks) (\(SessionText.standardDrinksPhrase(summary.standardDrinks)) of \(Format.number(summary.settings.standardDrinkGrams)) g"
        if summary.drinksWithAssumedABV > 0 { drinks += "; ABV assumed for \(summary.drinksWithAssumedABV) from its type" }
        lines.append(bullet + drinks + ")")
        lines.append(bullet + "Water breaks: \(summary.waterEntries) (\(SessionText.waterVolume(summary)))")
        lines.append(bullet + "Waterline: \(SessionText.range(summary))")
        lines.append(bullet + "At or above \(summary.settings.warningThreshold): \(SessionText.duration(minutes: summary.minutesAtOrAboveWarning))")
        lines.append(bullet + "Pacing warnings: \(SessionText.warnings(summary))")
        lines.append(bullet + "Pacing: \(SessionText.adherence(summary))")
        lines.append("")
        lines.append(markdown ? "## Timeline" : "Timeline")
        lines.append("")
        if markdown {
            lines.append("| Time | Entry | Change | Waterline |")
            lines.append("|---|---|---|---|")
        }
        for item in timelineRows(summary, presets: presets) {
            let raised = [item.warning, item.note].filter { !$0.isEmpty }.joined(separator: ". ")
            let what = item.what + (item.edited.isEmpty ? "" : " (edited \(item.edited))") + (raised.isEmpty ? "" : " — \(raised)")
            if markdown {
                lines.append("| \(item.time) | \(MarkdownEscaping.escape(what).replacingOccurrences(of: "|", with: "\\|")) | \(item.change) | \(item.waterline) |")
            } else {
                lines.append("  \(item.time)  \(item.change.padding(toLength: 3, withPad: " ", startingAt: 0))  \(item.waterline.padding(toLength: 16, withPad: " ", startingAt: 0))  \(what)")
            }
        }
        lines.append("")
        lines.append(SessionText.guardrail)
        return lines
    }

    /// Entries and the time reminders in time order, as rows: one row per event.
    public struct Row {
        public enum Kind: String { case entry, timeReminders }
        public var time: String
        public var what: String
        public var change: String
        public var waterline: String
        public var kind: Kind
        /// When the entry was last edited, `Sat 21 Nov 2026, 19:02`; empty when not recorded.
        public var edited: String = ""
        /// What the entry raised, folded into its row: the per-drink reminder (with the
        /// drinks-since-water warning that comes with it) or, after water, the return below the mark.
        public var note: String = ""
        /// The threshold warning the entry raised (shown strong): empty when none.
        public var warning: String = ""
        public var isReminder: Bool { kind != .entry }
    }

    /// A time reminder counts as followed by water when a water entry comes at it or within
    /// this many minutes after it.
    public static let timeReminderFollowMinutes = 10.0

    /// The rows of the timeline: each entry with what it raised folded in (its per-drink reminder
    /// and any pacing warning; after the water that brought the line back below the mark, a note),
    /// and the time reminders folded into one row per run (a run ends where the quiet rule held
    /// some back). With a reminder on every drink (N = 1) that is still one line per drink.
    public static func timelineRows(_ summary: SessionSummary, presets: [String: DrinkPreset]) -> [Row] {
        var rows: [(Date, Int, Row)] = []
        var order = 0
        func add(_ moment: Date, _ row: Row) {
            rows.append((moment, order, row))
            order += 1
        }
        let warningsByEntry = Dictionary(grouping: summary.pacingWarnings, by: \.entryId)
        let returns = Dictionary(summary.pacingWarnings.compactMap { w in w.returnedBelowAt.map { ($0, w) } }, uniquingKeysWith: { a, _ in a })
        var returnShown = Set<Date>()
        for item in summary.timeline {
            let moment = item.entry.timestamp
            var row = Row(
                time: SessionText.timelineClock(moment, in: summary), what: SessionText.describe(item, presets: presets, units: summary.settings.units),
                change: SessionText.signed(item.delta), waterline: SessionText.position(item.waterline), kind: .entry)
            if let updated = item.entry.updatedAt { row.edited = SessionText.dayAndTime(updated, in: summary.timeZone) }
            // Warnings belong to the entry that raised them (entry ids are unique within a session).
            let warnings = (warningsByEntry[item.entry.id] ?? []).filter { $0.timestamp == moment }
            row.warning = warnings.filter { $0.kind == .threshold }.map { SessionText.warning($0, settings: summary.settings) }.joined(separator: " ")
            // A drinks-since-water warning always comes with a per-drink reminder: the note says both.
            if item.reminder != nil {
                row.note = SessionText.reminderNote(item, warned: warnings.contains { $0.kind == .drinksSinceWater }, in: summary.timeZone)
            }
            if item.entry.type == .water, returns[moment] != nil, item.waterline < summary.settings.warningThreshold, !returnShown.contains(moment) {
                returnShown.insert(moment)
                row.note = "Back below the water-break mark of \(summary.settings.warningThreshold)"
            }
            add(moment, row)
        }
        for run in timeReminderRuns(summary) {
            add(run.first!, Row(time: SessionText.timelineClock(run.first!, in: summary), what: timeReminderLine(run, summary: summary), change: "", waterline: "", kind: .timeReminders))
        }
        if let firstQuiet = summary.quietTimeReminders.first, let minutes = summary.settings.stopRemindersAfterInactiveMinutes {
            let count = summary.quietTimeReminders.count
            add(firstQuiet, Row(
                time: SessionText.timelineClock(firstQuiet, in: summary),
                what: "Quiet: \(count == 1 ? "1 time reminder" : "\(count) time reminders") not given after \(minutes) min without an entry",
                change: "", waterline: "", kind: .timeReminders))
        }
        return rows.sorted { a, b in a.0 != b.0 ? a.0 < b.0 : a.1 < b.1 }.map(\.2)
    }

    /// The time reminders split where the quiet rule held some back: each run is consecutive reminders.
    static func timeReminderRuns(_ summary: SessionSummary) -> [[Date]] {
        guard let minutes = summary.settings.timeReminderIntervalMinutes else { return [] }
        var runs: [[Date]] = []
        for moment in summary.timeReminders {
            if let last = runs.last?.last, moment.timeIntervalSince(last) <= Double(minutes) * 60 + 0.5 {
                runs[runs.count - 1].append(moment)
            } else {
                runs.append([moment])
            }
        }
        return runs
    }

    /// "Time reminders every 45 min, 15:45 to 00:45: 13, 3 followed by water within 10 min".
    static func timeReminderLine(_ run: [Date], summary: SessionSummary) -> String {
        let interval = summary.settings.timeReminderIntervalMinutes ?? 0
        let waters = summary.timeline.filter { $0.entry.type == .water }.map(\.entry.timestamp)
        let followed = run.filter { moment in
            waters.contains { $0 >= moment && $0.timeIntervalSince(moment) <= timeReminderFollowMinutes * 60 }
        }.count
        let span = run.count == 1 ? "" : ", \(SessionText.clock(run.first!, in: summary.timeZone)) to \(SessionText.clock(run.last!, in: summary.timeZone))"
        return "Time reminders every \(interval) min\(span): \(run.count), \(followed) followed by water within \(Format.number(timeReminderFollowMinutes)) min"
    }

    /// The JSON object of docs/SESSIONS.md, keys sorted.
    public static func json(_ summary: SessionSummary) -> String {
        var object: [String: Any] = [
            "sessionId": summary.sessionId,
            "start": ISO8601.string(from: summary.start),
            "end": ISO8601.string(from: summary.end),
            "durationMinutes": summary.durationMinutes,
            "alcoholicDrinks": summary.alcoholicDrinks,
            "standardDrinks": (summary.standardDrinks * 100).rounded() / 100,
            "waterEntries": summary.waterEntries,
            "waterVolumeMl": summary.waterVolumeMillilitres.rounded(),
            "finalWaterline": summary.finalWaterline,
            "maxWaterline": summary.maxWaterline,
            "minWaterline": summary.minWaterline,
            "minutesAtOrAboveWarning": summary.minutesAtOrAboveWarning,
            "remindersFired": summary.remindersFired,
            "remindersFollowed": summary.remindersFollowed,
            "adherencePercent": summary.adherencePercent.map { $0 as Any } ?? NSNull(),
            "abandoned": summary.abandoned,
        ]
        object["pacingWarnings"] = summary.pacingWarnings.map { warning -> [String: Any] in
            [
                "timestamp": ISO8601.string(from: warning.timestamp),
                "waterline": warning.waterline,
                "kind": warning.kind.rawValue,
                "returnedBelowAt": warning.returnedBelowAt.map { ISO8601.string(from: $0) as Any } ?? NSNull(),
            ]
        }
        object["timeline"] = summary.timeline.map { item -> [String: Any] in
            [
                "timestamp": ISO8601.string(from: item.entry.timestamp),
                "type": item.entry.type.rawValue,
                "delta": item.delta,
                "waterline": item.waterline,
            ]
        }
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
