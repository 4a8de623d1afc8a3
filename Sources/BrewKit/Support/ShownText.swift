/// Text from the data as a message shows it: control characters written out (`\u{1B}`), so
/// that an id or a key holding a terminal escape sequence cannot move the cursor, recolour or
/// retitle the terminal that prints `check`; and cut after `limit` characters, so that a 5 MB
/// key is named, not printed.
public enum ShownText {
    public static let defaultLimit = 80

    public static func escaped(_ text: String, limit: Int = defaultLimit) -> String {
        // Most text has nothing to escape and is short: returned as it is.
        if text.utf8.count <= limit, !holdsControl(text) { return text }
        var result = ""
        var shown = 0
        for scalar in text.unicodeScalars {
            if shown == limit {
                result += "…"
                break
            }
            if isControl(scalar) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
            shown += 1
        }
        return result
    }

    /// Whether `text` holds a character `isControl` names (other than tab and line feed when
    /// `exceptTabAndLineFeed`), in one pass over its bytes: a C1 control is 0xC2 and then
    /// 0x80–0x9F, while 0xC2 and 0xA0–0xBF (`°`, `£`, `·`) are not.
    static func holdsControl(_ text: String, exceptTabAndLineFeed: Bool = false) -> Bool {
        var afterC2 = false
        for byte in text.utf8 {
            if byte < 0x20 {
                if !exceptTabAndLineFeed || (byte != 0x09 && byte != 0x0A) { return true }
            } else if byte == 0x7F || (afterC2 && byte <= 0x9F) {
                return true
            }
            afterC2 = byte == 0xC2
        }
        return false
    }

    /// C0 controls (tab and line feed included), DEL and the C1 controls (U+0080–U+009F, which
    /// some terminals read as escape sequences too).
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// The first control character of `text` that is not a tab, a line feed or the carriage
    /// return of a CRLF line end, with its offset in scalars: such text is refused in the data.
    public static func firstForbiddenControl(in text: String) -> (scalar: Unicode.Scalar, offset: Int)? {
        // Every text of the data is checked: one pass over its bytes settles most (a `°C` too).
        if !holdsControl(text, exceptTabAndLineFeed: true) { return nil }
        let scalars = Array(text.unicodeScalars)
        for (offset, scalar) in scalars.enumerated() where isControl(scalar) {
            if scalar == "\t" || scalar == "\n" { continue }
            if scalar == "\r", offset + 1 < scalars.count, scalars[offset + 1] == "\n" { continue }
            return (scalar, offset)
        }
        return nil
    }

    /// `U+001B (escape)`: a control character named for a message.
    public static func name(of scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        let names: [UInt32: String] = [0x00: "NUL", 0x07: "bell", 0x08: "backspace", 0x0B: "vertical tab", 0x0C: "form feed", 0x0D: "carriage return", 0x1B: "escape", 0x7F: "delete"]
        return names[scalar.value].map { "\(code) (\($0))" } ?? code
    }
}
