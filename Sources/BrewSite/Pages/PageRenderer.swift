import BrewKit
import Foundation

/// Renders a page: the Markdown body through its Mustache template (the Markdown twin),
/// that Markdown through cmark into HTML, and the HTML into the layout template.
public struct PageRenderer: Sendable {
    public static let layoutTemplate = "layout.html"

    public let templates: TemplateSet
    public let siteTitle: String
    public let language: String
    /// Whether every page is rendered the plain way, the definition the shortcuts must equal: each
    /// template through Mustache with its values by name, each page's whole Markdown through cmark,
    /// each list row rendered for its page (no `TemplateShapes`, `ConvertedShape`, `PageSlots`
    /// filling, `ListSplice` or `PartialMemo`). Slower; for checking a template change
    /// (`BREWGUIDE_PLAIN_RENDER=1`, docs/ARCHITECTURE.md "Rendering shortcuts").
    public let isPlain: Bool
    /// Templates filled in from the shape of their values; nil when a template uses transforms, or plain.
    private let shapes: TemplateShapes?

    /// The environment variable that makes every renderer plain when set to anything but empty or `0`.
    public static let plainRenderingVariable = "BREWGUIDE_PLAIN_RENDER"

    /// Whether the environment asks for plain rendering (`plainRenderingVariable`).
    public static var plainRenderingRequested: Bool {
        guard let value = ProcessInfo.processInfo.environment[plainRenderingVariable] else { return false }
        return !value.isEmpty && value != "0"
    }

    public init(templates: TemplateSet, siteTitle: String = "Brew Journal", language: String = "en",
                plain: Bool = PageRenderer.plainRenderingRequested) {
        self.templates = templates
        self.siteTitle = siteTitle
        self.language = language
        self.isPlain = plain
        self.shapes = plain || templates.usesTransforms ? nil : TemplateShapes { templates.render($0, with: $1) }
    }

    /// The page's `.md` and `.html` files.
    public func render(_ page: Page) -> [OutputFile] {
        let root = page.rootPrefix
        let template = page.template + ".md"
        let rows = isPlain ? nil : page.splicedRows?()
        // Filled in from the template's shapes, by slot or by name, when the page has no list rows to splice.
        let filled: (markdown: String, html: String)?
        if var slots = page.slots, let shapes, slots.setRoot(root, siteTitle: siteTitle) {
            filled = shapes.page(template, slots, convert: Markdown.html(from:))
        } else if rows == nil, let shapes {
            filled = shapes.page(template, context(of: page, root: root), convert: Markdown.html(from:))
        } else {
            filled = nil
        }
        let (markdown, body) = filled.map { Self.convert($0.markdown, html: $0.html, placing: page.fragments) }
            ?? Self.convert(text(template, context(of: page, root: root)), placing: page.fragments, rows: rows, root: root)
        var layout = PageSlots(LayoutSlot.schema)
        layout[LayoutSlot.title] = .text(page.title)
        layout[LayoutSlot.siteTitle] = .text(siteTitle)
        layout[LayoutSlot.lang] = .text(language)
        layout[LayoutSlot.root] = .text(root)
        layout[LayoutSlot.content] = .text(body)
        layout[LayoutSlot.head] = .text(page.headHTML)
        layout[LayoutSlot.twin] = .text(Self.lastComponent(of: page.path) + ".md")
        layout[LayoutSlot.section] = .text(String(page.path.prefix { $0 != "/" }))
        var flagsHaveSlots = true
        for (name, flag) in page.layoutFlags { flagsHaveSlots = layout.set(.flag(flag), named: name) && flagsHaveSlots }
        let html: String
        if flagsHaveSlots {
            html = text(Self.layoutTemplate, layout)
        } else {
            var values = layout.dictionary
            for (name, flag) in page.layoutFlags { values[name] = flag }
            html = text(Self.layoutTemplate, values)
        }
        return [OutputFile(path: page.path + ".md", text: markdown), OutputFile(path: page.path + ".html", text: html)]
    }

    /// The values `page`'s template reads: its own, and the site's title and the way to its root.
    private func context(of page: Page, root: String) -> [String: Any] {
        var context = page.context
        context["root"] = root
        context["siteTitle"] = siteTitle
        return context
    }

    /// The file name of a page path without its folders: `log-1` of `logs/2026/08/log-1`. Found by
    /// the last `/` byte instead of `split`, which made an array of every component for every page.
    static func lastComponent(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path }
        return String(path[path.utf8.index(after: slash)...])
    }

    /// The page's Markdown and its HTML body, with each fragment in place of its placeholder.
    /// A fragment stands in a paragraph of its own; a converted one (`htmlIsMarkdown`) that a
    /// template put within other text makes the page be converted with its Markdown in place.
    /// A list page's `rows`, converted once for the site, are spliced in where they can be (`ListSplice`).
    /// `html` is the HTML of `rendered` when it is already made (`TemplateShapes.page`).
    static func convert(_ rendered: String, html converted: String? = nil, placing fragments: [String: PageFragment],
                        rows: [ListSplice.Row]? = nil, root: String = "") -> (markdown: String, html: String) {
        var markdown = rendered
        var html = converted ?? rows.flatMap { ListSplice.html(of: rendered, rows: $0, root: root) } ?? Markdown.html(from: rendered)
        var convertedInText: [String] = []
        for (name, fragment) in fragments.sorted(by: { $0.key < $1.key }) {
            let placeholder = PageFragment.placeholder(name)
            html = TextReplacement.replacing("<p>\(placeholder)</p>", with: fragment.html, in: html)
            markdown = TextReplacement.replacing(placeholder, with: fragment.markdown, in: markdown)
            if fragment.htmlIsMarkdown && TextScan.contains(html, placeholder) { convertedInText.append(name) }
        }
        guard !convertedInText.isEmpty else { return (markdown, html) }
        var withMarkdown = rendered
        for name in convertedInText {
            withMarkdown = TextReplacement.replacing(PageFragment.placeholder(name), with: fragments[name]!.markdown, in: withMarkdown)
        }
        html = Markdown.html(from: withMarkdown)
        for (name, fragment) in fragments.sorted(by: { $0.key < $1.key }) where !convertedInText.contains(name) {
            html = TextReplacement.replacing("<p>\(PageFragment.placeholder(name))</p>", with: fragment.html, in: html)
        }
        return (markdown, html)
    }

    /// A template rendered with `context`, filled in from its shape where it can be (`TemplateShapes`).
    func text(_ template: String, _ context: [String: Any]) -> String {
        shapes?.text(template, context) ?? templates.render(context, with: template)
    }

    /// A template rendered with values by slot, filled in from its shape where it can be.
    func text(_ template: String, _ slots: PageSlots) -> String {
        shapes?.text(template, slots) ?? templates.render(slots.dictionary, with: template)
    }
}
