import BrewKit
import Foundation

/// Renders a page: the Markdown body through its Mustache template (the Markdown twin),
/// that Markdown through cmark into HTML, and the HTML into the layout template.
public struct PageRenderer: Sendable {
    public static let layoutTemplate = "layout.html"

    public let templates: TemplateSet
    public let siteTitle: String
    public let language: String
    /// Templates filled in from the shape of their values; nil when a template uses transforms.
    private let shapes: TemplateShapes?

    public init(templates: TemplateSet, siteTitle: String = "Brew Journal", language: String = "en") {
        self.templates = templates
        self.siteTitle = siteTitle
        self.language = language
        self.shapes = templates.usesTransforms ? nil : TemplateShapes { templates.render($0, with: $1) }
    }

    /// The page's `.md` and `.html` files.
    public func render(_ page: Page) -> [OutputFile] {
        let root = page.rootPrefix
        var context = page.context
        context["root"] = root
        context["siteTitle"] = siteTitle
        let template = text(page.template + ".md", context)
        var markdown = template
        var body = Markdown.html(from: template)
        var placedAsParagraphs = true
        for (name, fragment) in page.fragments.sorted(by: { $0.key < $1.key }) {
            let placeholder = PageFragment.placeholder(name)
            body = TextReplacement.replacing("<p>\(placeholder)</p>", with: fragment.html, in: body)
            markdown = TextReplacement.replacing(placeholder, with: fragment.markdown, in: markdown)
            if fragment.htmlIsMarkdown && TextScan.contains(body, placeholder) { placedAsParagraphs = false }
        }
        if !placedAsParagraphs {
            // A template put a converted fragment within other text: convert the page with the
            // fragments' Markdown in place, then place the others (charts) as before.
            var withMarkdown = template
            for (name, fragment) in page.fragments where fragment.htmlIsMarkdown {
                withMarkdown = TextReplacement.replacing(PageFragment.placeholder(name), with: fragment.markdown, in: withMarkdown)
            }
            body = Markdown.html(from: withMarkdown)
            for (name, fragment) in page.fragments.sorted(by: { $0.key < $1.key }) where !fragment.htmlIsMarkdown {
                body = TextReplacement.replacing("<p>\(PageFragment.placeholder(name))</p>", with: fragment.html, in: body)
            }
        }
        let layout: [String: Any] = [
            "title": page.title,
            "siteTitle": siteTitle,
            "lang": language,
            "root": root,
            "content": body,
            "head": page.headHTML,
            "twin": String(page.path.split(separator: "/").last ?? "") + ".md",
            "section": String(page.path.prefix { $0 != "/" }),
        ]
        let html = text(Self.layoutTemplate, layout)
        return [OutputFile(path: page.path + ".md", text: markdown), OutputFile(path: page.path + ".html", text: html)]
    }

    /// A template rendered with `context`, filled in from its shape where it can be (`TemplateShapes`).
    func text(_ template: String, _ context: [String: Any]) -> String {
        shapes?.text(template, context) ?? templates.render(context, with: template)
    }
}
