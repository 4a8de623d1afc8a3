/// A JSON value with members in the order written, rendered like the files in Data/:
/// two-space indentation, arrays of plain values on one line.
indirect enum JSONText {
    case string(String)
    case number(Double)
    case bool(Bool)
    case array([JSONText])
    case object([(String, JSONText)])

    /// An object without the members whose value is nil.
    static func members(_ members: [(String, JSONText?)]) -> JSONText {
        .object(members.compactMap { key, value in value.map { (key, $0) } })
    }

    func rendered() -> String {
        var out = ""
        write(into: &out, indent: 0)
        out += "\n"
        return out
    }

    func write(into out: inout String, indent: Int) {
        switch self {
        case .string(let text): Self.quote(text, into: &out)
        case .number(let value): out += Self.number(value)
        case .bool(let flag): out += flag ? "true" : "false"
        case .array(let elements):
            if elements.allSatisfy(\.isPlain) {
                out += "["
                for (index, element) in elements.enumerated() {
                    if index > 0 { out += ", " }
                    element.write(into: &out, indent: indent)
                }
                out += "]"
                return
            }
            out += "[\n"
            for (index, element) in elements.enumerated() {
                out += String(repeating: "  ", count: indent + 1)
                element.write(into: &out, indent: indent + 1)
                out += index == elements.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: "  ", count: indent) + "]"
        case .object(let members):
            out += "{\n"
            for (index, member) in members.enumerated() {
                out += String(repeating: "  ", count: indent + 1)
                Self.quote(member.0, into: &out)
                out += ": "
                member.1.write(into: &out, indent: indent + 1)
                out += index == members.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: "  ", count: indent) + "}"
        }
    }

    private var isPlain: Bool {
        switch self {
        case .array, .object: false
        default: true
        }
    }

    /// Whole numbers without `.0`, others in Swift's shortest round-trip form.
    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    static func quote(_ text: String, into out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
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
