import BrewKit
import Foundation

/// The words and numbers of a session summary, shared by the pages and `brewguide summary`.
/// Calm and neutral (PRD §14): "above centre", "water break"; never a verdict.
public enum SessionText {
    /// PRD §10.1's guardrail copy, shown on every session page.
    public static let guardrail = "This is a pacing tool. It does not estimate intoxication or guarantee how you’ll feel tomorrow."

    /// `19:05`, in UTC like the rest of the journal.
    public static func clock(_ date: Date) -> String {
        let parts = ISO8601.civil(fromSecondsSince1970: Int(saturating: date.timeIntervalSince1970.rounded(.down)))
        return "\(two(parts.hour)):\(two(parts.minute))"
    }

    /// `Sat 12 Sep 2026, 18:30`.
    public static func dayAndTime(_ date: Date) -> String { JournalDate.dayAndTime(date) }

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
        case .abandoned: "Left open for more than 12 hours; summarised up to its last entry"
        }
    }

    /// What an entry was: `Drink: wine, 150 ml, 13.5 % (1.1 standard drinks)` or `Water break: 250 ml`.
    public static func describe(_ item: SessionSummary.TimelineItem, presets: [String: DrinkPreset], units: VolumeUnit) -> String {
        switch item.entry.type {
        case .water:
            return "Water break" + (item.waterMillilitres.map { ": " + volume(millilitres: $0, units: units) } ?? "")
        case .alcohol:
            let meta = item.entry.alcoholMeta
            let preset = meta?.presetId.flatMap { presets[$0] }
            var parts: [String] = []
            if let name = preset?.name { parts.append(name) }
            if let type = meta?.drinkType ?? preset?.drinkType, preset?.name == nil { parts.append(type.rawValue) }
            if let size = meta?.size ?? preset?.size { parts.append(volume(millilitres: size.millilitres(defaultUnit: units), units: units)) }
            if let abv = meta?.abvPercent ?? preset?.abvPercent { parts.append("\(Format.number(abv, decimals: 1)) %") }
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
    public static func reminderNote(_ item: SessionSummary.TimelineItem) -> String {
        guard let reminder = item.reminder else { return "" }
        let drinks = reminder.drinksSinceWater == 1 ? "1 drink" : "\(reminder.drinksSinceWater) drinks"
        if reminder.followed, let at = reminder.followedAt { return "Water reminder (\(drinks) since water): water break at \(clock(at))" }
        return "Water reminder (\(drinks) since water): no water break before the next drink or the end"
    }

    /// How adherence is computed, for the pages and docs.
    public static func adherence(_ summary: SessionSummary) -> String {
        guard let percent = summary.adherencePercent else { return "No water reminder fired." }
        return "\(percent) %: \(summary.remindersFollowed) of \(summary.remindersFired) water reminders were followed by a water break before the next drink."
    }
}

private func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
