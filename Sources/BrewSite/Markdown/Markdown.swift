import BrewKit
import Ccmark
import Foundation

/// Markdown to HTML through libcmark, in its safe mode: raw HTML becomes a comment and
/// `javascript:`, `vbscript:`, `file:` and `data:` links become empty.
public enum Markdown {
    /// Converts Markdown to an HTML fragment. Relative links to `.md` files (the Markdown twin's
    /// links) are pointed at the `.html` pages.
    public static func html(from markdown: String) -> String {
        let length = markdown.utf8.count
        let options = CMARK_OPT_DEFAULT | CMARK_OPT_VALIDATE_UTF8
        guard let document = markdown.withCString({ cmark_parse_document($0, length, options) }) else { return "" }
        defer { cmark_node_free(document) }
        retargetTwinLinks(in: document)
        guard let rendered = cmark_render_html(document, options) else { return "" }
        defer { free(rendered) }
        return String(cString: rendered)
    }

    /// `recipes/x.md` → `recipes/x.html`, `index.md#top` → `index.html#top`; absolute URLs stay.
    static func htmlDestination(for url: String) -> String? {
        if url.hasPrefix("/") || url.hasPrefix("mailto:") || TextScan.contains(url, "://") { return nil }
        let pathEnd = url.firstIndex(where: { $0 == "#" || $0 == "?" }) ?? url.endIndex
        let path = url[..<pathEnd]
        guard path.hasSuffix(".md") else { return nil }
        return path.dropLast(3) + ".html" + url[pathEnd...]
    }

    private static func retargetTwinLinks(in document: OpaquePointer) {
        guard let iterator = cmark_iter_new(document) else { return }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator),
                  cmark_node_get_type(node) == CMARK_NODE_LINK,
                  let raw = cmark_node_get_url(node) else { continue }
            // A page has many links; look at the bytes before making a String of any.
            let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(raw).assumingMemoryBound(to: UInt8.self), count: strlen(raw))
            guard mayBeTwinLink(bytes) else { continue }
            if let retargeted = htmlDestination(for: String(cString: raw)) {
                cmark_node_set_url(node, retargeted)
            }
        }
    }

    /// Whether a link's path (before any `#` or `?`) ends in `.md`: only those can be twin links.
    static func mayBeTwinLink(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var end = bytes.count
        if let stop = bytes.firstIndex(where: { $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: "?") }) { end = stop }
        return end >= 3 && bytes[end - 3] == UInt8(ascii: ".") && bytes[end - 2] == UInt8(ascii: "m") && bytes[end - 1] == UInt8(ascii: "d")
    }
}
