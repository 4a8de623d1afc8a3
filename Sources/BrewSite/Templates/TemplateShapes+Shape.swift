import Foundation

/// What a shape holds: the pieces of a template's output and, between them, where each value
/// goes and how it is escaped there.
extension TemplateShapes {
    /// How a value is written at one place of a shape.
    enum Escaping {
        case none, html, markdown

        func apply(_ text: String) -> String {
            switch self {
            case .none: text
            case .html: HTMLEscaping.escapeAsMustache(text)
            case .markdown: MarkdownEscaping.escape(text)
            }
        }
    }

    /// Where the value of a place comes from: a text of the page, the `markdown` of a row, or a
    /// text field of a row of plain fields (`rowField(list, row, field)`).
    enum Source: Equatable {
        case text(String)
        case row(String, Int)
        case rowField(String, Int, String)
    }

    /// A template's output for one shape: text pieces with a value between each two.
    struct Shape {
        /// One more piece than places.
        let pieces: [String]
        let places: [(source: Source, escaping: Escaping)]
        let length: Int
        /// For each place of a text, which of the distinct (name, escaping) pairs it shows: a
        /// value shown many times (the layout's `root`) is looked up and escaped once.
        private let slots: [Int]
        private let slotCount: Int

        init(pieces: [String], places: [(source: Source, escaping: Escaping)]) {
            self.pieces = pieces
            self.places = places
            self.length = pieces.reduce(0) { $0 + $1.utf8.count }
            var known: [String: Int] = [:]
            self.slots = places.map { place in
                guard case .text(let name) = place.source else { return -1 }
                let key = "\(place.escaping)\u{0}\(name)"
                if let slot = known[key] { return slot }
                known[key] = known.count
                return known.count - 1
            }
            self.slotCount = known.count
        }

        /// The pieces with each place's text filled in from `values`, the rows' from their
        /// `markdown` or, for rows of plain fields, from the field.
        func fill(_ values: [String: Any]) -> String {
            var rows: (name: String, rows: [ListRow])?
            var fieldRows: (name: String, rows: [[String: Any]])?
            return fill { place in
                switch places[place].source {
                case .text(let name):
                    return values[name] as? String ?? ""
                case .row(let name, let row):
                    if rows?.name != name { rows = (name, values[name] as? [ListRow] ?? []) }
                    guard let list = rows?.rows, row < list.count else { return "" }
                    return list[row].markdown.renderText
                case .rowField(let name, let row, let field):
                    if fieldRows?.name != name { fieldRows = (name, values[name] as? [[String: Any]] ?? []) }
                    guard let list = fieldRows?.rows, row < list.count else { return "" }
                    return list[row][field] as? String ?? ""
                }
            }
        }

        /// The pieces with each place's text, escaped for its place: `text(place)` is the text
        /// before escaping, asked once for each text shown at several places the same way.
        func fill(_ text: (_ place: Int) -> String) -> String {
            // Each place's text first, so that the page is allocated once at its full length.
            var shown = [String?](repeating: nil, count: slotCount)
            var placed: [String] = []
            placed.reserveCapacity(places.count)
            var placedLength = 0
            for index in places.indices {
                let value: String
                let slot = slots[index]
                if slot < 0 {
                    value = places[index].escaping.apply(text(index))
                } else if let known = shown[slot] {
                    value = known
                } else {
                    value = places[index].escaping.apply(text(index))
                    shown[slot] = value
                }
                placedLength += value.utf8.count
                placed.append(value)
            }
            var page = ""
            page.reserveCapacity(length + placedLength)
            page += pieces[0]
            for index in placed.indices {
                page += placed[index]
                page += pieces[index + 1]
            }
            return page
        }
    }
}
