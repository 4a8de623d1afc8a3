import BrewKit
import Foundation
import Mustache

/// Templates rendered once per shape of their values and then filled in, page after page.
///
/// Most pages hand their template a flat set of values: text and yes/no flags (a log page, a
/// log's row, the layout), and list pages add their rows (`ListRow`), of which the default
/// template shows only the rendered `markdown`. Which sections such a template shows depends only
/// on which names are present, on the flags and on the number of rows, never on what the texts
/// say. So for each template and each such *shape* (the names, the flags' values, the number of
/// rows), the template is rendered once with a private-use stand-in character for every text, cut
/// into pieces at the stand-ins, and each page is then its pieces joined with its own texts,
/// escaped as the template escapes them at each place. That takes a few microseconds instead of a
/// Mustache render of twenty lookups.
///
/// It is only a shortcut, and it steps aside whenever it cannot be sure:
/// - a second rendering, with each stand-in followed by `&<`, tells how each place escapes: as
///   HTML (`&amp;&lt;`), as Markdown (`&\<`), or not at all (`&<`); anything else, no shortcut;
/// - the first page of each shape is also rendered in full and must come out the same;
/// - values other than text, flags and list rows (nested values, other lists) are always rendered
///   in full, and so is a shape whose template reads anything of a row but its `markdown`;
///   rows of plain fields (`[[String: Any]]` of texts and flags, a recipe's steps) are filled in
///   too, their shape holding each row's names and flags;
/// - so is every template when any template applies a transform (`{{uppercased(name)}}`),
///   since a transform can make a section depend on what a text says.
final class TemplateShapes: Sendable {
    /// Stands for a row while a shape is learned: its `markdown` is a stand-in, and asking it for
    /// anything else is noted, since a shape cannot hold what the rows say.
    private struct ProbeRow: MustacheParent {
        let markdown: ListRow.Rendered
        let asked: LookupNote

        func child(named name: String) -> Any? {
            if name == "markdown" { return markdown }
            asked.note(name)
            return nil
        }
    }

    private final class LookupNote: Sendable {
        private let noted = Locked<[String]>([])
        var names: [String] { noted.value }
        func note(_ name: String) { noted.withLock { $0.append(name) } }
    }

    private static let firstStandIn: UInt32 = 0xE100
    private static let marker = "&<"

    private let render: @Sendable (_ values: [String: Any], _ template: String) -> String
    /// Learned shapes by shape key; nil for a shape that must be rendered in full.
    private let shapes = Locked<[ShapeKey: Shape?]>([:])
    /// The HTML of learned shapes of Markdown templates, by shape key; nil for a shape whose
    /// pages are converted in full.
    private let converted = Locked<[ShapeKey: ConvertedState]>([:])
    /// Shapes of pages made by slot (`PageSlots`), by template, schema and signature.
    private let slotShapes = Locked<[SlotKey: SlotShape]>([:])

    /// What is known of a shape's HTML.
    private enum ConvertedState {
        /// Learned, and not yet checked against a full conversion: the pages so far held a text
        /// not safe at its place.
        case learned(ConvertedShape)
        /// Learned, and one page came out as cmark made it.
        case checked(ConvertedShape)
        /// Pages of this shape are converted in full.
        case refused
    }

    /// - Parameter render: renders a template by name with a context, in full.
    init(render: @escaping @Sendable (_ values: [String: Any], _ template: String) -> String) {
        self.render = render
    }

    /// How many shapes were learned and how many were found to need full renders.
    var learnedShapeCount: (filled: Int, refused: Int) {
        shapes.withLock { shapes in
            let filled = shapes.values.filter { $0 != nil }.count
            return (filled, shapes.count - filled)
        }
    }

    struct SlotKey: Hashable {
        let template: String
        let schema: ObjectIdentifier
        let signature: PageSlots.Signature
    }

    /// What is known of a slot page's shapes, its Markdown's and its HTML's.
    private struct SlotShape: Sendable {
        var markdown: Settled<Shape> = .unknown
        var html: Settled<ConvertedShape> = .unknown
    }

    /// A shape with the slot of each of its places, once its shape by name is known.
    private enum Settled<Shape: Sendable>: Sendable {
        case unknown
        /// Filled in by slot.
        case known((shape: Shape, slots: [Int]))
        /// Made from the values by name, as any other page.
        case byName

        var isKnown: Bool { if case .known = self { true } else { false } }
        var isByName: Bool { if case .byName = self { true } else { false } }
    }

    /// How many shapes of slot pages are filled in by slot, and how many are made by name.
    var slotShapeCount: (filled: Int, byName: Int) {
        slotShapes.withLock { states in
            let filled = states.values.filter { $0.markdown.isKnown && $0.html.isKnown }.count
            let byName = states.values.filter { $0.markdown.isByName || $0.html.isByName }.count
            return (filled, byName)
        }
    }

    /// How many converted shapes were learned and how many were found to need full conversions.
    var convertedShapeCount: (filled: Int, refused: Int) {
        converted.withLock { converted in
            var count = (filled: 0, refused: 0)
            for state in converted.values {
                if case .checked = state { count.filled += 1 } else if case .refused = state { count.refused += 1 }
            }
            return count
        }
    }

    /// The template rendered with `values`: filled in from its shape when it can be, else in full.
    func text(_ template: String, _ values: [String: Any]) -> String {
        guard let key = Self.shapeKey(template, values) else { return render(values, template) }
        if let known = shapes.withLock({ $0[key] }) {
            return known?.fill(values) ?? render(values, template)
        }
        let rendered = render(values, template)
        let learned = learn(template, values).flatMap { $0.fill(values) == rendered ? $0 : nil }
        shapes.withLock { $0[key] = .some(learned) }
        return rendered
    }

    /// The Markdown template rendered with `values`, and its HTML as `convert` makes it: both
    /// filled in from the shape when they can be (`ConvertedShape`), so that cmark reads only
    /// what a page holds unescaped (a note). The first page of each shape is converted in full
    /// and must come out the same.
    func page(_ template: String, _ values: [String: Any], convert: (String) -> String) -> (markdown: String, html: String) {
        let markdown = text(template, values)
        return (markdown, html(template, values, markdown: markdown, convert: convert).html)
    }

    /// The HTML of `markdown`, the page `values` make of `template`: from the converted shape when
    /// it is known and the page's texts are safe at their places, else from `convert`; with the
    /// shape's converted state after the page, nil when there is no shape to convert.
    private func html(_ template: String, _ values: [String: Any], markdown: String,
                      convert: (String) -> String) -> (html: String, state: ConvertedState?) {
        guard let key = Self.shapeKey(template, values), let shape = shapes.withLock({ $0[key] }) ?? nil else {
            return (convert(markdown), nil)
        }
        let learned: ConvertedShape
        switch converted.withLock({ $0[key] }) {
        case .checked(let known):
            return (known.fill(values, convert: convert) ?? convert(markdown), .checked(known))
        case .refused:
            return (convert(markdown), .refused)
        case .learned(let known):
            learned = known
        case nil:
            guard let new = ConvertedShape.learn(shape, convert: convert) else {
                converted.withLock { $0[key] = .refused }
                return (convert(markdown), .refused)
            }
            learned = new
        }
        let html = convert(markdown)
        // A page whose texts are not all safe cannot check the shape: the next page may.
        let state: ConvertedState = learned.fill(values, convert: convert).map { $0 == html ? .checked(learned) : .refused } ?? .learned(learned)
        converted.withLock { $0[key] = state }
        return (html, state)
    }

    /// `text(_:_:)` for a page made by slot (`PageSlots`): once the shape of its values by name
    /// is known, every page of it is filled in straight from its slots, without a dictionary, a
    /// hash of a name or a cast.
    func text(_ template: String, _ slots: PageSlots) -> String {
        let key = SlotKey(template: template, schema: ObjectIdentifier(slots.schema), signature: slots.signature)
        return text(template, slots, key: key, known: slotShapes.withLock { $0[key] }).text
    }

    /// `page(_:_:convert:)` for a page made by slot, filled in from its slots once the shapes of
    /// its values by name have settled (learned and checked, or refused).
    func page(_ template: String, _ slots: PageSlots, convert: (String) -> String) -> (markdown: String, html: String) {
        let key = SlotKey(template: template, schema: ObjectIdentifier(slots.schema), signature: slots.signature)
        let known = slotShapes.withLock { $0[key] }
        let (markdown, values) = text(template, slots, key: key, known: known)
        switch known?.html {
        case .known(let html):
            return (markdown, html.shape.fill({ slots.text(html.slots[$0]) }, convert: convert) ?? convert(markdown))
        case .byName:
            return (markdown, convert(markdown))
        case .unknown, nil:
            let values = values ?? slots.dictionary
            let (html, state) = self.html(template, values, markdown: markdown, convert: convert)
            let settled: Settled<ConvertedShape>? = switch state {
            case .checked(let shape): Self.slotsOf(shape.places.map(\.name), in: slots.schema).map { .known((shape, $0)) } ?? .byName
            case .refused: .byName
            case .learned: nil
            case nil: .byName  // no shape by name: every page converted in full
            }
            if let settled { slotShapes.withLock { $0[key, default: SlotShape()].html = settled } }
            return (markdown, html)
        }
    }

    /// The slot page's text, and its values by name when they had to be made.
    private func text(_ template: String, _ slots: PageSlots, key: SlotKey, known: SlotShape?) -> (text: String, values: [String: Any]?) {
        switch known?.markdown {
        case .known(let markdown):
            return (markdown.shape.fill { slots.text(markdown.slots[$0]) }, nil)
        case .byName:
            let values = slots.dictionary
            return (text(template, values), values)
        case .unknown, nil:
            let values = slots.dictionary
            let text = text(template, values)
            // Once learned (or refused) by name, the shape is kept by slot.
            let settled: Settled<Shape>?
            if let shapeKey = Self.shapeKey(template, values) {
                switch shapes.withLock({ $0[shapeKey] }) {
                case .some(.some(let shape)):
                    // Every place must be a text of the page (not a row's) with a slot in the schema.
                    let names = shape.places.compactMap { place -> String? in if case .text(let name) = place.source { name } else { nil } }
                    let slotsOfNames = names.count == shape.places.count ? Self.slotsOf(names, in: slots.schema) : nil
                    settled = slotsOfNames.map { .known((shape, $0)) } ?? .byName
                case .some(.none): settled = .byName
                case .none: settled = nil
                }
            } else {
                settled = .byName
            }
            if let settled { slotShapes.withLock { $0[key, default: SlotShape()].markdown = settled } }
            return (text, values)
        }
    }

    /// The slot of each name; nil when one is not in the schema.
    private static func slotsOf(_ names: [String], in schema: PageSlots.Schema) -> [Int]? {
        var slots: [Int] = []
        for name in names {
            guard let slot = schema.slotByName[name] else { return nil }
            slots.append(slot)
        }
        return slots
    }

    /// Which shape a set of values has: the template, and each value's name with, for a flag,
    /// its value, and for rows, how many. Order does not matter, so the names are hashed one by
    /// one and the hashes summed two ways (128 bits in all) instead of sorted: this is asked for
    /// every page.
    struct ShapeKey: Hashable {
        let template: String
        let count: Int
        let sum: UInt64
        let mix: UInt64
    }

    /// The shape key of `values`; nil when a value is not text, a flag or list rows.
    static func shapeKey(_ template: String, _ values: [String: Any]) -> ShapeKey? {
        var sum: UInt64 = 0
        var mix: UInt64 = 0
        for (name, value) in values {
            var hash = fnv1a(name)
            if let plain = plainHash(value, hash) {
                hash = plain
            } else if let rows = value as? [ListRow] {
                hash = fnv1a(UInt8(truncatingIfNeeded: rows.count), fnv1a(UInt8(truncatingIfNeeded: rows.count >> 8), fnv1a(3, hash)))
            } else if let rows = value as? [[String: Any]] {
                guard let rowsHash = fieldRowsHash(rows, fnv1a(4, hash)) else { return nil }
                hash = rowsHash
            } else {
                return nil
            }
            sum &+= hash
            mix ^= (hash &* 0x9E37_79B9_7F4A_7C15) >> 7 | hash << 57
        }
        return ShapeKey(template: template, count: values.count, sum: sum, mix: mix)
    }

    /// Rows of plain fields (a recipe's steps: each row's texts and flags, as `[String: Any]`)
    /// hashed into `start`: their count, then row after row its names with, for a flag, its
    /// value (summed, since a row's order of names does not matter); nil when a field of a row is
    /// not text or a flag.
    private static func fieldRowsHash(_ rows: [[String: Any]], _ start: UInt64) -> UInt64? {
        var hash = fnv1a(UInt8(truncatingIfNeeded: rows.count), fnv1a(UInt8(truncatingIfNeeded: rows.count >> 8), start))
        for row in rows {
            var rowSum: UInt64 = 0
            for (name, value) in row {
                guard let fieldHash = plainHash(value, fnv1a(name)) else { return nil }
                rowSum &+= fieldHash
            }
            hash = fnv1a(5, hash)
            for shift in stride(from: 0, to: 64, by: 8) { hash = fnv1a(UInt8(truncatingIfNeeded: rowSum >> UInt64(shift)), hash) }
        }
        return hash
    }

    /// A text or a flag hashed into its name's hash `start` (a flag with its value); nil for any other value.
    private static func plainHash(_ value: Any, _ start: UInt64) -> UInt64? {
        if value is String { return fnv1a(0, start) }
        if let flag = value as? Bool { return fnv1a(flag ? 1 : 2, start) }
        return nil
    }

    /// FNV-1a over a name's bytes: names are short, and a `Hasher` costs more to set up and finish.
    private static func fnv1a(_ name: String, _ start: UInt64 = 0xCBF2_9CE4_8422_2325) -> UInt64 {
        var hash = start
        for byte in name.utf8 { hash = fnv1a(byte, hash) }
        return hash
    }

    private static func fnv1a(_ byte: UInt8, _ hash: UInt64) -> UInt64 {
        (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }

    /// The shape of `values`: the template rendered with a stand-in for each text and each row's
    /// `markdown`, then again with each stand-in followed by `&<` to tell how each place escapes;
    /// nil when the renders disagree, a row was asked for more, or an escaping is not one we know.
    private func learn(_ template: String, _ values: [String: Any]) -> Shape? {
        var plainValues = values
        var markedValues = values
        var sources: [Source] = []
        let asked = LookupNote()
        func standIn(for source: Source) -> String? {
            guard let scalar = Unicode.Scalar(Self.firstStandIn + UInt32(sources.count)), scalar.value < 0xF8FF else { return nil }
            sources.append(source)
            return String(Character(scalar))
        }
        for (name, value) in values {
            if value is String {
                guard let standIn = standIn(for: .text(name)) else { return nil }
                plainValues[name] = standIn
                markedValues[name] = standIn + Self.marker
            } else if let rows = value as? [ListRow] {
                var plainRows: [ProbeRow] = []
                var markedRows: [ProbeRow] = []
                for index in rows.indices {
                    guard let standIn = standIn(for: .row(name, index)) else { return nil }
                    plainRows.append(ProbeRow(markdown: .init(renderText: standIn), asked: asked))
                    markedRows.append(ProbeRow(markdown: .init(renderText: standIn + Self.marker), asked: asked))
                }
                plainValues[name] = plainRows
                markedValues[name] = markedRows
            } else if let rows = value as? [[String: Any]] {
                var plainRows = rows
                var markedRows = rows
                for index in rows.indices {
                    for (field, fieldValue) in rows[index] where fieldValue is String {
                        guard let standIn = standIn(for: .rowField(name, index, field)) else { return nil }
                        plainRows[index][field] = standIn
                        markedRows[index][field] = standIn + Self.marker
                    }
                }
                plainValues[name] = plainRows
                markedValues[name] = markedRows
            }
        }
        let plain = Self.cut(render(plainValues, template), sources: sources)
        let marked = Self.cut(render(markedValues, template), sources: sources)
        guard asked.names.isEmpty, plain.places == marked.places else { return nil }
        var places: [(source: Source, escaping: Escaping)] = []
        for (index, source) in plain.places.enumerated() {
            let follower = marked.pieces[index + 1]
            if follower.hasPrefix("&amp;&lt;") {
                places.append((source, .html))
            } else if follower.hasPrefix("&\\<") {
                places.append((source, .markdown))
            } else if follower.hasPrefix(Self.marker) {
                places.append((source, .none))
            } else {
                return nil
            }
        }
        return Shape(pieces: plain.pieces, places: places)
    }

    /// The text cut at each stand-in, with the source each stands for.
    private static func cut(_ text: String, sources: [Source]) -> (pieces: [String], places: [Source]) {
        var pieces: [String] = []
        var places: [Source] = []
        var piece = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let index = Int(scalar.value) - Int(firstStandIn)
            if index >= 0, index < sources.count {
                pieces.append(String(piece))
                places.append(sources[index])
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
