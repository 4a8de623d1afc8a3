import BrewKit
import PropertyBased
import Testing

@Suite struct LastWriteWinsMergeTests {
    func slot(_ id: String, servings: Double, at time: String?) -> MealSlot {
        MealSlot(id: id, day: "2026-11-24", meal: .lunch, content: .snack(id: "apple"), servings: servings, updatedAt: time)
    }

    @Test func theLaterCopyWinsAndTheOtherIsReported() {
        let target = [slot("a", servings: 1, at: "2026-11-20T10:00:00Z"), slot("b", servings: 1, at: nil)]
        let source = [slot("a", servings: 2, at: "2026-11-21T10:00:00Z"), slot("b", servings: 3, at: "2026-11-01T00:00:00Z"), slot("c", servings: 1, at: nil)]
        let outcome = LastWriteWinsMerge.merge([source], into: target)
        #expect(outcome.merged.map(\.servings) == [2, 3, 1])
        #expect(outcome.added == ["c"])
        #expect(outcome.replaced.map(\.id) == ["a", "b"])
        #expect(outcome.replaced[0].dropped.servings == 1)
    }

    @Test func onATieTheTargetStays() {
        let time = "2026-11-20T10:00:00Z"
        let outcome = LastWriteWinsMerge.merge([[slot("a", servings: 2, at: time)]], into: [slot("a", servings: 1, at: time)])
        #expect(outcome.merged.map(\.servings) == [1])
        #expect(outcome.replaced.first?.dropped.servings == 2)
    }

    static let record = zip(Gen.int(in: 0...5), Gen.int(in: 1...4), Gen.int(in: 0...9))

    @Test func mergingTwiceChangesNothingAndEachIdIsKeptOnce() async {
        await propertyCheck(input: Self.record.array(of: 0...8), Self.record.array(of: 0...8)) { targetSeeds, sourceSeeds in
            func records(_ seeds: [(Int, Int, Int)]) -> [MealSlot] {
                var seen = Set<Int>()
                return seeds.filter { seen.insert($0.0).inserted }.map { id, servings, hour in
                    slot("s\(id)", servings: Double(servings), at: hour == 0 ? nil : "2026-11-20T0\(hour):00:00Z")
                }
            }
            let target = records(targetSeeds), source = records(sourceSeeds)
            let once = LastWriteWinsMerge.merge([source], into: target)
            let twice = LastWriteWinsMerge.merge([source], into: once.merged)
            #expect(twice.merged == once.merged)
            #expect(twice.added.isEmpty)
            #expect(Set(once.merged.map(\.id)).count == once.merged.count)
            #expect(Set(once.merged.map(\.id)) == Set((target + source).map(\.id)))
        }
    }
}
