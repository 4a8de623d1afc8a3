import BrewData
import BrewKit
import BrewSite
import Foundation
import Testing
import TestSupport

/// User text is data, never markup: in Markdown, in HTML, in attributes and in JSON-LD.
@Suite("Escaping user text")
struct EscapingTests {
    static let hostile = #"<script>alert(1)</script> "quote" 'single' [x](javascript:alert(2)) # heading **bold** &amp;"#

    @Test func markdownEscapingKeepsTextLiteral() {
        let html = Markdown.html(from: "Name: " + MarkdownEscaping.escape(Self.hostile))
        #expect(!html.contains("<script"))
        #expect(!html.contains("<strong>"))
        #expect(!html.contains("href="))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(html.contains("&amp;amp;"))
    }

    /// A text starting with a character that is special both at a line's start and anywhere
    /// (`>`) gets one backslash, not two: two showed a stray `\` before it.
    @Test(arguments: ["> quoted", ">", "  >x", "# h", "- x", "<b>"])
    func aTextStartingWithMarkupShowsAsWritten(text: String) {
        let html = Markdown.html(from: MarkdownEscaping.escape(text))
        let expected = text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
        #expect(html == "<p>\(expected)</p>\n")
    }

    @Test func safeModeDropsRawHTMLAndScriptLinks() {
        let html = Markdown.html(from: "Note <script>alert(1)</script> and [link](javascript:alert(2)) and ![i](data:text/html,x)")
        #expect(!html.contains("<script>"))
        #expect(!html.contains("javascript:"))
        #expect(!html.contains("data:text/html"))
    }

    @Test func twinLinksPointAtHTMLPages() {
        #expect(Markdown.html(from: "[a](recipes/x.md#top)").contains("href=\"recipes/x.html#top\""))
        #expect(Markdown.html(from: "[a](https://example.com/x.md)").contains("href=\"https://example.com/x.md\""))
    }

    @Test(arguments: [
        ("recipes/x.md", "recipes/x.html"), ("../index.md#top", "../index.html#top"), ("a.md?x=1#y", "a.html?x=1#y"),
        ("x.md", "x.html"), ("logs/é.md", "logs/é.html"),
    ])
    func relativeTwinLinksAreRetargeted(link: String, expected: String) {
        #expect(Markdown.htmlDestination(for: link) == expected)
    }

    @Test(arguments: ["/x.md", "https://example.com/x.md", "mailto:me.md", "x.mdx", "x.md.txt", "md", ".m", "", "notes.txt#x.md", "x.html"])
    func otherLinksStay(link: String) {
        #expect(Markdown.htmlDestination(for: link) == nil)
    }

    @Test func hostileRecipeNameIsInertEverywhere() throws {
        var starter = Recipe(
            id: "hostile", isStarter: true, origin: .starterTemplate, name: Self.hostile, defaultDose: 15, defaultTargetYield: 250,
            defaultWaterTemperature: 94, defaultGrindLabel: .medium, grindTactileDescriptor: "</script><b>x</b>",
            createdAt: Date(timeIntervalSince1970: 0), modifiedAt: Date(timeIntervalSince1970: 0), steps: [])
        starter.steps = [
            RecipeStep(stepId: "b", orderIndex: 0, kind: .bloom, instructionText: "<img src=x onerror=alert(3)>", durationSeconds: 45, waterAmountGrams: 45),
            RecipeStep(stepId: "p", orderIndex: 1, kind: .pour, targetElapsedSeconds: 90, waterAmountGrams: 250),
        ]
        let log = BrewLog(id: "l1", timestamp: Date(timeIntervalSince1970: 1_800_000_000), recipeId: "hostile", recipeNameAtBrew: Self.hostile,
                          doseGrams: 15, targetYieldGrams: 250, waterTemperatureCelsius: 94, grindLabel: .medium, rating: 5, note: Self.hostile)
        let dataset = Dataset(recipes: [Located(starter, source: .synthesized("r"))], logs: [Located(log, source: .synthesized("l"))])
        let (templates, _) = TemplateSet.load(defaultDirectory: TestPaths.packageRoot.appendingPathComponent("Templates").path, overrideDirectory: nil)
        let files = SiteBuilder(renderer: PageRenderer(templates: templates)).build(ValidatedDataset(dataset: dataset, readDiagnostics: []))
        for file in files where file.path.hasSuffix(".html") || file.path.hasSuffix(".xml") {
            let text = String(decoding: file.contents, as: UTF8.self)
            #expect(!text.contains("<script>alert"), "\(file.path)")
            #expect(!text.contains("href=\"javascript:"), "\(file.path)")
            #expect(!text.contains("<img src=x"), "\(file.path)")
            #expect(!text.contains("<b>x</b>"), "\(file.path)")
            #expect(!text.contains("</script><b>"), "\(file.path)")
        }
        let recipePage = try #require(files.first { $0.path == "recipes/hostile.html" })
        let html = String(decoding: recipePage.contents, as: UTF8.self)
        #expect(html.contains("\\u003c/script\\u003e"))
    }

    /// Issue 51: raw HTML in a note (Markdown) is shown as what was typed, as text; it was
    /// `<!-- raw HTML omitted -->`, and the person's words were gone from the page.
    @Test func rawHTMLInMarkdownIsShownAsText() {
        #expect(Markdown.html(from: "<b>not</b> bad, *really*") == "<p>&lt;b&gt;not&lt;/b&gt; bad, <em>really</em></p>\n")
        #expect(Markdown.html(from: "<div onclick=\"x()\">\nhi\n</div>\n") == "<p>&lt;div onclick=&quot;x()&quot;&gt;\nhi\n&lt;/div&gt;</p>\n")
        #expect(Markdown.html(from: "see <https://example.com/a>") == "<p>see <a href=\"https://example.com/a\">https://example.com/a</a></p>\n")
        #expect(!Markdown.html(from: "<script>alert(1)</script>").contains("<script"))
    }
}
