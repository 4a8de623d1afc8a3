import BrewKit

/// What cmark makes of one line of a bullet list (a log's row) inside any tight list, converted
/// once and placed in every list that shows it (`ListSplice`), at any depth.
///
/// The row is converted alone, with a stand-in for `root` that each list page replaces with its
/// own. That gives what converting it within a page gives only when the row cannot depend on the
/// rest of the page or on the root's characters, so a row qualifies only when:
/// - it is one line starting with `- ` (one bullet list item holding one paragraph);
/// - converted alone it is exactly `<ul>\n<li>…</li>\n</ul>\n`, with something in the item and
///   no line break in it (a line that is all a link reference definition makes an empty item,
///   and that definition would serve the whole page);
/// - every `[` not escaped by a backslash opens an inline link `[text](destination)`, as many
///   as the HTML has links, and no `<` is unescaped (no autolink adds to the links): any other
///   bracket could make a link through a reference definition elsewhere on the page (an inline
///   link is a link whatever the page defines);
/// - the root stand-in appears only at the start of an inline link's destination (`](` before
///   it), where `../` and the stand-in parse alike, and comes out only as the start of an `href`.
struct ListItemHTML: Sendable, Equatable {
    /// The item's inner HTML cut at each place the root goes.
    let pieces: [String]

    static let encodedStandIn = "%EE%80%80"

    /// - Parameters:
    ///   - row: the row's Markdown, one line without its line break, with `standIn` for the root.
    ///   - standIn: the character that stands for the root: U+E000, which cmark writes in an
    ///     `href` as `%EE%80%80`.
    init?(row: String, standIn: String) {
        precondition(standIn == "\u{E000}", "cmark's encoding of the stand-in is spelled out above")
        guard row.utf8.starts(with: "- ".utf8),
              !row.utf8.contains(UInt8(ascii: "\n")), !row.utf8.contains(UInt8(ascii: "\r")) else { return nil }
        let standInsInRow = Self.occurrences(of: standIn, in: row)
        guard standInsInRow.allSatisfy({ row.utf8[..<$0].reversed().starts(with: "(]".utf8) }) else { return nil }
        let html = Markdown.html(from: row)
        let head = "<ul>\n<li>", tail = "</li>\n</ul>\n"
        guard html.utf8.starts(with: head.utf8), html.utf8.reversed().starts(with: tail.utf8.reversed()),
              html.utf8.count > head.utf8.count + tail.utf8.count else { return nil }
        let item = String(html.utf8.dropFirst(head.utf8.count).dropLast(tail.utf8.count))!
        guard !item.utf8.contains(UInt8(ascii: "\n")), !TextScan.contains(item, standIn),
              Self.unescaped(UInt8(ascii: "<"), in: row) == 0,
              Self.occurrences(of: "<a href=", in: item).count == Self.unescaped(UInt8(ascii: "["), in: row),
              !TextScan.contains(item, "<img") else { return nil }
        let encoded = Self.occurrences(of: Self.encodedStandIn, in: item)
        guard encoded.count == standInsInRow.count,
              encoded.allSatisfy({ item.utf8[..<$0].reversed().starts(with: "\"=ferh ".utf8) }) else { return nil }
        var pieces: [String] = []
        var start = item.utf8.startIndex
        for index in encoded {
            pieces.append(String(item.utf8[start..<index])!)
            start = item.utf8.index(index, offsetBy: Self.encodedStandIn.utf8.count)
        }
        pieces.append(String(item.utf8[start...])!)
        self.pieces = pieces
    }

    /// Appends `<li>…</li>\n` with `root` in place.
    func append(root: String, to html: inout String) {
        html += "<li>"
        html += pieces[0]
        for piece in pieces.dropFirst() {
            html += root
            html += piece
        }
        html += "</li>\n"
    }

    /// How many times `character` is in `text` without a backslash before it.
    private static func unescaped(_ character: UInt8, in text: String) -> Int {
        var count = 0
        var escaped = false
        for byte in text.utf8 {
            if byte == character && !escaped { count += 1 }
            escaped = byte == UInt8(ascii: "\\") && !escaped
        }
        return count
    }

    /// Where `needle` starts in `text`, each occurrence.
    private static func occurrences(of needle: String, in text: String) -> [String.Index] {
        var needle = needle
        var text = text
        let offsets = needle.withUTF8 { pattern in
            text.withUTF8 { bytes -> [Int] in
                var found: [Int] = []
                var from = 0
                while let index = TextScan.firstIndex(of: pattern, in: bytes, from: from) {
                    found.append(index)
                    from = index + pattern.count
                }
                return found
            }
        }
        return offsets.map { text.utf8.index(text.utf8.startIndex, offsetBy: $0) }
    }
}
