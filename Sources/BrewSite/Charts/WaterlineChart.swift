import BrewKit
import Foundation

/// The waterline over a session as an inline SVG: a step line around a neutral centre band, the
/// zone at or above the warning threshold tinted, the threshold dashed. Colours come from CSS
/// classes (`wl-*` in style.css) so the chart follows light and dark mode. Every value in it is a
/// number or escaped text.
///
/// Made to be read on a 390 px phone: the drawing is 400 units wide, so its 13-unit labels are
/// about 12 px there. Labels stay apart from the line: values on the left of the plot, times
/// below it, and the threshold named in a legend above it, never on the plot itself.
public enum WaterlineChart {
    static let width = 400.0
    static let height = 270.0
    static let left = 52.0
    static let right = 12.0
    static let top = 34.0
    static let bottom = 30.0
    /// The least room, in drawing units, between two time labels ("21:00" is about 34 wide).
    static let minimumLabelGap = 46.0
    /// The width of a time label such as "21:00" at the labels' 13 units.
    static let labelWidth = 36.0
    /// The least room between two value labels.
    static let minimumRowGap = 15.0

    /// The time between ticks of the time axis (PRD-neutral, for people): every hour, or every
    /// 15 or 30 minutes for sessions up to 1 and 2½ hours.
    public static func tickMinutes(spanSeconds: Double) -> Int {
        switch spanSeconds {
        case ...3600: 15
        case ...9000: 30
        default: 60
        }
    }

    /// The tick moments: whole multiples of `minutes` on the clock `offsetSeconds` from UTC, from the
    /// first at or after `start` to the last at or before `end`.
    public static func ticks(from start: Date, to end: Date, minutes: Int, offsetSeconds: Int = 0) -> [Date] {
        let step = Double(minutes * 60)
        let offset = Double(offsetSeconds)
        var moment = ((start.timeIntervalSince1970 + offset) / step).rounded(.up) * step - offset
        var result: [Date] = []
        while moment <= end.timeIntervalSince1970, result.count < 500 {
            result.append(Date(timeIntervalSince1970: moment))
            moment += step
        }
        return result
    }

    /// The chart, with a `<title>` and a `<desc>` that says what it shows in words.
    public static func svg(_ summary: SessionSummary, title: String) -> String {
        let threshold = summary.settings.warningThreshold
        let low = min(summary.minWaterline, -1)
        let high = max(summary.maxWaterline, threshold + 1)
        let span = max(summary.end.timeIntervalSince(summary.start), 60)
        let plotWidth = width - left - right
        let plotHeight = height - top - bottom
        let rowHeight = plotHeight / (Double(high - low) + 1)
        func x(_ date: Date) -> Double { left + plotWidth * min(max(date.timeIntervalSince(summary.start), 0), span) / span }
        func y(_ value: Double) -> Double { top + rowHeight * (Double(high) + 0.5 - value) }
        let id = "wl-" + summary.sessionId.filter { $0.isLetter || $0.isNumber || $0 == "-" }

        var svg = "<svg class=\"waterline-chart\" role=\"img\" viewBox=\"0 0 \(n(width)) \(n(height))\" aria-labelledby=\"\(id)-title \(id)-desc\" xmlns=\"http://www.w3.org/2000/svg\">\n"
        svg += "<title id=\"\(id)-title\">\(HTMLEscaping.escape(title))</title>\n"
        svg += "<desc id=\"\(id)-desc\">\(HTMLEscaping.escape(description(summary)))</desc>\n"
        // Legend above the plot: the marks, and the threshold by name.
        let legendY = 14.0
        svg += "<circle class=\"wl-drink\" cx=\"\(n(left + 4))\" cy=\"\(n(legendY - 4))\" r=\"4\"/><text class=\"wl-label\" x=\"\(n(left + 12))\" y=\"\(n(legendY))\">drink</text>"
        svg += "<circle class=\"wl-water\" cx=\"\(n(left + 62))\" cy=\"\(n(legendY - 4))\" r=\"4\"/><text class=\"wl-label\" x=\"\(n(left + 70))\" y=\"\(n(legendY))\">water</text>"
        svg += "<line class=\"wl-threshold\" x1=\"\(n(left + 124))\" x2=\"\(n(left + 148))\" y1=\"\(n(legendY - 4))\" y2=\"\(n(legendY - 4))\"/><text class=\"wl-label\" x=\"\(n(left + 154))\" y=\"\(n(legendY))\">water-break mark (\(threshold))</text>\n"
        // The zone at or above the threshold (down to the mark's line), the centre band, the grid.
        svg += "<rect class=\"wl-warn-zone\" x=\"\(n(left))\" y=\"\(n(top))\" width=\"\(n(plotWidth))\" height=\"\(n(y(Double(threshold)) - top))\"/>\n"
        svg += "<rect class=\"wl-centre\" x=\"\(n(left))\" y=\"\(n(y(0.5)))\" width=\"\(n(plotWidth))\" height=\"\(n(y(-0.5) - y(0.5)))\"/>\n"
        // One grid line per whole value, at most about 24 however far a mistyped drink took the line;
        // labels as often as there is room, always at centre and at the threshold.
        let gridStep = (high - low) / 24 + 1
        let labelEvery = rowHeight >= minimumRowGap ? 1 : Int((minimumRowGap / rowHeight).rounded(.up))
        for value in stride(from: low, through: high, by: gridStep) {
            svg += "<line class=\"wl-grid\" x1=\"\(n(left))\" x2=\"\(n(width - right))\" y1=\"\(n(y(Double(value))))\" y2=\"\(n(y(Double(value))))\"/>"
            if value == 0 || value == threshold || value % labelEvery == 0 {
                let label = value == 0 ? "centre" : SessionText.signed(value)
                svg += "<text class=\"wl-label\" x=\"\(n(left - 6))\" y=\"\(n(y(Double(value)) + 4))\" text-anchor=\"end\">\(label)</text>"
            }
            svg += "\n"
        }
        // The mark's line on its own value's grid line (a point at the mark sits on it).
        svg += "<line class=\"wl-threshold\" x1=\"\(n(left))\" x2=\"\(n(width - right))\" y1=\"\(n(y(Double(threshold))))\" y2=\"\(n(y(Double(threshold))))\"/>\n"
        // Time axis: ticks on the clock, labelled as often as there is room.
        let axisY = height - bottom
        let minutes = tickMinutes(spanSeconds: span)
        let ticks = ticks(from: summary.start, to: summary.end, minutes: minutes, offsetSeconds: summary.timeZone.offsetSeconds(at: summary.start))
        let tickGap = plotWidth * Double(minutes * 60) / span
        let tickLabelEvery = tickGap >= minimumLabelGap ? 1 : Int((minimumLabelGap / tickGap).rounded(.up))
        svg += "<line class=\"wl-axis\" x1=\"\(n(left))\" x2=\"\(n(width - right))\" y1=\"\(n(axisY))\" y2=\"\(n(axisY))\"/>\n"
        var lastLabelEnd = -Double.infinity
        for (index, tick) in ticks.enumerated() {
            let tx = x(tick)
            svg += "<line class=\"wl-axis\" x1=\"\(n(tx))\" x2=\"\(n(tx))\" y1=\"\(n(axisY))\" y2=\"\(n(axisY + 5))\"/>"
            // Labels keep inside the drawing at both ends, and never touch the one before.
            let anchor = tx - left < labelWidth / 2 ? "start" : (width - tx < labelWidth / 2 ? "end" : "middle")
            let labelStart = anchor == "start" ? tx : (anchor == "end" ? tx - labelWidth : tx - labelWidth / 2)
            if index % tickLabelEvery == 0, labelStart >= lastLabelEnd + 6 {
                svg += "<text class=\"wl-label\" x=\"\(n(tx))\" y=\"\(n(axisY + 18))\" text-anchor=\"\(anchor)\">\(SessionText.clock(tick, in: summary.timeZone))</text>"
                lastLabelEnd = labelStart + labelWidth
            }
            svg += "\n"
        }
        // The step line: flat until each entry, then a step to its value.
        var path = "M\(n(x(summary.start))) \(n(y(0)))"
        for item in summary.timeline {
            path += " H\(n(x(item.entry.timestamp))) V\(n(y(Double(item.waterline))))"
        }
        path += " H\(n(x(summary.end)))"
        svg += "<path class=\"wl-line\" d=\"\(path)\"/>\n"
        for item in summary.timeline {
            let kind = item.entry.type == .water ? "water" : "drink"
            let what = item.entry.type == .water ? "water break" : "drink"
            svg += "<circle class=\"wl-\(kind)\" cx=\"\(n(x(item.entry.timestamp)))\" cy=\"\(n(y(Double(item.waterline))))\" r=\"4\"><title>\(SessionText.clock(item.entry.timestamp, in: summary.timeZone)) \(what), \(SessionText.position(item.waterline))</title></circle>\n"
        }
        svg += "</svg>"
        return "<figure class=\"waterline\">\n\(svg)\n<figcaption>The waterline from \(SessionText.clock(summary.start, in: summary.timeZone)) to \(SessionText.clock(summary.end, in: summary.timeZone)); the shaded band is the centre, the tinted zone at or above the water-break mark of \(threshold). Every point is listed in the timeline below.</figcaption>\n</figure>"
    }

    /// The chart in words: its `<desc>` and the Markdown twin's stand-in.
    public static func description(_ summary: SessionSummary) -> String {
        "Waterline from \(SessionText.clock(summary.start, in: summary.timeZone)) to \(SessionText.clock(summary.end, in: summary.timeZone)): it started at centre, \(summary.minWaterline < 0 ? "went as low as \(SessionText.position(summary.minWaterline))" : "never went below centre") and as high as \(SessionText.position(summary.maxWaterline)), and ended \(SessionText.position(summary.finalWaterline)); it was at or above the water-break mark of \(summary.settings.warningThreshold) for \(SessionText.duration(minutes: summary.minutesAtOrAboveWarning))."
    }

    /// The fragment a session page places with `[[fragment:waterline]]`.
    public static func fragment(_ summary: SessionSummary, title: String) -> PageFragment {
        PageFragment(html: svg(summary, title: title), markdown: "*Chart:* " + MarkdownEscaping.escape(description(summary)))
    }

    private static func n(_ value: Double) -> String { Format.number(value, decimals: 1) }
}
