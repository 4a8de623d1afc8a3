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
        let units = summary.settings.units
        let bullet = markdown ? "- " : "  "
        var lines: [String] = []
        lines.append(markdown ? "# Session \(MarkdownEscaping.escape(summary.sessionId))" : "Session \(summary.sessionId)")
        lines.append("")
        lines.append("\(SessionText.dayAndTime(summary.start, in: summary.timeZone)) to \(SessionText.clock(summary.end, in: summary.timeZone)) (\(SessionText.duration(minutes: summary.durationMinutes))). \(SessionText.status(summary)).")
        lines.append("")
        lines.append(bullet + "Drinks: \(summary.alcoholicDrinks) (\(SessionText.standardDrinks(summary.standardDrinks)) standard drinks of \(Format.number(summary.settings.standardDrinkGrams)) g)")
        lines.append(bullet + "Water breaks: \(summary.waterEntries) (\(SessionText.volume(millilitres: summary.waterVolumeMillilitres, units: units)))")
        lines.append(bullet + "Waterline: ended \(SessionText.position(summary.finalWaterline)), highest \(SessionText.position(summary.maxWaterline))")
        lines.append(bullet + "At or above \(summary.settings.warningThreshold): \(SessionText.duration(minutes: summary.minutesAtOrAboveWarning))")
        lines.append(bullet + "Pacing: \(SessionText.adherence(summary))")
        lines.append("")
        lines.append(markdown ? "## Timeline" : "Timeline")
        lines.append("")
        if markdown {
            lines.append("| Time | Entry | Change | Waterline |")
            lines.append("|---|---|---|---|")
        }
        for item in timelineRows(summary, presets: presets) {
            if markdown {
                lines.append("| \(item.time) | \(MarkdownEscaping.escape(item.what).replacingOccurrences(of: "|", with: "\\|")) | \(item.change) | \(item.waterline) |")
            } else {
                lines.append("  \(item.time)  \(item.change.padding(toLength: 3, withPad: " ", startingAt: 0))  \(item.waterline.padding(toLength: 16, withPad: " ", startingAt: 0))  \(item.what)")
            }
        }
        lines.append("")
        lines.append(SessionText.guardrail)
        return lines
    }

    /// Entries and reminders in time order, as rows.
    public struct Row {
        public var time: String
        public var what: String
        public var change: String
        public var waterline: String
        public var isReminder: Bool
    }

    public static func timelineRows(_ summary: SessionSummary, presets: [String: DrinkPreset]) -> [Row] {
        var rows: [(Date, Int, Row)] = []
        for (index, item) in summary.timeline.enumerated() {
            rows.append((item.entry.timestamp, index * 2, Row(
                time: SessionText.clock(item.entry.timestamp, in: summary.timeZone),
                what: SessionText.describe(item, presets: presets, units: summary.settings.units),
                change: SessionText.signed(item.delta), waterline: SessionText.position(item.waterline), isReminder: false)))
            if item.reminder != nil {
                rows.append((item.entry.timestamp, index * 2 + 1, Row(time: SessionText.clock(item.entry.timestamp, in: summary.timeZone), what: SessionText.reminderNote(item, in: summary.timeZone), change: "", waterline: "", isReminder: true)))
            }
        }
        for moment in summary.timeReminders {
            rows.append((moment, -1, Row(time: SessionText.clock(moment, in: summary.timeZone), what: "Time reminder (every \(summary.settings.timeReminderIntervalMinutes ?? 0) min)", change: "", waterline: "", isReminder: true)))
        }
        return rows.sorted { a, b in a.0 != b.0 ? a.0 < b.0 : a.1 < b.1 }.map(\.2)
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
            "minutesAtOrAboveWarning": summary.minutesAtOrAboveWarning,
            "remindersFired": summary.remindersFired,
            "remindersFollowed": summary.remindersFollowed,
            "adherencePercent": summary.adherencePercent.map { $0 as Any } ?? NSNull(),
            "abandoned": summary.abandoned,
        ]
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
