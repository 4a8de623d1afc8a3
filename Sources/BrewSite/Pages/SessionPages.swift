import BrewKit
import Foundation

/// The Waterline session pages: `sessions/index` (newest first) and `sessions/<id>` for each.
public struct SessionPages {
    public static let templates = ["session.md", "sessions.md"]

    let sessions: [Session]
    let settings: WaterlineSettings
    let presets: [String: DrinkPreset]
    let now: Date
    /// The journal's time zone (`preferences.json` `timeZone`).
    let timeZone: JournalTimeZone

    /// - Parameter now: the moment "still active" and "abandoned" are measured against.
    public init(_ validated: ValidatedDataset, now: Date = Date()) {
        let dataset = validated.dataset
        self.sessions = dataset.sessionsNewestFirst
        self.settings = dataset.waterline
        self.presets = dataset.drinkPresetsByID
        self.now = now
        self.timeZone = JournalTimeZone(identifier: dataset.preferences?.value.timeZone)
    }

    public func summary(of session: Session) -> SessionSummary {
        var summary = SessionSummary(session: session, settings: settings, presets: presets, now: now)
        summary.timeZone = timeZone
        return summary
    }

    public var count: Int { sessions.count }

    /// `sessions/index`, newest first; nil when there are no sessions.
    public func indexPage() -> Page? {
        guard !sessions.isEmpty else { return nil }
        return Page(
            path: "sessions/index", title: "Night out", template: "sessions",
            context: ["sessions": sessions.map { row(summary(of: $0)) }, "guardrail": SessionText.guardrail, "count": String(sessions.count),
                      "countText": Format.count(sessions.count, "session")])
    }

    /// The page of the session at `index` (newest first).
    public func page(at index: Int) -> Page { page(summary(of: sessions[index])) }

    public func path(at index: Int) -> String { "sessions/\(sessions[index].id)" }

    /// The home page's session headline figures, one context value (`sessionHeadlines`) holding
    /// `count` and `latest` (the five newest, as the Waterline document's "last 5 sessions"; rows as
    /// on the index); nil when there are no sessions,
    /// so `{{#sessionHeadlines}}` shows nothing.
    public func homeHeadlines() -> [String: Any]? {
        guard !sessions.isEmpty else { return nil }
        return ["count": String(sessions.count), "allLink": sessions.count == 1 ? "The night-out session" : "All \(sessions.count) night-out sessions", "latest": sessions.prefix(Self.nightsOnTheHomePage).map { row(summary(of: $0)) }]
    }

    /// How many nights the home page lists, newest first.
    public static let nightsOnTheHomePage = 5

    func title(_ summary: SessionSummary) -> String { SessionText.title(summary) }

    func row(_ summary: SessionSummary) -> [String: Any] {
        var row: [String: Any] = [
            "id": summary.sessionId,
            "title": title(summary),
            "when": SessionText.dayAndTime(summary.start, in: summary.timeZone),
            "duration": SessionText.duration(minutes: summary.durationMinutes),
            "drinks": summary.alcoholicDrinks == 1 ? "1 drink" : "\(summary.alcoholicDrinks) drinks",
            "water": summary.waterEntries == 1 ? "1 water break" : "\(summary.waterEntries) water breaks",
            "highest": SessionText.position(summary.maxWaterline),
            "isAbandoned": summary.abandoned,
            "isActive": summary.status == .active,
        ]
        if let percent = summary.adherencePercent { row["adherence"] = "\(percent) %" }
        let warnings = summary.pacingWarnings.count
        if warnings > 0 { row["warnings"] = warnings == 1 ? "1 pacing warning" : "\(warnings) pacing warnings" }
        return row
    }

    func page(_ summary: SessionSummary) -> Page {
        var context = row(summary)
        context["title"] = title(summary)
        context["status"] = SessionText.status(summary)
        context["endClock"] = SessionText.clock(summary.end, in: summary.timeZone)
        // Absent, not empty, when unknown: Mustache shows a section for an empty string.
        if let updated = summary.sessionUpdatedAt { context["updated"] = SessionText.dayAndTime(updated, in: summary.timeZone) }
        context["range"] = SessionText.range(summary)
        context["lowest"] = SessionText.position(summary.minWaterline)
        context["warningsText"] = SessionText.warnings(summary)
        context["endsAbove"] = summary.finalWaterline >= summary.settings.warningThreshold
        context["waterEveryN"] = String(summary.settings.waterEveryNDrinks)
        context["finalVerb"] = summary.status == .active ? "is" : "ended"
        context["returnToCentre"] = SessionText.returnToCentre
        context["quietRule"] = summary.settings.stopRemindersAfterInactiveMinutes.map { "; they stop after \($0) min without an entry, until the next one" } ?? ""
        context["abandonAfter"] = Format.number(summary.settings.abandonAfterHours)
        context["guardrail"] = SessionText.guardrail
        context["standardDrinks"] = SessionText.standardDrinksPhrase(summary.standardDrinks)
        context["standardGrams"] = Format.number(summary.settings.standardDrinkGrams)
        var unknownDrinks = summary.drinksOfUnknownSize == 0 ? "" : "\(summary.drinksOfUnknownSize) of them without a size or ABV, each counted as 1."
        if summary.drinksWithAssumedABV > 0 {
            unknownDrinks += (unknownDrinks.isEmpty ? "" : " ") + "ABV assumed from the type for \(summary.drinksWithAssumedABV) (beer 5 %, wine 12 %, liquor 40 %, cocktail 15 %)."
        }
        context["unknownDrinks"] = unknownDrinks
        context["waterVolume"] = SessionText.waterVolume(summary)
        context["final"] = SessionText.position(summary.finalWaterline)
        context["threshold"] = String(summary.settings.warningThreshold)
        context["timeAtOrAbove"] = SessionText.duration(minutes: summary.minutesAtOrAboveWarning)
        context["adherenceText"] = SessionText.adherence(summary)
        context["timeReminders"] = summary.settings.timeReminderIntervalMinutes.map { "every \($0) min" } ?? "off"
        context["hasEntries"] = !summary.timeline.isEmpty
        context["rows"] = SessionReport.timelineRows(summary, presets: presets).map { row -> [String: Any] in
            var values: [String: Any] = [
                "time": row.time, "what": row.what, "change": row.change, "waterline": row.waterline, "isReminder": row.isReminder,
            ]
            if !row.edited.isEmpty { values["edited"] = row.edited }
            if !row.note.isEmpty { values["note"] = row.note }
            if !row.warning.isEmpty { values["warning"] = row.warning }
            return values
        }
        let title = title(summary)
        return Page(
            path: "sessions/\(summary.sessionId)", title: title, template: "session", context: context,
            fragments: ["waterline": WaterlineChart.fragment(summary, title: "Waterline, \(title)")])
    }
}
