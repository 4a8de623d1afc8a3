/// A piece of a page that Markdown cannot carry through cmark's safe mode (an SVG chart,
/// a data table): HTML made by code that escapes every value it holds, with a Markdown
/// stand-in for the twin. A template places it with a paragraph of its own: `[[fragment:NAME]]`.
public struct PageFragment: Sendable {
    public var html: String
    public var markdown: String

    public init(html: String, markdown: String) {
        self.html = html
        self.markdown = markdown
    }

    /// The placeholder a template writes on a line of its own.
    public static func placeholder(_ name: String) -> String { "[[fragment:\(name)]]" }
}
