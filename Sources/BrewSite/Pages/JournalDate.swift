import BrewKit
import Foundation

/// Dates as a journal shows them. Days and times come from `LocalTime` in the journal's time
/// zone (`JournalTimeZone`: `preferences.json` `timeZone`, else each timestamp's own offset).
enum JournalDate {
    static let fullMonthNames = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]

    /// `November 2026` for `2026-11`.
    static func monthTitle(_ key: String) -> String {
        let parts = key.split(separator: "-")
        guard parts.count == 2, let month = Int(parts[1]), (1...12).contains(month) else { return key }
        return "\(fullMonthNames[month - 1]) \(parts[0])"
    }
}
