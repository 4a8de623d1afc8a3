import BrewKit
import Foundation

/// Converts a list page without converting its rows again: the rows' lines are taken out of the
/// page, the rest is converted with a placeholder paragraph where they were, and the placeholder
/// becomes a `<ul>` of the rows' items, each converted once for the whole site (`ListItemHTML`).
///
/// The result is what cmark makes of the whole page, and `html` returns nil (convert it whole)
/// unless the rows stand as a bullet list of their own that nothing around can reach into:
/// - the rows are consecutive lines, each `row + "\n"`, starting a line;
/// - a blank line (or the page's start) comes before them, so they do not continue a paragraph;
/// - a blank line (or the page's end) comes after them, and the next line that is not blank is
///   indented less than the rows' content (two columns, no tab) and does not start with a bullet
///   (`-`, `+`, `*`): it could continue the last row or the list;
/// - the placeholder comes out as a paragraph of its own exactly once, and not right after a
///   list (which the rows would have joined).
enum ListSplice {
    struct Row {
        /// The row's Markdown as the page shows it (root in place), without its line break.
        let markdown: String
        let item: ListItemHTML
    }

    static let placeholder = "[[rows]]"

    /// The page's HTML, or nil when the rows cannot be spliced in.
    static func html(of page: String, rows: [Row], root: String) -> String? {
        // cmark writes `../` in an href as it is: any other root would need its escaping.
        guard !rows.isEmpty, root.utf8.allSatisfy({ $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "/") }) else { return nil }
        var page = page
        guard let lines = page.withUTF8({ rowLines(rows, in: $0) }),
              !TextScan.contains(page, placeholder), !TextScan.contains(page, "\r") else { return nil }
        let utf8 = page.utf8
        let rest = String(page[..<utf8.index(utf8.startIndex, offsetBy: lines.lowerBound)]) + placeholder + "\n"
            + String(page[utf8.index(utf8.startIndex, offsetBy: lines.upperBound)...])
        var html = Markdown.html(from: rest)
        return html.withUTF8 { replacingPlaceholder(in: $0, with: rows, root: root) }
    }

    /// Where the rows' lines are in the page, when they follow each other from the start of a
    /// line, with a blank line before and a quiet line after.
    private static func rowLines(_ rows: [Row], in bytes: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        var first = rows[0].markdown
        guard let start = first.withUTF8({ TextScan.firstIndex(of: $0, in: bytes) }),
              start == 0 || bytes[start - 1] == UInt8(ascii: "\n") else { return nil }
        var end = start
        for row in rows {
            var line = row.markdown
            let matches = line.withUTF8 { line in
                end + line.count < bytes.count && memcmp(bytes.baseAddress! + end, line.baseAddress!, line.count) == 0
                    && bytes[end + line.count] == UInt8(ascii: "\n")
            }
            guard matches else { return nil }
            end += row.markdown.utf8.count + 1
        }
        guard blankLineBefore(start, in: bytes), quietAfter(end, in: bytes) else { return nil }
        return start..<end
    }

    /// The converted rest of the page with its placeholder paragraph replaced by the rows' list;
    /// nil unless the placeholder is there once, as a paragraph, and not right after a list.
    private static func replacingPlaceholder(in html: UnsafeBufferPointer<UInt8>, with rows: [Row], root: String) -> String? {
        var paragraph = "<p>\(placeholder)</p>\n"
        var bare = placeholder
        guard let at = paragraph.withUTF8({ TextScan.firstIndex(of: $0, in: html) }),
              bare.withUTF8({ TextScan.firstIndex(of: $0, in: html) }) == at + 3 else { return nil }
        let after = at + paragraph.utf8.count
        guard bare.withUTF8({ TextScan.firstIndex(of: $0, in: html, from: after) }) == nil else { return nil }
        let before = UnsafeBufferPointer(rebasing: html[..<at])
        if before.reversed().starts(with: "\n>lu/<".utf8) || before.reversed().starts(with: "\n>lo/<".utf8) { return nil }
        var spliced = String(decoding: before, as: UTF8.self)
        spliced.reserveCapacity(html.count + rows.count * 256)
        spliced += "<ul>\n"
        for row in rows { row.item.append(root: root, to: &spliced) }
        spliced += "</ul>\n"
        spliced += String(decoding: UnsafeBufferPointer(rebasing: html[after...]), as: UTF8.self)
        return spliced
    }

    /// Whether the line before `start` (which starts a line) is blank, or there is none.
    private static func blankLineBefore(_ start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if start == 0 { return true }
        var index = start - 1  // the line break ending the line before
        while index > 0 {
            let byte = bytes[index - 1]
            if byte == UInt8(ascii: "\n") { return true }
            guard byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") else { return false }
            index -= 1
        }
        return true
    }

    /// Whether the text from `end` (a line's start) is empty, or a blank line and then nothing
    /// or a line that cannot continue a bullet list.
    private static func quietAfter(_ end: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = end
        var blankLines = 0
        while index < bytes.count {
            var content = index
            while content < bytes.count, bytes[content] == UInt8(ascii: " ") || bytes[content] == UInt8(ascii: "\t") { content += 1 }
            if content == bytes.count { return true }
            if bytes[content] == UInt8(ascii: "\n") {
                blankLines += 1
                index = content + 1
                continue
            }
            // Indented two columns (a row's content column) or more, or with a tab, the line
            // would continue the last row; a bullet would continue the list.
            guard blankLines > 0, content - index < 2, !bytes[index..<content].contains(UInt8(ascii: "\t")) else { return false }
            let byte = bytes[content]
            return byte != UInt8(ascii: "-") && byte != UInt8(ascii: "+") && byte != UInt8(ascii: "*")
        }
        return true
    }
}
