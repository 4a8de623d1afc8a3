/// A page context written out as text with its keys sorted, so two contexts can be compared.
enum ContextFingerprint {
    static func string(_ value: Any) -> String {
        var text = ""
        write(value, into: &text)
        return text
    }

    private static func write(_ value: Any, into text: inout String) {
        switch value {
        case let dictionary as [String: Any]:
            text += "{"
            for key in dictionary.keys.sorted() {
                text += key + ":"
                write(dictionary[key]!, into: &text)
                text += ","
            }
            text += "}"
        case let array as [Any]:
            text += "["
            for element in array {
                write(element, into: &text)
                text += ","
            }
            text += "]"
        default:
            text += "\(type(of: value))=\(value)"
        }
    }
}
