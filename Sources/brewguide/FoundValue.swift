/// A value from the command line or a served form as an error message quotes it: `"…"`, with
/// control characters (a line break, a tab, NUL, ESC) written as escapes and at most 80
/// characters, so that the message stays one line on the terminal and one line of a served
/// refusal's `errors`, and cannot steer the terminal.
enum FoundValue {
    static func quoted(_ text: String, limit: Int = 80) -> String {
        var shown = ""
        for scalar in text.unicodeScalars.prefix(limit) {
            switch scalar {
            case "\n": shown += "\\n"
            case "\r": shown += "\\r"
            case "\t": shown += "\\t"
            case "\"": shown += "\\\""
            case "\\": shown += "\\\\"
            default:
                let category = scalar.properties.generalCategory
                if category == .control || category == .format || category == .lineSeparator || category == .paragraphSeparator {
                    shown += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    shown.unicodeScalars.append(scalar)
                }
            }
        }
        return "\"" + shown + (text.unicodeScalars.count > limit ? "…" : "") + "\""
    }
}
