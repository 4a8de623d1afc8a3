@testable import BrewSite
import Testing

/// A page's HTML filled in from its converted shape is a shortcut past cmark: for every text,
/// at every place, it must equal cmark's conversion of the page's Markdown, and where it cannot
/// be sure it must convert in full.
@Suite("Converted shapes")
struct ConvertedShapeTests {
    /// cmark's conversion, counted: the shortcut must actually leave most pages to itself.
    final class CountingConverter: @unchecked Sendable {
        var calls = 0
        func convert(_ markdown: String) -> String {
            calls += 1
            return Markdown.html(from: markdown)
        }
    }

    /// Lines a note may hold, with everything that can reach past its own blocks.
    static let noteLines = [
        "Sweet, a bit *thin*.", "- more agitation", "> from the café", "    indented code", "# A heading", "```", "~~~",
        "<div>raw</div>", "[ref]: ../x.md", "[link](../recipes/v60-starter.md)", "[fragment:pour]", "1. first", "---",
        "a line with two spaces  ", "", "=====", "&copy; &#65; & done", "\\", "<!-- open comment",
    ]

    static var notes: [String] {
        var notes = [""]
        for first in noteLines {
            notes.append(first)
            for second in noteLines { notes.append(first + "\n" + second) }
        }
        notes.append("one\r\ntwo\r\n\r\n- three")
        return notes
    }

    /// Texts for the escaped places: every short mix of what cmark could read in them.
    static var texts: [String] {
        let alphabet = [" ", "#", "1", ".", ")", "a", "&", "<", ">", "\"", "'", "\n", "é", "-", "*", "_", "~", "\\", "[", "]", "(", "`", "!", "\u{A0}"]
        var texts = [""]
        var last = [""]
        for _ in 1...2 {
            last = last.flatMap { prefix in alphabet.map { prefix + $0 } }
            texts += last
        }
        return texts + [TemplateShapesTests.hostile, "V60 Starter", "Mon 3 Aug, 07:10", "Ethiopia Guji #2 #", "R&D ~ beans", "1) fine  "]
    }

    static func logValues(_ text: String, note: String, flags: Int) -> [String: Any] {
        var values = TemplateShapesTests.logValues(text, tasteTag: flags & 1 != 0, note: false, recipe: flags & 2 != 0)
        values["note"] = note
        values["hasNote"] = !note.isEmpty
        if flags & 4 != 0 {
            values["nextId"] = "log-2"
            // A path holding any text, and a path as the journal makes them.
            values["nextPath"] = flags & 8 != 0 ? text : "logs/2026/08/log-2"
            values["nextWhen"] = text
            values["nextSentence"] = text
        }
        return values
    }

    static func expectPagesEqualCmark(_ shapes: TemplateShapes, _ templates: TemplateSet, _ values: [String: Any], _ template: String = "log.md",
                                      converter: CountingConverter = CountingConverter()) {
        let page = shapes.page(template, values, convert: converter.convert)
        let markdown = templates.render(values, with: template)
        #expect(page.markdown == markdown)
        #expect(page.html == Markdown.html(from: markdown), "\(values)")
    }

    @Test func everyTextAtEveryPlaceComesOutAsCmarkMakesIt() throws {
        let templates = try TemplateShapesTests.templates()
        let shapes = TemplateShapesTests.shapes(templates)
        for _ in 0..<2 {  // the first round learns each shape, the second fills it in
            for text in Self.texts {
                for flags in Array(0..<8) + [12, 15] { Self.expectPagesEqualCmark(shapes, templates, Self.logValues(text, note: "", flags: flags)) }
            }
            for note in Self.notes {
                Self.expectPagesEqualCmark(shapes, templates, Self.logValues("V60 Starter", note: note, flags: 7))
            }
        }
        #expect(shapes.convertedShapeCount.filled >= 9)
        #expect(shapes.convertedShapeCount.refused == 0)
    }

    @Test func aLearnedShapeLeavesCmarkOnlyTheNote() throws {
        let templates = try TemplateShapesTests.templates()
        let shapes = TemplateShapesTests.shapes(templates)
        let converter = CountingConverter()
        for index in 0..<10 { Self.expectPagesEqualCmark(shapes, templates, Self.logValues("Brew \(index)", note: "", flags: 7), converter: converter) }
        // The first page is converted twice to learn its shape's HTML and once to check it; the
        // other nine not at all.
        #expect(converter.calls == 3)
        converter.calls = 0
        for index in 0..<10 { Self.expectPagesEqualCmark(shapes, templates, Self.logValues("Brew \(index)", note: "Good *cup* \(index)", flags: 7), converter: converter) }
        // A new shape (with a note): the same and the note, then each page's note alone.
        #expect(converter.calls == (2 + 1 + 1) + 9)
        converter.calls = 0
        Self.expectPagesEqualCmark(shapes, templates, Self.logValues("Brew  ", note: "", flags: 7), converter: converter)
        #expect(converter.calls == 1, "a text ending in a space is converted with its page")
    }

    @Test func shapesWhoseHTMLDependsOnTheirTextsAreConvertedInFull() throws {
        let overrides = [
            "a.md.mustache": "{{% CONTENT_TYPE: MARKDOWN }}\n*{{recipeName}}* and {{dose}}\n",
            "b.md.mustache": "{{% CONTENT_TYPE: MARKDOWN }}\nNote: {{{note}}}\n",
            "c.md.mustache": "{{% CONTENT_TYPE: MARKDOWN }}\n[x]: ../y.md\n\n{{{note}}}\n\n[x]\n",
            "d.md.mustache": "{{% CONTENT_TYPE: MARKDOWN }}\n`{{recipeName}}` [a]({{root}}x.md \"{{dose}}\")\n",
            "e.md.mustache": "{{recipeName}} {{root}}\n",
        ]
        let templates = try TemplateShapesTests.templates(overriding: overrides)
        let shapes = TemplateShapesTests.shapes(templates)
        for _ in 0..<2 {
            for text in ["_a_", "(b)", "[x]", "plain", "x\n\n- y"] {
                for template in overrides.keys.sorted() {
                    Self.expectPagesEqualCmark(shapes, templates, Self.logValues(text, note: text, flags: 0), template.replacingOccurrences(of: ".mustache", with: ""))
                }
            }
        }
        #expect(shapes.convertedShapeCount == (filled: 0, refused: 5))
    }

    /// A log page made by slot (`PageSlots`) is the page its values make by name, shape or not.
    @Test func pagesBySlotEqualPagesByName() throws {
        let templates = try TemplateShapesTests.templates()
        let shapes = TemplateShapesTests.shapes(templates)
        for _ in 0..<2 {
            for text in Self.texts.prefix(200) + Self.texts.suffix(6) {
                for flags in Array(0..<8) + [12, 15] {
                    let values = Self.logValues(text, note: flags == 15 ? "A *good* cup" : "", flags: flags)
                    var slots = PageSlots(LogPageSlot.schema)
                    for (name, value) in values {
                        let slotValue: PageSlots.Value = (value as? Bool).map { .flag($0) } ?? .text(value as? String ?? "")
                        let known = slots.set(slotValue, named: name)
                        #expect(known, "\(name) is a log page's value")
                    }
                    let page = shapes.page("log.md", slots, convert: Markdown.html(from:))
                    let markdown = templates.render(values, with: "log.md")
                    #expect(page.markdown == markdown)
                    #expect(page.html == Markdown.html(from: markdown), "\(values)")
                }
            }
        }
        #expect(shapes.slotShapeCount.filled >= 9)
        #expect(shapes.slotShapeCount.byName == 0)
    }

    /// The layout and a log's row, made by slot: Mustache's text for every text, learned or not.
    @Test func layoutsAndRowsBySlotEqualMustache() throws {
        let templates = try TemplateShapesTests.templates()
        let shapes = TemplateShapesTests.shapes(templates)
        for _ in 0..<2 {
            for text in Self.texts.prefix(100) + Self.texts.suffix(6) {
                var layout = PageSlots(LayoutSlot.schema)
                for slot in LayoutSlot.allCases where slot != .hasSessions { layout[slot] = .text(text) }
                layout[LayoutSlot.hasSessions] = .flag(text.count % 2 == 0)
                #expect(shapes.text("layout.html", layout) == templates.render(layout.dictionary, with: "layout.html"))
                var row = PageSlots(LogPageSlot.schema)
                for slot in LogPageSlot.allCases.prefix(10) where slot != .tasteTag || text.count % 2 == 0 { row[slot] = .text(text) }
                row[LogPageSlot.root] = .text("../")
                #expect(shapes.text("log-row.md", row) == templates.render(row.dictionary, with: "log-row.md"))
            }
        }
        // Two shapes of the layout (with and without sessions) and two of the row (with and without a taste).
        #expect(shapes.learnedShapeCount.filled == 4)
    }

    @Test func safetyRulesMatchTheirDefinitions() {
        #expect(ConvertedShape.inlineHTML("a \"b\" & 'c' <d>") == "a &quot;b&quot; &amp; 'c' &lt;d&gt;")
        for unsafe in ["", " a", "a ", "~a", "a #", "a\nb", "a\tb"] { #expect(ConvertedShape.inlineHTML(unsafe) == nil, "\(unsafe.debugDescription)") }
        #expect(ConvertedShape.isLinkSafe("../../logs/2026/08/log-1_a.b"))
        for unsafe in ["/logs", "a b", "a:b", "é", "a#b", "a?b", "a(b"] { #expect(!ConvertedShape.isLinkSafe(unsafe), "\(unsafe)") }
        #expect(ConvertedShape.isBlockSafe("- a\n> b\n\n    c [d](e.md) `f` ~~g"))
        for unsafe in ["```", "~~~x", "<b>", "[a]: b", "x\n<!--"] { #expect(!ConvertedShape.isBlockSafe(unsafe), "\(unsafe)") }
    }
}
