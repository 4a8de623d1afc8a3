import BrewKit
import Foundation
import Testing

/// Reads a chart's SVG as a phone would draw it (issue 28): its texts and their boxes, its ticks,
/// the days of a time axis, and the table beside it.
enum SVGText {
    /// The page's width on a 390 px phone (1 rem of padding each side): a chart is drawn this wide.
    static let phoneWidth = 358.0
    /// The smallest text a chart may draw on a phone, in px.
    static let smallestPhoneText = 12.0
    /// About 8.5 units a character at 14 px (what the charts allow for, too).
    static let characterWidth = 8.5

    struct Text {
        var attributes: [String: String]
        var content: String
        var x: Double { Double(attributes["x"] ?? "0") ?? 0 }
        var y: Double { Double(attributes["y"] ?? "0") ?? 0 }
        var classes: [String] { (attributes["class"] ?? "").split(separator: " ").map(String.init) }
        /// The font size by class, as the stylesheet gives it.
        var fontSize: Double { 14 }

        /// Where the text sits: its width by characters, from its baseline up to the cap height.
        var box: (left: Double, right: Double, top: Double, bottom: Double) {
            let width = Double(content.count) * characterWidth * fontSize / 14
            let left: Double
            switch attributes["text-anchor"] ?? "start" {
            case "middle": left = x - width / 2
            case "end": left = x - width
            default: left = x
            }
            return (left, left + width, y - 11 * fontSize / 14, y + 3 * fontSize / 14)
        }
    }

    static func matches(_ pattern: String, in text: String) -> [[String]] {
        let expression = try! NSRegularExpression(pattern: pattern, options: [.dotMatchesLineSeparators])
        let range = NSRange(text.startIndex..., in: text)
        return expression.matches(in: text, range: range).map { match in
            (0..<match.numberOfRanges).map { index in
                Range(match.range(at: index), in: text).map { String(text[$0]) } ?? ""
            }
        }
    }

    static func attributes(_ tag: String) -> [String: String] {
        Dictionary(matches("([a-zA-Z][a-zA-Z-]*)=\"([^\"]*)\"", in: tag).map { ($0[1], $0[2]) }) { first, _ in first }
    }

    static func unescaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&amp;", with: "&")
    }

    static func svgs(in html: String) -> [String] { matches("<svg [^>]*>.*?</svg>", in: html).map { $0[0] } }

    static func viewBoxWidth(_ svg: String) -> Double {
        Double(matches("viewBox=\"0 0 ([0-9.]+) ", in: svg).first?[1] ?? "") ?? 0
    }

    static func texts(_ svg: String) -> [Text] {
        // The texts drawn, not the <title> and <desc> that describe the picture.
        matches("<text ([^>]*)>([^<]*)</text>", in: svg).map { Text(attributes: attributes($0[1]), content: unescaped($0[2])) }
    }

    /// No text under 12 px on a phone, every text inside the picture, no two texts' boxes overlapping.
    static func expectReadable(_ svg: String, _ context: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let width = viewBoxWidth(svg)
        #expect(width > 0, "\(context): a view box", sourceLocation: sourceLocation)
        let texts = texts(svg)
        #expect(!texts.isEmpty, "\(context): labelled", sourceLocation: sourceLocation)
        for text in texts {
            #expect(text.fontSize * phoneWidth / width >= smallestPhoneText, "\(context): \"\(text.content)\" at \(text.fontSize * phoneWidth / width) px on a phone", sourceLocation: sourceLocation)
            let box = text.box
            #expect(box.left >= -0.5 && box.right <= width + 0.5, "\(context): \"\(text.content)\" runs out of the picture (\(box.left)–\(box.right) of \(width))", sourceLocation: sourceLocation)
        }
        for (index, a) in texts.enumerated() {
            for b in texts[(index + 1)...] {
                let (p, q) = (a.box, b.box)
                let overlaps = p.left < q.right - 0.5 && q.left < p.right - 0.5 && p.top < q.bottom - 0.5 && q.top < p.bottom - 0.5
                #expect(!overlaps, "\(context): \"\(a.content)\" and \"\(b.content)\" overlap", sourceLocation: sourceLocation)
            }
        }
    }

    /// A tick's number: "1:16.5" → 16.5, "4★" → 4.
    static func number(_ label: String) -> Double? {
        Double(label.replacingOccurrences(of: "1:", with: "").replacingOccurrences(of: "★", with: "").replacingOccurrences(of: ",", with: ""))
    }

    /// Whether a step is 1, 2, 2.5 or 5 × 10ⁿ.
    static func isRound(_ step: Double) -> Bool {
        guard step > 0, step.isFinite else { return false }
        var magnitude = 1.0
        while magnitude * 10 <= step * (1 + 1e-9) { magnitude *= 10 }
        while magnitude > step * (1 + 1e-9) { magnitude /= 10 }
        let factor = step / magnitude
        return [1.0, 2, 2.5, 5, 10].contains { abs(factor - $0) < 1e-6 }
    }

    /// The value axis and a histogram's edges tick at a round step, evenly.
    static func expectRoundTicks(_ svg: String, _ context: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        for kind in ["tick-y", "tick-x"] {
            let values = texts(svg).filter { $0.classes.contains(kind) }.compactMap { number($0.content) }.sorted()
            guard values.count >= 2 else { continue }
            let steps = zip(values, values.dropFirst()).map { $1 - $0 }
            #expect(isRound(steps[0]), "\(context): \(kind) ticks step by \(steps[0])", sourceLocation: sourceLocation)
            #expect(steps.allSatisfy { abs($0 - steps[0]) <= steps[0] * 1e-6 }, "\(context): \(kind) ticks \(values) are even", sourceLocation: sourceLocation)
        }
    }

    /// On a time axis, the ticks, bars and points with `data-day` sit at x proportional to their day.
    static func expectProportionalTime(_ svg: String, _ context: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        var placed: [(day: Double, x: Double)] = []
        for match in matches("<(text|rect|circle) ([^>]*data-day=[^>]*)>", in: svg) {
            let attributes = attributes(match[2])
            guard let day = attributes["data-day"].flatMap(Double.init) else { continue }
            let days = attributes["data-days"].flatMap(Double.init)
            switch match[1] {
            case "text": placed.append((day, Double(attributes["data-x"] ?? "") ?? .nan))
            case "rect":
                placed.append((day + (days ?? 1) / 2, (Double(attributes["x"] ?? "") ?? .nan) + (Double(attributes["width"] ?? "") ?? .nan) / 2))
            default: placed.append((day + (days.map { $0 / 2 } ?? 0), Double(attributes["cx"] ?? "") ?? .nan))
            }
        }
        guard placed.count >= 2 else { return }
        let sorted = placed.sorted { $0.day < $1.day }
        guard let first = sorted.first, let last = sorted.last, last.day > first.day else { return }
        let scale = (last.x - first.x) / (last.day - first.day)
        #expect(scale > 0, "\(context): later days sit further right", sourceLocation: sourceLocation)
        for point in sorted {
            let expected = first.x + (point.day - first.day) * scale
            // Coordinates are written to 0.1: a little slack.
            #expect(abs(point.x - expected) <= 0.6, "\(context): day \(point.day) at \(point.x), proportional would be \(expected)", sourceLocation: sourceLocation)
        }
    }

    /// The rows of a chart's table, cell by cell.
    static func tableRows(_ html: String) -> [[String]] {
        // Every table of the fragment (small multiples have one each).
        matches("<tbody>(.*?)</tbody>", in: html).flatMap { body in
            matches("<tr>(.*?)</tr>", in: body[1]).map { row in matches("<t[dh][^>]*>(.*?)</t[dh]>", in: row[1]).map { unescaped($0[1]) } }
        }
    }

    static func tableColumnSum(_ html: String, column: Int) -> Int {
        tableRows(html).reduce(0) { $0 + (Int($1.count > column ? $1[column] : "") ?? 0) }
    }

    /// Every bar and point's tooltip names a row of the table with the same numbers.
    static func expectTableMatchesDrawing(_ html: String, _ context: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let rows = tableRows(html)
        #expect(!rows.isEmpty, "\(context): a table", sourceLocation: sourceLocation)
        let drawn = matches("<(rect|circle) class=\"(bar|dot)[^\"]*\"[^>]*><title>([^<]*)</title>", in: html).map { unescaped($0[3]) }
        #expect(!drawn.isEmpty, "\(context): something drawn", sourceLocation: sourceLocation)
        for title in drawn {
            // "label: value" (bars and lines), "18 g: 5 ★, 2 brews" (points), "18 g: 3 brews" (histograms).
            guard let colon = title.range(of: ": ", options: .backwards) else { continue }
            var label = String(title[..<colon.lowerBound])
            let value = String(title[colon.upperBound...])
            label = label.replacingOccurrences(of: " (far from the others)", with: "")
            let numbers = matches("([0-9]+(?:\\.[0-9]+)?)", in: value).map { $0[1] }
            let found = rows.contains { row in
                row.contains(label) && numbers.allSatisfy { number in row.contains { $0 == number || $0.hasPrefix(number + " ") || $0.contains(number) } }
            }
            if label.hasPrefix("far from the others") { continue }
            #expect(found, "\(context): \"\(title)\" has a row in the table", sourceLocation: sourceLocation)
        }
    }
}
