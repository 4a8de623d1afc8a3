import Foundation

/// The text rules of an iCalendar file (RFC 5545 §3.1 and §3.3.11): values escaped, content
/// lines folded at 75 octets, every line ended by CRLF. No I/O.
public enum ICalendarText {
    /// The most octets of one content line, not counting its CRLF (RFC 5545 §3.1).
    public static let lineOctets = 75

    /// A TEXT value escaped: backslash, semicolon and comma with a backslash, a line break as
    /// `\n` (CRLF, CR and LF alike), and other control characters, which a TEXT value may not
    /// hold, dropped (a tab stays: it is allowed).
    public static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            defer { previousWasCR = scalar == "\r" }
            switch scalar {
            case "\\": escaped += "\\\\"
            case ";": escaped += "\\;"
            case ",": escaped += "\\,"
            case "\r": escaped += "\\n"
            case "\n": if !previousWasCR { escaped += "\\n" }
            case "\t": escaped.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value) { continue }
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// One content line folded: at most `lineOctets` octets a line, each continuation line begun
    /// with a space (which counts in its octets), never splitting a UTF-8 sequence; every line,
    /// the last too, ended by CRLF.
    public static func fold(_ line: String) -> String {
        var folded = ""
        var octetsOnLine = 0
        for scalar in line.unicodeScalars {
            let octets = String(scalar).utf8.count
            if octetsOnLine + octets > lineOctets {
                folded += "\r\n "
                octetsOnLine = 1
            }
            folded.unicodeScalars.append(scalar)
            octetsOnLine += octets
        }
        return folded + "\r\n"
    }

    /// A UTC DATE-TIME value, `20261124T113000Z`.
    public static func utcDateTime(_ date: Date) -> String { utcFormat.string(from: date) }

    private static let utcFormat: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        return formatter
    }()
}
