import BrewKit

/// A brew's actual pour beside its plan (issue 17): the water on the scale over the brew clock
/// as recorded, the recipe's plan scaled to the brew's dose drawn beside it (dashed), the plan's
/// bloom and pour windows and its finish window shaded, a legend for each, the reading in words,
/// and a table of the same numbers every 15 s for screen readers. A log with only a total brew
/// time gets the time against the finish window.
public enum PourChart {
    /// Narrow enough that 14 px labels stay about 13 px on a 390 px phone.
    static let width = 380.0
    static let height = 260.0
    static let left = 44.0
    static let right = 20.0
    static let top = 12.0
    static let bottom = 42.0
    /// At most this many points of the recorded line: a scale gives ten a second.
    static let maximumPoints = 360

    public static func fragment(log: BrewLog, flow: BrewFlow?, plan: BrewPlan?, id: String) -> PageFragment? {
        let samples = flow?.samples ?? []
        let reading = PourReading(samples: samples, plan: plan, brewTimeSeconds: log.brewTimeSeconds, bloomSeconds: log.bloomSeconds)
        guard samples.count >= 2 || reading.totalSeconds != nil else { return nil }
        if samples.count < 2 {
            let sentences = reading.sentences.joined(separator: " ")
            return PageFragment(html: "<p class=\"pour-reading\">\(HTMLEscaping.escape(sentences))</p>\n",
                                markdown: MarkdownEscaping.escape(sentences))
        }
        return PageFragment(html: figure(samples: samples, plan: plan, reading: reading, id: id), markdown: markdown(samples: samples, plan: plan, reading: reading))
    }

    static func figure(samples: [BrewFlow.Sample], plan: BrewPlan?, reading: PourReading, id rawID: String) -> String {
        let id = HTMLEscaping.escape(rawID)
        var html = "<figure class=\"chart pour\" aria-labelledby=\"\(id)-caption\">\n"
        html += svg(samples: samples, plan: plan, reading: reading, id: id)
        html += "<ul class=\"chart-legend\">"
        html += "<li><span class=\"swatch swatch-actual\"></span>on the scale</li>"
        if plan != nil {
            html += "<li><span class=\"swatch swatch-plan\"></span>the plan for this brew's water</li>"
            html += "<li><span class=\"swatch swatch-bloom\"></span>bloom</li>"
            html += "<li><span class=\"swatch swatch-pour\"></span>pour windows</li>"
        }
        html += "<li><span class=\"swatch swatch-finish\"></span>finish window</li></ul>\n"
        html += "<details class=\"chart-data\"><summary>The numbers</summary>\n<table>\n<thead><tr><th scope=\"col\">Brew clock</th>"
        if plan != nil { html += "<th scope=\"col\">Planned water</th>" }
        html += "<th scope=\"col\">On the scale</th></tr></thead>\n<tbody>\n"
        for row in tableRows(samples: samples, plan: plan) {
            html += "<tr><td>\(row.clock)</td>"
            if let planned = row.planned { html += "<td>\(planned)</td>" }
            html += "<td>\(row.actual)</td></tr>\n"
        }
        html += "</tbody>\n</table>\n</details>\n"
        html += "<figcaption id=\"\(id)-caption\">\(HTMLEscaping.escape(caption(reading)))</figcaption>\n</figure>\n"
        return html
    }

    static func caption(_ reading: PourReading) -> String {
        "Water on the scale over the brew clock. " + reading.sentences.joined(separator: " ")
    }

    static func svg(samples: [BrewFlow.Sample], plan: BrewPlan?, reading: PourReading, id: String) -> String {
        let plotWidth = width - left - right
        let plotHeight = height - top - bottom
        let lastSecond = max(samples.last?.seconds ?? 0, plan?.latestFinishSeconds ?? 0, reading.finishWindow.upperBound, reading.totalSeconds ?? 0)
        let xAxis = ChartAxis.time(seconds: lastSecond)
        let highest = max(samples.map(\.grams).max() ?? 0, plan?.targetYieldGrams ?? 0, 1)
        let yAxis = ChartAxis.values(maximum: highest, target: 5)
        func x(_ seconds: Double) -> Double { left + plotWidth * min(max(seconds, 0), xAxis.upper) / xAxis.upper }
        func y(_ grams: Double) -> Double { top + plotHeight - plotHeight * (min(max(grams, yAxis.lower), yAxis.upper) - yAxis.lower) / (yAxis.upper - yAxis.lower) }
        let f = SVGChart.f

        var svg = "<svg class=\"chart-svg\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" role=\"img\" aria-labelledby=\"\(id)-title \(id)-desc\">\n"
        svg += "<title id=\"\(id)-title\">The pour beside the plan</title>\n<desc id=\"\(id)-desc\">\(HTMLEscaping.escape(caption(reading)))</desc>\n"
        // Pour windows hatched as well as tinted, so that they read on paper too.
        svg += "<defs><pattern id=\"\(id)-hatch\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\"><line class=\"hatch-line\" x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\"/></pattern></defs>\n"
        if let plan {
            for step in plan.steps where step.isTimed && step.endSeconds > step.startSeconds && (step.kind == .bloom || step.kind == .pour) {
                svg += "<rect class=\"\(step.kind == .bloom ? "band-bloom" : "band-pour")\" x=\"\(f(x(step.startSeconds)))\" y=\"\(f(top))\" width=\"\(f(x(step.endSeconds) - x(step.startSeconds)))\" height=\"\(f(plotHeight))\"/>\n"
                if step.kind == .pour {
                    svg += "<rect class=\"hatch\" fill=\"url(#\(id)-hatch)\" x=\"\(f(x(step.startSeconds)))\" y=\"\(f(top))\" width=\"\(f(x(step.endSeconds) - x(step.startSeconds)))\" height=\"\(f(plotHeight))\"/>\n"
                }
            }
        }
        let window = reading.finishWindow
        svg += "<rect class=\"band-finish\" x=\"\(f(x(window.lowerBound)))\" y=\"\(f(top))\" width=\"\(f(x(window.upperBound) - x(window.lowerBound)))\" height=\"\(f(plotHeight))\"/>\n"
        for tick in xAxis.ticks {
            svg += "<line class=\"grid\" x1=\"\(f(x(tick)))\" y1=\"\(f(top))\" x2=\"\(f(x(tick)))\" y2=\"\(f(top + plotHeight))\"/>"
            let anchor = tick == xAxis.upper ? "end" : "middle"
            svg += "<text class=\"axis\" x=\"\(f(x(tick) + (tick == xAxis.upper ? 8 : 0)))\" y=\"\(f(height - bottom + 20))\" text-anchor=\"\(anchor)\">\(Format.clock(tick))</text>\n"
        }
        for tick in yAxis.ticks {
            svg += "<line class=\"grid\" x1=\"\(f(left))\" y1=\"\(f(y(tick)))\" x2=\"\(f(width - right))\" y2=\"\(f(y(tick)))\"/>"
            svg += "<text class=\"axis tick-y\" x=\"\(f(left - 6))\" y=\"\(f(y(tick) + 5))\" text-anchor=\"end\">\(yAxis.label(tick))</text>\n"
        }
        if let plan {
            let points = plannedLine(plan, until: xAxis.upper)
            svg += "<polyline class=\"line-plan\" points=\"\(points.map { "\(f(x($0.0))),\(f(y($0.1)))" }.joined(separator: " "))\"/>\n"
        }
        // Where the scale stopped, when it stopped early: past this line the chart knows nothing.
        if let recorded = reading.recordedSeconds {
            svg += "<line class=\"recording-end\" x1=\"\(f(x(recorded)))\" y1=\"\(f(top))\" x2=\"\(f(x(recorded)))\" y2=\"\(f(top + plotHeight))\"/>\n"
            let label = "scale stops at \(Format.clock(recorded))"
            // Right of the line when it fits, else left of it: the recorded line is left of it.
            let fitsRight = x(recorded) + 4 + Double(label.count) * 8.5 <= width - 2
            svg += "<text class=\"axis\" x=\"\(f(x(recorded) + (fitsRight ? 4 : -4)))\" y=\"\(f(top + 16))\" text-anchor=\"\(fitsRight ? "start" : "end")\">\(HTMLEscaping.escape(label))</text>\n"
        }
        let shown = thinned(samples)
        svg += "<polyline class=\"line\" points=\"\(shown.map { "\(f(x($0.seconds))),\(f(y(max($0.grams, 0))))" }.joined(separator: " "))\"/>\n"
        svg += "<line class=\"baseline\" x1=\"\(f(left))\" y1=\"\(f(top + plotHeight))\" x2=\"\(f(width - right))\" y2=\"\(f(top + plotHeight))\"/>\n"
        svg += "<text class=\"axis\" x=\"\(f(width - right))\" y=\"\(f(height - 4))\" text-anchor=\"end\">brew clock (m:ss)</text>\n"
        svg += "<text class=\"axis\" x=\"\(f(4))\" y=\"\(f(height - 4))\" text-anchor=\"start\">grams</text>\n"
        svg += "</svg>\n"
        return svg
    }

    /// The plan as water on the scale: the bloom poured in its first seconds, each pour rising
    /// across its window, flat through the waits.
    static func plannedLine(_ plan: BrewPlan, until end: Double) -> [(Double, Double)] {
        var points: [(Double, Double)] = [(0, 0)]
        var grams = 0.0
        for step in plan.steps where step.isTimed {
            if let cumulative = step.cumulativeWaterGrams {
                let fill = step.kind == .bloom ? step.startSeconds + min(10, step.windowSeconds / 3) : step.endSeconds
                points.append((step.startSeconds, grams))
                points.append((fill, cumulative))
                grams = cumulative
            }
            points.append((step.endSeconds, grams))
        }
        points.append((end, grams))
        return points
    }

    /// Every n-th sample so that at most `maximumPoints` remain, the last always kept.
    static func thinned(_ samples: [BrewFlow.Sample]) -> [BrewFlow.Sample] {
        guard samples.count > maximumPoints else { return samples }
        let every = Int((Double(samples.count) / Double(maximumPoints)).rounded(.up))
        var kept = stride(from: 0, to: samples.count, by: every).map { samples[$0] }
        if let last = samples.last, kept.last != last { kept.append(last) }
        return kept
    }

    /// Every 15 s of the recording: the plan's water and the scale's reading at that moment.
    static func tableRows(samples: [BrewFlow.Sample], plan: BrewPlan?) -> [(clock: String, planned: String?, actual: String)] {
        guard let last = samples.last?.seconds else { return [] }
        let line = plan.map { plannedLine($0, until: max(last, $0.latestFinishSeconds)) }
        var rows: [(String, String?, String)] = []
        var index = 0
        for second in stride(from: 0.0, through: last, by: 15) {
            while index + 1 < samples.count && samples[index + 1].seconds <= second { index += 1 }
            let planned = line.map { Format.grams(value(of: $0, at: second).rounded()) }
            rows.append((Format.clock(second), planned, Format.grams(max(samples[index].grams, 0).rounded())))
        }
        return rows
    }

    /// The value of a polyline at `x`.
    static func value(of points: [(Double, Double)], at x: Double) -> Double {
        var result = points.first?.1 ?? 0
        for (a, b) in zip(points, points.dropFirst()) where x >= a.0 {
            result = x >= b.0 ? b.1 : (b.0 > a.0 ? a.1 + (b.1 - a.1) * (x - a.0) / (b.0 - a.0) : b.1)
        }
        return result
    }

    static func markdown(samples: [BrewFlow.Sample], plan: BrewPlan?, reading: PourReading) -> String {
        var lines = ["*\(MarkdownEscaping.escape(caption(reading)))*", ""]
        for row in tableRows(samples: samples, plan: plan) {
            lines.append("- \(row.clock): \(row.actual) on the scale" + (row.planned.map { ", planned \($0)" } ?? ""))
        }
        return lines.joined(separator: "\n")
    }
}
