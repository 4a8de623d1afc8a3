/// A piece of a page that Markdown cannot carry through cmark's safe mode (an SVG chart,
/// a data table): HTML made by code that escapes every value it holds, with a Markdown
/// stand-in for the twin. A template places it with a paragraph of its own: `[[fragment:NAME]]`.
public struct PageFragment: Sendable {
    public var html: String
    public var markdown: String
    /// Whether `html` is what cmark makes of `markdown`: then a template may also place the
    /// fragment within other text, and the page is converted with the Markdown in its place.
    public var htmlIsMarkdown: Bool

    public init(html: String, markdown: String, htmlIsMarkdown: Bool = false) {
        self.html = html
        self.markdown = markdown
        self.htmlIsMarkdown = htmlIsMarkdown
    }

    /// Markdown converted once and placed in many pages as it is (the browse links of every list page).
    public init(markdown: String) {
        // Without its last line break: the paragraph it takes the place of keeps its own.
        var html = Markdown.html(from: markdown)
        if html.hasSuffix("\n") { html.removeLast() }
        self.init(html: html, markdown: markdown, htmlIsMarkdown: true)
    }

    /// The placeholder a template writes on a line of its own.
    public static func placeholder(_ name: String) -> String { "[[fragment:\(name)]]" }
}
