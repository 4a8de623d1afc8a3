import BrewData
import Foundation

/// Text out of HTML: tags removed, character references decoded, white space collapsed.
enum HTMLText {
    /// `<p>Mix &amp; stir</p>` → `Mix & stir`; `<br>` and block ends become line breaks when `keepLines`.
    static func plain(_ html: String, keepLines: Bool = false) -> String {
        var text = ""
        text.reserveCapacity(html.utf8.count)
        var index = html.startIndex
        // Searches that found nothing are not repeated: a page of "<" with no ">" after them, or of
        // unclosed "<script>"s, is read once, not once per "<".
        var noCloseAfter = html.endIndex
        var unclosed: Set<String> = []
        while index < html.endIndex {
            let character = html[index]
            if character == "<", index < noCloseAfter {
                guard let close = html[index...].firstIndex(of: ">") else {
                    noCloseAfter = index
                    text.append(character)
                    index = html.index(after: index)
                    continue
                }
                let tag = html[html.index(after: index)..<close].prefix(20).lowercased()
                let name = tag.split(whereSeparator: { $0 == " " || $0 == "/" || $0 == "\n" }).first.map(String.init) ?? ""
                if ["script", "style", "noscript", "template"].contains(name), !tag.hasPrefix("/"), !unclosed.contains(name) {
                    if let end = html.range(of: "</\(name)", options: .caseInsensitive, range: close..<html.endIndex),
                       let after = html[end.upperBound...].firstIndex(of: ">") {
                        index = html.index(after: after)
                        continue
                    }
                    unclosed.insert(name)
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
    /// The search goes on after each tag's `>`, so that text is read once however the tags overlap;
    /// it runs over the bytes, once.
    static func tags(_ name: String, in html: String) -> [(tag: Substring, contentStart: String.Index)] {
        let needle = Array(("<" + name).lowercased().utf8)
        let utf8 = html.utf8
        let offsets: [(start: Int, close: Int)] = utf8.withContiguousStorageIfAvailable { bytes in
            var found: [(Int, Int)] = []
            var index = 0
            while let start = find(needle, in: bytes, from: index) {
                index = start + needle.count
                guard index < bytes.count else { break }
                let next = bytes[index]
                guard isSpace(next) || next == UInt8(ascii: ">") || next == UInt8(ascii: "/") else { continue }
                guard let close = find([UInt8(ascii: ">")], in: bytes, from: index) else { break }
                found.append((start, close))
                index = close + 1
            }
            return found
        } ?? []
        return offsets.map { start, close in
            let from = utf8.index(utf8.startIndex, offsetBy: start), to = utf8.index(utf8.startIndex, offsetBy: close)
            return (html[from...to], utf8.index(after: to))
        }
    }

    /// Where `needle` (lower-case ASCII) next starts in `bytes` from `start`, letters compared
    /// without case.
    static func find(_ needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let first = needle.first else { return nil }
        var index = start
        while index + needle.count <= bytes.count {
            if bytes[index] == first {
                var matched = true
                for offset in 1..<max(1, needle.count) {
                    var byte = bytes[index + offset]
                    if byte >= 65, byte <= 90 { byte += 32 }
                    if byte != needle[offset] { matched = false; break }
                }
                if matched { return index }
            }
            index += 1
        }
        return nil
    }

    static func isSpace(_ byte: UInt8) -> Bool { byte == 32 || byte == 9 || byte == 10 || byte == 13 || byte == 12 }

    /// Each `<name …>` element's start tag and raw content up to its `</name`, as a browser reads
    /// a `<script>`: nothing inside is a tag. One pass: the search for the next starts after the
    /// last one's end, and an element with no end runs to the end of the page.
    static func rawElements(_ name: String, in html: String) -> [(tag: Substring, content: Substring)] {
        let closing = Array(("</" + name).lowercased().utf8)
        let utf8 = html.utf8
        var found: [(Substring, Substring)] = []
        for (tag, contentStart) in tags(name, in: html) {
            if let last = found.last, contentStart < last.1.endIndex { continue }
            let from = utf8.distance(from: utf8.startIndex, to: contentStart)
            let end = utf8.withContiguousStorageIfAvailable { find(closing, in: $0, from: from) } ?? nil
            let endIndex = end.map { utf8.index(utf8.startIndex, offsetBy: $0) } ?? html.endIndex
            found.append((tag, html[contentStart..<endIndex]))
            if end == nil { break }
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
