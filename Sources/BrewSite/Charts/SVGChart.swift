import BrewKit
import Foundation

/// Draws a `ChartData` as an accessible inline SVG (with `<title>` and `<desc>`), with the same
/// numbers in a table beside it, and as a Markdown list for the twin. Colours come from CSS
/// classes, so light and dark themes both work.
public enum SVGChart {
    static let width = 480.0
    static let height = 220.0
    static let left = 44.0
    static let right = 12.0
    static let top = 14.0
    static let bottom = 40.0

    public static func fragment(_ chart: ChartData) -> PageFragment {
        PageFragment(html: figure(chart), markdown: markdownTable(chart))
    }

    static func figure(_ chart: ChartData) -> String {
        let id = HTMLEscaping.escape(chart.id)
        var html = "<figure class=\"chart\" aria-labelledby=\"\(id)-caption\">\n"
        html += svg(chart)
        html += "<details class=\"chart-data\"><summary>The numbers</summary>\n<table>\n<thead><tr><th scope=\"col\">\(HTMLEscaping.escape(chart.labelHeading))</th><th scope=\"col\">\(HTMLEscaping.escape(chart.valueHeading))</th></tr></thead>\n<tbody>\n"
        for point in chart.points {
            html += "<tr><td>\(HTMLEscaping.escape(point.label))</td><td>\(HTMLEscaping.escape(point.valueText))</td></tr>\n"
        }
        html += "</tbody>\n</table>\n</details>\n"
        // The caption comes last: a figure's caption is its first or last child.
        html += "<figcaption id=\"\(id)-caption\">\(HTMLEscaping.escape(chart.title)). \(HTMLEscaping.escape(chart.summary))</figcaption>\n"
        html += "</figure>\n"
        return html
    }

    static func svg(_ chart: ChartData) -> String {
        let id = HTMLEscaping.escape(chart.id)
        let plotWidth = width - left - right
        let plotHeight = height - top - bottom
        let maximum = max(chart.maximumValue ?? chart.points.map(\.value).max() ?? 1, 1)
        func y(_ value: Double) -> Double { top + plotHeight - plotHeight * min(max(value, 0), maximum) / maximum }
        let count = max(chart.points.count, 1)
        let step = plotWidth / Double(count)

        var svg = "<svg class=\"chart-svg\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" role=\"img\" aria-labelledby=\"\(id)-title \(id)-desc\" preserveAspectRatio=\"xMidYMid meet\">\n"
        svg += "<title id=\"\(id)-title\">\(HTMLEscaping.escape(chart.title))</title>\n<desc id=\"\(id)-desc\">\(HTMLEscaping.escape(chart.summary))</desc>\n"
        // Grid lines at quarters of the axis, with their values.
        for quarter in 0...4 {
            let value = maximum * Double(quarter) / 4
            let lineY = y(value)
            svg += "<line class=\"grid\" x1=\"\(f(left))\" y1=\"\(f(lineY))\" x2=\"\(f(width - right))\" y2=\"\(f(lineY))\"/>"
            svg += "<text class=\"axis\" x=\"\(f(left - 6))\" y=\"\(f(lineY + 4))\" text-anchor=\"end\">\(Format.number(value, decimals: 1))</text>\n"
        }
        switch chart.style {
        case .bars:
            for (index, point) in chart.points.enumerated() {
                let barWidth = max(step * 0.7, 1)
                let x = left + step * Double(index) + (step - barWidth) / 2
                let barTop = y(point.value)
                svg += "<rect class=\"bar\" x=\"\(f(x))\" y=\"\(f(barTop))\" width=\"\(f(barWidth))\" height=\"\(f(top + plotHeight - barTop))\"><title>\(HTMLEscaping.escape(point.label)): \(HTMLEscaping.escape(point.valueText))</title></rect>\n"
            }
        case .line:
            let coordinates = chart.points.enumerated().map { index, point in
                (left + step * (Double(index) + 0.5), y(point.value))
            }
            if !coordinates.isEmpty {
                svg += "<polyline class=\"line\" points=\"\(coordinates.map { "\(f($0.0)),\(f($0.1))" }.joined(separator: " "))\"/>\n"
                for (index, point) in chart.points.enumerated() {
                    svg += "<circle class=\"dot\" cx=\"\(f(coordinates[index].0))\" cy=\"\(f(coordinates[index].1))\" r=\"3\"><title>\(HTMLEscaping.escape(point.label)): \(HTMLEscaping.escape(point.valueText))</title></circle>\n"
                }
            }
        }
        // Label the first, last and a few points between, so labels never overlap.
        let labelEvery = max(1, Int((Double(chart.points.count) / 6).rounded(.up)))
        for (index, point) in chart.points.enumerated() where index % labelEvery == 0 || index == chart.points.count - 1 {
            let x = left + step * (Double(index) + 0.5)
            svg += "<text class=\"axis\" x=\"\(f(x))\" y=\"\(f(height - bottom + 16))\" text-anchor=\"middle\">\(HTMLEscaping.escape(point.label))</text>\n"
        }
        svg += "<line class=\"baseline\" x1=\"\(f(left))\" y1=\"\(f(top + plotHeight))\" x2=\"\(f(width - right))\" y2=\"\(f(top + plotHeight))\"/>\n"
        svg += "</svg>\n"
        return svg
    }

    static func markdownTable(_ chart: ChartData) -> String {
        var lines = ["*\(MarkdownEscaping.escape(chart.title)). \(MarkdownEscaping.escape(chart.summary))*", ""]
        for point in chart.points {
            lines.append("- \(MarkdownEscaping.escape(point.label)): \(MarkdownEscaping.escape(point.valueText))")
        }
        return lines.joined(separator: "\n")
    }

    /// Coordinates with one decimal at most, so output is short and stable.
    static func f(_ value: Double) -> String { Format.number(value, decimals: 1) }
}
