import BrewKit
import Foundation

/// The waterline over a session as an inline SVG: a step line around a neutral centre band,
/// the warning threshold dashed. Colours come from CSS classes (`wl-*` in style.css) so the
/// chart follows light and dark mode. Every value in it is a number or escaped text.
public enum WaterlineChart {
    static let width = 640.0
    static let height = 240.0
    static let left = 84.0
    static let right = 16.0
    static let top = 16.0
    static let bottom = 32.0

    /// The chart, with a `<title>` and a `<desc>` that says what it shows in words.
    public static func svg(_ summary: SessionSummary, title: String) -> String {
        let threshold = summary.settings.warningThreshold
        let low = min(summary.minWaterline, -1)
        let high = max(summary.maxWaterline, threshold + 1)
        let span = max(summary.end.timeIntervalSince(summary.start), 60)
        let plotWidth = width - left - right
        let plotHeight = height - top - bottom
        func x(_ date: Date) -> Double { left + plotWidth * min(max(date.timeIntervalSince(summary.start), 0), span) / span }
        func y(_ value: Double) -> Double { top + plotHeight * (Double(high) + 0.5 - value) / (Double(high - low) + 1) }
        let id = "wl-" + summary.sessionId.filter { $0.isLetter || $0.isNumber || $0 == "-" }

        var svg = "<svg class=\"waterline-chart\" role=\"img\" viewBox=\"0 0 \(n(width)) \(n(height))\" aria-labelledby=\"\(id)-title \(id)-desc\" xmlns=\"http://www.w3.org/2000/svg\">\n"
        svg += "<title id=\"\(id)-title\">\(HTMLEscaping.escape(title))</title>\n"
        svg += "<desc id=\"\(id)-desc\">\(HTMLEscaping.escape(description(summary)))</desc>\n"
        // Grid and labels: one line per whole value.
        // (At most about 24 lines, however far a mistyped drink took the waterline.)
        for value in stride(from: low, through: high, by: (high - low) / 24 + 1) {
            let label = value == 0 ? "centre" : SessionText.signed(value)
            svg += "<line class=\"wl-grid\" x1=\"\(n(left))\" x2=\"\(n(width - right))\" y1=\"\(n(y(Double(value))))\" y2=\"\(n(y(Double(value))))\"/>"
            svg += "<text class=\"wl-label\" x=\"\(n(left - 8))\" y=\"\(n(y(Double(value)) + 4))\" text-anchor=\"end\">\(label)</text>\n"
        }
        svg += "<rect class=\"wl-centre\" x=\"\(n(left))\" y=\"\(n(y(0.5)))\" width=\"\(n(plotWidth))\" height=\"\(n(y(-0.5) - y(0.5)))\"/>\n"
        svg += "<line class=\"wl-threshold\" x1=\"\(n(left))\" x2=\"\(n(width - right))\" y1=\"\(n(y(Double(threshold))))\" y2=\"\(n(y(Double(threshold))))\"/>"
        svg += "<text class=\"wl-label\" x=\"\(n(width - right - 4))\" y=\"\(n(y(Double(threshold)) - 6))\" text-anchor=\"end\">water break at \(threshold)</text>\n"
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
            svg += "<circle class=\"wl-\(kind)\" cx=\"\(n(x(item.entry.timestamp)))\" cy=\"\(n(y(Double(item.waterline))))\" r=\"4\"><title>\(SessionText.clock(item.entry.timestamp)) \(what), \(SessionText.position(item.waterline))</title></circle>\n"
        }
        // Time axis: start and end.
        let axisY = height - bottom + 18
        svg += "<text class=\"wl-label\" x=\"\(n(left))\" y=\"\(n(axisY))\">\(SessionText.clock(summary.start))</text>"
        svg += "<text class=\"wl-label\" x=\"\(n(width - right))\" y=\"\(n(axisY))\" text-anchor=\"end\">\(SessionText.clock(summary.end))</text>\n"
        svg += "</svg>"
        return "<figure class=\"waterline\">\n\(svg)\n<figcaption>The waterline from \(SessionText.clock(summary.start)) to \(SessionText.clock(summary.end)); the shaded band is the centre, the dashed line the water-break mark. Every point is listed in the timeline below.</figcaption>\n</figure>"
    }

    /// The chart in words: its `<desc>` and the Markdown twin's stand-in.
    public static func description(_ summary: SessionSummary) -> String {
        "Waterline from \(SessionText.clock(summary.start)) to \(SessionText.clock(summary.end)): it started at centre, rose as high as \(SessionText.position(summary.maxWaterline)) and ended \(SessionText.position(summary.finalWaterline)); it was at or above the water-break mark of \(summary.settings.warningThreshold) for \(SessionText.duration(minutes: summary.minutesAtOrAboveWarning))."
    }

    /// The fragment a session page places with `[[fragment:waterline]]`.
    public static func fragment(_ summary: SessionSummary, title: String) -> PageFragment {
        PageFragment(html: svg(summary, title: title), markdown: "*Chart:* " + MarkdownEscaping.escape(description(summary)))
    }

    private static func n(_ value: Double) -> String { Format.number(value, decimals: 1) }
}
