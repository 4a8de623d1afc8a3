import BrewKit
import Foundation

/// Renders a page: the Markdown body through its Mustache template (the Markdown twin),
/// that Markdown through cmark into HTML, and the HTML into the layout template.
public struct PageRenderer: Sendable {
    public static let layoutTemplate = "layout.html"

    public let templates: TemplateSet
    public let siteTitle: String
    public let language: String
    /// The layout cut at the values each page fills in; nil when a template uses transforms.
    private let layoutMemo: LayoutMemo?

    public init(templates: TemplateSet, siteTitle: String = "Brew Journal", language: String = "en") {
        self.templates = templates
        self.siteTitle = siteTitle
        self.language = language
        self.layoutMemo = templates.usesTransforms ? nil : LayoutMemo(fixedValues: ["siteTitle": siteTitle, "lang": language]) {
            templates.render($0, with: Self.layoutTemplate)
        }
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
        var values = Array(repeating: "", count: LayoutMemo.Slot.allCases.count)
        values[LayoutMemo.Slot.title.rawValue] = page.title
        values[LayoutMemo.Slot.content.rawValue] = body
        values[LayoutMemo.Slot.head.rawValue] = page.headHTML
        values[LayoutMemo.Slot.twin.rawValue] = (page.path.split(separator: "/").last.map(String.init) ?? page.path) + ".md"
        values[LayoutMemo.Slot.section.rawValue] = page.path.split(separator: "/").first.map(String.init) ?? ""
        let html = layoutMemo?.html(values: values, root: page.rootPrefix) ?? layoutHTML(values: values, root: page.rootPrefix)
        return [OutputFile(path: page.path + ".md", text: markdown), OutputFile(path: page.path + ".html", text: html)]
    }

    /// The layout rendered by Mustache.
    func layoutHTML(values: [String], root: String) -> String {
        var layout: [String: Any] = ["siteTitle": siteTitle, "lang": language, "root": root]
        for slot in LayoutMemo.Slot.allCases { layout[slot.key] = values[slot.rawValue] }
        return templates.render(layout, with: Self.layoutTemplate)
    }
}
