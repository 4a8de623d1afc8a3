import BrewKit
import Foundation
import PropertyBased
import Testing

/// The brewing control chart's arithmetic (issue 52): worked cases and properties.
@Suite struct BrewingControlTests {
    typealias Brew = ControlChartPlacement.Brew

    /// Worked: a V60 of 15 g giving 212 g of beverage at 1.38 % TDS extracts 1.38 × 212 ÷ 15 = 19.504 %.
    @Test func percolationExtractionWorked() throws {
        let extraction = try #require(BrewingControl.percolationExtractionPercent(tdsPercent: 1.38, beverageGrams: 212, doseGrams: 15))
        #expect(abs(extraction - 19.504) < 1e-9)
    }

    /// Worked: a French press of 30 g in 500 g of water at 1.20 % TDS extracts 1.20 × 500 ÷ 30 = 20 %.
    @Test func immersionExtractionWorked() throws {
        let extraction = try #require(BrewingControl.immersionExtractionPercent(tdsPercent: 1.2, waterGrams: 500, doseGrams: 30))
        #expect(abs(extraction - 20) < 1e-9)
    }

    /// Worked: 1.6 °Bx is about 1.36 % TDS.
    @Test func brixConvertsAtPointEightyFive() {
        #expect(abs(BrewingControl.tdsPercent(fromBrix: 1.6) - 1.36) < 1e-12)
    }

    @Test func noDoseOrMassGivesNoExtraction() {
        #expect(BrewingControl.percolationExtractionPercent(tdsPercent: 1.3, beverageGrams: 0, doseGrams: 15) == nil)
        #expect(BrewingControl.immersionExtractionPercent(tdsPercent: 1.3, waterGrams: 500, doseGrams: 0) == nil)
        #expect(BrewingControl.immersionExtractionPercent(tdsPercent: .nan, waterGrams: 500, doseGrams: 30) == nil)
    }

    @Test(arguments: [("v60", BrewingControl.Method.percolation), ("chemex", .percolation), ("espresso", .percolation),
                      ("French Press", .immersion), ("french-press", .immersion), ("AeroPress", .immersion), ("clever", .immersion)])
    func methodsAreToldApart(name: String, method: BrewingControl.Method) {
        #expect(BrewingControl.Method(methodName: name) == method)
    }

    /// On the 1:16 line, 20 % extraction is at 1.25 % TDS.
    @Test func ratioLines() {
        #expect(abs(BrewingControl.ratioLineTDSPercent(extractionPercent: 20, ratio: 16) - 1.25) < 1e-12)
    }

    /// Never a guess: no reading is left out; a pour-over without beverage mass or a recorded
    /// extraction is left out (the water poured is not the beverage); each says why.
    @Test func brewsWithoutWhatTheyNeedAreLeftOutWithTheReason() {
        let placement = ControlChartPlacement([
            Brew(id: "none", method: .percolation, reading: nil, doseGrams: 15, waterGrams: 250, rating: 4),
            Brew(id: "pour", method: .percolation, reading: .tdsPercent(1.3), doseGrams: 15, waterGrams: 250, rating: 4),
            Brew(id: "recorded", method: .percolation, reading: .tdsPercent(1.3), doseGrams: 15, waterGrams: 250, recordedExtractionPercent: 19.8, rating: 5),
            Brew(id: "weighed", method: .percolation, reading: .brix(1.6), doseGrams: 15, waterGrams: 250, beverageGrams: 212, rating: 3),
            Brew(id: "press", method: .immersion, reading: .tdsPercent(1.2), doseGrams: 30, waterGrams: 500, rating: nil),
        ])
        #expect(placement.points.map(\.id) == ["recorded", "weighed", "press"])
        #expect(placement.leftOut == [.noReading: 1, .noBeverageMass: 1])
        #expect(placement.points[0].basis == .recordedExtraction && placement.points[0].extractionPercent == 19.8)
        let weighed = placement.points[1]
        #expect(weighed.brix == 1.6 && abs(weighed.tdsPercent - 1.36) < 1e-12)
        #expect(abs(weighed.extractionPercent - 1.36 * 212 / 15) < 1e-9 && weighed.basis == .beverageMass)
        #expect(placement.points[2].basis == .water && abs(placement.points[2].extractionPercent - 20) < 1e-9)
    }

    /// The 4- and 5-star brews' medians against the box: two inside, one strong → median inside.
    @Test func theWellRatedClusterAgainstTheBox() throws {
        let placement = ControlChartPlacement([
            Brew(id: "a", method: .immersion, reading: .tdsPercent(1.25), doseGrams: 30, waterGrams: 480, rating: 5), // 20 %
            Brew(id: "b", method: .immersion, reading: .tdsPercent(1.30), doseGrams: 30, waterGrams: 480, rating: 4), // 20.8 %
            Brew(id: "c", method: .immersion, reading: .tdsPercent(1.50), doseGrams: 30, waterGrams: 480, rating: 4), // 24 %
            Brew(id: "d", method: .immersion, reading: .tdsPercent(0.9), doseGrams: 30, waterGrams: 480, rating: 2),
        ])
        let cluster = try #require(placement.wellRated)
        #expect(cluster.count == 3 && cluster.insideBox == 2)
        #expect(cluster.medianTDSPercent == 1.30)
        #expect(cluster.strength == .inside && cluster.extraction == .inside)
        let strong = try #require(ControlChartPlacement([Brew(id: "s", method: .immersion, reading: .tdsPercent(1.6), doseGrams: 20, waterGrams: 200, rating: 5)]).wellRated)
        #expect(strong.strength == .above && strong.extraction == .below && strong.insideBox == 0)
        #expect(ControlChartPlacement([Brew(id: "d", method: .immersion, reading: .tdsPercent(1.2), doseGrams: 30, waterGrams: 480, rating: 3)]).wellRated == nil)
    }

    /// A journal brew reads its TDS, water and recorded extraction, and its method's kind.
    @Test func aJournalBrewIsReadAsItWasRecorded() {
        let log = BrewLog(id: "x", timestamp: Date(timeIntervalSince1970: 0), method: "french-press", recipeId: nil, recipeNameAtBrew: "Press",
                          doseGrams: 30, targetYieldGrams: 500, waterTemperatureCelsius: 94, grindLabel: .coarse, rating: 4, tds: 1.2)
        let brew = Brew(log)
        #expect(brew.method == .immersion && brew.reading == .tdsPercent(1.2) && brew.waterGrams == 500 && brew.rating == 4)
    }

    /// A journal brew with a beverage mass and a Brix reading (issue 52's two log fields): a V60 of
    /// 15 g giving 212 g of beverage read at 1.6 °Bx is 0.85 × 1.6 = 1.36 % TDS and extracts
    /// 1.36 × 212 ÷ 15 = 19.2213… %, by its beverage mass, the TDS said to come from the Brix.
    @Test func aJournalBrewsBeverageMassAndBrixPlaceIt() throws {
        var log = BrewLog(id: "w", timestamp: Date(timeIntervalSince1970: 0), recipeId: nil, recipeNameAtBrew: "V60",
                          doseGrams: 15, targetYieldGrams: 250, waterTemperatureCelsius: 94, grindLabel: .medium, rating: 5)
        log.beverageGrams = 212
        log.brix = 1.6
        let brew = Brew(log)
        #expect(brew.reading == .brix(1.6) && brew.beverageGrams == 212)
        let point = try #require(ControlChartPlacement([brew]).points.first)
        #expect(abs(point.tdsPercent - 1.36) < 1e-9)
        #expect(abs(point.extractionPercent - 1.36 * 212 / 15) < 1e-9)
        #expect(abs(point.extractionPercent - 19.2213) < 1e-4)
        #expect(point.basis == .beverageMass && point.brix == 1.6)
    }

    /// A measured TDS wins over the Brix reading; without a beverage mass a pour-over falls back to
    /// the extraction it recorded (and says so), else it is left out, said why.
    @Test func aJournalBrewFallsBackAndSaysWhere() throws {
        var log = BrewLog(id: "t", timestamp: Date(timeIntervalSince1970: 0), recipeId: nil, recipeNameAtBrew: "V60",
                          doseGrams: 15, targetYieldGrams: 250, waterTemperatureCelsius: 94, grindLabel: .medium, rating: 4,
                          tds: 1.30, extractionYieldPercent: 19.5)
        log.brix = 1.6
        #expect(Brew(log).reading == .tdsPercent(1.30))
        // 1.30 × 225 ÷ 15 = 19.5 % by the beverage mass.
        log.beverageGrams = 225
        let weighed = try #require(ControlChartPlacement([Brew(log)]).points.first)
        #expect(weighed.basis == .beverageMass && abs(weighed.extractionPercent - 19.5) < 1e-9 && weighed.brix == nil)
        log.beverageGrams = nil
        let recorded = try #require(ControlChartPlacement([Brew(log)]).points.first)
        #expect(recorded.basis == .recordedExtraction && recorded.extractionPercent == 19.5)
        log.extractionYieldPercent = nil
        #expect(ControlChartPlacement([Brew(log)]).leftOut == [.noBeverageMass: 1])
    }

    // MARK: Properties

    /// Extraction scales linearly with TDS, and inversely with dose, by either formula.
    @Test func extractionScalesLinearlyWithTDS() async {
        await propertyCheck(input: Gen.int(in: 50...250), Gen.int(in: 10...40), Gen.int(in: 100...1000), Gen.int(in: 2...5)) { tdsHundredths, dose, mass, factor in
            let tds = Double(tdsHundredths) / 100
            let base = BrewingControl.percolationExtractionPercent(tdsPercent: tds, beverageGrams: Double(mass), doseGrams: Double(dose))!
            let scaled = BrewingControl.percolationExtractionPercent(tdsPercent: tds * Double(factor), beverageGrams: Double(mass), doseGrams: Double(dose))!
            #expect(abs(scaled - base * Double(factor)) < 1e-9 * scaled)
            let doubledDose = BrewingControl.immersionExtractionPercent(tdsPercent: tds, waterGrams: Double(mass), doseGrams: Double(dose * factor))!
            let immersion = BrewingControl.immersionExtractionPercent(tdsPercent: tds, waterGrams: Double(mass), doseGrams: Double(dose))!
            #expect(abs(doubledDose * Double(factor) - immersion) < 1e-9 * immersion)
        }
    }

    /// A point lies on the ratio line of its own beverage-to-coffee ratio.
    @Test func aPointLiesOnItsOwnRatioLine() async {
        await propertyCheck(input: Gen.int(in: 50...250), Gen.int(in: 10...40), Gen.int(in: 100...1000)) { tdsHundredths, dose, mass in
            let tds = Double(tdsHundredths) / 100
            let extraction = BrewingControl.immersionExtractionPercent(tdsPercent: tds, waterGrams: Double(mass), doseGrams: Double(dose))!
            #expect(abs(BrewingControl.ratioLineTDSPercent(extractionPercent: extraction, ratio: Double(mass) / Double(dose)) - tds) < 1e-9)
        }
    }

    /// Every brew is either placed or counted as left out, never both, never lost.
    @Test func everyBrewIsPlacedOrCounted() async {
        await propertyCheck(input: Gen.int(in: 0...10_000).array(of: 0...30)) { seeds in
            let brews = seeds.enumerated().map { index, seed in
                Brew(id: "b\(index)", method: seed % 2 == 0 ? .percolation : .immersion,
                     reading: seed % 3 == 0 ? nil : seed % 5 == 0 ? .brix(Double(seed % 200) / 100) : .tdsPercent(Double(seed % 200) / 100),
                     doseGrams: Double(seed % 25), waterGrams: Double(seed % 400),
                     beverageGrams: seed % 7 == 0 ? Double(seed % 300) : nil,
                     recordedExtractionPercent: seed % 11 == 0 ? 20 : nil, rating: seed % 6 == 0 ? nil : 1 + seed % 5)
            }
            let placement = ControlChartPlacement(brews)
            #expect(placement.points.count + placement.leftOutCount == brews.count)
            #expect(placement.points.allSatisfy { $0.extractionPercent.isFinite && $0.extractionPercent > 0 && $0.tdsPercent > 0 })
        }
    }
}
