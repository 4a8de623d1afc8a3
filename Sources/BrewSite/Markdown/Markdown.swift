import BrewKit
import Ccmark
import Foundation

/// Markdown to HTML through libcmark, in its safe mode: raw HTML is shown as the text it is
/// (`rawHTMLAsText`: a note's `<b>not</b>` reads as typed, never markup nor a hidden comment) and
/// `javascript:`, `vbscript:`, `file:` and `data:` links become empty.
public enum Markdown {
    /// Converts Markdown to an HTML fragment. Relative links to `.md` files (the Markdown twin's
    /// links) are pointed at the `.html` pages.
    public static func html(from markdown: String) -> String {
        let length = markdown.utf8.count
        let options = CMARK_OPT_DEFAULT | CMARK_OPT_VALIDATE_UTF8
        guard let document = markdown.withCString({ cmark_parse_document($0, length, options) }) else { return "" }
        defer { cmark_node_free(document) }
        rawHTMLAsText(in: document)
        retargetTwinLinks(in: document)
        nameSymbolLinks(in: document)
        guard let rendered = cmark_render_html(document, options) else { return "" }
        defer { free(rendered) }
        return String(cString: rendered)
    }

    /// Each piece of raw HTML (`<b>`, a `<script>` block) becomes text with the same characters,
    /// which the renderer escapes: what the person typed is shown, as text. cmark's safe mode
    /// alone showed nothing of it (`<!-- raw HTML omitted -->`).
    static func rawHTMLAsText(in document: OpaquePointer) {
        guard let iterator = cmark_iter_new(document) else { return }
        var raw: [OpaquePointer] = []
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node)
            if type == CMARK_NODE_HTML_INLINE || type == CMARK_NODE_HTML_BLOCK { raw.append(node) }
        }
        cmark_iter_free(iterator)
        for node in raw {
            let isBlock = cmark_node_get_type(node) == CMARK_NODE_HTML_BLOCK
            var literal = cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
            // A block keeps its lines as one paragraph's text; its last line break is not shown.
            if isBlock { while literal.hasSuffix("\n") { literal.removeLast() } }
            guard let text = cmark_node_new(CMARK_NODE_TEXT) else { continue }
            cmark_node_set_literal(text, literal)
            if isBlock {
                guard let paragraph = cmark_node_new(CMARK_NODE_PARAGRAPH) else { cmark_node_free(text); continue }
                cmark_node_append_child(paragraph, text)
                cmark_node_replace(node, paragraph)
            } else {
                cmark_node_replace(node, text)
            }
            cmark_node_free(node)
        }
    }

    /// `recipes/x.md` → `recipes/x.html`, `index.md#top` → `index.html#top`; absolute URLs stay.
    public static func htmlDestination(for url: String) -> String? {
        var url = url
        return url.withUTF8 { bytes in htmlDestination(bytes).map { String(decoding: $0.dropLast(), as: UTF8.self) } }
    }

    /// The `.html` destination of a relative link to a `.md` file, NUL-terminated for cmark; nil
    /// for any other link. Works on the link's bytes: a list page has a hundred links.
    static func htmlDestination(_ url: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        guard let first = url.first, first != UInt8(ascii: "/") else { return nil }
        let pathEnd = url.firstIndex(where: { $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: "?") }) ?? url.count
        guard pathEnd >= 3, url[pathEnd - 3] == UInt8(ascii: "."), url[pathEnd - 2] == UInt8(ascii: "m"),
              url[pathEnd - 1] == UInt8(ascii: "d") else { return nil }
        if url.starts(with: "mailto:".utf8) { return nil }
        let schemeMark: StaticString = "://"
        let isAbsolute = schemeMark.withUTF8Buffer { TextScan.firstIndex(of: $0, in: url) != nil }
        if isAbsolute { return nil }
        var destination: [UInt8] = []
        destination.reserveCapacity(url.count + 3)
        destination.append(contentsOf: url[..<(pathEnd - 3)])
        destination.append(contentsOf: ".html".utf8)
        destination.append(contentsOf: url[pathEnd...])
        destination.append(0)
        return destination
    }

    /// A link whose text is only symbols (`[★★★★](path "4 stars")`) is named by its title: a
    /// screen reader says "4 stars", not "black star" four times. The symbols stay on screen,
    /// hidden from the reader, and the title follows as visually hidden text.
    private static func nameSymbolLinks(in document: OpaquePointer) {
        guard let iterator = cmark_iter_new(document) else { return }
        var links: [(link: OpaquePointer, text: OpaquePointer, title: String)] = []
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator),
                  cmark_node_get_type(node) == CMARK_NODE_LINK,
                  let rawTitle = cmark_node_get_title(node), rawTitle.pointee != 0,
                  let text = cmark_node_first_child(node), cmark_node_next(text) == nil,
                  cmark_node_get_type(text) == CMARK_NODE_TEXT, let literal = cmark_node_get_literal(text),
                  String(cString: literal).unicodeScalars.allSatisfy({ !CharacterSet.alphanumerics.contains($0) }) else { continue }
            links.append((node, text, String(cString: rawTitle)))
        }
        cmark_iter_free(iterator)
        for (link, text, title) in links {
            guard let wrapper = cmark_node_new(CMARK_NODE_CUSTOM_INLINE) else { continue }
            cmark_node_set_on_enter(wrapper, "<span aria-hidden=\"true\">")
            cmark_node_set_on_exit(wrapper, "</span><span class=\"visually-hidden\"> \(HTMLEscaping.escape(title))</span>")
            cmark_node_append_child(wrapper, text)
            cmark_node_append_child(link, wrapper)
        }
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
            let url = UnsafeBufferPointer(start: UnsafeRawPointer(raw).assumingMemoryBound(to: UInt8.self), count: strlen(raw))
            guard let retargeted = htmlDestination(url) else { continue }
            // cmark_node_set_url reports only whether memory could be had for the copy.
            _ = retargeted.withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { cmark_node_set_url(node, $0.baseAddress) }
            }
        }
    }
}
