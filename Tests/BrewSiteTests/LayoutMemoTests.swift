import BrewSite
import Foundation
import Testing

/// The layout is rendered once per shape of page and filled in per page; the result must be
/// what rendering it for each page gives, also for layouts that use the values differently.
@Suite("Layout filled in per page")
struct LayoutMemoTests {
    static func renderer(layout: String?) throws -> (PageRenderer, URL) {
        let overrides = FileManager.default.temporaryDirectory.appendingPathComponent("brewguide-layout-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: overrides, withIntermediateDirectories: true)
        if let layout { try layout.write(to: overrides.appendingPathComponent("layout.html.mustache"), atomically: true, encoding: .utf8) }
        let (templates, diagnostics) = TemplateSet.load(
            defaultDirectory: GoldenPageTests.packageRoot.appendingPathComponent("Templates").path, overrideDirectory: overrides.path)
        #expect(diagnostics.isEmpty)
        return (PageRenderer(templates: templates), overrides)
    }

    static func page(_ title: String, path: String = "logs/a") -> Page {
        Page(path: path, title: title, template: "hints", context: ["hints": [] as [Any]])
    }

    @Test func theDefaultLayoutEscapesEachPagesTitle() throws {
        let (renderer, folder) = try Self.renderer(layout: nil)
        defer { try? FileManager.default.removeItem(at: folder) }
        for title in ["First", "Tom & <Jerry>", "\"Quoted\" 'too'"] {
            let html = String(decoding: renderer.render(Self.page(title)).last!.contents, as: UTF8.self)
            #expect(html.contains("<title>\(HTMLEscaping.escape(title)) · Brew Journal</title>"))
            #expect(!html.contains("\u{E010}") && !html.contains("\u{E013}"))
        }
    }

    @Test func aLayoutThatUsesTheTitleRawIsStillRenderedAsWritten() throws {
        let layout = "<title>{{{title}}}</title>{{#title}}<h1>{{title}}</h1>{{/title}}<main>{{{content}}}</main><a href=\"{{twin}}\">md</a>\n"
        let (renderer, folder) = try Self.renderer(layout: layout)
        defer { try? FileManager.default.removeItem(at: folder) }
        for title in ["<b>one</b>", "<i>two</i> & more"] {
            let html = String(decoding: renderer.render(Self.page(title)).last!.contents, as: UTF8.self)
            #expect(html.hasPrefix("<title>\(title)</title><h1>\(HTMLEscaping.escape(title))</h1><main>"), "\(html)")
            #expect(html.contains("<a href=\"a.md\">md</a>"))
        }
    }
}
