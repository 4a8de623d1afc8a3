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

    private static let standInBytes: [UInt8] = Array("\u{E000}".utf8)
    private static let encodedStandIn: [UInt8] = Array("%EE%80%80".utf8)
    private static let head: [UInt8] = Array("<ul>\n<li>".utf8)
    private static let tail: [UInt8] = Array("</li>\n</ul>\n".utf8)

    /// - Parameters:
    ///   - row: the row's Markdown, one line without its line break, with `standIn` for the root.
    ///   - standIn: the character that stands for the root: U+E000, which cmark writes in an
    ///     `href` as `%EE%80%80`.
    init?(row: String, standIn: String) {
        precondition(standIn == "\u{E000}", "cmark's encoding of the stand-in is spelled out above")
        var row = row
        let standIns = row.withUTF8 { Self.rowStandIns($0) }
        guard let standIns else { return nil }
        var html = Markdown.html(from: row)
        let pieces = html.withUTF8 { Self.itemPieces($0, links: standIns.links, standIns: standIns.count) }
        guard let pieces else { return nil }
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

    /// How many root stand-ins the row has and how many links it must make; nil when it is not
    /// one line starting with `- `, has a stand-in anywhere but at a link destination's start,
    /// or has a `<` no backslash escapes.
    private static func rowStandIns(_ row: UnsafeBufferPointer<UInt8>) -> (count: Int, links: Int)? {
        guard row.count >= 2, row[0] == UInt8(ascii: "-"), row[1] == UInt8(ascii: " ") else { return nil }
        var count = 0
        var links = 0
        var escaped = false
        for index in row.indices {
            let byte = row[index]
            switch byte {
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"): return nil
            case UInt8(ascii: "<") where !escaped: return nil
            case UInt8(ascii: "[") where !escaped: links += 1
            case standInBytes[0]:
                if index + 2 < row.count, row[index + 1] == standInBytes[1], row[index + 2] == standInBytes[2] {
                    guard index >= 2, row[index - 2] == UInt8(ascii: "]"), row[index - 1] == UInt8(ascii: "(") else { return nil }
                    count += 1
                }
            default: break
            }
            escaped = byte == UInt8(ascii: "\\") && !escaped
        }
        return (count, links)
    }

    /// The item's HTML cut at each encoded stand-in; nil unless `html` is one list item of one
    /// line with `links` links and the stand-in only, `standIns` times, at an `href`'s start.
    private static func itemPieces(_ html: UnsafeBufferPointer<UInt8>, links: Int, standIns: Int) -> [String]? {
        guard html.count > head.count + tail.count, html.starts(with: head), html.reversed().starts(with: tail.reversed()) else { return nil }
        let item = UnsafeBufferPointer(rebasing: html[head.count..<(html.count - tail.count)])
        guard !item.contains(UInt8(ascii: "\n")),
              standInBytes.withUnsafeBufferPointer({ TextScan.firstIndex(of: $0, in: item) }) == nil,
              count("<a href=", in: item) == links, count("<img", in: item) == 0 else { return nil }
        let hrefStart = Array(" href=\"".utf8)
        var pieces: [String] = []
        var start = 0
        while let found = encodedStandIn.withUnsafeBufferPointer({ TextScan.firstIndex(of: $0, in: item, from: start) }) {
            guard found >= hrefStart.count, item[(found - hrefStart.count)..<found].elementsEqual(hrefStart) else { return nil }
            pieces.append(String(decoding: UnsafeBufferPointer(rebasing: item[start..<found]), as: UTF8.self))
            start = found + encodedStandIn.count
        }
        pieces.append(String(decoding: UnsafeBufferPointer(rebasing: item[start...]), as: UTF8.self))
        return pieces.count == standIns + 1 ? pieces : nil
    }

    private static func count(_ needle: StaticString, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        needle.withUTF8Buffer { needle in
            var found = 0
            var from = 0
            while let index = TextScan.firstIndex(of: needle, in: bytes, from: from) {
                found += 1
                from = index + needle.count
            }
            return found
        }
    }
}
