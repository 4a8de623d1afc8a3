/// A Markdown table: a header row, an alignment row and the rows.
struct MarkdownTable {
    var header: [String]
    var rows: [[String]] = []

    init(header: [String]) {
        self.header = header
    }

    var text: String {
        var lines = [line(header), line(header.enumerated().map { $0.offset == 0 ? "---" : "---:" })]
        lines += rows.map(line)
        return lines.joined(separator: "\n") + "\n"
    }

    private func line(_ cells: [String]) -> String {
        "| " + cells.joined(separator: " | ") + " |"
    }
}

/// How numbers are shown in the tables.
enum Shown {
    static func seconds(_ value: Double?) -> String {
        value.map { String(format: $0 < 10 ? "%.3f" : "%.2f", $0) } ?? "–"
    }

    static func milliseconds(_ seconds: Double?) -> String {
        seconds.map { String(format: "%.0f", $0 * 1000) } ?? "–"
    }

    static func mebibytes(_ bytes: Double?) -> String {
        bytes.map { String(format: "%.0f", $0 / 1_048_576) } ?? "–"
    }

    static func ratio(_ value: Double?) -> String {
        value.map { String(format: "%.2f×", $0) } ?? "–"
    }

    static func count(_ value: Int?) -> String {
        guard let value else { return "–" }
        let digits = String(value)
        var out = ""
        for (index, character) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out += "," }
            out.append(character)
        }
        return out
    }
}
