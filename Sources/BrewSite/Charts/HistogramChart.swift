import BrewKit

/// A histogram of doses or ratios that reads true (issue 28): bins of a round width on a value
/// axis ticked at their round edges, each bar labelled with the values it holds when the label
/// fits ("1:16.7", not the bin's lower edge "1:16.5"), and the outliers (`Histogram`) in a panel
/// of their own at the right, labelled, so that one 500 g dose does not squeeze the rest into a
/// hairline. The table and the Markdown twin give every bin with its values and every outlier.
public enum HistogramChart {
    static let width = 400.0
    static let height = 236.0
    static let left = 44.0
    static let right = 12.0
    /// Room above the tallest bar for its label.
    static let top = 30.0
    static let bottom = 44.0
    /// The outliers' panel, right of the ordinary bins.
    static let panelWidth = 76.0
    static let panelGap = 14.0
    /// About 8.5 units a character at 14 px.
    static let characterWidth = 8.5

    /// How the values read: `text` with the unit ("18 g", "1:16.7"), `tick` on the axis ("18",
    /// "1:16.5"), `edge` a bin's edge in the table ("17.5 g", "1:16.5").
    public struct Formats {
        public var text: (Double) -> String
        public var tick: (Double) -> String
        public var edge: (Double) -> String
        public init(text: @escaping (Double) -> String, tick: @escaping (Double) -> String, edge: @escaping (Double) -> String) {
            self.text = text
            self.tick = tick
            self.edge = edge
        }
    }

    /// The step between labelled edges: the bin width times 1, 2, 4, 5, 10, 20 … whichever is
    /// round (1, 2, 2.5 or 5 × 10ⁿ) and leaves a label's width between labels.
    static func labelledStep(binWidth: Double, binPixels: Double, labelWidth: Double) -> Double {
        var multiplier = 1.0
        for _ in 0..<40 {
            for factor in [1.0, 2.0, 4.0, 5.0] {
                let step = binWidth * factor * multiplier
                if factor * multiplier * binPixels >= labelWidth && abs(Histogram.roundStep(step * (1 - 1e-9)) - step) <= step * 1e-9 {
                    return step
                }
            }
            multiplier *= 10
        }
        return binWidth * multiplier
    }

    /// The edges to label: those at the round step when there are three or more, else the first,
    /// the last and the one nearest the middle (as many as fit), so that every histogram has ticks
    /// spanning its bars (one tick at 1:16 under bars at 1:15 and 1:16.7 names neither).
    static func spanningLabels(_ atRoundStep: [Int], edgeCount: Int, binPixels: Double, labelWidth: Double) -> [Int] {
        guard atRoundStep.count < 3, edgeCount >= 2 else { return atRoundStep }
        let last = edgeCount - 1
        var chosen = [0, last]
        let middle = last / 2
        // The middle edge only when it leaves a label's width to each end.
        if middle > 0, middle < last, Double(min(middle, last - middle)) * binPixels >= labelWidth {
            chosen.insert(middle, at: 1)
        }
        return chosen
    }

    public static func fragment(_ histogram: Histogram, id: String, title: String, summary: String, valueHeading: String, axisTitle: String, formats: Formats) -> PageFragment {
        guard !histogram.isEmpty else {
            let text = "\(title): no brews yet, so no chart."
            return PageFragment(html: "<p class=\"chart-empty\">\(HTMLEscaping.escape(text))</p>\n", markdown: MarkdownEscaping.escape(text))
        }
        let fullSummary = summary + outlierSentence(histogram, formats: formats)
        let rows = tableRows(histogram, formats: formats)
        let escapedID = HTMLEscaping.escape(id)
        var html = "<figure class=\"chart histogram\" aria-labelledby=\"\(escapedID)-caption\">\n"
        html += svg(histogram, id: escapedID, title: title, summary: fullSummary, axisTitle: axisTitle, formats: formats)
        html += "<details class=\"chart-data\"><summary>The numbers</summary>\n<table>\n<thead><tr><th scope=\"col\">\(HTMLEscaping.escape(valueHeading))</th><th scope=\"col\">Values in it</th><th scope=\"col\">Brews</th></tr></thead>\n<tbody>\n"
        for row in rows {
            html += "<tr><td>\(HTMLEscaping.escape(row.bin))</td><td>\(HTMLEscaping.escape(row.values))</td><td>\(row.count)</td></tr>\n"
        }
        html += "</tbody>\n</table>\n</details>\n"
        html += "<figcaption id=\"\(escapedID)-caption\">\(HTMLEscaping.escape(title)). \(HTMLEscaping.escape(fullSummary))</figcaption>\n</figure>\n"
        var markdown = ["*\(MarkdownEscaping.escape(title)). \(MarkdownEscaping.escape(fullSummary))*", ""]
        markdown += rows.map { "- \(MarkdownEscaping.escape($0.bin)): \($0.count) brew\($0.count == 1 ? "" : "s") (\(MarkdownEscaping.escape($0.values)))" }
        return PageFragment(html: html, markdown: markdown.joined(separator: "\n"))
    }

    /// What the outliers' panel holds, in a sentence: " 1 brew beyond the ordinary range is drawn apart: 500 g."
    static func outlierSentence(_ histogram: Histogram, formats: Formats) -> String {
        guard histogram.outlierCount > 0 else { return "" }
        let count = histogram.outlierCount
        let values = histogram.outliers.map { $0.count == 1 ? formats.text($0.value) : "\(formats.text($0.value)) (\($0.count) brews)" }
        return " \(count) brew\(count == 1 ? "" : "s") far from the others \(count == 1 ? "is" : "are") drawn apart, right of the bins: \(values.joined(separator: ", "))."
    }

    /// The values a bin holds: "18 g", "18.2–18.4 g"; "none".
    static func held(_ bin: Histogram.Bin, formats: Formats) -> String {
        guard let smallest = bin.smallest, let largest = bin.largest else { return "none" }
        return smallest == largest ? formats.text(smallest) : "\(formats.text(smallest))–\(formats.text(largest))"
    }

    static func tableRows(_ histogram: Histogram, formats: Formats) -> [(bin: String, values: String, count: Int)] {
        var rows = histogram.bins.map { bin in
            ("\(formats.edge(bin.lower)) to under \(formats.edge(bin.upper))", held(bin, formats: formats), bin.count)
        }
        rows += histogram.outliers.map { ("far from the others", formats.text($0.value), $0.count) }
        return rows
    }

    static func svg(_ histogram: Histogram, id: String, title: String, summary: String, axisTitle: String, formats: Formats) -> String {
        let f = SVGChart.f
        let plotHeight = height - top - bottom
        let hasPanel = histogram.outlierCount > 0
        let binsRight = width - right - (hasPanel ? panelWidth + panelGap : 0)
        let binsWidth = binsRight - left
        let largest = max(histogram.bins.map(\.count).max() ?? 0, histogram.outlierCount, 1)
        let axis = ChartAxis.values(maximum: Double(largest), target: 4, wholeSteps: true)
        func y(_ count: Double) -> Double { top + plotHeight - plotHeight * count / max(axis.upper, 1) }
        let lowEdge = histogram.bins.first?.lower ?? 0
        let highEdge = histogram.bins.last?.upper ?? 1
        func x(_ value: Double) -> Double { left + binsWidth * (value - lowEdge) / max(highEdge - lowEdge, 1e-300) }

        var svg = "<svg class=\"chart-svg\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" role=\"img\" aria-labelledby=\"\(id)-title \(id)-desc\" preserveAspectRatio=\"xMidYMid meet\">\n"
        svg += "<title id=\"\(id)-title\">\(HTMLEscaping.escape(title))</title>\n<desc id=\"\(id)-desc\">\(HTMLEscaping.escape(summary))</desc>\n"
        for value in axis.ticks {
            svg += "<line class=\"grid\" x1=\"\(f(left))\" y1=\"\(f(y(value)))\" x2=\"\(f(width - right))\" y2=\"\(f(y(value)))\"/>"
            svg += "<text class=\"axis tick-y\" x=\"\(f(left - 6))\" y=\"\(f(y(value) + 5))\" text-anchor=\"end\">\(axis.label(value))</text>\n"
        }
        // Edges at round values, as many labelled as fit side by side.
        let edges = histogram.bins.map(\.lower) + [highEdge]
        let edgeLabels = edges.map(formats.tick)
        let longest = Double(edgeLabels.map(\.count).max() ?? 1) * characterWidth + 12
        let binPixels = binsWidth / Double(max(histogram.bins.count, 1))
        // Every edge, or every 2nd, 4th, 5th, 10th … whichever fits and keeps the labelled
        // edges at a round step (never 3 × 0.5 = 1.5): labelled are the multiples of that step.
        let labelStep = labelledStep(binWidth: histogram.binWidth, binPixels: binPixels, labelWidth: longest)
        let atRoundStep = edges.indices.filter { index in
            let multiple = edges[index] / labelStep
            return abs(multiple - multiple.rounded()) < 1e-6
        }
        let labelled = spanningLabels(atRoundStep, edgeCount: edges.count, binPixels: binPixels, labelWidth: longest)
        for index in labelled {
            let place = SVGChart.anchored(x(edges[index]), label: edgeLabels[index], chartWidth: hasPanel ? binsRight + panelGap / 2 : width)
            svg += "<line class=\"grid\" x1=\"\(f(x(edges[index])))\" y1=\"\(f(top))\" x2=\"\(f(x(edges[index])))\" y2=\"\(f(top + plotHeight))\"/>"
            svg += "<text class=\"axis tick-x\" x=\"\(f(place.x))\" y=\"\(f(height - bottom + 20))\" text-anchor=\"\(place.anchor)\">\(HTMLEscaping.escape(edgeLabels[index]))</text>\n"
        }
        // A bar's label (the values it holds) goes above it when every such label fits its bin.
        let heldLabels = histogram.bins.map { $0.count > 0 ? held($0, formats: formats) : "" }
        let labelsFit = heldLabels.allSatisfy { Double($0.count) * characterWidth + 4 <= binPixels }
        for (index, bin) in histogram.bins.enumerated() where bin.count > 0 {
            let barX = x(bin.lower) + 1, barWidth = max(x(bin.upper) - x(bin.lower) - 2, 1)
            let barTop = y(Double(bin.count))
            svg += "<rect class=\"bar\" x=\"\(f(barX))\" y=\"\(f(barTop))\" width=\"\(f(barWidth))\" height=\"\(f(top + plotHeight - barTop))\"><title>\(HTMLEscaping.escape(heldLabels[index])): \(bin.count) brew\(bin.count == 1 ? "" : "s")</title></rect>\n"
            if labelsFit {
                svg += "<text class=\"bar-label\" x=\"\(f(barX + barWidth / 2))\" y=\"\(f(barTop - 5))\" text-anchor=\"middle\">\(HTMLEscaping.escape(heldLabels[index]))</text>\n"
            }
        }
        svg += "<line class=\"baseline\" x1=\"\(f(left))\" y1=\"\(f(top + plotHeight))\" x2=\"\(f(binsRight))\" y2=\"\(f(top + plotHeight))\"/>\n"
        svg += "<text class=\"axis\" x=\"\(f(binsRight))\" y=\"\(f(height - 4))\" text-anchor=\"end\">\(HTMLEscaping.escape(axisTitle))</text>\n"
        if hasPanel {
            // The outliers apart: one bar of all of them, its value when there is one, a break
            // mark between, so that no one reads it as the next bin.
            let panelLeft = binsRight + panelGap, panelCenter = panelLeft + panelWidth / 2
            let count = histogram.outlierCount
            let barTop = y(Double(count))
            let values = histogram.outliers.map { formats.text($0.value) }
            let only = histogram.outliers.count == 1 && Double(values[0].count) * characterWidth <= panelWidth ? values[0] : "\(histogram.outliers.count) values"
            svg += "<line class=\"break\" x1=\"\(f(binsRight + panelGap / 2 - 4))\" y1=\"\(f(top + plotHeight + 6))\" x2=\"\(f(binsRight + panelGap / 2 + 4))\" y2=\"\(f(top + plotHeight - 6))\"/>\n"
            svg += "<rect class=\"bar bar-outlier\" x=\"\(f(panelLeft + panelWidth * 0.2))\" y=\"\(f(barTop))\" width=\"\(f(panelWidth * 0.6))\" height=\"\(f(top + plotHeight - barTop))\"><title>far from the others: \(HTMLEscaping.escape(values.joined(separator: ", "))) (\(count) brew\(count == 1 ? "" : "s"))</title></rect>\n"
            svg += "<line class=\"baseline\" x1=\"\(f(panelLeft))\" y1=\"\(f(top + plotHeight))\" x2=\"\(f(width - right))\" y2=\"\(f(top + plotHeight))\"/>\n"
            svg += "<text class=\"axis\" x=\"\(f(panelCenter))\" y=\"\(f(height - bottom + 20))\" text-anchor=\"middle\">\(HTMLEscaping.escape(only))</text>\n"
            svg += "<text class=\"axis\" x=\"\(f(panelCenter))\" y=\"\(f(height - 4))\" text-anchor=\"middle\">apart</text>\n"
        }
        svg += "</svg>\n"
        return svg
    }
}
