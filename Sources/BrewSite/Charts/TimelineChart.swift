import BrewKit

/// The brew timeline of a plan as an inline SVG: cumulative water against the brew clock,
/// with the bloom and wait periods, the pour windows, each milestone, and the drawdown's finish
/// window; beside it a table of the same numbers.
public enum TimelineChart {
    /// 380 wide: on a 390 px phone (358 px of page) 14 px labels draw at 13 px (issue 28).
    static let width = 380.0
    static let height = 270.0
    static let left = 48.0
    static let right = 16.0
    /// Room above the plot for the axis's unit and the finish window's name.
    static let top = 30.0
    static let bottom = 40.0
    /// About 8 units a character of a 14 px label.
    static let characterWidth = 8.0

    public static func fragment(for plan: BrewPlan, id: String) -> PageFragment {
        PageFragment(html: figure(plan, id: id), markdown: markdown(plan))
    }

    static func summary(_ plan: BrewPlan) -> String {
        let pours = plan.waterSteps.map { "\(Format.grams($0.cumulativeWaterGrams ?? 0)) by \(Format.clock($0.endSeconds))" }
        var text = "Water on the scale over the brew clock for \(Format.grams(plan.doseGrams)) of coffee: \(pours.joined(separator: ", "))"
        if plan.latestFinishSeconds > plan.totalSeconds {
            text += "; drawdown finishes between \(Format.clock(plan.totalSeconds)) and \(Format.clock(plan.latestFinishSeconds))"
        } else {
            text += "; done at \(Format.clock(plan.totalSeconds))"
        }
        return text + "."
    }

    static func figure(_ plan: BrewPlan, id rawID: String) -> String {
        let id = HTMLEscaping.escape(rawID)
        let title = "Brew timeline, \(plan.recipeName), \(Format.grams(plan.doseGrams))"
        var html = "<figure class=\"chart timeline\" aria-labelledby=\"\(id)-caption\">\n"
        html += svg(plan, id: id, title: title)
        html += "<ul class=\"chart-legend\"><li><span class=\"swatch swatch-actual\"></span>water on the scale</li><li><span class=\"swatch swatch-bloom\"></span>bloom</li><li><span class=\"swatch swatch-pour\"></span>pour windows</li><li><span class=\"swatch swatch-wait\"></span>waits</li>"
        if plan.latestFinishSeconds > plan.totalSeconds { html += "<li><span class=\"swatch swatch-finish\"></span>finish window</li>" }
        html += "</ul>\n"
        html += "<table class=\"timeline-table\">\n<caption>The timeline in numbers</caption>\n<thead><tr><th scope=\"col\">Step</th><th scope=\"col\">From</th><th scope=\"col\">To</th><th scope=\"col\">Water</th><th scope=\"col\">Pace</th></tr></thead>\n<tbody>\n"
        for step in plan.steps where step.isTimed {
            let water = step.cumulativeWaterGrams.map { "+\(Format.grams(step.waterGrams ?? 0)) → \(Format.grams($0))" } ?? "–"
            let pace = step.pourRateGramsPerSecond.map { "\(Format.number($0, decimals: 1)) g/s" } ?? "–"
            let end = step.targetElapsedMaxSeconds.map { "\(Format.clock(step.endSeconds))–\(Format.clock($0))" } ?? Format.clock(step.endSeconds)
            html += "<tr><th scope=\"row\">\(HTMLEscaping.escape(step.kind.rawValue))</th><td>\(Format.clock(step.startSeconds))</td><td>\(end)</td><td>\(water)</td><td>\(pace)</td></tr>\n"
        }
        html += "</tbody>\n</table>\n"
        // The caption comes last: a figure's caption is its first or last child.
        html += "<figcaption id=\"\(id)-caption\">\(HTMLEscaping.escape(summary(plan)))</figcaption>\n"
        html += "</figure>\n"
        return html
    }

    static func svg(_ plan: BrewPlan, id: String, title: String) -> String {
        let plotWidth = width - left - right
        let plotHeight = height - top - bottom
        let endSeconds = max(plan.latestFinishSeconds, plan.totalSeconds, 30)
        // Round times across (30 s, 1 min, 2 min …), a handful of them however long the clock runs:
        // an invalid recipe's clock may run for hours or 1e300 s.
        let timeAxis = ChartAxis.time(seconds: endSeconds)
        let maxSeconds = timeAxis.upper
        // Round grams up the side (50 g steps, not 63 g): the axis may end above the yield.
        let gramsAxis = ChartAxis.values(maximum: max(plan.targetYieldGrams, 1), target: 4)
        let maxGrams = gramsAxis.upper
        func x(_ seconds: Double) -> Double { left + plotWidth * min(max(seconds, 0), maxSeconds) / maxSeconds }
        func y(_ grams: Double) -> Double { top + plotHeight - plotHeight * min(max(grams, 0), maxGrams) / maxGrams }
        func f(_ value: Double) -> String { Format.number(value, decimals: 1) }

        var svg = "<svg class=\"chart-svg\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" role=\"img\" aria-labelledby=\"\(id)-title \(id)-desc\">\n"
        svg += "<title id=\"\(id)-title\">\(HTMLEscaping.escape(title))</title>\n<desc id=\"\(id)-desc\">\(HTMLEscaping.escape(summary(plan)))</desc>\n"
        svg += "<defs><pattern id=\"\(id)-hatch\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\"><line class=\"hatch-line\" x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\"/></pattern></defs>\n"
        // Periods: bloom and waits shaded, pour windows tinted, the finish window marked.
        for step in plan.steps where step.isTimed && step.endSeconds > step.startSeconds {
            let kindClass: String
            switch step.kind {
            case .bloom: kindClass = "band-bloom"
            case .pour: kindClass = "band-pour"
            default: kindClass = "band-wait"
            }
            svg += "<rect class=\"\(kindClass)\" x=\"\(f(x(step.startSeconds)))\" y=\"\(f(top))\" width=\"\(f(x(step.endSeconds) - x(step.startSeconds)))\" height=\"\(f(plotHeight))\"/>\n"
            // Pour windows are hatched as well as tinted, so that on paper (all grey) they still
            // differ from the waits.
            if step.kind == .pour {
                svg += "<rect class=\"hatch\" fill=\"url(#\(id)-hatch)\" x=\"\(f(x(step.startSeconds)))\" y=\"\(f(top))\" width=\"\(f(x(step.endSeconds) - x(step.startSeconds)))\" height=\"\(f(plotHeight))\"/>\n"
            }
        }
        for step in plan.steps {
            if let from = step.targetElapsedSeconds, let to = step.targetElapsedMaxSeconds, to > from, step.kind == .wait {
                svg += "<rect class=\"band-finish\" x=\"\(f(x(from)))\" y=\"\(f(top))\" width=\"\(f(x(to) - x(from)))\" height=\"\(f(plotHeight))\"/>\n"
                // Above the plot, where no line runs.
                let place = SVGChart.anchored((x(from) + x(to)) / 2, label: "finish", chartWidth: width)
                svg += "<text class=\"axis\" x=\"\(f(place.x))\" y=\"\(f(top - 8))\" text-anchor=\"\(place.anchor)\">finish</text>\n"
            }
        }
        for second in timeAxis.ticks {
            svg += "<line class=\"grid\" x1=\"\(f(x(second)))\" y1=\"\(f(top))\" x2=\"\(f(x(second)))\" y2=\"\(f(top + plotHeight))\"/>"
            let place = SVGChart.anchored(x(second), label: Format.clock(second), chartWidth: width)
            svg += "<text class=\"axis\" x=\"\(f(place.x))\" y=\"\(f(height - bottom + 20))\" text-anchor=\"\(place.anchor)\">\(Format.clock(second))</text>\n"
        }
        for grams in gramsAxis.ticks {
            svg += "<line class=\"grid\" x1=\"\(f(left))\" y1=\"\(f(y(grams)))\" x2=\"\(f(width - right))\" y2=\"\(f(y(grams)))\"/>"
            svg += "<text class=\"axis tick-y\" x=\"\(f(left - 6))\" y=\"\(f(y(grams) + 4))\" text-anchor=\"end\">\(gramsAxis.label(grams))</text>\n"
        }
        // The water line: the bloom pour fills quickly, then rests; each pour rises across its window.
        let points = PourChart.plannedLine(plan, until: maxSeconds)
        svg += "<polyline class=\"line\" points=\"\(points.map { "\(f(x($0.0))),\(f(y($0.1)))" }.joined(separator: " "))\"/>\n"
        // Each milestone's label left of its point and above, else right of it, else below; a
        // label that fits nowhere clear of the others, the axes and the plot's edges is left to
        // the point's tooltip and the table.
        var taken: [LabelBox] = [LabelBox(x: 0, y: 0, width: left, height: height)]  // the grams axis
        for step in plan.waterSteps {
            guard let cumulative = step.cumulativeWaterGrams else { continue }
            let label = "\(Format.grams(cumulative)) · \(Format.clock(step.endSeconds))"
            let pointX = x(step.endSeconds), pointY = y(cumulative)
            svg += "<circle class=\"dot\" cx=\"\(f(pointX))\" cy=\"\(f(pointY))\" r=\"4\"><title>\(HTMLEscaping.escape(label))</title></circle>\n"
            let labelWidth = Double(label.count) * characterWidth
            let candidates = [
                LabelBox(x: pointX - 6 - labelWidth, y: pointY - 8 - 14, width: labelWidth, height: 16),
                LabelBox(x: pointX + 6, y: pointY - 8 - 14, width: labelWidth, height: 16),
                LabelBox(x: pointX + 6, y: pointY + 8, width: labelWidth, height: 16),
                LabelBox(x: pointX - 6 - labelWidth, y: pointY + 8, width: labelWidth, height: 16),
            ]
            let inside = { (box: LabelBox) in box.x >= left + 2 && box.x + box.width <= width - 2 && box.y >= top && box.y + box.height <= top + plotHeight }
            guard let box = candidates.first(where: { box in inside(box) && !taken.contains { $0.overlaps(box) } }) else { continue }
            taken.append(box)
            svg += "<text class=\"label\" x=\"\(f(box.x))\" y=\"\(f(box.y + 13))\" text-anchor=\"start\">\(HTMLEscaping.escape(label))</text>\n"
        }
        svg += "<line class=\"baseline\" x1=\"\(f(left))\" y1=\"\(f(top + plotHeight))\" x2=\"\(f(width - right))\" y2=\"\(f(top + plotHeight))\"/>\n"
        svg += "<text class=\"axis\" x=\"\(f(width - right))\" y=\"\(f(height - 4))\" text-anchor=\"end\">brew clock (m:ss)</text>\n"
        svg += "<text class=\"axis\" x=\"4\" y=\"\(f(top - 14))\" text-anchor=\"start\">water (g)</text>\n"
        svg += "</svg>\n"
        return svg
    }

    /// Where a label's text sits, to keep labels apart.
    struct LabelBox {
        var x: Double, y: Double, width: Double, height: Double
        func overlaps(_ other: LabelBox) -> Bool {
            x < other.x + other.width && other.x < x + width && y < other.y + other.height && other.y < y + height
        }
    }

    static func markdown(_ plan: BrewPlan) -> String {
        var lines = ["*\(MarkdownEscaping.escape(summary(plan)))*", ""]
        for step in plan.steps where step.isTimed {
            var line = "- \(Format.clock(step.startSeconds))–\(Format.clock(step.endSeconds)) \(step.kind.rawValue)"
            if let cumulative = step.cumulativeWaterGrams { line += ": to \(Format.grams(cumulative))" }
            if let rate = step.pourRateGramsPerSecond { line += " at \(Format.number(rate, decimals: 1)) g/s" }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}
