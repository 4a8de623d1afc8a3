import BrewKit
import Foundation

/// Dates as a journal shows them, in UTC so the same data always gives the same pages.
enum JournalDate {
    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `Sat 14 Mar 2026, 07:42`.
    static func dayAndTime(_ date: Date) -> String {
        let seconds = Int(saturating: date.timeIntervalSince1970.rounded(.down))
        let parts = ISO8601.civil(fromSecondsSince1970: seconds)
        let weekday = weekdayName(daysSince1970: Int(saturating: (Double(seconds) / 86_400).rounded(.down)))
        return "\(weekday) \(parts.day) \(monthNames[parts.month - 1]) \(parts.year), \(two(parts.hour)):\(two(parts.minute))"
    }

    static func weekdayName(daysSince1970 days: Int) -> String {
        // 1970-01-01 was a Thursday.
        let names = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]
        return names[((days % 7) + 7) % 7]
    }

    private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
}

extension JournalDate {
    static let fullMonthNames = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]

    /// `November 2026` for `2026-11`.
    static func monthTitle(_ key: String) -> String {
        let parts = key.split(separator: "-")
        guard parts.count == 2, let month = Int(parts[1]), (1...12).contains(month) else { return key }
        return "\(fullMonthNames[month - 1]) \(parts[0])"
    }
}
