import BrewKit
@testable import BrewSite
import Foundation
import Testing

/// The brewing control chart on the statistics page (issue 52): points linked and shaded, the box
/// and ratio lines, a table of the same points, what was left out, user text escaped.
@Suite struct ControlChartTests {
    typealias Brew = ControlChartPlacement.Brew

    static let placement = ControlChartPlacement([
        Brew(id: "a", method: .immersion, reading: .tdsPercent(1.25), doseGrams: 30, waterGrams: 480, rating: 5),
        Brew(id: "b", method: .percolation, reading: .tdsPercent(1.41), doseGrams: 15, waterGrams: 250, recordedExtractionPercent: 21.5, rating: 4),
        Brew(id: "c", method: .percolation, reading: .brix(1.6), doseGrams: 15, waterGrams: 250, beverageGrams: 212, rating: nil),
        Brew(id: "d", method: .percolation, reading: .tdsPercent(1.3), doseGrams: 15, waterGrams: 250, rating: 3),
        Brew(id: "e", method: .percolation, reading: nil, doseGrams: 15, waterGrams: 250, rating: 3),
    ])

    static func fragment() throws -> PageFragment {
        try #require(ControlChart.fragment(placement, paths: ["a": "logs/2026/03/a", "b": "logs/2026/03/b"],
                                           names: ["a": "Press <b>&</b>", "b": "V60, 2026-03-02 07:00", "c": "V60 [x](y)"]))
    }

    @Test func eachPointIsLinkedShadedAndInTheTable() throws {
        let html = try Self.fragment().html
        #expect(html.components(separatedBy: "<circle class=\"cc-dot").count - 1 == 3)
        #expect(html.contains("<a href=\"logs/2026/03/a.html\" aria-label=\"Press &lt;b&gt;&amp;&lt;/b&gt;: 1.25 % TDS, 20 % extraction, 5 ★\"><circle class=\"cc-dot cc-r5\""))
        #expect(html.contains("<circle class=\"cc-dot cc-unrated\""))
        #expect(html.contains("<rect class=\"cc-box\""))
        #expect(html.components(separatedBy: "<line class=\"cc-ratio\"").count - 1 == ControlChart.ratios.count)
        #expect(html.contains("role=\"group\" aria-labelledby=\"control-chart-title control-chart-desc\""))
        #expect(html.contains("<title id=\"control-chart-title\">Brewing control chart</title>"))
        #expect(html.contains("<td>1.25 %</td><td>20 %</td><td>TDS × water ÷ dose</td><td>5 of 5</td>"))
        #expect(html.contains("extraction as recorded"))
        #expect(html.contains("TDS from 1.6 °Bx × 0.85 (approximate)"))
        // User text is data: a name's markup is escaped in the table and the twin.
        #expect(html.contains("Press &lt;b&gt;&amp;&lt;/b&gt;"))
        #expect(!html.contains("<b>&</b>"))
        #expect(try !Self.fragment().markdown.contains("V60 [x](y)"))
    }

    @Test func theCaptionSaysWhatWasLeftOutAndWhereTheBestBrewsSit() throws {
        let html = try Self.fragment().html
        #expect(html.contains("3 brews with a TDS reading"))
        #expect(html.contains("2 brews left out, never placed by a guess: 1 for no TDS or Brix reading and 1 for a pour-over without its beverage mass or recorded extraction."))
        #expect(html.contains("The 2 brews rated 4 or 5 stars sit at a median of 1.33 % TDS and 20.8 % extraction (inside the box); 1 of the 2 is inside it."))
    }

    @Test func noPlacedBrewDrawsNoChart() {
        #expect(ControlChart.fragment(ControlChartPlacement([Brew(id: "e", method: .percolation, reading: nil, doseGrams: 15, waterGrams: 250, rating: 3)]), paths: [:], names: [:]) == nil)
    }
}
