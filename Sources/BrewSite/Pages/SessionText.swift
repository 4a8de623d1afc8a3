import BrewKit
import Foundation

/// The words and numbers of a session summary, shared by the pages and `brewguide summary`.
/// Calm and neutral (PRD §14): "above centre", "water break"; never a verdict.
public enum SessionText {
    /// PRD §10.1's guardrail copy, shown on every session page.
    public static let guardrail = "This is a pacing tool. It does not estimate intoxication or guarantee how you’ll feel tomorrow."

    /// `19:05`, in the journal's time zone (`JournalTimeZone`; UTC when none is set).
    public static func clock(_ date: Date, in zone: JournalTimeZone = .asWritten) -> String {
        zone.local(date).clock
    }

    /// A timeline's `02:50`, with its offset (`02:50 +01:00`) when the session runs across a change
    /// of the zone's offset (the autumn night the clocks go back shows 02:50 twice): each row then
    /// says which 02:50 it is.
    public static func timelineClock(_ date: Date, in summary: SessionSummary) -> String {
        let zone = summary.timeZone
        guard zone.offsetSeconds(at: summary.start) != zone.offsetSeconds(at: summary.end) else { return clock(date, in: zone) }
        let offset = zone.offsetSeconds(at: date)
        let sign = offset < 0 ? "-" : "+"
        let minutes = abs(offset) / 60
        return clock(date, in: zone) + " " + sign + String(format: "%02d:%02d", minutes / 60, minutes % 60)
    }

    /// `Sat 12 Sep 2026, 18:30`, in the journal's time zone.
    public static func dayAndTime(_ date: Date, in zone: JournalTimeZone = .asWritten) -> String {
        zone.local(date).dayAndTime
    }

    /// `45 min`, `2 h`, `3 h 20 min`.
    public static func duration(minutes: Int) -> String {
        let hours = minutes / 60
        let rest = minutes % 60
        if hours == 0 { return "\(rest) min" }
        return rest == 0 ? "\(hours) h" : "\(hours) h \(rest) min"
    }

    /// `550 ml` or `18.6 oz`, in the person's units.
    public static func volume(millilitres: Double, units: VolumeUnit) -> String {
        switch units {
        case .ml: "\(Format.number(millilitres, decimals: 0)) ml"
        case .oz: "\(Format.number(units.amount(fromMillilitres: millilitres), decimals: 1)) oz"
        }
    }

    /// The water's volume with what stood in for missing amounts: "500 ml (1 without an amount,
    /// counted as the default 250 ml)".
    public static func waterVolume(_ summary: SessionSummary) -> String {
        let units = summary.settings.units
        var text = volume(millilitres: summary.waterVolumeMillilitres, units: units)
        let defaulted = summary.waterEntriesWithDefaultAmount
        if defaulted > 0 {
            text += " (\(defaulted) without an amount, counted as the default \(volume(millilitres: summary.settings.waterAmountWhenNotGivenMillilitres, units: units)))"
        }
        return text
    }

    /// `1.2` standard drinks.
    public static func standardDrinks(_ value: Double) -> String { Format.number(value, decimals: 1) }

    /// `1 standard drink`, `1.7 standard drinks`.
    public static func standardDrinksPhrase(_ value: Double) -> String {
        let text = standardDrinks(value)
        return text == "1" ? "1 standard drink" : "\(text) standard drinks"
    }

    /// `+2`, `-1`, `0`.
    public static func signed(_ value: Int) -> String { value > 0 ? "+\(value)" : String(value) }

    /// Where the waterline stands, in neutral words.
    public static func position(_ waterline: Int) -> String {
        switch waterline {
        case 0: "at centre"
        case 1...: "\(waterline) above centre"
        default: "\(-waterline) below centre"
        }
    }

    public static func status(_ summary: SessionSummary) -> String {
        switch summary.status {
        case .ended: "Ended"
        case .active: "Still active"
        case .abandoned: "Left open for more than \(Format.number(summary.settings.abandonAfterHours)) hours; summarised up to its last entry"
        }
    }

    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    static let weekdayNames = ["Thursday", "Friday", "Saturday", "Sunday", "Monday", "Tuesday", "Wednesday"]

    /// A session's title: its `name`, else its weekday, part of the day and date, as a person would
    /// say it: "Saturday night, 21 Nov". From 16:00 it is "night", 12:00–15:59 "afternoon",
    /// 05:00–11:59 "morning"; a start after midnight and before 05:00 belongs to the night before
    /// ("Friday night, 30 Oct" for 01:30 on Saturday).
    public static func title(_ session: Session, in zone: JournalTimeZone = .asWritten) -> String {
        title(name: session.name, start: session.startTime, in: zone)
    }

    public static func title(_ summary: SessionSummary) -> String { title(name: summary.sessionName, start: summary.start, in: summary.timeZone) }

    static func title(name: String?, start: Date, in zone: JournalTimeZone) -> String {
        if let name = name?.trimmingCharacters(in: .whitespacesAndNewlines), !name.isEmpty { return name }
        return dayPartTitle(start, offsetSeconds: zone.offsetSeconds(at: start))
    }

    /// "Saturday night, 21 Nov" for a moment, on the clock `offsetSeconds` from UTC.
    public static func dayPartTitle(_ date: Date, offsetSeconds: Int = 0) -> String {
        var seconds = Int(date.timeIntervalSince1970.rounded(.down)) + offsetSeconds
        let hour = ISO8601.civil(fromSecondsSince1970: seconds).hour
        let part: String
        switch hour {
        case 0..<5:
            part = "night"
            seconds -= 86_400
        case 5..<12: part = "morning"
        case 12..<16: part = "afternoon"
        default: part = "night"
        }
        let parts = ISO8601.civil(fromSecondsSince1970: seconds)
        let days = Int((Double(seconds) / 86_400).rounded(.down))
        return "\(weekdayNames[((days % 7) + 7) % 7]) \(part), \(parts.day) \(monthNames[parts.month - 1])"
    }

    /// PRD §9.4's words where the waterline is at or above the warning threshold.
    public static let returnToCentre = "Drink water to return to centre"

    /// What a pacing warning said, for the timeline.
    public static func warning(_ warning: SessionSummary.PacingWarning, settings: WaterlineSettings) -> String {
        switch warning.kind {
        case .threshold:
            // The entry's line already shows where the waterline is.
            return "Pacing warning: reached the water-break mark of \(settings.warningThreshold). \(returnToCentre)"
        case .drinksSinceWater:
            return "Pacing warning: a drink past the rule of \(rule(settings)). \(returnToCentre)"
        }
    }

    /// The per-drink rule in words: "water after every drink", "water after every 2 drinks".
    public static func rule(_ settings: WaterlineSettings) -> String {
        let n = max(1, settings.waterEveryNDrinks)
        return n == 1 ? "water after every drink" : "water after every \(n) drinks"
    }

    /// The pacing warnings as sentences, for the totals: "none", or the count and what each was,
    /// "2. The waterline reached the water-break mark of 2 at 17:00 and was back below it at 17:40.
    /// A drink past the rule of water after every drink at 18:10."
    public static func warnings(_ summary: SessionSummary) -> String {
        let warnings = summary.pacingWarnings
        guard !warnings.isEmpty else { return "none." }
        var sentences: [String] = []
        let zone = summary.timeZone
        let mark = "the water-break mark of \(summary.settings.warningThreshold)"
        for warning in warnings.filter({ $0.kind == .threshold }) {
            let after = warning.returnedBelowAt.map { " and was back below it at \(clock($0, in: zone))" } ?? " and was still at or above it at the end"
            sentences.append("The waterline reached \(mark) at \(clock(warning.timestamp, in: zone))\(after).")
        }
        let past = warnings.filter { $0.kind == .drinksSinceWater }.map { clock($0.timestamp, in: zone) }
        if !past.isEmpty {
            sentences.append("\(past.count == 1 ? "A drink" : "Drinks") past the rule of \(rule(summary.settings)) at \(Format.list(past)).")
        }
        return "\(warnings.count). " + sentences.joined(separator: " ")
    }

    /// The range of the waterline: "lowest 1 below centre, highest 3 above centre, ended 2 above centre".
    public static func range(_ summary: SessionSummary) -> String {
        "lowest \(position(summary.minWaterline)), highest \(position(summary.maxWaterline)), ended \(position(summary.finalWaterline))"
    }

    /// What an entry was: `Drink: wine, 150 ml, 13.5 % (1.1 standard drinks)` or `Water break: 250 ml`.
    public static func describe(_ item: SessionSummary.TimelineItem, presets: [String: DrinkPreset], units: VolumeUnit) -> String {
        switch item.entry.type {
        case .water:
            var text = "Water break" + (item.waterMillilitres.map { ": " + volume(millilitres: $0, units: units) } ?? "")
            if item.waterAmountIsDefault, item.waterMillilitres != nil { text += " (amount not given: the default)" }
            return text
        case .alcohol:
            let meta = item.entry.alcoholMeta
            let preset = meta?.presetId.flatMap { presets[$0] }
            var parts: [String] = []
            if let name = preset?.name { parts.append(name) }
            if let type = meta?.drinkType ?? preset?.drinkType, preset?.name == nil { parts.append(type.rawValue) }
            if let size = meta?.size ?? preset?.size { parts.append(volume(millilitres: size.millilitres(defaultUnit: units), units: units)) }
            if let abv = meta?.abvPercent ?? preset?.abvPercent { parts.append("\(Format.number(abv, decimals: 1)) %") }
            else if item.basis == .assumedABV, let assumed = (meta?.drinkType ?? preset?.drinkType)?.assumedABVPercent {
                parts.append("\(Format.number(assumed, decimals: 1)) % ABV assumed for \((meta?.drinkType ?? preset?.drinkType)?.rawValue ?? "its type")")
            }
            var text = "Drink" + (parts.isEmpty ? "" : ": " + parts.joined(separator: ", "))
            switch item.basis {
            case .unknown: text += " (size or ABV not given: counted as 1)"
            case .some: text += " (\(standardDrinksPhrase(item.standardDrinks ?? 1)))"
            case nil: break
            }
            return text
        }
    }

    /// What a reminder on this entry did.
    /// With `warned`, the drink also raised the drinks-since-water pacing warning.
    public static func reminderNote(_ item: SessionSummary.TimelineItem, warned: Bool = false, in zone: JournalTimeZone = .asWritten) -> String {
        guard let reminder = item.reminder else { return "" }
        let drinks = reminder.drinksSinceWater == 1 ? "1 drink" : "\(reminder.drinksSinceWater) drinks"
        let head = warned ? "Pacing warning, \(drinks) since water: time for water" : "Time for water after \(drinks)"
        if reminder.followed, let at = reminder.followedAt { return "\(head), and a water break came at \(clock(at, in: zone))" }
        return "\(head), and no water break came before the next drink or the end"
    }

    /// How adherence is computed, for the pages and docs.
    public static func adherence(_ summary: SessionSummary) -> String {
        guard let percent = summary.adherencePercent else { return "No water reminder fired." }
        let reminders = summary.remindersFired == 1 ? "water reminder was" : "water reminders were"
        return "\(percent) %. \(summary.remindersFollowed) of \(summary.remindersFired) \(reminders) followed by a water break before the next drink."
    }
}

private func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
