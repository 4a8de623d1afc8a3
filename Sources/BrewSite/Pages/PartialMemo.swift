import BrewKit
import Foundation
import Mustache

/// Partials that many pages show, rendered once and reused: the row of each log (it appears in
/// five or so lists) and the browse links (on every list page). They are rendered with a stand-in
/// for `root`, which each page then replaces with its own, so one rendering serves every depth.
///
/// A memoised partial sees its own values, `root` and `siteTitle`, not the page around it.
final class PartialMemo: @unchecked Sendable {
    /// Stands for `root` while a partial is rendered: a private-use character no escaping touches.
    static let rootStandIn = "\u{E000}"
    static let logRowTemplate = "log-row.md"
    static let browseTemplate = "browse.md"

    private let renderer: PageRenderer
    private let lock = NSLock()
    /// Rendered partials, by log id for rows and `browseKey` for the browse links.
    private var rendered: [String: String] = [:]
    /// The values of each log's row, by log id.
    private var rows: [String: TemplateValues] = [:]
    private static let browseKey = "\u{0}browse"

    init(renderer: PageRenderer) {
        self.renderer = renderer
    }

    /// The log's row for a list page at `root`: its values (made by `values` the first time),
    /// with `markdown`, the row as the `log-row.md` partial makes it, without its final line break.
    func logRow(id: String, root: String, values: () -> [String: Any]) -> ListRow {
        lock.lock()
        let known = rows[id]
        lock.unlock()
        let row: TemplateValues
        if let known {
            row = known
        } else {
            row = TemplateValues(values())
            lock.lock()
            rows[id] = row
            lock.unlock()
        }
        let markdown = memoized(id) { render(row.values, with: Self.logRowTemplate) }
        return ListRow(values: row, markdown: Self.placing(root, in: markdown))
    }

    /// The `browse.md` partial for the browse links, for a page at `root`.
    func browseLinks(_ links: [String: Any], root: String) -> String {
        Self.placing(root, in: memoized(Self.browseKey) { render(links, with: Self.browseTemplate) })
    }

    /// The text rendered under `key`, rendering it the first time. Two threads may both render
    /// a missing key; they render the same text, so either may be kept.
    private func memoized(_ key: String, _ make: () -> String) -> String {
        lock.lock()
        let known = rendered[key]
        lock.unlock()
        if let known { return known }
        let text = make()
        lock.lock()
        rendered[key] = text
        lock.unlock()
        return text
    }

    private func render(_ values: [String: Any], with template: String) -> String {
        var context = values
        context["root"] = Self.rootStandIn
        context["siteTitle"] = renderer.siteTitle
        var text = renderer.text(template, context)
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }

    static func placing(_ root: String, in text: String) -> String {
        TextReplacement.replacing(rootStandIn, with: root, in: text)
    }
}

/// One row of a list page: the log's values and its rendered `markdown`.
struct ListRow: MustacheParent {
    let values: TemplateValues
    let markdown: String

    func child(named name: String) -> Any? {
        name == "markdown" ? markdown : values.child(named: name)
    }
}
