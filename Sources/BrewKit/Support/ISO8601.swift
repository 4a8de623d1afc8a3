import Foundation

/// ISO 8601 date-times as the data uses them: `2026-03-14T07:42:00Z`, with optional
/// fractional seconds and a `Z` or `±hh:mm` offset; also a plain date (`2026-03-14`,
/// read as midnight UTC). Hand-rolled because `ISO8601DateFormatter` is about a hundred
/// times slower and this runs once per record.
public enum ISO8601 {
    public static func date(from text: String) -> Date? {
        dateAndOffset(from: text)?.date
    }

    /// The moment and the UTC offset written with it, in seconds east (0 for `Z` and a plain date).
    public static func dateAndOffset(from text: String) -> (date: Date, offsetSeconds: Int)? {
        var utf8 = Array(text.utf8)
        if utf8.count == 10 { utf8 += Array("T00:00:00Z".utf8) }
        guard utf8.count >= 20 else { return nil }
        func digits(_ from: Int, _ count: Int) -> Int? {
            var value = 0
            for i in from..<from + count {
                let byte = utf8[i]
                guard byte >= 48 && byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        guard utf8[4] == UInt8(ascii: "-"), utf8[7] == UInt8(ascii: "-"),
              utf8[10] == UInt8(ascii: "T") || utf8[10] == UInt8(ascii: "t") || utf8[10] == UInt8(ascii: " "),
              utf8[13] == UInt8(ascii: ":"), utf8[16] == UInt8(ascii: ":"),
              let year = digits(0, 4), let month = digits(5, 2), let day = digits(8, 2),
              let hour = digits(11, 2), let minute = digits(14, 2), let second = digits(17, 2),
              (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year),
              hour <= 23, minute <= 59, second <= 60
        else { return nil }
        var index = 19
        var fraction = 0.0
        if utf8[index] == UInt8(ascii: ".") || utf8[index] == UInt8(ascii: ",") {
            index += 1
            var scale = 0.1
            let start = index
            while index < utf8.count, utf8[index] >= 48, utf8[index] <= 57 {
                fraction += Double(utf8[index] - 48) * scale
                scale /= 10
                index += 1
            }
            if index == start { return nil }
        }
        guard index < utf8.count else { return nil }
        var offsetSeconds = 0
        switch utf8[index] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            guard index + 1 == utf8.count else { return nil }
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            let sign = utf8[index] == UInt8(ascii: "-") ? -1 : 1
            if index + 6 == utf8.count, utf8[index + 3] == UInt8(ascii: ":"), let h = digits(index + 1, 2), let m = digits(index + 4, 2), h <= 23, m <= 59 {
                offsetSeconds = sign * (h * 3600 + m * 60)
            } else if index + 5 == utf8.count, let h = digits(index + 1, 2), let m = digits(index + 3, 2), h <= 23, m <= 59 {
                offsetSeconds = sign * (h * 3600 + m * 60)
            } else {
                return nil
            }
        default:
            return nil
        }
        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        return (Date(timeIntervalSince1970: Double(seconds) + fraction), offsetSeconds)
    }

    /// `2026-03-14T07:42:00Z`, in UTC, whole seconds (fractions kept to milliseconds when present).
    public static func string(from date: Date) -> String {
        let interval = date.timeIntervalSince1970
        let whole = interval.rounded(.down)
        let milliseconds = Int(saturating: ((interval - whole) * 1000).rounded())
        let parts = civil(fromSecondsSince1970: Int(saturating: whole))
        var text = "\(pad(parts.year, 4))-\(pad(parts.month, 2))-\(pad(parts.day, 2))T\(pad(parts.hour, 2)):\(pad(parts.minute, 2)):\(pad(parts.second, 2))"
        if milliseconds > 0 && milliseconds < 1000 { text += ".\(pad(milliseconds, 3))" }
        return text + "Z"
    }

    /// `2026-10-01T07:00:00+09:00`: the moment at a UTC offset; `Z` for offset 0.
    public static func string(from date: Date, offsetSeconds: Int) -> String {
        guard offsetSeconds != 0 else { return string(from: date) }
        let shifted = string(from: date.addingTimeInterval(Double(offsetSeconds)))
        let sign = offsetSeconds < 0 ? "-" : "+"
        let magnitude = abs(offsetSeconds)
        return String(shifted.dropLast()) + "\(sign)\(pad(magnitude / 3600, 2)):\(pad(magnitude % 3600 / 60, 2))"
    }

    /// Calendar parts of a moment in UTC.
    public static func civil(fromSecondsSince1970 seconds: Int) -> (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        let days = Int((Double(seconds) / 86_400).rounded(.down))
        let secondOfDay = seconds - days * 86_400
        // Howard Hinnant's civil_from_days.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day, secondOfDay / 3600, secondOfDay % 3600 / 60, secondOfDay % 60)
    }

    /// Days since 1970-01-01 (Howard Hinnant's days_from_civil).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }
}
