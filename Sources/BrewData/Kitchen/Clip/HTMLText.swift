import Foundation

/// Text out of HTML: tags removed, character references decoded, white space collapsed.
enum HTMLText {
    /// `<p>Mix &amp; stir</p>` → `Mix & stir`; `<br>` and block ends become line breaks when `keepLines`.
    static func plain(_ html: String, keepLines: Bool = false) -> String {
        var text = ""
        text.reserveCapacity(html.utf8.count)
        var index = html.startIndex
        while index < html.endIndex {
            let character = html[index]
            if character == "<", let close = html[index...].firstIndex(of: ">") {
                let tag = html[html.index(after: index)..<close].lowercased()
                let name = tag.split(whereSeparator: { $0 == " " || $0 == "/" || $0 == "\n" }).first.map(String.init) ?? ""
                if ["script", "style", "noscript", "template"].contains(name), !tag.hasPrefix("/") {
                    if let end = html.range(of: "</\(name)", options: .caseInsensitive, range: close..<html.endIndex),
                       let after = html[end.upperBound...].firstIndex(of: ">") {
                        index = html.index(after: after)
                        continue
                    }
                }
                let blocks: Set<String> = ["br", "p", "/p", "li", "/li", "div", "/div", "h1", "h2", "h3", "h4", "/h1", "/h2", "/h3", "/h4", "tr", "ol", "ul", "/ol", "/ul"]
                let key = tag.hasPrefix("/") ? "/" + name : name
                // Inline elements join their text as a browser shows it ("<b>ketchup</b>," → "ketchup,").
                let bare = name.hasPrefix("/") ? String(name.dropFirst()) : name
                if !inline.contains(bare) {
                    text += keepLines && (blocks.contains(key) || blocks.contains(name)) ? "\n" : " "
                }
                index = html.index(after: close)
                continue
            }
            text.append(character)
            index = html.index(after: index)
        }
        let decoded = decodeEntities(text).replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        if keepLines {
            return decoded.split(whereSeparator: \.isNewline).map { collapse(String($0)) }.filter { !$0.isEmpty }.joined(separator: "\n")
        }
        return collapse(decoded)
    }

    /// Elements a browser shows inside a line of text, with no break or space of their own.
    static let inline: Set<String> = ["a", "abbr", "b", "bdi", "bdo", "cite", "code", "data", "dfn", "em", "font", "i", "kbd", "mark", "q", "s", "samp", "small", "span", "strong", "sub", "sup", "time", "u", "var"]

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
        guard text.contains("&") else { return text }
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

    /// The value of an attribute in one tag's text (`<meta property="og:title" content="…">`).
    static func attribute(_ name: String, in tag: Substring) -> String? {
        let lower = tag.lowercased()
        var searchStart = lower.startIndex
        while let range = lower.range(of: name + "=", range: searchStart..<lower.endIndex) {
            searchStart = range.upperBound
            if range.lowerBound > lower.startIndex {
                let before = lower[lower.index(before: range.lowerBound)]
                if !before.isWhitespace { continue }
            }
            let offset = lower.distance(from: lower.startIndex, to: range.upperBound)
            var start = tag.index(tag.startIndex, offsetBy: offset)
            guard start < tag.endIndex else { return nil }
            let quote = tag[start]
            if quote == "\"" || quote == "'" {
                start = tag.index(after: start)
                guard let end = tag[start...].firstIndex(of: quote) else { return nil }
                return decodeEntities(String(tag[start..<end]))
            }
            let end = tag[start...].firstIndex(where: { $0.isWhitespace || $0 == ">" }) ?? tag.endIndex
            return decodeEntities(String(tag[start..<end]))
        }
        return nil
    }

    /// Every start tag of `name`, as its text from `<` to `>`, with where its element's content starts.
    static func tags(_ name: String, in html: String) -> [(tag: Substring, contentStart: String.Index)] {
        var found: [(Substring, String.Index)] = []
        var searchStart = html.startIndex
        while let range = html.range(of: "<" + name, options: .caseInsensitive, range: searchStart..<html.endIndex) {
            searchStart = range.upperBound
            guard let next = html[range.upperBound...].first, next.isWhitespace || next == ">" || next == "/" else { continue }
            guard let close = html[range.upperBound...].firstIndex(of: ">") else { break }
            found.append((html[range.lowerBound...close], html.index(after: close)))
        }
        return found
    }

    /// The inner HTML of the element whose start tag ends at `contentStart`, up to its matching end tag.
    static func element(_ name: String, in html: String, from contentStart: String.Index) -> Substring {
        var depth = 1
        var index = contentStart
        while index < html.endIndex, let next = html.range(of: "<", range: index..<html.endIndex) {
            let rest = html[next.upperBound...]
            let opening = rest.prefix(name.count).lowercased() == name && rest.dropFirst(name.count).first.map { $0.isWhitespace || $0 == ">" } == true
            let closing = rest.prefix(name.count + 1).lowercased() == "/" + name
            if opening { depth += 1 }
            if closing {
                depth -= 1
                if depth == 0 { return html[contentStart..<next.lowerBound] }
            }
            index = next.upperBound
        }
        return html[contentStart..<html.endIndex]
    }
}
