import BrewKit

/// Partials that many pages show, rendered once and reused: the row of each log (it appears in
/// five or so lists) and the browse links (on every list page). They are rendered with a stand-in
/// for `root`, which each page then replaces with its own, so one rendering serves every depth.
///
/// A memoised partial sees its own values, `root` and `siteTitle`, not the page around it.
final class PartialMemo: Sendable {
    /// A log's row: its Markdown with the root stand-in, and its HTML as a list item when
    /// `ListItemHTML` can convert it alone.
    struct Row: Sendable {
        let markdown: String
        let item: ListItemHTML?
    }

    /// Stands for `root` while a partial is rendered: a private-use character no escaping touches.
    static let rootStandIn = "\u{E000}"
    static let logRowTemplate = "log-row.md"
    static let browseTemplate = "browse.md"

    private let renderer: PageRenderer
    /// Each log's row, by its position in the journal's logs (one memo serves one journal): an
    /// array read under the lock instead of a dictionary hashing fifty ids for every list page.
    private let rows = Locked<[Row?]>([])
    /// The browse links by `root`, once rendered.
    private let browse = Locked<[String: PageFragment]>([:])

    init(renderer: PageRenderer) {
        self.renderer = renderer
    }

    /// The rows of a list page's logs, by their positions in the journal's logs, as the
    /// `log-row.md` partial makes them from `values(index)` (asked for a log's first row only),
    /// without their final line break. One lock for the page, not one per row: the threads
    /// rendering list pages all ask for rows.
    /// A plain renderer (`PageRenderer.isPlain`) keeps nothing: each row is rendered for the page at
    /// `root`, with no stand-in and no list item.
    func logRows(positions: [Int], root: String, values: (Int) -> PageSlots) -> [Row] {
        if renderer.isPlain {
            return positions.indices.map { Row(markdown: renderPlain(values($0).dictionary, with: Self.logRowTemplate, root: root), item: nil) }
        }
        var found = rows.withLock { rows in positions.map { $0 < rows.count ? rows[$0] : nil } }
        var made: [(position: Int, row: Row)] = []
        for index in found.indices where found[index] == nil {
            let markdown = render(values(index), with: Self.logRowTemplate)
            let row = Row(markdown: markdown, item: ListItemHTML(row: markdown, standIn: Self.rootStandIn))
            found[index] = row
            made.append((positions[index], row))
        }
        if let highest = made.map(\.position).max() {
            rows.withLock { rows in
                if rows.count <= highest { rows += [Row?](repeating: nil, count: highest + 1 - rows.count) }
                for (position, row) in made { rows[position] = row }
            }
        }
        return found.map { $0! }
    }

    /// The `browse.md` partial for the browse links, for a page at `root`, with its HTML: the
    /// same on every list page of that depth, so converted once per depth. Two threads may both
    /// make a missing one; they make the same, so either may be kept.
    /// - Parameter counted: whether `links` hold each list's count (an index page's) or not (an archive page's).
    func browseLinks(_ links: [String: Any], root: String, counted: Bool = true) -> PageFragment {
        if renderer.isPlain { return PageFragment(markdown: renderPlain(links, with: Self.browseTemplate, root: root)) }
        let key = counted ? root : "uncounted " + root
        if let known = browse.withLock({ $0[key] }) { return known }
        let made = PageFragment(markdown: Self.placing(root, in: render(links, with: Self.browseTemplate)))
        browse.withLock { $0[key] = made }
        return made
    }

    private func render(_ values: [String: Any], with template: String) -> String {
        var context = values
        context["root"] = Self.rootStandIn
        context["siteTitle"] = renderer.siteTitle
        return Self.withoutFinalLineBreak(renderer.text(template, context))
    }

    /// A partial rendered by Mustache for the page at `root`, as a plain renderer makes it.
    private func renderPlain(_ values: [String: Any], with template: String, root: String) -> String {
        var context = values
        context["root"] = root
        context["siteTitle"] = renderer.siteTitle
        return Self.withoutFinalLineBreak(renderer.templates.render(context, with: template))
    }

    /// A row made by slot (`PageSlots`); its schema has `root` and `siteTitle`.
    private func render(_ slots: PageSlots, with template: String) -> String {
        var slots = slots
        guard slots.setRoot(Self.rootStandIn, siteTitle: renderer.siteTitle) else {
            return render(slots.dictionary, with: template)
        }
        return Self.withoutFinalLineBreak(renderer.text(template, slots))
    }

    private static func withoutFinalLineBreak(_ text: String) -> String {
        var text = text
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }

    static func placing(_ root: String, in text: String) -> String {
        TextReplacement.replacing(rootStandIn, with: root, in: text)
    }
}
