import Foundation

/// The time zone a journal's days, months and weeks are made in (issue 16).
///
/// - `preferences.json` `timeZone`, an IANA name such as `Asia/Tokyo`: every moment is shown at
///   that zone's offset *at that moment*, so daylight saving time is followed (a brew at 07:00 in
///   summer and one at 07:00 in winter both read 07:00, their UTC offsets differ).
/// - Without it, the offset written in each timestamp (`2026-10-01T07:00:00+09:00` reads 07:00
///   on 1 October); `Z` or a plain date is UTC.
///
/// An unknown zone name is an error in `check` (`problem(with:)`); until it is fixed the
/// timestamps' own offsets are used.
public struct JournalTimeZone: Sendable, Hashable {
    /// The zone named in the preferences, when it is known.
    public let zone: TimeZone?

    /// The written offsets of the timestamps, else UTC.
    public static let asWritten = JournalTimeZone(zone: nil)

    public init(zone: TimeZone?) { self.zone = zone }

    /// The zone of `preferences.json`'s `timeZone`; an unknown or absent name gives `asWritten`.
    public init(identifier: String?) {
        self.zone = identifier.flatMap { Self.problem(with: $0) == nil ? TimeZone(identifier: $0) : nil }
    }

    /// Seconds east of UTC to show `date` at; `writtenOffsetSeconds` is the timestamp's own.
    public func offsetSeconds(at date: Date, writtenOffsetSeconds: Int = 0) -> Int {
        zone?.secondsFromGMT(for: date) ?? writtenOffsetSeconds
    }

    /// The calendar parts of `date` in this zone.
    public func local(_ date: Date, writtenOffsetSeconds: Int = 0) -> LocalTime {
        LocalTime(date, offsetSeconds: offsetSeconds(at: date, writtenOffsetSeconds: writtenOffsetSeconds))
    }

    /// Why `identifier` is not a zone this journal can use, with a suggestion; nil when it is.
    public static func problem(with identifier: String) -> String? {
        let name = identifier.trimmingCharacters(in: .whitespaces)
        if !name.isEmpty, !name.hasPrefix("/"), !name.contains(".."), TimeZone(identifier: name) != nil { return nil }
        var message = "timeZone \"\(identifier)\" is not a known IANA time zone name such as \"Europe/Berlin\" or \"Asia/Tokyo\""
        if let near = Suggestion.closest(to: name, in: TimeZone.knownTimeZoneIdentifiers) { message += " (did you mean \"\(near)\"?)" }
        return message
    }
}

extension JournalTimeZone {
    /// `check`'s error for a `timeZone` in the preferences that is not a known zone, at the field,
    /// with its suggestion; nil when the name is known or not given. A command that files or names
    /// what it writes by local time (`log`, `import-brews`, `session start`) stops on it.
    public static func unknownZoneDiagnostic(_ preferences: Located<Preferences>?) -> Diagnostic? {
        guard let preferences, let zone = preferences.value.timeZone, let problem = problem(with: zone) else { return nil }
        return .error(problem, at: preferences.source.location(of: "timeZone"))
    }
}

/// A moment's calendar parts at a UTC offset.
public struct LocalTime: Sendable, Hashable {
    public let year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int
    /// Days since 1970-01-01 of the local date.
    public let daysSince1970: Int
    public let offsetSeconds: Int

    public init(_ date: Date, offsetSeconds: Int) {
        let seconds = Int(saturating: date.timeIntervalSince1970.rounded(.down)).addingReportingOverflow(offsetSeconds).partialValue
        let parts = ISO8601.civil(fromSecondsSince1970: seconds)
        (year, month, day, hour, minute, second) = parts
        daysSince1970 = Int(saturating: (Double(seconds) / 86_400).rounded(.down))
        self.offsetSeconds = offsetSeconds
    }

    /// 0 for Monday … 6 for Sunday (1970-01-01 was a Thursday).
    public var weekdayFromMonday: Int { ((daysSince1970 + 3) % 7 + 7) % 7 }

    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    static let weekdayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

    /// `Thu 1 Oct 2026, 07:00`.
    public var dayAndTime: String {
        "\(Self.weekdayNames[weekdayFromMonday]) \(day) \(Self.monthNames[month - 1]) \(year), \(Self.two(hour)):\(Self.two(minute))"
    }

    /// `07:00`.
    public var clock: String { "\(Self.two(hour)):\(Self.two(minute))" }

    /// `2026-10`.
    public var monthKey: String { "\(year)-\(Self.two(month))" }

    /// `20261001-0700`, for log ids.
    public var compactMinute: String { "\(year)\(Self.two(month))\(Self.two(day))-\(Self.two(hour))\(Self.two(minute))" }

    /// `2026-10-01T07:00:00+09:00`; `Z` for UTC.
    public var iso8601: String {
        guard offsetSeconds != 0 else { return "\(year)-\(Self.two(month))-\(Self.two(day))T\(Self.two(hour)):\(Self.two(minute)):\(Self.two(second))Z" }
        let sign = offsetSeconds < 0 ? "-" : "+"
        let magnitude = abs(offsetSeconds)
        return "\(year)-\(Self.two(month))-\(Self.two(day))T\(Self.two(hour)):\(Self.two(minute)):\(Self.two(second))\(sign)\(Self.two(magnitude / 3600)):\(Self.two(magnitude % 3600 / 60))"
    }

    static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
}
