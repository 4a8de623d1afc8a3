import BrewData
import BrewKit
import Foundation
import Testing
import TestSupport

/// `brew_beverage_quantity`, the drink's weight, becomes the log's `beverageGrams` when it is in
/// grams; in another unit it is not used and the import line says so. The shared V60 brew of the
/// corpus with its drink's weight and unit changed.
@Suite("Beanconqueror beverage mass")
struct BeanconquerorBeverageTests {
    /// The corpus V60 brew with `brew_beverage_quantity` and its unit (and a TDS) set.
    func brewFile(beverage: String, unit: String, tds: String = "0") throws -> String {
        var text = try String(contentsOfFile: Fixture.absolutePath("beanconqueror/beanconqueror_real_with_id.json"), encoding: .utf8)
        let before = text
        text = text.replacingOccurrences(of: "\"brew_beverage_quantity\": 0,", with: "\"brew_beverage_quantity\": \(beverage),")
        text = text.replacingOccurrences(of: "\"brew_beverage_quantity_type\": \"GR\"", with: "\"brew_beverage_quantity_type\": \"\(unit)\"")
        if let range = text.range(of: "\"tds\": 0,") { text.replaceSubrange(range, with: "\"tds\": \(tds),") }
        #expect(text != before)
        let path = TestPaths.temporary("bc-beverage").appendingPathComponent("brew.json").path
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func importing(_ file: String) throws -> (report: BrewImporter.Report, log: BrewLog) {
        let root = TestPaths.temporary("bc-beverage-data").path
        try FileManager.default.copyItem(atPath: Fixture.absolutePath("valid"), toPath: root)
        let report = try BrewImporter(options: .init(dataRoot: root)).run(files: [file])
        let validated = DataDirectoryReader(root: root).read().validated
        #expect(validated.diagnostics.map(\.description) == [])
        let log = try #require(validated.dataset.logs.map(\.value).first { $0.source == "beanconqueror" })
        return (report, log)
    }

    @Test func aWeightInGramsIsTheBeverageMass() throws {
        let (report, log) = try importing(brewFile(beverage: "1062.5", unit: "GR", tds: "1.38"))
        #expect(log.beverageGrams == 1062.5)
        #expect(log.targetYieldGrams == 1200)
        #expect(!report.lines.map(\.message).joined().contains("drink's weight"))
        // The control chart's percolation extraction uses it: 1.38 × 1062.5 ÷ 78.
        let tds = try #require(log.tds), beverage = try #require(log.beverageGrams)
        let extraction = try #require(BrewingControl.percolationExtractionPercent(tdsPercent: tds, beverageGrams: beverage, doseGrams: log.doseGrams))
        #expect(abs(extraction - 1.38 * 1062.5 / 78) < 1e-9)
    }

    @Test func aWeightInAnotherUnitIsNotUsedAndSaidSo() throws {
        let (report, log) = try importing(brewFile(beverage: "36", unit: "OZ"))
        #expect(log.beverageGrams == nil)
        #expect(report.lines.map(\.message).contains { $0.contains("; the drink's weight (36 oz) is not in grams, so it is not kept as the beverage mass") })
    }

    @Test func noWeightGivesNoBeverageMass() throws {
        let (report, log) = try importing(brewFile(beverage: "\"0\"", unit: "GR"))
        #expect(log.beverageGrams == nil)
        #expect(!report.lines.map(\.message).joined().contains("drink's weight"))
    }

    @Test func aWeightAboveTheBoundIsNotUsedAndSaidSo() throws {
        let (report, log) = try importing(brewFile(beverage: "9000", unit: "GR"))
        #expect(log.beverageGrams == nil)
        #expect(report.lines.map(\.message).contains { $0.contains("the drink's weight, 9000 g, is above 5000 g") })
    }
}
