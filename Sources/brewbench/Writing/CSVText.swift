/// CSV as RFC 4180 writes it: a header, one row a line, cells quoted only when they hold a
/// comma, a quote or a line break; an empty cell is an absent value.
struct CSVText {
    private(set) var text: String

    init(header: [String]) {
        text = ""
        append(header)
    }

    mutating func append(_ cells: [String?]) {
        for (index, cell) in cells.enumerated() {
            if index > 0 { text += "," }
            if let cell { Self.quote(cell, into: &text) }
        }
        text += "\n"
    }

    static func quote(_ cell: String, into out: inout String) {
        let needsQuotes = cell.utf8.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 10 || $0 == 13 }
        guard needsQuotes else {
            out += cell
            return
        }
        out += "\""
        out += cell.replacingOccurrences(of: "\"", with: "\"\"")
        out += "\""
    }
}
