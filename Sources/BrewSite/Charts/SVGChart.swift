import BrewKit
import Foundation

/// Draws a `ChartData` as an accessible inline SVG (with `<title>` and `<desc>`), with the same
/// numbers in a table beside it, and as a Markdown list for the twin. Colours come from CSS
/// classes, so light and dark themes both work.
///
/// Axes (`ChartAxis`): values tick at 1, 2 or 5 × 10ⁿ, counts in whole brews and ratings in
/// whole stars; category labels are thinned so that they never overlap. The view box is 400
/// wide, so 14 px labels stay above 12 px on a 390 px phone. No data draws no chart: a
/// sentence says so instead.
public enum SVGChart {
    static let width = 400.0
    static let height = 220.0
    static let left = 44.0
    static let right = 12.0
    static let top = 14.0
    static let bottom = 40.0

    public static func fragment(_ chart: ChartData) -> PageFragment {
        guard !chart.points.isEmpty else {
            let text = "\(chart.title): no brews yet, so no chart."
            return PageFragment(html: "<p class=\"chart-empty\">\(HTMLEscaping.escape(text))</p>\n", markdown: MarkdownEscaping.escape(text))
        }
        return PageFragment(html: figure(chart), markdown: markdownTable(chart))
    }

    /// The value axis of a chart.
    static func valueAxis(_ chart: ChartData) -> ChartAxis {
        let largest = max(chart.maximumValue ?? 0, chart.points.map(\.value).max() ?? 0)
        switch chart.valueKind {
        case .stars: return chart.style == .line ? ChartAxis.stars : ChartAxis(lower: 0, upper: 5, step: 1)
        case .count: return ChartAxis.values(maximum: max(largest, 1), target: 4, wholeSteps: true)
        case .amount: return ChartAxis.values(maximum: largest > 0 ? largest : 1, target: 4)
        }
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
        let axis = valueAxis(chart)
        let span = max(axis.upper - axis.lower, 1e-9)
        func y(_ value: Double) -> Double { top + plotHeight - plotHeight * (min(max(value, axis.lower), axis.upper) - axis.lower) / span }
        let count = max(chart.points.count, 1)
        let step = plotWidth / Double(count)
        // A time series is drawn on a time axis, proportional to the days, gaps and all.
        if let time = TimeAxis(chart.points, plotWidth: plotWidth) {
            return timeSVG(chart, time: time, axis: axis, y: y)
        }

        var svg = "<svg class=\"chart-svg\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" role=\"img\" aria-labelledby=\"\(id)-title \(id)-desc\" preserveAspectRatio=\"xMidYMid meet\">\n"
        svg += "<title id=\"\(id)-title\">\(HTMLEscaping.escape(chart.title))</title>\n<desc id=\"\(id)-desc\">\(HTMLEscaping.escape(chart.summary))</desc>\n"
        // Grid lines at round values, with their values.
        for value in axis.ticks {
            let lineY = y(value)
            svg += "<line class=\"grid\" x1=\"\(f(left))\" y1=\"\(f(lineY))\" x2=\"\(f(width - right))\" y2=\"\(f(lineY))\"/>"
            let label = chart.valueKind == .stars ? "\(axis.label(value))★" : axis.label(value)
            svg += "<text class=\"axis tick-y\" x=\"\(f(left - 6))\" y=\"\(f(lineY + 5))\" text-anchor=\"end\">\(label)</text>\n"
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
        // Label as many categories as fit side by side (about 8.5 px a character at 14 px),
        // evenly and the first always, so labels never overlap.
        let longest = chart.points.map(\.label.count).max() ?? 1
        for index in ChartAxis.labelledIndices(count: chart.points.count, width: plotWidth, labelWidth: Double(longest) * 8.5 + 12) {
            let x = left + step * (Double(index) + 0.5)
            svg += "<text class=\"axis\" x=\"\(f(x))\" y=\"\(f(height - bottom + 20))\" text-anchor=\"middle\">\(HTMLEscaping.escape(chart.points[index].label))</text>\n"
        }
        svg += "<line class=\"baseline\" x1=\"\(f(left))\" y1=\"\(f(top + plotHeight))\" x2=\"\(f(width - right))\" y2=\"\(f(top + plotHeight))\"/>\n"
        svg += "</svg>\n"
        return svg
    }

    /// Where days fall across a plot: the first period's start at the left, the last's end at
    /// the right.
    struct TimeAxis {
        var firstDay: Int
        var lastDay: Int
        var plotWidth: Double

        init?(_ points: [ChartData.Point], plotWidth: Double) {
            let starts = points.compactMap(\.startDay)
            guard !points.isEmpty, starts.count == points.count, let first = starts.min() else { return nil }
            firstDay = first
            lastDay = max(points.map { ($0.startDay ?? first) + $0.lengthDays }.max() ?? first + 1, first + 1)
            self.plotWidth = plotWidth
        }

        func x(_ day: Double) -> Double { left + plotWidth * (day - Double(firstDay)) / Double(lastDay - firstDay) }
    }

    /// The longest label a date tick can have ("Sep 2026"), at 14 px and with room between.
    static let dateLabelWidth = 8 * 8.5 + 16

    /// Date ticks at calendar boundaries (`DateTicks`), as many as fit side by side.
    static func dateTicks(firstDay: Int, lastDay: Int, plotWidth: Double) -> [(day: Int, label: String)] {
        DateTicks.ticks(firstDay: firstDay, lastDay: lastDay, maximum: max(1, Int(plotWidth / dateLabelWidth) - 1))
    }

    /// A label's anchor and x on the axis, kept inside the view box at the ends.
    static func anchored(_ x: Double, label: String, chartWidth: Double) -> (x: Double, anchor: String) {
        let half = Double(label.count) * 8.5 / 2
        if x - half < 2 { return (max(x, 2), "start") }
        if x + half > chartWidth - 2 { return (min(x, chartWidth - 2), "end") }
        return (x, "middle")
    }

    static func timeSVG(_ chart: ChartData, time: TimeAxis, axis: ChartAxis, y: (Double) -> Double) -> String {
        let id = HTMLEscaping.escape(chart.id)
        let plotHeight = height - top - bottom
        var svg = "<svg class=\"chart-svg\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" role=\"img\" aria-labelledby=\"\(id)-title \(id)-desc\" preserveAspectRatio=\"xMidYMid meet\">\n"
        svg += "<title id=\"\(id)-title\">\(HTMLEscaping.escape(chart.title))</title>\n<desc id=\"\(id)-desc\">\(HTMLEscaping.escape(chart.summary))</desc>\n"
        for value in axis.ticks {
            let lineY = y(value)
            svg += "<line class=\"grid\" x1=\"\(f(left))\" y1=\"\(f(lineY))\" x2=\"\(f(width - right))\" y2=\"\(f(lineY))\"/>"
            let label = chart.valueKind == .stars ? "\(axis.label(value))★" : axis.label(value)
            svg += "<text class=\"axis tick-y\" x=\"\(f(left - 6))\" y=\"\(f(lineY + 5))\" text-anchor=\"end\">\(label)</text>\n"
        }
        for tick in dateTicks(firstDay: time.firstDay, lastDay: time.lastDay, plotWidth: time.plotWidth) {
            let tickX = time.x(Double(tick.day))
            svg += "<line class=\"grid\" x1=\"\(f(tickX))\" y1=\"\(f(top))\" x2=\"\(f(tickX))\" y2=\"\(f(top + plotHeight))\"/>"
            let place = anchored(tickX, label: tick.label, chartWidth: width)
            svg += "<text class=\"axis\" x=\"\(f(place.x))\" y=\"\(f(height - bottom + 20))\" text-anchor=\"\(place.anchor)\" data-day=\"\(tick.day)\" data-x=\"\(f(tickX))\">\(HTMLEscaping.escape(tick.label))</text>\n"
        }
        switch chart.style {
        case .bars:
            for point in chart.points where point.value > 0 {
                let start = Double(point.startDay ?? time.firstDay), end = start + Double(point.lengthDays)
                let full = time.x(end) - time.x(start)
                let barWidth = max(full * 0.8, 1)
                let barTop = y(point.value)
                svg += "<rect class=\"bar\" data-day=\"\(Int(start))\" data-days=\"\(point.lengthDays)\" x=\"\(f(time.x(start) + (full - barWidth) / 2))\" y=\"\(f(barTop))\" width=\"\(f(barWidth))\" height=\"\(f(top + plotHeight - barTop))\"><title>\(HTMLEscaping.escape(point.label)): \(HTMLEscaping.escape(point.valueText))</title></rect>\n"
            }
        case .line:
            // Consecutive periods are joined; a period without data breaks the line, so a gap
            // of ten months shows as ten months of nothing.
            var runs: [[(Double, Double)]] = []
            var previousEnd: Int?
            for point in chart.points {
                let start = point.startDay ?? time.firstDay
                let coordinate = (time.x(Double(start) + Double(point.lengthDays) / 2), y(point.value))
                if previousEnd == start, !runs.isEmpty { runs[runs.count - 1].append(coordinate) } else { runs.append([coordinate]) }
                previousEnd = start + point.lengthDays
            }
            for run in runs where run.count >= 2 {
                svg += "<polyline class=\"line\" points=\"\(run.map { "\(f($0.0)),\(f($0.1))" }.joined(separator: " "))\"/>\n"
            }
            for (point, coordinate) in zip(chart.points, runs.flatMap { $0 }) {
                svg += "<circle class=\"dot\" data-day=\"\(point.startDay ?? time.firstDay)\" data-days=\"\(point.lengthDays)\" cx=\"\(f(coordinate.0))\" cy=\"\(f(coordinate.1))\" r=\"3\"><title>\(HTMLEscaping.escape(point.label)): \(HTMLEscaping.escape(point.valueText))</title></circle>\n"
            }
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
