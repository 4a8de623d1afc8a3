import Foundation

/// A forgiving HTML tree, enough to read a recipe out of a page: elements with their attributes,
/// text, and parents. It follows the browser's habits where pages rely on them — void elements
/// (`<br>`, `<img>`), `<li>`, `<p>`, `<td>`, `<tr>` and `<option>` closed by the next of their
/// kind, an end tag with no open element ignored, `<script>` and `<style>` kept as raw text,
/// comments dropped — and never fails: any bytes make some tree. Nesting deeper than
/// `maximumDepth` is flattened, so hostile pages cannot exhaust the stack, and a page of more
/// than `maximumNodes` nodes is read up to there (a real recipe page has a few tens of
/// thousands; the largest of the forty saved pages about 8,000), so that no page costs more memory or time than that.
struct HTMLDocument {
    struct Node {
        /// Lower-cased element name; empty for a text node.
        var name: String
        var attributes: [String: String]
        /// A text node's text, entities decoded.
        var text: String
        var parent: Int?
        var children: [Int] = []
    }

    static let maximumDepth = 400
    static let maximumNodes = 100_000
    static let voidElements: Set<String> = ["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr"]
    static let rawTextElements: Set<String> = ["script", "style", "textarea", "title", "noscript", "template"]
    /// Elements that end an open `<p>` when they start.
    static let closesParagraph: Set<String> = ["address", "article", "aside", "blockquote", "div", "dl", "fieldset", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "main", "nav", "ol", "p", "pre", "section", "table", "ul"]
    static let headings: Set<String> = ["h1", "h2", "h3", "h4", "h5", "h6"]

    /// Node 0 is the document itself.
    private(set) var nodes: [Node] = [Node(name: "#document", attributes: [:], text: "", parent: nil)]
    /// Whether the page had more than `maximumNodes` nodes, and the rest was not read.
    private(set) var isCut = false

    init(html: String) {
        let bytes = Array(html.utf8)
        var stack = [0]
        var index = 0
        var textStart = 0
        var quotes = (NextByte(byte: UInt8(ascii: "\"")), NextByte(byte: UInt8(ascii: "'")))

        func string(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
        func addText(_ range: Range<Int>) {
            guard !range.isEmpty else { return }
            let text = HTMLText.decodeEntities(string(range))
            append(Node(name: "", attributes: [:], text: text, parent: stack.last!))
        }
        func append(_ node: Node) {
            nodes.append(node)
            nodes[node.parent!].children.append(nodes.count - 1)
        }
        /// Pops up to and including the nearest open `name`, unless a `barrier` element comes first.
        func close(_ name: String, barriers: Set<String> = []) {
            guard let position = stack.lastIndex(where: { nodes[$0].name == name || barriers.contains(nodes[$0].name) }),
                  position > 0, nodes[stack[position]].name == name else { return }
            stack.removeSubrange(position...)
        }

        while index < bytes.count {
            if nodes.count >= Self.maximumNodes {
                isCut = true
                return
            }
            guard bytes[index] == UInt8(ascii: "<"), index + 1 < bytes.count else { index += 1; continue }
            let next = bytes[index + 1]
            if next == UInt8(ascii: "!") || next == UInt8(ascii: "?") {
                addText(textStart..<index)
                let isComment = bytes[index...].starts(with: Array("<!--".utf8))
                let end = isComment ? Self.find(Array("-->".utf8), in: bytes, from: index + 4).map { $0 + 3 } : Self.find([UInt8(ascii: ">")], in: bytes, from: index).map { $0 + 1 }
                index = end ?? bytes.count
                textStart = index
                continue
            }
            let isEnd = next == UInt8(ascii: "/")
            let nameStart = isEnd ? index + 2 : index + 1
            guard nameStart < bytes.count, Self.isLetter(bytes[nameStart]) else { index += 1; continue }
            guard let tagEnd = Self.tagEnd(bytes, from: nameStart, quotes: &quotes) else { index += 1; continue }
            addText(textStart..<index)
            var nameEnd = nameStart
            while nameEnd < tagEnd, !Self.isSpace(bytes[nameEnd]), bytes[nameEnd] != UInt8(ascii: "/") { nameEnd += 1 }
            let name = string(nameStart..<nameEnd).lowercased()
            index = tagEnd + 1
            textStart = index
            if isEnd {
                close(name, barriers: name == "li" ? ["ul", "ol"] : ["td", "th"].contains(name) ? ["tr", "table"] : name == "tr" ? ["table"] : [])
                continue
            }
            // Implied ends, as browsers apply them.
            switch name {
            case "li": close("li", barriers: ["ul", "ol"])
            case "td", "th": close("td", barriers: ["tr", "table"]); close("th", barriers: ["tr", "table"])
            case "tr": close("tr", barriers: ["table"])
            case "option": close("option", barriers: ["select"])
            case "dt", "dd": close("dt", barriers: ["dl"]); close("dd", barriers: ["dl"])
            // A heading ends an open heading, as browsers do ("<h2>A<h2>B" is two headings).
            case "h1", "h2", "h3", "h4", "h5", "h6": if Self.headings.contains(nodes[stack.last!].name) { stack.removeLast() }
            default: break
            }
            if Self.closesParagraph.contains(name) || name == "li" { close("p", barriers: ["div", "li", "td", "th", "section", "article"]) }
            let attributes = Self.attributes(bytes, from: nameEnd, to: tagEnd)
            append(Node(name: name, attributes: attributes, text: "", parent: stack.last!))
            let node = nodes.count - 1
            let selfClosing = bytes[tagEnd - 1] == UInt8(ascii: "/")
            if Self.rawTextElements.contains(name) {
                let closing = Array("</\(name)".utf8)
                let end = Self.find(closing, in: bytes, from: index, caseInsensitive: true) ?? bytes.count
                if end > index {
                    let raw = string(index..<end)
                    nodes.append(Node(name: "", attributes: [:], text: name == "title" || name == "textarea" ? HTMLText.decodeEntities(raw) : raw, parent: node))
                    nodes[node].children.append(nodes.count - 1)
                }
                index = Self.find([UInt8(ascii: ">")], in: bytes, from: end).map { $0 + 1 } ?? bytes.count
                textStart = index
                continue
            }
            if !Self.voidElements.contains(name), !selfClosing, stack.count < Self.maximumDepth {
                stack.append(node)
            }
        }
        addText(textStart..<bytes.count)
    }

    /// The text a reader sees in a piece of HTML (a JSON-LD string with `<br>`s and `<b>`s in it):
    /// tags removed, character references decoded, white space collapsed, blocks on lines of their
    /// own when `keepLines`. A piece with no tag is not parsed.
    static func plainText(_ html: String, keepLines: Bool = false) -> String {
        guard html.utf8.contains(UInt8(ascii: "<")) else {
            let decoded = HTMLText.decodeEntities(html)
            guard keepLines else { return HTMLText.collapse(decoded) }
            return decoded.split(whereSeparator: \.isNewline).map { HTMLText.collapse(String($0)) }.filter { !$0.isEmpty }.joined(separator: "\n")
        }
        return HTMLDocument(html: html).text(0, keepLines: keepLines, maximumCharacters: html.utf8.count + 1)
    }

    /// The first element named `name`, in page order.
    func first(_ name: String) -> Int? {
        nodes.indices.first { nodes[$0].name == name }
    }

    /// The raw text of an element whose content is not HTML (`<script>`, `<style>`, `<title>`).
    func rawText(_ node: Int) -> String {
        nodes[node].children.map { nodes[$0].text }.joined()
    }

    // MARK: Reading the tree

    func name(_ node: Int) -> String { nodes[node].name }
    func attribute(_ name: String, of node: Int) -> String? { nodes[node].attributes[name] }
    func parent(_ node: Int) -> Int? { nodes[node].parent }
    func children(_ node: Int) -> [Int] { nodes[node].children }

    /// The class names of an element, lower-cased.
    func classes(_ node: Int) -> [Substring] {
        (nodes[node].attributes["class"] ?? "").lowercased().split(whereSeparator: \.isWhitespace)
    }

    /// Every element below `node` (in page order), not `node` itself.
    func descendants(of node: Int = 0) -> [Int] {
        var found: [Int] = []
        var pending = Array(nodes[node].children.reversed())
        while let next = pending.popLast() {
            guard !nodes[next].name.isEmpty else { continue }
            found.append(next)
            pending.append(contentsOf: nodes[next].children.reversed())
        }
        return found
    }

    /// Elements below `node` named one of `names`.
    func elements(_ names: Set<String>, in node: Int = 0) -> [Int] {
        descendants(of: node).filter { names.contains(nodes[$0].name) }
    }

    /// Whether one of `ancestors` holds `node`.
    func hasAncestor(of node: Int, in ancestors: Set<Int>) -> Bool {
        var current = nodes[node].parent
        while let next = current {
            if ancestors.contains(next) { return true }
            current = nodes[next].parent
        }
        return false
    }

    func isAncestor(_ ancestor: Int, of node: Int) -> Bool {
        var current = nodes[node].parent
        while let next = current {
            if next == ancestor { return true }
            current = nodes[next].parent
        }
        return false
    }

    /// The text a reader sees in an element: scripts, styles and hidden elements left out, inline
    /// elements joined, block elements on lines of their own when `keepLines`, white space collapsed.
    ///
    /// At most about `maximumCharacters` are read (and twice as many nodes visited): a line, a heading
    /// or a property is read in time bounded by what it may hold, however deep the page nests.
    func text(_ node: Int, keepLines: Bool = false, maximumCharacters: Int = Self.maximumLineCharacters) -> String {
        var output = ""
        var pending: [(node: Int, closing: Bool)] = [(node, false)]
        var visited = 0
        /// Characters of text read (the spaces and line breaks between blocks not counted).
        var read = 0
        // Empty elements add no characters: at most twice as many nodes as characters are visited.
        let maximumVisits = 2 * maximumCharacters + 1_000
        while let (next, closing) = pending.popLast() {
            if !closing { visited += 1 }
            if visited > maximumVisits || read >= maximumCharacters { break }
            let item = nodes[next]
            if item.name.isEmpty {
                let piece = item.text.prefix(maximumCharacters - read)
                read += piece.count
                output += piece
                continue
            }
            let isBlock = !HTMLText.inline.contains(item.name)
            if closing { if isBlock { output += keepLines ? "\n" : " " }; continue }
            if next != node, Self.isHidden(item) { continue }
            if Self.unread.contains(item.name) { continue }
            if isBlock { output += keepLines && item.name != "td" && item.name != "th" ? "\n" : " " }
            pending.append((next, true))
            pending.append(contentsOf: item.children.reversed().map { ($0, false) })
        }
        let text = HTMLText.replacingNoBreakSpaces(output)
        if keepLines {
            return text.split(whereSeparator: \.isNewline).map { HTMLText.collapse(String($0)) }.filter { !$0.isEmpty }.joined(separator: "\n")
        }
        return HTMLText.collapse(text)
    }

    /// The most read of one element's text by default: a step's bound.
    static let maximumLineCharacters = 50_000

    /// Elements whose content is not words on the page.
    static let unread: Set<String> = ["script", "style", "noscript", "template", "svg", "button", "select", "input", "textarea"]

    /// An element a sighted reader does not see: `hidden`, `display:none`, and text only for screen
    /// readers (`sr-only`, `screen-reader-text`: a recipe plugin's "▢" before each ingredient).
    static func isHidden(_ node: Node) -> Bool {
        if node.attributes["hidden"] != nil { return true }
        if let classes = node.attributes["class"], ["sr-only", "screen-reader", "visually-hidden"].contains(where: { HTMLText.containsASCII(classes, $0, ignoringCase: true) }) { return true }
        // Spaces aside ("display: none"); a style without "none" is not looked at further.
        if let style = node.attributes["style"], HTMLText.containsASCII(style, "none", ignoringCase: true),
           HTMLText.containsASCII(style.lowercased().replacingOccurrences(of: " ", with: ""), "display:none") { return true }
        return false
    }

    // MARK: Scanning bytes

    static func isLetter(_ byte: UInt8) -> Bool { (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) }
    static func isSpace(_ byte: UInt8) -> Bool { byte == 32 || byte == 9 || byte == 10 || byte == 13 || byte == 12 }

    /// Where the next of one byte is, remembering its last answer so that a page of unclosed quotes
    /// is searched once, not once per tag.
    struct NextByte {
        let byte: UInt8
        var searchedFrom = Int.max
        var found = 0

        mutating func next(in bytes: [UInt8], from start: Int) -> Int? {
            if start < searchedFrom || start > found {
                searchedFrom = start
                found = start
                while found < bytes.count, bytes[found] != byte { found += 1 }
            }
            return found < bytes.count ? found : nil
        }
    }

    /// The `>` that ends a tag starting before `from`, skipping quoted attribute values.
    static func tagEnd(_ bytes: [UInt8], from start: Int, quotes: inout (NextByte, NextByte)) -> Int? {
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'"), index > 0, bytes[index - 1] == UInt8(ascii: "=") {
                let close = byte == UInt8(ascii: "\"") ? quotes.0.next(in: bytes, from: index + 1) : quotes.1.next(in: bytes, from: index + 1)
                guard let close else { return nil }
                index = close
            } else if byte == UInt8(ascii: ">") {
                return index
            } else if byte == UInt8(ascii: "<"), index > start {
                return nil
            }
            index += 1
        }
        return nil
    }

    static func attributes(_ bytes: [UInt8], from start: Int, to end: Int) -> [String: String] {
        var attributes: [String: String] = [:]
        var index = start
        func string(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
        while index < end {
            while index < end, isSpace(bytes[index]) || bytes[index] == UInt8(ascii: "/") { index += 1 }
            let nameStart = index
            while index < end, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: "="), bytes[index] != UInt8(ascii: "/") { index += 1 }
            guard index > nameStart else { index += 1; continue }
            let name = string(nameStart..<index).lowercased()
            while index < end, isSpace(bytes[index]) { index += 1 }
            var value = ""
            if index < end, bytes[index] == UInt8(ascii: "=") {
                index += 1
                while index < end, isSpace(bytes[index]) { index += 1 }
                if index < end, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") {
                    let quote = bytes[index]
                    let valueStart = index + 1
                    index = valueStart
                    while index < end, bytes[index] != quote { index += 1 }
                    value = string(valueStart..<min(index, end))
                    index += 1
                } else {
                    let valueStart = index
                    while index < end, !isSpace(bytes[index]) { index += 1 }
                    value = string(valueStart..<index)
                }
            }
            if attributes[name] == nil { attributes[name] = HTMLText.decodeEntities(value) }
        }
        return attributes
    }

    static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int, caseInsensitive: Bool = false) -> Int? {
        guard !needle.isEmpty, start < bytes.count else { return nil }
        let first = needle[0]
        var index = start
        while index + needle.count <= bytes.count {
            if bytes[index] == first {
                var matched = true
                for offset in 1..<needle.count {
                    var byte = bytes[index + offset]
                    if caseInsensitive, byte >= 65, byte <= 90 { byte += 32 }
                    if byte != needle[offset] { matched = false; break }
                }
                if matched { return index }
            }
            index += 1
        }
        return nil
    }
}
