import Foundation

/// Writes JSON the same way every time: two-space indentation, keys sorted by their
/// UTF-8 bytes (or kept in order when asked), numbers without a needless `.0`, a final newline.
public enum CanonicalJSON {
    public static func bytes(_ value: JSONValue, sortKeys: Bool = true) -> [UInt8] {
        Array(string(value, sortKeys: sortKeys).utf8)
    }

    public static func string(_ value: JSONValue, sortKeys: Bool = true) -> String {
        var out = ""
        write(value, indent: 0, sortKeys: sortKeys, into: &out)
        out += "\n"
        return out
    }

    /// A number as JSON: whole numbers as integers, others in Swift's shortest round-trip form.
    public static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 {
            return value == 0 ? "0" : String(Int64(value))
        }
        return "\(value)"
    }

    private static func write(_ value: JSONValue, indent: Int, sortKeys: Bool, into out: inout String) {
        switch value {
        case .null: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .number(let number): out += self.number(number)
        case .string(let text): escape(text, into: &out)
        case .array(let elements):
            guard !elements.isEmpty else { out += "[]"; return }
            if elements.allSatisfy(isScalar) {
                out += "["
                for (index, element) in elements.enumerated() {
                    if index > 0 { out += ", " }
                    write(element, indent: indent, sortKeys: sortKeys, into: &out)
                }
                out += "]"
                return
            }
            out += "[\n"
            for (index, element) in elements.enumerated() {
                out += String(repeating: "  ", count: indent + 1)
                write(element, indent: indent + 1, sortKeys: sortKeys, into: &out)
                out += index == elements.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: "  ", count: indent) + "]"
        case .object(let members):
            guard !members.isEmpty else { out += "{}"; return }
            let ordered = sortKeys ? members.sorted { Array($0.key.utf8).lexicographicallyPrecedes(Array($1.key.utf8)) } : members
            out += "{\n"
            for (index, member) in ordered.enumerated() {
                out += String(repeating: "  ", count: indent + 1)
                escape(member.key, into: &out)
                out += ": "
                write(member.value, indent: indent + 1, sortKeys: sortKeys, into: &out)
                out += index == ordered.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: "  ", count: indent) + "}"
        }
    }

    private static func isScalar(_ value: JSONValue) -> Bool {
        switch value {
        case .array, .object: false
        default: true
        }
    }

    /// `text` as a JSON string literal.
    public static func quoted(_ text: String) -> String {
        var out = ""
        escape(text, into: &out)
        return out
    }

    private static func escape(_ text: String, into out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                if scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}
