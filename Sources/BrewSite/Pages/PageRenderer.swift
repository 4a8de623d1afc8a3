import BrewKit
import Foundation

/// Renders a page: the Markdown body through its Mustache template (the Markdown twin),
/// that Markdown through cmark into HTML, and the HTML into the layout template.
public struct PageRenderer: Sendable {
    public static let layoutTemplate = "layout.html"

    public let templates: TemplateSet
    public let siteTitle: String
    public let language: String

    public init(templates: TemplateSet, siteTitle: String = "Brew Journal", language: String = "en") {
        self.templates = templates
        self.siteTitle = siteTitle
        self.language = language
    }

    /// The page's `.md` and `.html` files.
    public func render(_ page: Page) -> [OutputFile] {
        var context = page.context
        context["root"] = page.rootPrefix
        context["siteTitle"] = siteTitle
        var markdown = templates.render(context, with: page.template + ".md")
        var body = Markdown.html(from: markdown)
        for (name, fragment) in page.fragments.sorted(by: { $0.key < $1.key }) {
            let placeholder = PageFragment.placeholder(name)
            body = TextReplacement.replacing("<p>\(placeholder)</p>", with: fragment.html, in: body)
            markdown = TextReplacement.replacing(placeholder, with: fragment.markdown, in: markdown)
        }
        let layout: [String: Any] = [
            "title": page.title,
            "siteTitle": siteTitle,
            "lang": language,
            "root": page.rootPrefix,
            "content": body,
            "head": page.headHTML,
            "twin": (page.path.split(separator: "/").last.map(String.init) ?? page.path) + ".md",
            "section": page.path.split(separator: "/").first.map(String.init) ?? "",
        ]
        let html = templates.render(layout, with: Self.layoutTemplate)
        return [OutputFile(path: page.path + ".md", text: markdown), OutputFile(path: page.path + ".html", text: html)]
    }
}
