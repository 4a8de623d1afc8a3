import BrewKit
import Foundation

/// Small point charts of ratings (issue 17): one brew is one point, the value a brewer varied
/// across, its rating (whole stars) up; brews with the same value and rating share a larger
/// point. Each chart has a table of the same numbers; a variable with no spread gets no chart.
/// Narrow (320 wide), so that on a 390 px phone the labels stay near their 14 px.
public enum PointChart {
    static let width = 320.0
    static let height = 200.0
    static let left = 38.0
    static let right = 14.0
    static let top = 10.0
    static let bottom = 40.0

    struct Dot {
        var x: Double
        var rating: Int
        var count: Int
        var xText: String
    }

    /// The rating-against-variable charts of one recipe, side by side where there is room.
    public static func factorsFragment(_ factors: [RatingFactors.Factor], recipeName: String, idPrefix: String) -> PageFragment? {
        guard !factors.isEmpty else { return nil }
        var html = "<div class=\"small-multiples\">\n"
        var markdown: [String] = []
        for factor in factors {
            let dots = aggregate(factor.points) { factor.variable.text($0) }
            let title = "Rating against \(factor.variable.title.lowercased())"
            let summary = "\(factor.points.count) rated brews of \(recipeName), from \(factor.variable.text(factor.points.map(\.value).min() ?? 0)) to \(factor.variable.text(factor.points.map(\.value).max() ?? 0))."
            let id = "\(idPrefix)-\(factor.variable.rawValue)"
            let axis: Axis
            var apart: [Dot] = []
            switch factor.variable {
            case .grind: axis = .categories(["fine", "medium", "coarse"])
            case .brewTime: axis = .time(ChartAxis.time(seconds: 0, upperSeconds: factor.points.map(\.value).max() ?? 0, lowerSeconds: factor.points.map(\.value).min() ?? 0))
            default:
                // Values far from the others (a 500 g dose among 18 g ones) are drawn apart, so
                // that they do not squeeze the rest into a hairline (`Histogram.ordinaryRange`).
                let ordinaryRange = Histogram.ordinaryRange(factor.points.map(\.value).sorted())
                apart = dots.filter { !ordinaryRange.contains($0.x) }
                let values = factor.points.map(\.value).filter { ordinaryRange.contains($0) }
                var scale = ChartAxis.values(minimum: values.min() ?? 0, maximum: values.max() ?? 1, target: 3)
                // Ratios are shown to 0.1 and doses weighed to 0.1 g: no finer ticks than those.
                let finest = factor.variable == .ratio ? 0.1 : factor.variable == .temperature ? 0.5 : 0.5
                if scale.step < finest {
                    scale = ChartAxis(lower: ((values.min() ?? 0) / finest).rounded(.down) * finest,
                                      upper: ((values.max() ?? 1) / finest).rounded(.up) * finest, step: finest)
                }
                axis = .values(scale, factor.variable)
            }
            let apartSentence = apart.isEmpty ? "" : " \(apart.map(\.count).reduce(0, +)) far from the others drawn apart at the right: \(Array(Set(apart.map(\.xText))).sorted().joined(separator: ", "))."
            html += figure(dots: dots.filter { dot in !apart.contains { $0.x == dot.x } }, apart: apart, axis: axis, id: id, title: title, summary: summary + apartSentence, valueHeading: factor.variable.title, axisTitle: axisTitle(factor.variable))
            markdown.append("*\(MarkdownEscaping.escape(title)). \(MarkdownEscaping.escape(summary))*\n")
            markdown += dots.map { "- \(MarkdownEscaping.escape($0.xText)): \($0.rating) ★ (\($0.count) brew\($0.count == 1 ? "" : "s"))" }
            markdown.append("")
        }
        html += "</div>\n"
        return PageFragment(html: html, markdown: markdown.joined(separator: "\n"))
    }

    /// The ratings of a recipe's brews over time.
    public static func trendFragment(_ trend: [(date: Date, rating: Int)], recipeName: String, id: String) -> PageFragment? {
        guard trend.count >= 2, let first = trend.first, let last = trend.last else { return nil }
        let firstDay = DateTicks.day(of: first.date), lastDay = max(DateTicks.day(of: last.date), firstDay + 1)
        let points = trend.map { RatingFactors.Point(value: Double(DateTicks.day(of: $0.date)), rating: $0.rating) }
        let dots = aggregate(points) { day in
            let parts = ISO8601.civil(fromSecondsSince1970: Int(day) * 86_400)
            return "\(parts.year)-\(parts.month < 10 ? "0" : "")\(parts.month)-\(parts.day < 10 ? "0" : "")\(parts.day)"
        }
        let title = "Ratings of \(recipeName) over time"
        let summary = "\(trend.count) rated brews from \(dots.first?.xText ?? "") to \(dots.last?.xText ?? ""); each point is a day's brews at one rating."
        let html = figure(dots: dots, axis: .dates(firstDay: firstDay, lastDay: lastDay), id: id, title: title, summary: summary, valueHeading: "Day", axisTitle: "date", wide: true)
        var markdown = ["*\(MarkdownEscaping.escape(title)). \(MarkdownEscaping.escape(summary))*", ""]
        markdown += dots.map { "- \($0.xText): \($0.rating) ★ (\($0.count) brew\($0.count == 1 ? "" : "s"))" }
        return PageFragment(html: html, markdown: markdown.joined(separator: "\n"))
    }

    enum Axis {
        case categories([String])
        case values(ChartAxis, RatingFactors.Variable)
        case time(ChartAxis)
        case dates(firstDay: Int, lastDay: Int)
    }

    static func aggregate(_ points: [RatingFactors.Point], text: (Double) -> String) -> [Dot] {
        var counts: [Double: [Int: Int]] = [:]
        for point in points { counts[point.value, default: [:]][point.rating, default: 0] += 1 }
        return counts.keys.sorted().flatMap { value in
            counts[value]!.keys.sorted().map { rating in Dot(x: value, rating: rating, count: counts[value]![rating]!, xText: text(value)) }
        }
    }

    /// What the horizontal axis measures, written under it.
    static func axisTitle(_ variable: RatingFactors.Variable) -> String {
        switch variable {
        case .grind: "grind"
        case .temperature: "water (°C)"
        case .dose: "coffee (g)"
        case .ratio: "ratio"
        case .brewTime: "brew time (m:ss)"
        }
    }

    /// The strip at the right where values far from the others are drawn apart.
    static let apartWidth = 56.0
    static let apartGap = 14.0

    static func figure(dots: [Dot], apart: [Dot] = [], axis: Axis, id rawID: String, title: String, summary: String, valueHeading: String, axisTitle: String, wide: Bool = false) -> String {
        let id = HTMLEscaping.escape(rawID)
        let chartWidth = wide ? 400.0 : width
        let apartRoom = apart.isEmpty ? 0 : apartWidth + apartGap
        let plotWidth = chartWidth - left - right - apartRoom
        let plotHeight = height - top - bottom
        let f = SVGChart.f
        let lowX: Double, highX: Double
        switch axis {
        case .categories(let names): (lowX, highX) = (-0.5, Double(names.count) - 0.5)
        // Half a step of room at each end, so that no point sits on the rating labels.
        case .values(let scale, _), .time(let scale): (lowX, highX) = (scale.lower - scale.step * 0.4, scale.upper + scale.step * 0.4)
        case .dates(let first, let last): (lowX, highX) = (Double(first) - 0.5, Double(last) + 0.5)
        }
        func x(_ value: Double) -> Double { left + plotWidth * (value - lowX) / max(highX - lowX, 1e-9) }
        func y(_ rating: Double) -> Double { top + plotHeight - plotHeight * (rating - 0.5) / 5 }

        var svg = "<figure class=\"chart points\" aria-labelledby=\"\(id)-caption\">\n"
        svg += "<svg class=\"chart-svg\" viewBox=\"0 0 \(Int(chartWidth)) \(Int(height))\" role=\"img\" aria-labelledby=\"\(id)-title \(id)-desc\">\n"
        svg += "<title id=\"\(id)-title\">\(HTMLEscaping.escape(title))</title>\n<desc id=\"\(id)-desc\">\(HTMLEscaping.escape(summary))</desc>\n"
        for star in ChartAxis.stars.ticks {
            svg += "<line class=\"grid\" x1=\"\(f(left))\" y1=\"\(f(y(star)))\" x2=\"\(f(chartWidth - right))\" y2=\"\(f(y(star)))\"/>"
            svg += "<text class=\"axis\" x=\"\(f(left - 6))\" y=\"\(f(y(star) + 5))\" text-anchor=\"end\">\(Int(star))★</text>\n"
        }
        var ticks: [(Double, String)] = []
        var isDates = false
        if case .dates = axis { isDates = true }
        switch axis {
        case .categories(let names): ticks = names.enumerated().map { (Double($0.offset), $0.element) }
        case .values(let scale, let variable): ticks = scale.ticks.map { ($0, variable == .ratio ? "1:\(scale.label($0))" : scale.label($0)) }
        case .time(let scale): ticks = scale.ticks.map { ($0, Format.clock($0)) }
        case .dates(let first, let last):
            ticks = SVGChart.dateTicks(firstDay: first, lastDay: last, plotWidth: plotWidth).map { (Double($0.day), $0.label) }
        }
        for (value, label) in ticks {
            svg += "<line class=\"grid\" x1=\"\(f(x(value)))\" y1=\"\(f(top))\" x2=\"\(f(x(value)))\" y2=\"\(f(top + plotHeight))\"/>"
            let place = SVGChart.anchored(x(value), label: label, chartWidth: chartWidth)
            let day = isDates ? " data-day=\"\(Int(value))\" data-x=\"\(f(x(value)))\"" : ""
            svg += "<text class=\"axis\" x=\"\(f(place.x))\" y=\"\(f(height - bottom + 20))\" text-anchor=\"\(place.anchor)\"\(day)>\(HTMLEscaping.escape(label))</text>\n"
        }
        for dot in dots {
            let radius = min(4 + 2 * (Double(dot.count) - 1).squareRoot() * 2, 12)
            let label = "\(dot.xText): \(dot.rating) ★, \(dot.count) brew\(dot.count == 1 ? "" : "s")"
            let day = isDates ? " data-day=\"\(Int(dot.x))\"" : ""
            svg += "<circle class=\"dot\"\(day) cx=\"\(f(x(dot.x)))\" cy=\"\(f(y(Double(dot.rating))))\" r=\"\(f(radius))\"><title>\(HTMLEscaping.escape(label))</title></circle>\n"
        }
        let plotRight = left + plotWidth
        if !apart.isEmpty {
            let center = plotRight + apartGap + apartWidth / 2
            for dot in apart {
                let radius = min(4 + 2 * (Double(dot.count) - 1).squareRoot() * 2, 12)
                let label = "\(dot.xText) (far from the others): \(dot.rating) ★, \(dot.count) brew\(dot.count == 1 ? "" : "s")"
                svg += "<circle class=\"dot dot-apart\" cx=\"\(f(center))\" cy=\"\(f(y(Double(dot.rating))))\" r=\"\(f(radius))\"><title>\(HTMLEscaping.escape(label))</title></circle>\n"
            }
            let values = Array(Set(apart.map(\.xText))).sorted()
            let name = values.count == 1 && Double(values[0].count) * 8.5 <= apartWidth + apartGap ? values[0] : "\(values.count) values"
            svg += "<line class=\"break\" x1=\"\(f(plotRight + apartGap / 2 - 4))\" y1=\"\(f(top + plotHeight + 6))\" x2=\"\(f(plotRight + apartGap / 2 + 4))\" y2=\"\(f(top + plotHeight - 6))\"/>\n"
            svg += "<line class=\"baseline\" x1=\"\(f(plotRight + apartGap))\" y1=\"\(f(top + plotHeight))\" x2=\"\(f(chartWidth - right))\" y2=\"\(f(top + plotHeight))\"/>\n"
            svg += "<text class=\"axis\" x=\"\(f(min(center, chartWidth - 2 - Double(name.count) * 4.25)))\" y=\"\(f(height - bottom + 20))\" text-anchor=\"middle\">\(HTMLEscaping.escape(name))</text>\n"
            svg += "<text class=\"axis\" x=\"\(f(chartWidth - right))\" y=\"\(f(height - 3))\" text-anchor=\"end\">apart</text>\n"
        }
        svg += "<line class=\"baseline\" x1=\"\(f(left))\" y1=\"\(f(top + plotHeight))\" x2=\"\(f(plotRight))\" y2=\"\(f(top + plotHeight))\"/>\n"
        svg += "<text class=\"axis\" x=\"\(f(plotRight))\" y=\"\(f(height - 3))\" text-anchor=\"end\">\(HTMLEscaping.escape(axisTitle))</text>\n"
        svg += "</svg>\n"
        svg += "<details class=\"chart-data\"><summary>The numbers</summary>\n<table>\n<thead><tr><th scope=\"col\">\(HTMLEscaping.escape(valueHeading))</th><th scope=\"col\">Rating</th><th scope=\"col\">Brews</th></tr></thead>\n<tbody>\n"
        for dot in dots + apart {
            svg += "<tr><td>\(HTMLEscaping.escape(dot.xText))</td><td>\(dot.rating) of 5</td><td>\(dot.count)</td></tr>\n"
        }
        svg += "</tbody>\n</table>\n</details>\n"
        svg += "<figcaption id=\"\(id)-caption\">\(HTMLEscaping.escape(title)). \(HTMLEscaping.escape(summary))</figcaption>\n</figure>\n"
        return svg
    }
}
