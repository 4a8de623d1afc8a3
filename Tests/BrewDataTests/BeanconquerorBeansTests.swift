import BrewData
import BrewKit
import Foundation
import Testing
import TestSupport

/// `import-brews beanconqueror` keeps the bean of each brew as a bag of beans (`beans/`).
@Suite("Beanconqueror beans")
struct BeanconquerorBeansTests {
    /// A copy of the valid fixture directory to import into.
    func dataDirectory() throws -> String {
        let root = TestPaths.temporary("bc-beans").path
        try FileManager.default.copyItem(atPath: Fixture.absolutePath("valid"), toPath: root)
        return root
    }

    /// The bean of a shared brew is kept as a bag of beans: its roast and buy days, weight and cost;
    /// the brew names it (`beanId`), and its page shows the bag's age. Importing again adds no second bag.
    @Test func theBeansAreKeptAndEachBrewNamesItsBag() throws {
        let root = try dataDirectory()
        let report = try BrewImporter(options: .init(dataRoot: root, recipeId: "weekend-three-pour")).run(files: BeanconquerorImportTests.corpus)
        // The three pour-overs are one brew (one uuid); the espresso is skipped, and so is its bean.
        #expect(report.count(.imported) == 1, "\(report.lines.map(\.message))")
        let validated = DataDirectoryReader(root: root).read().validated
        #expect(validated.diagnostics.filter { $0.severity == .error }.map(\.description) == [])
        let bags = validated.dataset.beans.map(\.value).sorted { $0.id < $1.id }
        #expect(bags.map(\.id) == ["bc-bean-holm-20221208"])
        let holm = try #require(bags.first)
        #expect(holm.name == "Holm" && holm.roaster == "onoma" && holm.roastDate == "2022-12-08" && holm.boughtOn == nil)
        #expect(holm.weightGrams == 250 && holm.priceCents == 1000)
        let logs = validated.dataset.logs.map(\.value).filter { $0.source != nil }
        #expect(Set(logs.compactMap(\.beanId)) == Set(bags.map(\.id)), "each brew names its bag: \(logs.map(\.beanId))")
        #expect(logs.allSatisfy { $0.beanId != nil })

        let again = try BrewImporter(options: .init(dataRoot: root)).run(files: BeanconquerorImportTests.corpus)
        #expect(again.written.isEmpty)
        #expect(DataDirectoryReader(root: root).read().validated.dataset.beans.count == 1)
    }

    /// A bean's buy day, weight and cost, read from the corpus's brew that has them all.
    @Test func aBeansBuyDayWeightAndCostAreKept() throws {
        let path = BeanconquerorImportTests.corpus[3]
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let brew = try #require(try BeanconquerorFile.read(bytes, path: path).brews.first)
        let bag = try #require(BeanconquerorMapping.bag(of: brew))
        #expect(bag.id == "bc-bean-kolumbien-sugarcane-20260313" && bag.name == "Kolumbien Sugarcane")
        #expect(bag.roastDate == "2026-03-13" && bag.boughtOn == "2026-03-16" && bag.weightGrams == 1000 && bag.priceCents == 3481)
    }
}
