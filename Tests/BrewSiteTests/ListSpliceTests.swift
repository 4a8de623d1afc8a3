import BrewData
import BrewKit
@testable import BrewSite
import Foundation
import Testing
import TestSupport

/// Splicing a list page's rows, each converted once, must give exactly what cmark makes of the
/// whole page; whatever the splice cannot be sure of, it must refuse (and the page is converted whole).
@Suite("List splice")
struct ListSpliceTests {
    static let standIn = "\u{E000}"

    /// The default `logs.md` page: title, intro, rows, the newer/older links, the browse placeholder.
    static func defaultPage(rows: [String], links: String = " [Older →](page/2.md)") -> String {
        "# Brews in November 2026\n\n199 brews, newest first. Page 1 of 4.\n\n" + rows.map { $0 + "\n" }.joined()
            + "\n" + links + "\n\n[[fragment:browse]]\n"
    }

    static func row(_ id: String, name: String, root: String) -> String {
        "- [Sat 21 Nov 2026, 19:57](\(root)logs/2026/11/\(id).md) · ★★★★☆ (4/5) · \(MarkdownEscaping.escape(name))"
    }

    static func spliceRows(_ standInRows: [String], root: String) -> [ListSplice.Row]? {
        var rows: [ListSplice.Row] = []
        for row in standInRows {
            guard let item = ListItemHTML(row: row, standIn: standIn) else { return nil }
            rows.append(ListSplice.Row(markdown: PartialMemo.placing(root, in: row), item: item))
        }
        return rows
    }

    @Test(arguments: ["../", "../../", "../../../../"])
    func defaultListPageIsSplicedAndEqualsTheWholeConversion(root: String) throws {
        let names = ["Weekend Three-Pour", "Office \"Travel\" Brew", "Kenya [AA] *washed*", "<b>&amp; 50% _bright_", "Café `x`"]
        let standInRows = names.enumerated().map { Self.row("log-\($0.offset)", name: $0.element, root: Self.standIn) }
        let rows = try #require(Self.spliceRows(standInRows, root: root))
        for links in [" [Older →](page/2.md)", "[← Newer](../index.md) [Older →](3.md)", " "] {
            let page = Self.defaultPage(rows: rows.map(\.markdown), links: links)
            let spliced = try #require(ListSplice.html(of: page, rows: rows, root: root))
            #expect(spliced == Markdown.html(from: page))
            #expect(spliced.contains("href=\"\(root)logs/2026/11/log-0.html\""))
        }
    }

    /// The default templates on the bundled journal: every list page takes the splice, and it
    /// gives what converting the whole page gives.
    @Test func everyListPageOfTheBundledJournalIsSpliced() throws {
        let validated = DataDirectoryReader(root: TestPaths.journal.path).read().validated
        let renderer = PageRenderer(templates: try TemplateShapesTests.templates())
        let plan = SiteBuilder(renderer: renderer).plan(validated)
        var listPages = 0
        for source in plan.sources {
            guard case .list = source else { continue }
            let page = plan.page(for: source)
            var context = page.context
            context["root"] = page.rootPrefix
            context["siteTitle"] = renderer.siteTitle
            let rendered = renderer.text(page.template + ".md", context)
            let rows = try #require(page.splicedRows?(), "\(page.path)")
            let spliced = try #require(ListSplice.html(of: rendered, rows: rows, root: page.rootPrefix), "\(page.path)")
            #expect(spliced == Markdown.html(from: rendered), "\(page.path)")
            listPages += 1
        }
        #expect(listPages >= 10)
    }

    @Test func refusesRowsThatCouldDependOnTheirPage() {
        // A bracket left in the HTML could become a link through a reference elsewhere on the page.
        #expect(ListItemHTML(row: "- see [notes]", standIn: Self.standIn) == nil)
        #expect(ListItemHTML(row: "- [a [b]](\(Self.standIn)x.md)", standIn: Self.standIn) == nil)
        #expect(ListItemHTML(row: "- `[a`](x)", standIn: Self.standIn) == nil)
        #expect(ListItemHTML(row: "- Kenya \\[AA\\] <http://e.x>", standIn: Self.standIn) == nil)
        #expect(ListItemHTML(row: "- Kenya \\[AA\\]", standIn: Self.standIn) != nil)
        // A reference definition alone makes an empty item, and would serve the whole page.
        #expect(ListItemHTML(row: "- [notes]: /x", standIn: Self.standIn) == nil)
        // Not one bullet item holding one line.
        #expect(ListItemHTML(row: "* a", standIn: Self.standIn) == nil)
        #expect(ListItemHTML(row: "- ---", standIn: Self.standIn) == nil)
        #expect(ListItemHTML(row: "- a\n- b", standIn: Self.standIn) == nil)
        #expect(ListItemHTML(row: "-     code", standIn: Self.standIn) == nil)
        // The root outside a link's destination: `../` and the stand-in differ as text.
        #expect(ListItemHTML(row: "- *\(Self.standIn)x*", standIn: Self.standIn) == nil)
        #expect(ListItemHTML(row: "- ![i](\(Self.standIn)x.png)", standIn: Self.standIn) == nil)
        #expect(ListItemHTML(row: "- [a](\(Self.standIn)x.md)", standIn: Self.standIn) != nil)
    }

    @Test func refusesPagesWhereTheRowsDoNotStandAlone() throws {
        let root = "../"
        let rows = try #require(Self.spliceRows([Self.row("a", name: "A", root: Self.standIn), Self.row("b", name: "B", root: Self.standIn)], root: root))
        let block = rows.map { $0.markdown + "\n" }.joined()
        // A paragraph right before (the rows would interrupt it) or right after (a lazy line).
        #expect(ListSplice.html(of: "Intro\n" + block, rows: rows, root: root) == nil)
        #expect(ListSplice.html(of: "\n" + block + "more", rows: rows, root: root) == nil)
        // A list before, or a bullet or an indented line after a blank line: the rows would join them.
        #expect(ListSplice.html(of: "- x\n\n" + block, rows: rows, root: root) == nil)
        #expect(ListSplice.html(of: block + "\n- y\n", rows: rows, root: root) == nil)
        #expect(ListSplice.html(of: block + "\n  y\n", rows: rows, root: root) == nil)
        // Inside a fenced code block.
        #expect(ListSplice.html(of: "```\n\n" + block + "\n```\n", rows: rows, root: root) == nil)
        // Rows not in the page's order, or a root cmark would escape.
        #expect(ListSplice.html(of: rows.reversed().map { $0.markdown + "\n" }.joined(), rows: rows, root: root) == nil)
        #expect(ListSplice.html(of: block, rows: rows, root: "a&b/") == nil)
        #expect(ListSplice.html(of: block, rows: rows, root: root) == Markdown.html(from: block))
    }

    /// Random pages of Markdown around random rows: whenever the splice answers, its answer is
    /// cmark's conversion of the whole page.
    @Test func anySplicedPageEqualsTheWholeConversion() {
        var random = SplitMix64(seed: 0x5EED_0F_11575)
        func pick<T>(_ items: [T]) -> T { items[Int(random.next() % UInt64(items.count))] }
        let inline = ["x", "foo", " ", "*", "**", "_", "`", "\\", "[", "]", "\\[", "\\]", "(", ")", "<b>", "&amp;", "&", "#", "1.", "- ", ">",
                      "[a](\(Self.standIn)logs/x.md)", "[a](\(Self.standIn)x.md \"t\")", "<http://e.x>", "~", "!", "[ref]", "\(Self.standIn)", "é"]
        let blocks = ["# Title\n", "\n", "\n", "\n", "Para text.\n", "- a\n", "* b\n", "> quote\n", "```\n", "    code\n", "[ref]: /u\n",
                      "1. x\n", "  indented\n", " [Older](x.md)\n", "[[rows]]\n", "<div>\n", "***\n", " \n", "\t\n", "[[fragment:browse]]\n", "---\n", "text\n===\n"]
        var spliced = 0
        var refused = 0
        for _ in 0..<8000 {
            let root = pick(["../", "../../", "../../../"])
            // Rows as a template writes them (user text escaped), or any Markdown at all.
            let standInRows = (0..<(1 + random.next() % 4)).map { index in
                let text = (0..<(1 + random.next() % 6)).map { _ in pick(inline) }.joined()
                return random.next() % 2 == 0 ? Self.row("l\(index)", name: text, root: Self.standIn) : "- " + text
            }
            guard let rows = Self.spliceRows(standInRows, root: root) else {
                refused += 1
                continue
            }
            // Mostly with a blank line around the rows, as a template has them.
            let before = (0..<(random.next() % 4)).map { _ in pick(blocks) }.joined() + (random.next() % 4 == 0 ? "" : "\n")
            let after = (random.next() % 4 == 0 ? "" : "\n") + (0..<(random.next() % 4)).map { _ in pick(blocks) }.joined()
            let page = before + rows.map { $0.markdown + "\n" }.joined() + after
            if let html = ListSplice.html(of: page, rows: rows, root: root) {
                spliced += 1
                #expect(html == Markdown.html(from: page), "page: \(page.debugDescription)")
            } else {
                refused += 1
            }
        }
        // The test must exercise both answers.
        #expect(spliced > 700)
        #expect(refused > 1000)
    }
}
