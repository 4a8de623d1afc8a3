import Foundation

/// The layout template, rendered once per folder depth and then filled in page by page.
///
/// Every page goes through the same layout, and only five of its values differ from page to page
/// (`title`, `content`, `head`, `twin`, `section`); `root` differs only with the page's depth. So
/// the layout is rendered once per depth with a private-use stand-in character for each of the
/// five, cut into pieces at the stand-ins, and each page is the pieces joined with its own values,
/// HTML-escaped where the template escapes them (`{{title}}`) and as they are where it does not
/// (`{{{content}}}`). That takes a few microseconds a page instead of a full Mustache render.
///
/// It is only a shortcut: the layout is rendered a second time with a stand-in followed by `&<`
/// to learn how each place escapes, and the learned shape must give the same page as a full render
/// for probe values holding every character the escaping touches. A layout that does anything else with these values (a transform such as
/// `{{uppercase(title)}}`, another content type) makes the memo step aside, and every page is
/// rendered in full as before.
final class LayoutMemo: @unchecked Sendable {
    /// The values that differ from page to page, in the order `Page.layoutValues` holds them.
    enum Slot: Int, CaseIterable {
        case title, content, head, twin, section

        var key: String { String(describing: self) }
        /// The stand-in for this value while the layout is rendered: U+E100 and on.
        var standIn: Unicode.Scalar { Unicode.Scalar(0xE100 + UInt32(rawValue))! }
    }

    /// The layout at one depth: text pieces with a value between each two.
    struct Shape {
        /// One more piece than places.
        var pieces: [String]
        var places: [(slot: Slot, escaped: Bool)]
        var length: Int

        init(pieces: [String], places: [(slot: Slot, escaped: Bool)]) {
            self.pieces = pieces
            self.places = places
            self.length = pieces.reduce(0) { $0 + $1.utf8.count }
        }
    }

    private let render: @Sendable (_ values: [String: Any]) -> String
    private let fixedValues: [String: Any]
    private let lock = NSLock()
    /// Shapes by `root`; nil when the layout cannot be memoised at that depth.
    private var shapes: [String: Shape?] = [:]

    /// - Parameters:
    ///   - fixedValues: the values every page shares (`siteTitle`, `lang`).
    ///   - render: renders the layout with a context.
    init(fixedValues: [String: Any], render: @escaping @Sendable (_ values: [String: Any]) -> String) {
        self.render = render
        self.fixedValues = fixedValues
    }

    /// The page's HTML, or nil when the memo cannot make it (the caller renders in full).
    /// - Parameter values: the page's values, indexed by `Slot.rawValue`.
    func html(values: [String], root: String) -> String? {
        lock.lock()
        let known = shapes[root]
        lock.unlock()
        if let known { return known.map { Self.fill($0, with: values) } }
        let shape = learnShape(root: root)
        lock.lock()
        shapes[root] = .some(shape)
        lock.unlock()
        return shape.map { Self.fill($0, with: values) }
    }

    /// The page rendered by Mustache, as it is when the memo steps aside.
    func fullRender(values: [String], root: String) -> String {
        var context = fixedValues
        context["root"] = root
        for slot in Slot.allCases { context[slot.key] = values[slot.rawValue] }
        return render(context)
    }

    /// Values with every character the escaping touches, for the check of a learned shape.
    static let probeValues = ["Cup & <b>\"bold\"</b> 'q' é", "<p>c &amp; d</p>\n", "<script>{}</script>", "a b&.md", "logs"]

    /// The layout at this depth cut at its values, checked against a full render; nil when the
    /// layout uses a value in a way the memo does not reproduce.
    private func learnShape(root: String) -> Shape? {
        let plain = Self.scanPlaces(in: fullRender(values: standIns(followedBy: ""), root: root))
        let marked = Self.scanPlaces(in: fullRender(values: standIns(followedBy: "&<"), root: root))
        guard plain.places == marked.places else { return nil }
        var places: [(slot: Slot, escaped: Bool)] = []
        for (index, place) in plain.places.enumerated() {
            let follower = marked.pieces[index + 1]
            if follower.hasPrefix("&amp;&lt;") {
                places.append((place, true))
            } else if follower.hasPrefix("&<") {
                places.append((place, false))
            } else {
                return nil
            }
        }
        let shape = Shape(pieces: plain.pieces, places: places)
        guard Self.fill(shape, with: Self.probeValues) == fullRender(values: Self.probeValues, root: root) else { return nil }
        return shape
    }

    private func standIns(followedBy suffix: String) -> [String] {
        Slot.allCases.map { String(Character($0.standIn)) + suffix }
    }

    /// The text cut at each stand-in.
    private static func scanPlaces(in text: String) -> (pieces: [String], places: [Slot]) {
        var pieces: [String] = []
        var places: [Slot] = []
        var piece = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if let slot = Slot(rawValue: Int(scalar.value) - 0xE100), scalar.value >= 0xE100 {
                pieces.append(String(piece))
                places.append(slot)
                piece = String.UnicodeScalarView()
            } else {
                piece.append(scalar)
            }
        }
        pieces.append(String(piece))
        return (pieces, places)
    }

    private static func fill(_ shape: Shape, with values: [String]) -> String {
        var html = ""
        html.reserveCapacity(shape.length + values[Slot.content.rawValue].utf8.count + 256)
        html += shape.pieces[0]
        for (index, place) in shape.places.enumerated() {
            let value = values[place.slot.rawValue]
            html += place.escaped ? HTMLEscaping.escape(value) : value
            html += shape.pieces[index + 1]
        }
        return html
    }

    /// Whether any tag of the template applies a transform: `{{name(value)}}`.
    static func hasTransform(_ source: String) -> Bool {
        var rest = Substring(source)
        while let open = rest.range(of: "{{") {
            guard let close = rest.range(of: "}}", range: open.upperBound..<rest.endIndex) else { return false }
            if rest[open.upperBound..<close.lowerBound].contains("(") { return true }
            rest = rest[close.upperBound...]
        }
        return false
    }
}
