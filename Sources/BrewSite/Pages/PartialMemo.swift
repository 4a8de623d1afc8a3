import BrewKit
import Foundation

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

    private let templates: TemplateSet
    private let siteTitle: String
    private let lock = NSLock()
    private var rowsByLogID: [String: String] = [:]
    private var browse: String?

    init(templates: TemplateSet, siteTitle: String) {
        self.templates = templates
        self.siteTitle = siteTitle
    }

    /// The log's row as the `log-row.md` partial makes it, without its final line break, for a page at `root`.
    func logRow(_ row: [String: Any], id: String, root: String) -> String {
        lock.lock()
        let known = rowsByLogID[id]
        lock.unlock()
        let text = known ?? {
            let rendered = render(row, with: Self.logRowTemplate)
            lock.lock()
            rowsByLogID[id] = rendered
            lock.unlock()
            return rendered
        }()
        return Self.placing(root, in: text)
    }

    /// The `browse.md` partial for the browse links, for a page at `root`.
    func browseLinks(_ links: [String: Any], root: String) -> String {
        lock.lock()
        let known = browse
        lock.unlock()
        let text = known ?? {
            let rendered = render(links, with: Self.browseTemplate)
            lock.lock()
            browse = rendered
            lock.unlock()
            return rendered
        }()
        return Self.placing(root, in: text)
    }

    private func render(_ values: [String: Any], with template: String) -> String {
        var context = values
        context["root"] = Self.rootStandIn
        context["siteTitle"] = siteTitle
        var text = templates.render(context, with: template)
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }

    static func placing(_ root: String, in text: String) -> String {
        TextReplacement.replacing(rootStandIn, with: root, in: text)
    }
}
