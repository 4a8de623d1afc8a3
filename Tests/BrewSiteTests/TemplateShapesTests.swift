import BrewData
import BrewKit
@testable import BrewSite
import Foundation
import Testing
import TestSupport

/// Filling a template in from its shape is a shortcut: every text it makes must equal the
/// template rendered by Mustache, and what it cannot reproduce must be rendered in full.
@Suite("Template shapes")
struct TemplateShapesTests {

    static func templates(overriding files: [String: String] = [:]) throws -> TemplateSet {
        var overrides: String?
        if !files.isEmpty {
            let folder = TestPaths.temporary("template-shapes")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for (name, text) in files { try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8) }
            overrides = folder.path
        }
        let (templates, diagnostics) = TemplateSet.load(defaultDirectory: TestPaths.packageRoot.appendingPathComponent("Templates").path, overrideDirectory: overrides)
        #expect(diagnostics.isEmpty)
        return templates
    }

    static func shapes(_ templates: TemplateSet) -> TemplateShapes {
        TemplateShapes { templates.render($0, with: $1) }
    }

    /// With a `<` and a `&` that a combining mark follows: one character each to swift-mustache.
    static let hostile = EscapingTests.hostile + " \u{E100} 1. # > - `x` é <\u{301} &\u{301}\n\nsecond line"

    static func logValues(_ text: String, tasteTag: Bool, note: Bool, recipe: Bool) -> [String: Any] {
        var values: [String: Any] = [
            "id": "log-1", "when": text, "isoTimestamp": "2026-08-03T07:10:00Z", "recipeName": text, "rating": "4", "stars": "★★★★☆",
            "dose": text, "yield": "250 g", "ratio": "1:16.7", "temperature": "94 °C", "grind": "medium", "hint": text,
            "note": text, "hasNote": note, "hintsLink": true, "root": "../", "siteTitle": text,
        ]
        if tasteTag { values["tasteTag"] = text }
        if recipe { values["recipeId"] = "v60-starter" }
        return values
    }

    @Test func filledTextsEqualFullRendersForEveryShape() throws {
        let templates = try Self.templates()
        let shapes = Self.shapes(templates)
        for _ in 0..<2 {  // the first round learns each shape, the second fills it in
            for text in [Self.hostile, "", "Plain", "  leading space", "3. numbered"] {
                for flags in 0..<8 {
                    let values = Self.logValues(text, tasteTag: flags & 1 != 0, note: flags & 2 != 0, recipe: flags & 4 != 0)
                    for template in ["log.md", "log-row.md"] {
                        #expect(shapes.text(template, values) == templates.render(values, with: template), "\(template) \(flags) \(text)")
                    }
                }
                let layout: [String: Any] = ["title": text, "siteTitle": text, "lang": "en", "root": "../../", "content": "<p>\(text)</p>", "head": text, "twin": text, "section": "logs"]
                #expect(shapes.text("layout.html", layout) == templates.render(layout, with: "layout.html"))
            }
        }
        // Eight shapes of each of the two log templates, one of the layout: all learned, none refused.
        #expect(shapes.learnedShapeCount == (filled: 17, refused: 0))
    }

    static func listValues(rows: Int, hostile: Bool) -> [String: Any] {
        let text = hostile ? Self.hostile : "Brews"
        var values: [String: Any] = [
            "title": text, "intro": text, "pageNumber": "2", "pageCount": "3", "isPaged": rows > 1,
            "browseMarkdown": "## Browse\n\n[x](../x.md)", "root": "../../", "siteTitle": text,
            "logs": (0..<rows).map { index in ListRow(markdown: "- row \(index) " + (hostile ? Self.hostile : "")) { ["when": "Mon"] } },
        ]
        if rows > 2 { values["previous"] = "1.md" }
        if rows > 3 { values["next"] = "3.md" }
        return values
    }

    @Test func listPagesAreFilledInRowByRow() throws {
        let templates = try Self.templates()
        let shapes = Self.shapes(templates)
        for _ in 0..<2 {
            for rows in [0, 1, 3, 50] {
                for hostile in [false, true] {
                    let values = Self.listValues(rows: rows, hostile: hostile)
                    #expect(shapes.text("logs.md", values) == templates.render(values, with: "logs.md"), "\(rows) rows")
                }
            }
        }
        #expect(shapes.learnedShapeCount == (filled: 4, refused: 0))
    }

    @Test func aListTemplateReadingMoreOfARowIsRenderedInFull() throws {
        let templates = try Self.templates(overriding: ["logs.md.mustache": "{{% CONTENT_TYPE: MARKDOWN }}\n{{#logs}}{{#when}}{{{markdown}}} on {{when}}{{/when}}\n{{/logs}}"])
        let shapes = Self.shapes(templates)
        // The first page's rows have no `when`, the next page's have: a shape learned from the
        // first would leave it out of the second.
        var first = Self.listValues(rows: 3, hostile: true)
        first["logs"] = (0..<3).map { ListRow(markdown: "- row \($0)") { [:] } }
        #expect(shapes.text("logs.md", first) == templates.render(first, with: "logs.md"))
        let second = Self.listValues(rows: 3, hostile: true)
        #expect(shapes.text("logs.md", second) == templates.render(second, with: "logs.md"))
        #expect(shapes.text("logs.md", second).contains("on Mon"))
        #expect(shapes.learnedShapeCount == (filled: 0, refused: 1))
    }

    /// A kitchen recipe page's values: its steps are rows of plain fields (number, text, heading flag).
    static func recipeValues(_ text: String, headings: [Bool], caption: Bool) -> [String: Any] {
        var number = 0
        let steps: [[String: Any]] = headings.map { isHeading in
            if !isHeading { number += 1 }
            return ["number": isHeading ? "" : String(number), "text": "\(text) \(number)", "isHeading": isHeading]
        }
        return [
            "id": "soup", "title": text, "steps": steps, "hasSteps": !steps.isEmpty, "caption": caption ? text : "",
            "hasCaption": caption, "isArchived": false, "root": "../../", "siteTitle": text,
        ]
    }

    /// Rows of plain fields are filled in row by row: each pattern of headings is a shape of its
    /// own, and every page equals its full render, whatever its texts say.
    @Test func rowsOfPlainFieldsAreFilledInRowByRow() throws {
        let templates = try Self.templates()
        let shapes = Self.shapes(templates)
        var random = SplitMix64(seed: 30)
        var patterns = Set<[Bool]>()
        for round in 0..<400 {
            let headings = (0..<Int(random.next() % 7)).map { _ in random.next() % 4 == 0 }
            patterns.insert(headings)
            let text = [Self.hostile, "", "Plain", "  leading space", "3. numbered", "# heading", "- dash"][round % 7]
            let values = Self.recipeValues(text, headings: headings, caption: round % 3 == 0)
            #expect(shapes.text("kitchen-recipe.md", values) == templates.render(values, with: "kitchen-recipe.md"), "\(headings) \(text.debugDescription)")
        }
        let learned = shapes.learnedShapeCount
        #expect(learned.refused == 0)
        #expect(learned.filled >= patterns.count && learned.filled <= 2 * patterns.count, "one shape per pattern of headings and caption flag")
    }

    /// A row holding anything but texts and flags, or a template reading a field only some rows
    /// have, is still rendered right.
    @Test func rowsOfOtherValuesAreRenderedInFull() throws {
        let templates = try Self.templates(overriding: ["kitchen-recipe.md.mustache": "{{% CONTENT_TYPE: MARKDOWN }}\n{{#steps}}{{number}}. {{text}}{{#note}} ({{note}}){{/note}}{{#tags}}[{{.}}]{{/tags}}\n{{/steps}}"])
        let shapes = Self.shapes(templates)
        for _ in 0..<2 {
            let nested = Self.recipeValues("x", headings: [false, false], caption: false)
            var withTags = nested
            withTags["steps"] = [["number": "1", "text": "a", "tags": ["hot", "<b>"]]] as [[String: Any]]
            #expect(shapes.text("kitchen-recipe.md", withTags) == templates.render(withTags, with: "kitchen-recipe.md"))
            var withNote = nested
            withNote["steps"] = [["number": "1", "text": "a", "note": "<n>"], ["number": "2", "text": "b"]] as [[String: Any]]
            #expect(shapes.text("kitchen-recipe.md", withNote) == templates.render(withNote, with: "kitchen-recipe.md"))
            #expect(shapes.text("kitchen-recipe.md", withNote).contains(#"1. a (\<n\>)"#), "the first row's note is shown, escaped")
            #expect(shapes.text("kitchen-recipe.md", nested) == templates.render(nested, with: "kitchen-recipe.md"))
        }
        #expect(shapes.learnedShapeCount == (filled: 2, refused: 0), "the rows with a list are never a shape")
    }

    @Test func valuesOtherThanTextAndFlagsAreRenderedInFull() throws {
        let templates = try Self.templates()
        let shapes = Self.shapes(templates)
        let values: [String: Any] = ["title": "T", "intro": "I", "logs": [TemplateValues(["markdown": "- a"])], "isPaged": false, "root": "", "siteTitle": "S"]
        #expect(shapes.text("logs.md", values) == templates.render(values, with: "logs.md"))
        #expect(shapes.learnedShapeCount == (filled: 0, refused: 0))
    }

    @Test func sectionsPragmasAndPartialsFollowTheirValues() throws {
        let layout = """
            <title>{{#title}}[{{.}}]{{/title}}</title>{{^head}}none{{/head}}{{{content}}}{{> twin}}
            {{% CONTENT_TYPE: MARKDOWN }}{{title}} {{{title}}}
            """
        let templates = try Self.templates(overriding: ["layout.html.mustache": layout, "twin.mustache": "<a href=\"{{twin}}\">{{{twin}}}</a>"])
        let shapes = Self.shapes(templates)
        for _ in 0..<2 {
            for text in [Self.hostile, "", "x"] {
                let values: [String: Any] = ["title": text, "head": text, "content": text, "twin": text]
                #expect(shapes.text("layout.html", values) == templates.render(values, with: "layout.html"))
            }
        }
        #expect(shapes.learnedShapeCount.filled == 1)
    }

    @Test func aTemplateHoldingAStandInCharacterIsRenderedInFull() throws {
        let templates = try Self.templates(overriding: ["layout.html.mustache": "\u{E100}\u{E101}{{title}}{{{content}}}"])
        let shapes = Self.shapes(templates)
        for _ in 0..<2 {
            let values: [String: Any] = ["title": "<a>", "content": "<b>"]
            #expect(shapes.text("layout.html", values) == templates.render(values, with: "layout.html"))
        }
        #expect(shapes.learnedShapeCount == (filled: 0, refused: 1))
    }

    @Test func aTransformAnywhereTurnsTheShortcutOff() throws {
        let templates = try Self.templates(overriding: ["layout.html.mustache": "{{#empty(head)}}no head{{/empty(head)}}{{{content}}}"])
        #expect(templates.usesTransforms)
        #expect(try !Self.templates().usesTransforms)
        // With the shortcut off, the transform sees each page's own value.
        let renderer = PageRenderer(templates: templates)
        let html = renderer.render(Page(path: "logs/x", title: "X", template: "log", context: Self.logValues("x", tasteTag: false, note: false, recipe: false)))
        #expect(html.last.map { String(decoding: $0.contents, as: UTF8.self) }?.hasPrefix("no head") == true)
    }
}

/// The early returns of the escaping functions must never skip a change the full escaping makes.
@Suite("Escaping shortcuts")
struct EscapingShortcutTests {
    static let alphabet = [" ", "\t", "#", "1", ".", ")", "a", "&", "<", ">", "\"", "'", "\n", "é", "-", "*", "\u{E100}"]

    static var shortTexts: [String] {
        var texts = [""]
        var last = [""]
        for _ in 1...3 {
            last = last.flatMap { prefix in alphabet.map { prefix + $0 } }
            texts += last
        }
        return texts
    }

    @Test func markdownEscapingSkipsOnlyTextsItWouldNotChange() {
        for text in Self.shortTexts {
            var bytes = text
            let full = bytes.withUTF8 { MarkdownEscaping.escape($0, always: true) }
            #expect(MarkdownEscaping.escape(text) == full, "\(text.debugDescription)")
        }
    }

    @Test func htmlEscapingMatchesTheCharacterTable() {
        for text in Self.shortTexts {
            let expected = text.unicodeScalars.map { scalar -> String in
                switch scalar {
                case "&": "&amp;"
                case "<": "&lt;"
                case ">": "&gt;"
                case "\"": "&quot;"
                case "'": "&#39;"
                default: String(scalar)
                }
            }.joined()
            #expect(HTMLEscaping.escape(text) == expected, "\(text.debugDescription)")
        }
    }
}

/// A user's `logs.md` may read any value of a row, not only the rendered `markdown`.
@Suite("List rows")
struct ListRowTests {
    @Test func aListTemplateReadsEveryValueOfARow() throws {
        let templates = try TemplateShapesTests.templates(overriding: [
            "logs.md.mustache": "{{% CONTENT_TYPE: MARKDOWN }}\n{{#logs}}\n- {{recipeName}} on {{when}}: {{stars}}{{#tasteTag}} ({{tasteTag}}){{/tasteTag}} [open]({{root}}{{path}}.md)\n{{/logs}}\n",
        ])
        let data = TestPaths.packageRoot.appendingPathComponent("Tests/BrewDataTests/Fixtures/valid").path
        let validated = DataDirectoryReader(root: data).read().validated
        let files = SiteBuilder(renderer: PageRenderer(templates: templates)).build(validated)
        let list = try #require(files.first { $0.path == "logs/index.md" }).contents
        let text = String(decoding: list, as: UTF8.self)
        #expect(text.contains("- V60 Starter on "))
        #expect(text.contains("[open](../logs/2026/03/first-brew.md)"))
        #expect(!text.contains("{{"))
    }

    @Test(arguments: ["Browse: {{{browseMarkdown}}} (end)\n", "\n{{{browseMarkdown}}}\n"])
    func theBrowseLinksAreConvertedWhereverTheTemplatePutsThem(body: String) throws {
        let templates = try TemplateShapesTests.templates(overriding: ["logs.md.mustache": "{{% CONTENT_TYPE: MARKDOWN }}\n# {{title}}\n\n" + body])
        let data = TestPaths.packageRoot.appendingPathComponent("Tests/BrewDataTests/Fixtures/valid").path
        let validated = DataDirectoryReader(root: data).read().validated
        let files = SiteBuilder(renderer: PageRenderer(templates: templates)).build(validated)
        let page = try #require(files.first { $0.path == "logs/index.html" })
        let html = String(decoding: page.contents, as: UTF8.self)
        let markdown = String(decoding: try #require(files.first { $0.path == "logs/index.md" }).contents, as: UTF8.self)
        #expect(!html.contains("[[fragment:"))
        #expect(!markdown.contains("[[fragment:"))
        #expect(html.contains("href=\"../logs/by-tag/tooSour/index.html\""))
        #expect(markdown.contains("(../logs/by-tag/tooSour/index.md)"))
        // Either way the HTML is what cmark makes of the page's Markdown.
        let body = html.components(separatedBy: "<main id=\"content\" tabindex=\"-1\">\n")[1].components(separatedBy: "</main>")[0]
        #expect(body == Markdown.html(from: markdown) + "\n")  // the layout puts a line break after the content
    }
}
