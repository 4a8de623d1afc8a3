import BrewData
import BrewKit
import Foundation
import Testing
import TestSupport

/// Bags of beans (`beans/`): what `check` reads and refuses, located, and a bag's age.
@Suite("Bags of beans")
struct BeansKindTests {
    init() {
        _ = FileManager.default.changeCurrentDirectoryPath(TestPaths.packageRoot.path)
    }

    @Test func everyMistakeIsReportedWithItsPlace() {
        let root = Fixture.path("beans-invalid")
        let result = DataDirectoryReader(root: root).read()
        let shown = result.validated.diagnostics
            .filter { $0.location.file.contains("/beans/") || $0.location.file.contains("/logs/") }.map(\.description)
        #expect(shown == [
            "\(root)/beans/bags.json:8:47: error: freezes[1].thawedOn: thawed on 2026-11-22, before the bag was frozen on 2026-11-25; expected 2026-11-25 or later",
            "\(root)/beans/bags.json:15:18: error: roastDate: the date 2026-11-31 does not exist: November 2026 has 30 days",
            "\(root)/beans/bags.json:16:20: error: weightGrams: expected a number of grams above 0, found -5",
            "\(root)/beans/bags.json:17:17: error: currency: expected three capital letters such as EUR or USD, found \"euro\"",
            "\(root)/beans/more.csv:2:47: error: freezes[0].thawedOn: thawed on 2026-11-03, before the bag was frozen on 2026-11-05; expected 2026-11-05 or later",
            "\(root)/logs/2026-11.json:11:15: error: beanId: no bag of beans has the id \"bean-gujj\"; did you mean \"bean-guji\"?",
            "\(root)/logs/2026-11.json:15:18: error: timestamp: brewed on 2026-11-09, before its bag \"bean-guji\" was roasted on 2026-11-10; expected 2026-11-10 or later",
        ], "\(shown)")
        // The bags read whole, the CSV's freezes among them; the one with mistakes is left out.
        let bags = result.validated.dataset.beans.map(\.value)
        #expect(bags.map(\.id) == ["bean-guji", "bean-kenya"])
        #expect(bags.last?.freezes == [CoffeeBean.Freeze(frozenOn: "2026-11-05", thawedOn: "2026-11-03")])
    }

    /// With no bag at all the bags' shelf is empty and not kept; a log naming a bag is still an
    /// error, as it is when other bags are there (before, `check` said nothing).
    @Test func aLogNamingABagIsCheckedWhenThereAreNoBags() throws {
        let root = TestPaths.temporary("no-bags").path
        try FileManager.default.copyItem(atPath: Fixture.absolutePath("beans-invalid"), toPath: root)
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.removeItem(atPath: "\(root)/beans")
        let shown = DataDirectoryReader(root: root).read().validated.diagnostics
            .filter { $0.location.file.contains("/logs/") }.map(\.description)
        #expect(shown.contains("\(root)/logs/2026-11.json:11:15: error: beanId: no bag of beans has the id \"bean-gujj\""), "\(shown)")
        #expect(shown.filter { $0.contains("beanId: no bag") }.count == shown.filter { $0.contains("error: beanId") }.count)
        #expect(!shown.isEmpty)
    }
}

/// A bag's age: days off roast less the days it spent frozen.
@Suite("A bag's age")
struct CoffeeBeanAgeTests {
    let bag = CoffeeBean(id: "bean-kenya", name: "Kenya", roastDate: "2026-11-02",
                         freezes: [.init(frozenOn: "2026-11-04", thawedOn: "2026-11-07")])

    @Test func frozenDaysAreNotCounted() {
        #expect(bag.age(on: "2026-11-21")! == (16, 3))
        #expect(bag.ageText(on: "2026-11-21") == "16 days off roast (3 frozen days not counted)")
    }

    @Test func aFreezeNotThawedCountsUpToTheDay() {
        var still = bag
        still.freezes = [.init(frozenOn: "2026-11-04")]
        #expect(still.age(on: "2026-11-10")! == (2, 6))
        #expect(still.ageText(on: "2026-11-03") == "1 day off roast")
    }

    @Test func noAgeBeforeTheRoastOrWithoutIt() {
        #expect(bag.age(on: "2026-11-01") == nil)
        #expect(CoffeeBean(id: "x", name: "x").ageText(on: "2026-11-21") == nil)
    }
}
