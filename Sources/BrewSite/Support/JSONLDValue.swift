/// A JSON value for the pages' JSON-LD, written as `JSONSerialization` writes it with
/// `[.sortedKeys, .withoutEscapingSlashes]` (no spaces; `"`, `\`, and control characters escaped,
/// everything else as it is), without Foundation: a kitchen of a thousand recipes writes one per
/// page, and `JSONSerialization` sorted every object's keys with a locale-aware comparison.
///
/// Keys are sorted by their bytes. For the schema.org names used here (ASCII letters and `@`, no
/// two differing only where one has a capital) that is `JSONSerialization`'s case-insensitive
/// order too; `JSONLDValueTests` compares both on every page's object.
enum JSONLDValue {
    case string(String)
    case int(Int)
    /// A measure (the servings script's amounts): Swift's shortest text that reads back as the
    /// same Double, which JSON and JavaScript read alike; null for what JSON cannot hold.
    case number(Double)
    case null
    case array([JSONLDValue])
    case object([String: JSONLDValue])

    var serialized: String {
        var text = ""
        write(into: &text)
        return text
    }

    func write(into text: inout String) {
        switch self {
        case .string(let string):
            Self.write(string, into: &text)
        case .int(let number):
            text += String(number)
        case .number(let number):
            text += number.isFinite ? "\(number)" : "null"
        case .null:
            text += "null"
        case .array(let elements):
            text += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { text += "," }
                element.write(into: &text)
            }
            text += "]"
        case .object(let members):
            text += "{"
            for (index, key) in members.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }).enumerated() {
                if index > 0 { text += "," }
                Self.write(key, into: &text)
                text += ":"
                members[key]!.write(into: &text)
            }
            text += "}"
        }
    }

    private static let hexDigits = Array("0123456789abcdef".unicodeScalars)

    /// A JSON string, quoted and escaped.
    static func write(_ string: String, into text: inout String) {
        text += "\""
        // Most texts need no escaping: appended whole.
        if !string.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            text += string
        } else {
            for scalar in string.unicodeScalars {
                switch scalar {
                case "\"": text += "\\\""
                case "\\": text += "\\\\"
                case "\u{8}": text += "\\b"
                case "\u{C}": text += "\\f"
                case "\n": text += "\\n"
                case "\r": text += "\\r"
                case "\t": text += "\\t"
                case _ where scalar.value < 0x20:
                    text += "\\u00"
                    text.unicodeScalars.append(hexDigits[Int(scalar.value >> 4)])
                    text.unicodeScalars.append(hexDigits[Int(scalar.value & 0xF)])
                default: text.unicodeScalars.append(scalar)
                }
            }
        }
        text += "\""
    }
}
