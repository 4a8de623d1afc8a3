/// The HTML cmark makes of a Markdown template's shape (`TemplateShapes.Shape`), learned once per
/// shape and then filled in page after page, so that a page of texts and flags (a log page) is not
/// parsed by cmark again: only a note it holds is.
///
/// The shape's Markdown is converted once with an ASCII token at each place and cut at the tokens;
/// a second conversion with `&<` after each escaped token tells what cmark did there. Three kinds
/// of place are known, and a shape with any other is not learned (the page is converted in full):
/// - **inline**: an escaped text in running text, a heading, a list item or a link's text. cmark
///   undoes `MarkdownEscaping` and escapes `&`, `<`, `>` and `"`, so the HTML is the text escaped so,
///   as long as nothing at its ends means something to cmark (`isInlineSafe`);
/// - **link**: an escaped text in a link's destination, shown as it is when it holds only letters,
///   digits, `.`, `_`, `-` and `/` (`isLinkSafe`: what cmark's URL escaping leaves alone);
/// - **block**: an unescaped text (`{{{note}}}`) that is a paragraph of its own between blank lines:
///   its own blocks, converted alone by cmark, when nothing in it can reach past them (`isBlockSafe`).
///
/// `fill` returns nil for a page whose texts are not safe so; `TemplateShapes` checks the first
/// page of each shape against a full conversion, and a property test checks many texts of every
/// awkward kind against cmark.
struct ConvertedShape {
    enum Kind: Equatable {
        case inline, link, block
    }

    /// One more piece than places.
    let pieces: [String]
    let places: [(name: String, kind: Kind)]

    /// Learns the HTML of `shape`; nil when a place is of a kind not known above.
    /// - Parameter convert: Markdown to HTML (`Markdown.html(from:)`).
    static func learn(_ shape: TemplateShapes.Shape, convert: (String) -> String) -> ConvertedShape? {
        var names: [String] = []
        var escapings: [TemplateShapes.Escaping] = []
        for place in shape.places {
            guard case .text(let name) = place.source, place.escaping != .html else { return nil }
            names.append(name)
            escapings.append(place.escaping)
        }
        guard names.count < tokenLimit, !shape.pieces.contains(where: { $0.contains(tokenStart) }) else { return nil }
        func markdown(marked: Bool) -> String {
            var text = shape.pieces[0]
            for index in names.indices {
                text += token(index)
                if marked && escapings[index] == .markdown { text += markerMarkdown }
                text += shape.pieces[index + 1]
            }
            return text
        }
        let plain = cut(convert(markdown(marked: false)))
        let marked = cut(convert(markdown(marked: true)))
        guard let plain, let marked, plain.places == marked.places else { return nil }
        let referenceDefinition = shape.pieces.contains { $0.contains("]:") }
        var pieces = plain.pieces
        var places: [(name: String, kind: Kind)] = []
        for (htmlIndex, index) in plain.places.enumerated() {
            let follower = marked.pieces[htmlIndex + 1]
            switch escapings[index] {
            case .markdown:
                // Emphasis around a place would depend on the text's first or last character.
                let before = shape.pieces[index].utf8.last, after = shape.pieces[index + 1].utf8.first
                guard !emphasis.contains(before ?? 0), !emphasis.contains(after ?? 0) else { return nil }
                if follower.hasPrefix("&amp;&lt;") {
                    places.append((names[index], .inline))
                } else if follower.hasPrefix("&amp;%3C") {
                    places.append((names[index], .link))
                } else {
                    return nil
                }
            case .none:
                // A paragraph of its own, between blank lines, in a page that defines no link references.
                let before = shape.pieces[index], after = shape.pieces[index + 1]
                guard !referenceDefinition, before.isEmpty || before.hasSuffix("\n\n"),
                      after.isEmpty || after == "\n" || after.hasPrefix("\n\n"),
                      pieces[htmlIndex].hasSuffix("<p>"), pieces[htmlIndex + 1].hasPrefix("</p>\n") else { return nil }
                pieces[htmlIndex].removeLast(3)
                pieces[htmlIndex + 1].removeFirst(5)
                places.append((names[index], .block))
            case .html:
                return nil
            }
        }
        return ConvertedShape(pieces: pieces, places: places)
    }

    /// The page's HTML with `values` in place; nil when a value is not safe at its place.
    /// - Parameter convert: Markdown to HTML, for a block place.
    func fill(_ values: [String: Any], convert: (String) -> String) -> String? {
        fill({ values[places[$0].name] as? String ?? "" }, convert: convert)
    }

    /// The page's HTML with `text(place)` at each place; nil when a text is not safe at its place.
    func fill(_ text: (_ place: Int) -> String, convert: (String) -> String) -> String? {
        var placed: [String] = []
        placed.reserveCapacity(places.count)
        var length = 0
        for (index, place) in places.enumerated() {
            let text = text(index)
            let html: String
            switch place.kind {
            case .inline:
                guard let escaped = Self.inlineHTML(text) else { return nil }
                html = escaped
            case .link:
                guard Self.isLinkSafe(text) else { return nil }
                html = text
            case .block:
                guard Self.isBlockSafe(text) else { return nil }
                html = convert(text)
            }
            length += html.utf8.count
            placed.append(html)
        }
        var page = ""
        page.reserveCapacity(length + pieces.reduce(0) { $0 + $1.utf8.count })
        page += pieces[0]
        for index in placed.indices {
            page += placed[index]
            page += pieces[index + 1]
        }
        return page
    }

    // MARK: What is safe where

    /// The HTML cmark makes of `MarkdownEscaping.escape(text)` in running text: the text with `&`,
    /// `<`, `>` and `"` as entities (cmark leaves `'` alone). Nil when the text is empty, holds a
    /// control character (a line break would be a space in the Markdown), starts with white space
    /// or `~` (a code fence at a line's start), or ends with white space or `#` (a heading's
    /// closing sequence): there cmark would make something else of it.
    static func inlineHTML(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            guard let first = bytes.first, let last = bytes.last,
                  first != 0x20, first != UInt8(ascii: "~"), last != 0x20, last != UInt8(ascii: "#") else { return nil }
            var needsEntities = false
            for byte in bytes {
                switch byte {
                case 0..<0x20, 0x7F: return nil
                case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""): needsEntities = true
                default: break
                }
            }
            guard needsEntities else { return String(decoding: bytes, as: UTF8.self) }
            var result: [UInt8] = []
            result.reserveCapacity(bytes.count + 16)
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "&"): result.append(contentsOf: "&amp;".utf8)
                case UInt8(ascii: "<"): result.append(contentsOf: "&lt;".utf8)
                case UInt8(ascii: ">"): result.append(contentsOf: "&gt;".utf8)
                case UInt8(ascii: "\""): result.append(contentsOf: "&quot;".utf8)
                default: result.append(byte)
                }
            }
            return String(decoding: result, as: UTF8.self)
        }
    }

    /// Whether a text in a link's destination comes out of cmark as it is: letters, digits, `.`,
    /// `_`, `-` and `/`, and not a `/` first (a link from the site's root is not a twin's link).
    static func isLinkSafe(_ text: String) -> Bool {
        text.utf8.first != UInt8(ascii: "/") && text.utf8.allSatisfy { linkBytes.contains($0) }
    }

    /// Whether unescaped Markdown between blank lines makes the same HTML alone as in its page:
    /// nothing that can run past a blank line (a code fence, raw HTML, which cmark's safe mode
    /// turns into a comment) or reach the rest of the page (a link reference definition).
    static func isBlockSafe(_ markdown: String) -> Bool {
        var markdown = markdown
        return markdown.withUTF8 { bytes in
            var previous: UInt8 = 0
            var run = (byte: UInt8(0), count: 0)
            for byte in bytes {
                if byte == UInt8(ascii: "<") || (previous == UInt8(ascii: "]") && byte == UInt8(ascii: ":")) { return false }
                run = byte == run.byte ? (byte, run.count + 1) : (byte, 1)
                if run.count >= 3 && (byte == UInt8(ascii: "`") || byte == UInt8(ascii: "~")) { return false }
                previous = byte
            }
            return true
        }
    }

    private static let linkBytes = ByteClass("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-/")
    private static let emphasis = ByteClass("*_")

    // MARK: Tokens

    /// Letters only, so that cmark leaves a token alone in text and in a link's destination.
    private static let tokenStart = "QxzTok"
    private static let tokenEnd = "Kotzx"
    private static let tokenLimit = 26 * 26
    /// `&<` escaped as `MarkdownEscaping` escapes it: HTML text shows it as `&amp;&lt;`, a link
    /// destination as `&amp;%3C`.
    private static let markerMarkdown = "&\\<"

    private static func token(_ index: Int) -> String {
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        return tokenStart + String(letters[index / 26]) + String(letters[index % 26]) + tokenEnd
    }

    /// HTML cut at each token, with the index of each; nil when a token is not whole.
    private static func cut(_ html: String) -> (pieces: [String], places: [Int])? {
        var pieces: [String] = []
        var places: [Int] = []
        var rest = Substring(html)
        while let start = rest.range(of: tokenStart) {
            pieces.append(String(rest[..<start.lowerBound]))
            let letters = Array(rest[start.upperBound...].utf8.prefix(2 + tokenEnd.utf8.count))
            guard letters.count == 2 + tokenEnd.utf8.count,
                  String(decoding: letters[2...], as: UTF8.self) == tokenEnd,
                  (97...122).contains(letters[0]), (97...122).contains(letters[1]) else { return nil }
            places.append(Int(letters[0] - 97) * 26 + Int(letters[1] - 97))
            rest = rest[rest.utf8.index(start.upperBound, offsetBy: letters.count)...]
        }
        pieces.append(String(rest))
        return (pieces, places)
    }
}
