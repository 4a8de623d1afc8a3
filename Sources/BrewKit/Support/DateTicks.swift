import Foundation

/// Ticks for a date axis (UTC days): days, weeks (Mondays), month starts, quarters, half years,
/// years or every 2, 5, 10 … years, whichever gives at most `maximum` ticks across the span,
/// so that labels never crowd.
public enum DateTicks {
    private static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// Ticks as days since 1970 with their labels, within `[firstDay, lastDay]`.
    public static func ticks(firstDay: Int, lastDay: Int, maximum: Int = 5) -> [(day: Int, label: String)] {
        let span = max(lastDay - firstDay, 0)
        let spansYears = civil(firstDay).year != civil(lastDay).year
        func dayLabel(_ day: Int) -> String {
            let parts = civil(day)
            return "\(parts.day) \(monthNames[parts.month - 1])"
        }
        for every in [1, 2, 7, 14] where span / every + 1 <= maximum {
            // Weeks start on Mondays (1970-01-01 was a Thursday).
            let start = every >= 7 ? firstDay + ((4 - (firstDay % 7) + 7) % 7) : firstDay
            return stride(from: start, through: lastDay, by: every).map { ($0, dayLabel($0)) }
        }
        // A step of n months is at least 28n days: skip the steps that cannot fit (ten thousand years).
        for months in [1, 3, 6, 12] where span / (months * 28) <= maximum {
            var ticks: [(Int, String)] = []
            var (year, month) = (civil(firstDay).year, civil(firstDay).month)
            while true {
                let day = ISO8601.daysFromCivil(year: year, month: month, day: 1)
                if day > lastDay { break }
                if day >= firstDay && (month - 1) % months == 0 {
                    let name = months == 12 ? String(year) : monthNames[month - 1] + (spansYears || month == 1 ? " \(year)" : "")
                    ticks.append((day, name))
                }
                month += 1
                if month > 12 { month = 1; year += 1 }
            }
            if ticks.count <= maximum && !ticks.isEmpty { return ticks }
        }
        // Years, every 1, 2, 5, 10, 20, 50 … of them, on 1 January of a multiple of the step.
        let firstYear = civil(firstDay).year, lastYear = civil(lastDay).year
        for every in [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000] {
            var start = Int((Double(firstYear) / Double(every)).rounded(.up)) * every
            if ISO8601.daysFromCivil(year: start, month: 1, day: 1) < firstDay { start += every }
            guard start <= lastYear else { break }
            if (lastYear - start) / every + 1 <= maximum {
                return stride(from: start, through: lastYear, by: every).map { (ISO8601.daysFromCivil(year: $0, month: 1, day: 1), String($0)) }
            }
        }
        return [(firstDay, dayLabel(firstDay))]
    }

    public static func day(of date: Date) -> Int { Int((date.timeIntervalSince1970 / 86_400).rounded(.down)) }

    private static func civil(_ day: Int) -> (year: Int, month: Int, day: Int) {
        let parts = ISO8601.civil(fromSecondsSince1970: day * 86_400)
        return (parts.year, parts.month, parts.day)
    }
}
