/// Escaping for text placed in HTML and XML by code rather than by a template.
public enum HTMLEscaping {
    /// `&`, `<`, `>`, `"` and `'` as entities, byte by byte. C0 control characters other than
    /// tab, line feed and carriage return are left out: XML 1.0 forbids them (one ESC makes
    /// `feed.xml` not well-formed) and HTML reads them as errors. `check` refuses them in the
    /// data; this keeps them out of anything written even so.
    public static func escape(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in
            guard let first = bytes.firstIndex(where: { entity($0) != nil || isForbiddenControl($0) }) else { return nil }
            var result: [UInt8] = []
            result.reserveCapacity(bytes.count + 16)
            result.append(contentsOf: bytes[..<first])
            for byte in bytes[first...] where !isForbiddenControl(byte) {
                if let entity = entity(byte) { result.append(contentsOf: entity.utf8) } else { result.append(byte) }
            }
            return String(decoding: result, as: UTF8.self)
        } ?? text
    }

    /// The same escaping as swift-mustache does it for a template, character by character: a `<`
    /// with a combining mark after it is one character to it, not `<`, and stays as it is
    /// (harmless: no tag starts so). Pages filled in without Mustache (`TemplateShapes`) use this,
    /// so that they are byte for byte the pages Mustache makes.
    static func escapeAsMustache(_ text: String) -> String {
        guard text.utf8.contains(where: { entity($0) != nil }) else { return text }
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count + 16)
        for character in text {
            if let ascii = character.asciiValue, let entity = entity(ascii) { escaped += entity } else { escaped.append(character) }
        }
        return escaped
    }

    /// A C0 control that XML 1.0 does not allow (all but tab, line feed and carriage return).
    private static func isForbiddenControl(_ byte: UInt8) -> Bool {
        byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D
    }

    /// The entity for one of the five bytes HTML escaping replaces; nil for any other.
    private static func entity(_ byte: UInt8) -> String? {
        switch byte {
        case UInt8(ascii: "&"): "&amp;"
        case UInt8(ascii: "<"): "&lt;"
        case UInt8(ascii: ">"): "&gt;"
        case UInt8(ascii: "\""): "&quot;"
        case UInt8(ascii: "'"): "&#39;"
        default: nil
        }
    }

    /// JSON text safe inside `<script type="application/ld+json">`: `<`, `>` and `&` as `\u` escapes,
    /// so no user text can close the script element.
    public static func scriptSafeJSON(_ json: String) -> String {
        // Most JSON has none of them: returned as it is.
        needsScriptEscaping(json) ? escapingScriptUnsafe(json) : json
    }

    /// `scriptSafeJSON(_:)` scalar by scalar.
    static func escapingScriptUnsafe(_ json: String) -> String {
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

    /// Whether `json` holds `<`, `>`, `&`, U+2028 or U+2029 (UTF-8 `E2 80 A8`, `E2 80 A9`).
    static func needsScriptEscaping(_ json: String) -> Bool {
        var previous: (UInt8, UInt8) = (0, 0)
        for byte in json.utf8 {
            if byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "&") { return true }
            if byte == 0xA8 || byte == 0xA9, previous == (0xE2, 0x80) { return true }
            previous = (previous.1, byte)
        }
        return false
    }
}
