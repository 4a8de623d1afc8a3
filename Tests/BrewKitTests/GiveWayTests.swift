import BrewKit
import Foundation
import Testing

/// `GiveWay`: long work asks between its steps and once every `itemsPerCheck` items of a loop,
/// and ends with `GaveWay` when the question says yes.
@Suite("Give way")
struct GiveWayTests {
    @Test func aLoopAsksOnceEveryFewThousandItems() throws {
        var asked = 0
        let giveWay = GiveWay { asked += 1; return false }
        let items = 3 * GiveWay.itemsPerCheck + 5
        for index in 0..<items { try giveWay.check(at: index) }
        #expect(asked == 3)
        try giveWay.check()
        #expect(asked == 4)
    }

    @Test func aYesEndsTheWorkWhereItWasAsked() {
        var asked = 0
        let giveWay = GiveWay { asked += 1; return asked == 2 }
        var done = 0
        #expect(throws: GaveWay.self) {
            for index in 0..<(10 * GiveWay.itemsPerCheck) {
                try giveWay.check(at: index)
                done += 1
            }
        }
        #expect(done == 2 * GiveWay.itemsPerCheck - 1, "stopped at the second question, found \(done) items done")
    }

    @Test func neverAsksNothingAndValidatesAsBefore() throws {
        try GiveWay.never.check()
        for index in 0..<(2 * GiveWay.itemsPerCheck) { try GiveWay.never.check(at: index) }
        let dataset = Dataset(recipes: [Located(StarterRecipe.recipe(createdAt: Date(timeIntervalSince1970: 0)), source: SourceMap(record: SourceLocation(file: "recipes/v60.json", line: 1)))])
        let today = Date(timeIntervalSince1970: 1_800_000_000)
        var asked = 0
        let asking = try DatasetValidator(today: today).diagnostics(for: dataset, logFindings: nil, giveWay: GiveWay { asked += 1; return false })
        #expect(asking.map(\.description) == DatasetValidator(today: today).diagnostics(for: dataset).map(\.description))
        #expect(asked >= 6, "asked between the rules, found \(asked)")
        for place in 1...asked {
            var count = 0
            #expect(throws: GaveWay.self, "gives way at question \(place)") {
                _ = try DatasetValidator(today: today).diagnostics(for: dataset, logFindings: nil, giveWay: GiveWay { count += 1; return count == place })
            }
        }
    }
}
