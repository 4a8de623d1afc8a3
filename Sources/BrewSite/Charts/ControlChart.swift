import BrewKit
import Foundation

/// The SCA brewing control chart of the journal's brews (issue 52): strength (TDS %) up against
/// extraction (%) across, the Golden Cup box, the lines of beverage-to-coffee ratios 1:14 to 1:18,
/// one point a placed brew (`ControlChartPlacement`), linked to its page and shaded by its rating,
/// and the table of the same points. Which brews were left out, and why, is said under it.
public enum ControlChart {
    static let width = 360.0
    static let height = 300.0
    static let left = 46.0
    static let right = 14.0
    static let top = 26.0
    static let bottom = 42.0
    /// The ratio lines drawn (grams of beverage a gram of coffee).
    static let ratios: [Double] = [14, 16, 18]
    /// The most points drawn (the newest); a journal measures TDS on a few brews, so this is room.
    public static let mostPoints = 400

    /// - Parameters:
    ///   - placement: the placed brews, newest first.
    ///   - paths: each placed brew's page path (without `.html`) by its id.
    ///   - names: each placed brew's name in the table ("V60 starter, 2026-03-14 07:42") by its id.
    public static func fragment(_ placement: ControlChartPlacement, paths: [String: String], names: [String: String], id rawID: String = "control-chart") -> PageFragment? {
        guard !placement.points.isEmpty else { return nil }
        let shown = Array(placement.points.prefix(mostPoints))
        let id = HTMLEscaping.escape(rawID)
        let f = SVGChart.f
        // The classic chart's window, widened to take every point.
        let lowE = min(14, (shown.map(\.extractionPercent).min() ?? 14).rounded(.down))
        let highE = max(26, (shown.map(\.extractionPercent).max() ?? 26).rounded(.up))
        let lowT = min(0.8, ((shown.map(\.tdsPercent).min() ?? 0.8) * 10).rounded(.down) / 10)
        let highT = max(1.8, ((shown.map(\.tdsPercent).max() ?? 1.8) * 10).rounded(.up) / 10)
        let plotWidth = width - left - right, plotHeight = height - top - bottom
        func x(_ extraction: Double) -> Double { left + plotWidth * (extraction - lowE) / (highE - lowE) }
        func y(_ tds: Double) -> Double { top + plotHeight - plotHeight * (tds - lowT) / (highT - lowT) }

        let title = "Brewing control chart"
        let summary = Self.summary(placement, shown: shown.count)
        var svg = "<figure class=\"chart control-chart\" aria-labelledby=\"\(id)-caption\">\n"
        svg += "<svg class=\"chart-svg\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" role=\"group\" aria-labelledby=\"\(id)-title \(id)-desc\">\n"
        svg += "<title id=\"\(id)-title\">\(title)</title>\n<desc id=\"\(id)-desc\">\(HTMLEscaping.escape(summary))</desc>\n"
        // Grid and axes.
        let eStep = (highE - lowE) > 16 ? 4.0 : 2.0
        var e = (lowE / eStep).rounded(.up) * eStep
        while e <= highE + 1e-9 {
            svg += "<line class=\"grid\" x1=\"\(f(x(e)))\" y1=\"\(f(top))\" x2=\"\(f(x(e)))\" y2=\"\(f(top + plotHeight))\"/>"
            svg += "<text class=\"axis\" x=\"\(f(x(e)))\" y=\"\(f(height - bottom + 20))\" text-anchor=\"middle\">\(Format.number(e))</text>\n"
            e += eStep
        }
        let tStep = (highT - lowT) > 1.6 ? 0.4 : 0.2
        var t = (lowT / tStep).rounded(.up) * tStep
        while t <= highT + 1e-9 {
            svg += "<line class=\"grid\" x1=\"\(f(left))\" y1=\"\(f(y(t)))\" x2=\"\(f(width - right))\" y2=\"\(f(y(t)))\"/>"
            svg += "<text class=\"axis\" x=\"\(f(left - 6))\" y=\"\(f(y(t) + 5))\" text-anchor=\"end\">\(Format.number(t, decimals: 1))</text>\n"
            t += tStep
        }
        // The Golden Cup box.
        let box = (BrewingControl.goldenCupExtractionPercent, BrewingControl.goldenCupTDSPercent)
        svg += "<rect class=\"cc-box\" x=\"\(f(x(box.0.lowerBound)))\" y=\"\(f(y(box.1.upperBound)))\" width=\"\(f(x(box.0.upperBound) - x(box.0.lowerBound)))\" height=\"\(f(y(box.1.lowerBound) - y(box.1.upperBound)))\"><title>Golden Cup: 1.15–1.35 % TDS, 18–22 % extraction</title></rect>\n"
        // Ratio lines, clipped to the plot.
        svg += "<clipPath id=\"\(id)-plot\"><rect x=\"\(f(left))\" y=\"\(f(top))\" width=\"\(f(plotWidth))\" height=\"\(f(plotHeight))\"/></clipPath>\n<g clip-path=\"url(#\(id)-plot)\">\n"
        for ratio in ratios {
            let fromT = BrewingControl.ratioLineTDSPercent(extractionPercent: lowE, ratio: ratio)
            let toT = BrewingControl.ratioLineTDSPercent(extractionPercent: highE, ratio: ratio)
            svg += "<line class=\"cc-ratio\" x1=\"\(f(x(lowE)))\" y1=\"\(f(y(fromT)))\" x2=\"\(f(x(highE)))\" y2=\"\(f(y(toT)))\"/>\n"
        }
        svg += "</g>\n"
        for ratio in ratios {
            // The label where the line leaves the plot at the right or the bottom.
            let atRight = BrewingControl.ratioLineTDSPercent(extractionPercent: highE, ratio: ratio)
            let labelE = atRight >= lowT ? highE : lowT * ratio
            let labelT = max(atRight, lowT)
            svg += "<text class=\"axis cc-ratio-label\" x=\"\(f(x(labelE) - 4))\" y=\"\(f(max(y(labelT) - 6, top + 14)))\" text-anchor=\"end\">1:\(Int(ratio))</text>\n"
        }
        // The points, oldest first so the newest are drawn on top.
        for point in shown.reversed() {
            let rated = point.rating.map { "\($0) ★" } ?? "not rated"
            let label = "\(Self.tds(point.tdsPercent)) TDS, \(Self.extraction(point.extractionPercent)) extraction, \(rated)"
            let shade = point.rating.map { "cc-r\($0)" } ?? "cc-unrated"
            let dot = "<circle class=\"cc-dot \(shade)\" cx=\"\(f(x(point.extractionPercent)))\" cy=\"\(f(y(point.tdsPercent)))\" r=\"5\"><title>\(HTMLEscaping.escape(label))</title></circle>"
            if let path = paths[point.id] {
                // A group, not an image: the points are links, each named for a screen reader.
                let name = names[point.id].map { "\($0): \(label)" } ?? label
                svg += "<a href=\"\(HTMLEscaping.escape(path)).html\" aria-label=\"\(HTMLEscaping.escape(name))\">\(dot)</a>\n"
            } else {
                svg += dot + "\n"
            }
        }
        svg += "<line class=\"baseline\" x1=\"\(f(left))\" y1=\"\(f(top + plotHeight))\" x2=\"\(f(width - right))\" y2=\"\(f(top + plotHeight))\"/>\n"
        svg += "<text class=\"axis\" x=\"\(f(width - right))\" y=\"\(f(height - 3))\" text-anchor=\"end\">extraction (%)</text>\n"
        svg += "<text class=\"axis\" x=\"2\" y=\"16\" text-anchor=\"start\">TDS (%)</text>\n"
        svg += "</svg>\n"
        svg += "<p class=\"cc-key\">Shading: the more solid the point, the higher the rating (a hollow ring: not rated). The box is the Golden Cup; the lines are beverage-to-coffee ratios.</p>\n"
        svg += "<details class=\"chart-data\"><summary>The numbers</summary>\n<table>\n<thead><tr><th scope=\"col\">Brew</th><th scope=\"col\">TDS</th><th scope=\"col\">Extraction</th><th scope=\"col\">From</th><th scope=\"col\">Rating</th></tr></thead>\n<tbody>\n"
        var markdown = ["*\(MarkdownEscaping.escape(title)). \(MarkdownEscaping.escape(summary))*", ""]
        for point in shown {
            let name = names[point.id] ?? point.id
            let link = paths[point.id].map { "<a href=\"\(HTMLEscaping.escape($0)).html\">\(HTMLEscaping.escape(name))</a>" } ?? HTMLEscaping.escape(name)
            let from = Self.basisText(point)
            let rated = point.rating.map { "\($0) of 5" } ?? "not rated"
            svg += "<tr><td>\(link)</td><td>\(Self.tds(point.tdsPercent))</td><td>\(Self.extraction(point.extractionPercent))</td><td>\(HTMLEscaping.escape(from))</td><td>\(rated)</td></tr>\n"
            let mdName = paths[point.id].map { "[\(MarkdownEscaping.escape(name))](\($0).md)" } ?? MarkdownEscaping.escape(name)
            markdown.append("- \(mdName): \(Self.tds(point.tdsPercent)) TDS, \(Self.extraction(point.extractionPercent)) extraction (\(MarkdownEscaping.escape(from))), \(rated)")
        }
        svg += "</tbody>\n</table>\n</details>\n"
        svg += "<figcaption id=\"\(id)-caption\">\(title). \(HTMLEscaping.escape(summary))</figcaption>\n</figure>\n"
        return PageFragment(html: svg, markdown: markdown.joined(separator: "\n"))
    }

    static func tds(_ value: Double) -> String { "\(Format.number(value, decimals: 2)) %" }
    static func extraction(_ value: Double) -> String { "\(Format.number(value, decimals: 1)) %" }

    static func basisText(_ point: ControlChartPlacement.Point) -> String {
        var text = point.basis.rawValue
        if let brix = point.brix { text += "; TDS from \(Format.number(brix, decimals: 2)) °Bx × 0.85 (approximate)" }
        return text
    }

    /// What the chart holds, where the 4- and 5-star brews sit, and what it left out.
    static func summary(_ placement: ControlChartPlacement, shown: Int) -> String {
        var parts = ["\(Format.count(placement.points.count, "brew")) with a TDS reading, strength against extraction, with the Golden Cup box (1.15–1.35 % TDS, 18–22 % extraction)."]
        if shown < placement.points.count { parts.append("The newest \(shown) are drawn.") }
        parts.append(clusterSentence(placement.wellRated))
        parts.append(leftOutSentence(placement))
        return parts.filter { !$0.isEmpty }.joined(separator: " ")
    }

    static func clusterSentence(_ cluster: ControlChartPlacement.Cluster?) -> String {
        guard let cluster else { return "No placed brew is rated 4 or 5 stars." }
        let strengthSide = ["weaker than", "inside", "stronger than"][cluster.strength.rawValue + 1]
        let extractionSide = ["under", "inside", "over"][cluster.extraction.rawValue + 1]
        let position = cluster.strength == .inside && cluster.extraction == .inside
            ? "inside the box"
            : "\(strengthSide) the box's strength and \(extractionSide) its extraction range"
        return "The \(Format.count(cluster.count, "brew")) rated 4 or 5 stars sit at a median of \(tds(cluster.medianTDSPercent)) TDS and \(extraction(cluster.medianExtractionPercent)) extraction (\(position)); \(cluster.insideBox) of the \(cluster.count) \(cluster.insideBox == 1 ? "is" : "are") inside it."
    }

    static func leftOutSentence(_ placement: ControlChartPlacement) -> String {
        guard placement.leftOutCount > 0 else { return "No brew was left out." }
        let reasons = placement.leftOut.keys.sorted().map { "\(placement.leftOut[$0]!) for \($0.rawValue)" }
        return "\(Format.count(placement.leftOutCount, "brew")) left out, never placed by a guess: \(Format.list(reasons))."
    }
}
