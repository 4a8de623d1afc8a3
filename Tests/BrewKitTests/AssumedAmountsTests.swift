import BrewKit
import Foundation
import Testing

/// PRD 001 §8C and Q1 ("a double should count as +2"), §9.3 and §9.5 (water "defaults like 8 oz /
/// 250 ml"): what stands in when a drink has no ABV or a water break no amount.
@Suite struct AssumedAmountsTests {
    private func typed(_ id: String, _ minutes: Double, _ type: DrinkType, _ size: Volume, abv: Double? = nil, estimate: Double? = nil) -> LogEntry {
        .alcohol(id, at: at(minutes), AlcoholMeta(drinkType: type, size: size, abvPercent: abv, standardDrinkEstimate: estimate))
    }

    @Test func theDocumentedDefaultABVs() {
        #expect(DrinkType.beer.assumedABVPercent == 5)
        #expect(DrinkType.wine.assumedABVPercent == 12)
        #expect(DrinkType.liquor.assumedABVPercent == 40)
        #expect(DrinkType.cocktail.assumedABVPercent == 15)
        #expect(DrinkType.other.assumedABVPercent == nil)
    }

    /// 3 oz of liquor = 88.72 ml × 40 % × 0.789 ÷ 14 = 2.000 standard drinks: +2, not +1.
    @Test func aThreeOunceLiquorWithNoABVIsPlusTwo() {
        let summary = summarise(ended([typed("d", 10, .liquor, Volume(3, .oz))]))
        let item = summary.timeline[0]
        #expect(item.basis == .assumedABV)
        #expect(abs((item.standardDrinks ?? 0) - 2.0001) < 0.001)
        #expect(item.delta == 2)
        #expect(summary.drinksWithAssumedABV == 1)
        #expect(summary.drinksOfUnknownSize == 0)
    }

    /// A litre of beer = 1000 ml × 5 % × 0.789 ÷ 14 = 2.818 standard drinks: +3, more than +1.
    /// 150 ml of wine = 150 × 12 % × 0.789 ÷ 14 = 1.014: +1. 200 ml cocktail at 15 % = 1.691: +2.
    @Test func aLitreOfBeerIsMoreThanOne() {
        let summary = summarise(ended([
            typed("b", 10, .beer, .millilitres(1000)),
            typed("w", 20, .wine, .millilitres(150)),
            typed("c", 30, .cocktail, .millilitres(200)),
        ]))
        #expect(summary.timeline.map(\.delta) == [3, 1, 2])
        #expect(abs((summary.timeline[0].standardDrinks ?? 0) - 2.818) < 0.001)
        #expect(abs((summary.timeline[1].standardDrinks ?? 0) - 1.014) < 0.001)
        #expect(abs((summary.timeline[2].standardDrinks ?? 0) - 1.691) < 0.001)
    }

    /// A given ABV or estimate wins over the assumed one; "other" and a type with no size are unknown (+1).
    @Test func whatIsGivenWinsAndOtherStaysUnknown() {
        let summary = summarise(ended([
            typed("a", 10, .beer, .millilitres(1000), abv: 0.5),
            typed("e", 20, .liquor, Volume(3, .oz), estimate: 1),
            typed("o", 30, .other, .millilitres(500)),
            .alcohol("t", at: at(40), AlcoholMeta(drinkType: .liquor)),
        ]))
        #expect(summary.timeline.map(\.basis) == [.sizeAndABV, .estimate, .unknown, .unknown])
        #expect(summary.timeline.map(\.delta) == [1, 1, 1, 1])
    }

    /// Water with no amount and no `defaultWaterAmount`: 250 ml, or 8 oz (236.6 ml) in ounces.
    @Test func waterWithNoAmountTakesTheDefault() {
        let entries = [water("w", 10), water("x", 20, ml: 330)]
        let metric = summarise(ended(entries))
        #expect(metric.timeline[0].waterMillilitres == 250)
        #expect(metric.timeline[0].waterAmountIsDefault)
        #expect(!metric.timeline[1].waterAmountIsDefault)
        #expect(metric.waterVolumeMillilitres == 580)
        #expect(metric.waterEntriesWithDefaultAmount == 1)
        let imperial = summarise(ended(entries), WaterlineSettings(units: .oz))
        #expect(abs((imperial.timeline[0].waterMillilitres ?? 0) - 236.588) < 0.001)
        // A stored defaultWaterAmount (in the units) wins: 12 oz = 354.9 ml.
        let stored = summarise(ended(entries), WaterlineSettings(units: .oz, defaultWaterAmount: 12))
        #expect(abs((stored.timeline[0].waterMillilitres ?? 0) - 354.88) < 0.01)
    }
}
