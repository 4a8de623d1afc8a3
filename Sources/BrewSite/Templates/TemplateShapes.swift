import BrewKit
import Foundation

/// Templates rendered once per shape of their values and then filled in, page after page.
///
/// Most pages hand their template a flat set of values: text and yes/no flags (a log page, a
/// log's row, the layout). Which sections such a template shows depends only on which names are
/// present and on the flags, never on what the texts say. So for each template and each such
/// *shape* (the names, and the flags' values), the template is rendered once with a private-use
/// stand-in character for every text, cut into pieces at the stand-ins, and each page is then
/// its pieces joined with its own texts, escaped as the template escapes them at each place. That
/// takes a few microseconds instead of a Mustache render of twenty lookups.
///
/// It is only a shortcut, and it steps aside whenever it cannot be sure:
/// - a second rendering, with each stand-in followed by `&<`, tells how each place escapes: as
///   HTML (`&amp;&lt;`), as Markdown (`&\<`), or not at all (`&<`); anything else, no shortcut;
/// - the first page of each shape is also rendered in full and must come out the same;
/// - values other than text and flags (lists, nested values) are always rendered in full;
/// - so is every template when any template applies a transform (`{{uppercased(name)}}`),
///   since a transform can make a section depend on what a text says.
final class TemplateShapes: @unchecked Sendable {
    /// How a value is written at one place of a shape.
    enum Escaping {
        case none, html, markdown

        func apply(_ text: String) -> String {
            switch self {
            case .none: text
            case .html: HTMLEscaping.escape(text)
            case .markdown: MarkdownEscaping.escape(text)
            }
        }
    }

    /// A template's output for one shape: text pieces with a value between each two.
    struct Shape {
        /// One more piece than places.
        let pieces: [String]
        let places: [(name: String, escaping: Escaping)]
        let length: Int

        func fill(_ values: [String: Any]) -> String {
            var text = ""
            text.reserveCapacity(length + 256)
            text += pieces[0]
            for (index, place) in places.enumerated() {
                text += place.escaping.apply(values[place.name] as? String ?? "")
                text += pieces[index + 1]
            }
            return text
        }
    }

    private static let firstStandIn: UInt32 = 0xE100
    private static let marker = "&<"

    private let render: @Sendable (_ values: [String: Any], _ template: String) -> String
    private let lock = NSLock()
    /// Learned shapes by shape key; nil for a shape that must be rendered in full.
    private var shapes: [ShapeKey: Shape?] = [:]

    /// - Parameter render: renders a template by name with a context, in full.
    init(render: @escaping @Sendable (_ values: [String: Any], _ template: String) -> String) {
        self.render = render
    }

    /// How many shapes were learned and how many were found to need full renders.
    var learnedShapeCount: (filled: Int, refused: Int) {
        lock.lock()
        defer { lock.unlock() }
        let filled = shapes.values.filter { $0 != nil }.count
        return (filled, shapes.count - filled)
    }

    /// The template rendered with `values`: filled in from its shape when it can be, else in full.
    func text(_ template: String, _ values: [String: Any]) -> String {
        guard let key = Self.shapeKey(template, values) else { return render(values, template) }
        lock.lock()
        let known = shapes[key]
        lock.unlock()
        if let known {
            return known?.fill(values) ?? render(values, template)
        }
        let rendered = render(values, template)
        let learned = learn(template, values).flatMap { $0.fill(values) == rendered ? $0 : nil }
        lock.lock()
        shapes[key] = .some(learned)
        lock.unlock()
        return rendered
    }

    /// Which shape a set of values has: the template, and each value's name with, for a flag,
    /// its value. Order does not matter, so the names are hashed one by one and the hashes summed
    /// two ways (128 bits in all) instead of sorted: this is asked for every page.
    struct ShapeKey: Hashable {
        let template: String
        let count: Int
        let sum: UInt64
        let mix: UInt64
    }

    /// The shape key of `values`; nil when a value is neither text nor a flag.
    static func shapeKey(_ template: String, _ values: [String: Any]) -> ShapeKey? {
        var sum: UInt64 = 0
        var mix: UInt64 = 0
        for (name, value) in values {
            var hasher = Hasher()
            hasher.combine(name)
            if value is String {
                hasher.combine(0 as UInt8)
            } else if let flag = value as? Bool {
                hasher.combine(flag ? 1 : 2 as UInt8)
            } else {
                return nil
            }
            let hash = UInt64(bitPattern: Int64(hasher.finalize()))
            sum &+= hash
            mix ^= (hash &* 0x9E37_79B9_7F4A_7C15) >> 7 | hash << 57
        }
        return ShapeKey(template: template, count: values.count, sum: sum, mix: mix)
    }

    private func learn(_ template: String, _ values: [String: Any]) -> Shape? {
        var plainValues = values
        var markedValues = values
        var names: [String] = []
        for (name, value) in values where value is String {
            guard let standIn = Unicode.Scalar(Self.firstStandIn + UInt32(names.count)) else { return nil }
            names.append(name)
            plainValues[name] = String(Character(standIn))
            markedValues[name] = String(Character(standIn)) + Self.marker
        }
        let plain = Self.cut(render(plainValues, template), names: names)
        let marked = Self.cut(render(markedValues, template), names: names)
        guard plain.places == marked.places else { return nil }
        var places: [(name: String, escaping: Escaping)] = []
        for (index, name) in plain.places.enumerated() {
            let follower = marked.pieces[index + 1]
            if follower.hasPrefix("&amp;&lt;") {
                places.append((name, .html))
            } else if follower.hasPrefix("&\\<") {
                places.append((name, .markdown))
            } else if follower.hasPrefix(Self.marker) {
                places.append((name, .none))
            } else {
                return nil
            }
        }
        return Shape(pieces: plain.pieces, places: places, length: plain.pieces.reduce(0) { $0 + $1.utf8.count })
    }

    /// The text cut at each stand-in, with the name each stands for.
    private static func cut(_ text: String, names: [String]) -> (pieces: [String], places: [String]) {
        var pieces: [String] = []
        var places: [String] = []
        var piece = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let index = Int(scalar.value) - Int(firstStandIn)
            if index >= 0, index < names.count {
                pieces.append(String(piece))
                places.append(names[index])
                piece = String.UnicodeScalarView()
            } else {
                piece.append(scalar)
            }
        }
        pieces.append(String(piece))
        return (pieces, places)
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
