import Foundation

/// What HTML text needs beside its tree (`HTMLDocument`, the one parser): character references
/// decoded, white space collapsed, and which elements sit inside a line.
enum HTMLText {
    /// Elements a browser shows inside a line of text, with no break or space of their own.
    static let inline: Set<String> = ["a", "abbr", "b", "bdi", "bdo", "cite", "code", "data", "dfn", "em", "font", "i", "kbd", "mark", "q", "s", "samp", "small", "span", "strong", "sub", "sup", "time", "u", "var"]

    /// Whether `text` holds `needle` (given in lower case; any UTF-8 bytes when case is not
    /// ignored, a whole character matching only whole characters), with `ignoringCase` ignoring
    /// the case of ASCII letters in `text`: a byte search for the markers looked for in every
    /// element (class names, styles, "&", "<"), where Foundation's `contains` would build an
    /// `NSString` for each (it was most of a page's reading time in class and style checks).
    static func containsASCII(_ text: String, _ needle: String, ignoringCase: Bool = false) -> Bool {
        var text = text, needle = needle
        return needle.withUTF8 { pattern in
            guard let first = pattern.first else { return true }
            return text.withUTF8 { bytes in
                let length = pattern.count
                guard bytes.count >= length else { return false }
                func folded(_ byte: UInt8) -> UInt8 { ignoringCase && byte >= 65 && byte <= 90 ? byte + 32 : byte }
                var index = 0
                while index <= bytes.count - length {
                    if folded(bytes[index]) == first {
                        var offset = 1
                        while offset < length, folded(bytes[index + offset]) == pattern[offset] { offset += 1 }
                        if offset == length { return true }
                    }
                    index += 1
                }
                return false
            }
        }
    }

    /// Every no-break space (U+00A0) as a space, byte by byte: a page's text is read through this
    /// for every element, and Foundation's `replacingOccurrences` cost a tenth of a page's reading.
    static func replacingNoBreakSpaces(_ text: String) -> String {
        guard containsASCII(text, "\u{00A0}") else { return text }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var pendingLead = false
        for byte in text.utf8 {
            if pendingLead {
                pendingLead = false
                if byte == 0xA0 { bytes.append(UInt8(ascii: " ")); continue }
                bytes.append(0xC2)
            }
            if byte == 0xC2 { pendingLead = true; continue }
            bytes.append(byte)
        }
        if pendingLead { bytes.append(0xC2) }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func collapse(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ", "ndash": "–", "mdash": "—",
        "frac12": "½", "frac14": "¼", "frac34": "¾", "frac13": "⅓", "frac23": "⅔", "frac18": "⅛", "deg": "°",
        "rsquo": "’", "lsquo": "‘", "rdquo": "”", "ldquo": "“", "hellip": "…", "eacute": "é", "egrave": "è",
        "times": "×", "frasl": "⁄", "reg": "®", "copy": "©", "trade": "™", "uuml": "ü", "ouml": "ö", "auml": "ä",
        "aacute": "á", "iacute": "í", "oacute": "ó", "uacute": "ú", "ntilde": "ñ", "ccedil": "ç", "szlig": "ß", "agrave": "à",
        "aring": "å", "Aring": "Å", "Auml": "Ä", "Ouml": "Ö", "Uuml": "Ü", "oslash": "ø", "Oslash": "Ø", "aelig": "æ", "AElig": "Æ",
        "Eacute": "É", "ecirc": "ê", "acirc": "â", "icirc": "î", "ocirc": "ô", "ucirc": "û", "atilde": "ã", "otilde": "õ",
        "euml": "ë", "iuml": "ï", "igrave": "ì", "ograve": "ò", "ugrave": "ù", "scaron": "š", "ccaron": "č", "zcaron": "ž",
        "rdquor": "”", "sbquo": "‚", "bdquo": "„", "laquo": "«", "raquo": "»", "middot": "·", "bull": "•", "prime": "′", "Prime": "″",
        "frac15": "⅕", "half": "½", "shy": "", "zwj": "", "zwnj": "", "thinsp": " ", "ensp": " ", "emsp": " ", "#8203": "",
    ]

    /// `&amp;`, `&#39;`, `&#x27;` and the common named references; repeated once for `&amp;amp;`.
    static func decodeEntities(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
        var result = ""
        var index = text.startIndex
        while index < text.endIndex {
            if text[index] == "&", let semicolon = text[index...].prefix(12).firstIndex(of: ";") {
                let name = String(text[text.index(after: index)..<semicolon])
                var replacement: String?
                if name.hasPrefix("#x") || name.hasPrefix("#X"), let code = UInt32(name.dropFirst(2), radix: 16), let scalar = Unicode.Scalar(code) {
                    replacement = String(Character(scalar))
                } else if name.hasPrefix("#"), let code = UInt32(name.dropFirst()), let scalar = Unicode.Scalar(code) {
                    replacement = String(Character(scalar))
                } else {
                    replacement = named[name]
                }
                if let replacement {
                    result += replacement
                    index = text.index(after: semicolon)
                    continue
                }
            }
            result.append(text[index])
            index = text.index(after: index)
        }
        return result
    }
}
