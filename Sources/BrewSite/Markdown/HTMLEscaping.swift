/// Escaping for text placed in HTML and XML by code rather than by a template.
public enum HTMLEscaping {
    public static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }

    /// JSON text safe inside `<script type="application/ld+json">`: `<`, `>` and `&` as `\u` escapes,
    /// so no user text can close the script element.
    public static func scriptSafeJSON(_ json: String) -> String {
        var result = ""
        result.reserveCapacity(json.utf8.count)
        for character in json.unicodeScalars {
            switch character {
            case "<": result += "\\u003c"
            case ">": result += "\\u003e"
            case "&": result += "\\u0026"
            case "\u{2028}": result += "\\u2028"
            case "\u{2029}": result += "\\u2029"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }
}
