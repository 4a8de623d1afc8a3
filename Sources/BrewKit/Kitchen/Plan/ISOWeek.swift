import Foundation

/// An ISO 8601 week (Monday to Sunday; week 1 holds the year's first Thursday), named
/// `2026-W48` as pages and URLs show it.
public struct ISOWeek: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var year: Int
    public var week: Int

    public init(year: Int, week: Int) {
        self.year = year
        self.week = week
    }

    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        calendar.firstWeekday = 2
        calendar.minimumDaysInFirstWeek = 4
        return calendar
    }()

    /// The week holding `day` (`yyyy-MM-dd`); nil when it is not a date.
    public init?(day: String) {
        guard let date = PlanDay.date(from: day) else { return nil }
        self.init(containing: date)
    }

    /// The week holding `date` (read in UTC).
    public init(containing date: Date) {
        let parts = Self.calendar.dateComponents([.yearForWeekOfYear, .weekOfYear], from: date)
        self.init(year: parts.yearForWeekOfYear!, week: parts.weekOfYear!)
    }

    /// `2026-W48`; the week number always has two digits.
    public var description: String {
        "\(year)-W\(week < 10 ? "0" : "")\(week)"
    }

    /// Reads `2026-W48`.
    public init?(_ text: String) {
        let parts = text.split(separator: "-W", omittingEmptySubsequences: false)
        guard parts.count == 2, let year = Int(parts[0]), let week = Int(parts[1]), parts[1].count == 2,
              (1...53).contains(week) else { return nil }
        self.init(year: year, week: week)
        guard days.first.flatMap(ISOWeek.init(day:)) == self else { return nil }
    }

    /// Monday's date.
    public var monday: Date {
        Self.calendar.date(from: DateComponents(weekday: 2, weekOfYear: week, yearForWeekOfYear: year))!
    }

    /// The seven days, Monday first, as `yyyy-MM-dd`.
    public var days: [String] {
        (0..<7).map { PlanDay.string(from: Self.calendar.date(byAdding: .day, value: $0, to: monday)!) }
    }

    public var previous: ISOWeek { ISOWeek(containing: Self.calendar.date(byAdding: .day, value: -7, to: monday)!) }
    public var next: ISOWeek { ISOWeek(containing: Self.calendar.date(byAdding: .day, value: 7, to: monday)!) }

    public static func < (lhs: ISOWeek, rhs: ISOWeek) -> Bool {
        (lhs.year, lhs.week) < (rhs.year, rhs.week)
    }
}
