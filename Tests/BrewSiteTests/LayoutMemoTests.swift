import BrewData
import BrewKit
@testable import BrewSite
import Foundation
import Testing

/// The layout memo is a shortcut: every page it fills in must equal the layout rendered by
/// Mustache, and a layout it cannot reproduce must make it step aside.
@Suite("Layout memo")
struct LayoutMemoTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func templates(overriding files: [String: String] = [:]) throws -> TemplateSet {
        var overrides: String?
        if !files.isEmpty {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("layout-memo-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for (name, text) in files { try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8) }
            overrides = folder.path
        }
        let (templates, diagnostics) = TemplateSet.load(defaultDirectory: packageRoot.appendingPathComponent("Templates").path, overrideDirectory: overrides)
        #expect(diagnostics.isEmpty)
        return templates
    }

    static func memo(_ templates: TemplateSet) -> LayoutMemo {
        LayoutMemo(fixedValues: ["siteTitle": "Tom's <coffee>", "lang": "en"]) { templates.render($0, with: PageRenderer.layoutTemplate) }
    }

    static let hostileValues = [
        EscapingTests.hostile, "<p>body &amp; \u{E100} text</p>\n", "<script type=\"application/ld+json\">{}</script>",
        "a \"b\" & 'c'.md", "logs",
    ]

    @Test(arguments: ["", "../", "../../../"])
    func filledPagesEqualFullRenders(root: String) throws {
        let memo = Self.memo(try Self.templates())
        for values in [Self.hostileValues, ["", "", "", "", ""], ["Plain", "<p>x</p>", "", "x.md", "recipes"]] {
            let filled = try #require(memo.html(values: values, root: root))
            #expect(filled == memo.fullRender(values: values, root: root))
        }
    }

    @Test func aLayoutUsingAValueAsMarkdownIsRenderedInFull() throws {
        let layout = "{{% CONTENT_TYPE: MARKDOWN }}\n<title>{{title}}</title>{{{content}}}"
        let memo = Self.memo(try Self.templates(overriding: ["layout.html.mustache": layout]))
        #expect(memo.html(values: Self.hostileValues, root: "../") == nil)
    }

    @Test func aTransformAnywhereTurnsTheMemoOff() throws {
        let templates = try Self.templates(overriding: ["layout.html.mustache": "{{#empty(head)}}no head{{/empty(head)}}{{{content}}}"])
        #expect(templates.usesTransforms)
        #expect(try !Self.templates().usesTransforms)
        // With the memo off, the transform sees each page's own value.
        let renderer = PageRenderer(templates: templates)
        let html = renderer.render(Page(path: "logs/x", title: "X", template: "log", context: LogContextSample.values))
        #expect(html.last.map { String(decoding: $0.contents, as: UTF8.self) }?.hasPrefix("no head") == true)
    }

    @Test func sectionsOverAValueFollowIt() throws {
        let layout = "<title>{{#title}}[{{.}}]{{/title}}</title>{{^head}}none{{/head}}{{{content}}}"
        let memo = Self.memo(try Self.templates(overriding: ["layout.html.mustache": layout]))
        for values in [Self.hostileValues, ["", "", "", "", ""]] {
            #expect(memo.html(values: values, root: "") == memo.fullRender(values: values, root: ""))
        }
    }
}

/// The values the `log.md` template reads, for rendering one page by hand.
enum LogContextSample {
    static var values: [String: Any] { [
        "recipeName": "V60", "when": "1 Aug 2026", "stars": "★★★", "rating": "3", "dose": "15 g", "yield": "250 g",
        "ratio": "1:16.7", "temperature": "94 °C", "grind": "medium", "hint": "Grind finer.", "note": "", "hasNote": false,
    ] }
}
