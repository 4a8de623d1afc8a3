import BrewKit
import Foundation
import PropertyBased
import Testing

/// Entries made from numbers: the low bit picks water or a drink, the rest its minute and size.
private func entries(from seeds: [Int]) -> [LogEntry] {
    seeds.enumerated().map { index, seed in
        let minute = Double(seed % 240)
        if seed % 2 == 0 { return water("w\(index)", minute, ml: Double(100 + seed % 400)) }
        let ml = seed % 3 == 0 ? nil : Double(50 + seed % 500)
        return drink("d\(index)", minute, ml: ml, abv: Double(seed % 41))
    }
}

/// A deterministic shuffle (a linear congruential generator).
private func shuffled<T>(_ items: [T], seed: Int) -> [T] {
    var state = UInt64(truncatingIfNeeded: seed) | 1
    var result = items
    guard result.count > 1 else { return result }
    for index in stride(from: result.count - 1, to: 0, by: -1) {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        let other = Int((state >> 33) % UInt64(index + 1))
        result.swapAt(index, other)
    }
    return result
}

@Suite struct WaterlinePropertyTests {
    @Test func finalWaterlineIsTheSumOfDeltas() async {
        await propertyCheck(input: Gen.int(in: 0...10_000).array(of: 0...40)) { seeds in
            let summary = summarise(ended(entries(from: seeds), endMinutes: 240))
            #expect(summary.finalWaterline == summary.timeline.map(\.delta).reduce(0, +))
            #expect(summary.maxWaterline >= summary.finalWaterline)
            #expect(summary.maxWaterline >= 0)
            #expect(summary.alcoholicDrinks + summary.waterEntries == seeds.count)
            #expect(summary.remindersFollowed <= summary.remindersFired)
        }
    }

    @Test func everyDrinkMovesUpAtLeastOneAndWaterDownOne() async {
        await propertyCheck(input: Gen.int(in: 0...10_000).array(of: 1...30)) { seeds in
            for item in summarise(ended(entries(from: seeds), endMinutes: 240)).timeline {
                #expect(item.entry.type == .water ? item.delta == -1 : item.delta >= 1)
            }
        }
    }

    @Test func reorderingEntriesInTheFileDoesNotChangeTheSummary() async {
        // Distinct minutes, so the order in time is fully determined.
        await propertyCheck(input: Gen.int(in: 0...10_000).array(of: 0...30), Gen.int(in: 0...1_000_000)) { seeds, shuffleSeed in
            var seen: Set<Int> = []
            let distinct = seeds.filter { seen.insert($0 % 240).inserted }
            let original = entries(from: distinct)
            let reordered = shuffled(original, seed: shuffleSeed)
            let a = summarise(ended(original, endMinutes: 240), WaterlineSettings(timeReminderIntervalMinutes: 20))
            let b = summarise(ended(reordered, endMinutes: 240), WaterlineSettings(timeReminderIntervalMinutes: 20))
            #expect(a == b)
        }
    }

    @Test func thresholdWarningsMatchTheCrossingsOfTheLine() async {
        // Each threshold warning is a step from below the mark to it or above; each return is the
        // next step back below; the range holds the final value and the start.
        await propertyCheck(input: Gen.int(in: 0...10_000).array(of: 0...40), Gen.int(in: 1...4)) { seeds, threshold in
            let summary = summarise(ended(entries(from: seeds), endMinutes: 240), WaterlineSettings(warningThreshold: threshold))
            let values = [0] + summary.timeline.map(\.waterline)
            let crossings = zip(values, values.dropFirst()).filter { $0 < threshold && $1 >= threshold }.count
            let warnings = summary.pacingWarnings.filter { $0.kind == .threshold }
            #expect(warnings.count == crossings)
            for warning in warnings {
                #expect(warning.waterline >= threshold)
                if let back = warning.returnedBelowAt { #expect(back >= warning.timestamp) }
            }
            #expect(warnings.dropLast().allSatisfy { $0.returnedBelowAt != nil })
            #expect(summary.minWaterline <= min(0, summary.finalWaterline))
            #expect(summary.maxWaterline >= max(0, summary.finalWaterline))
            #expect(summary.minWaterline == values.min())
        }
    }

    @Test func quietTimeRemindersAndGivenOnesAreAllTheReminders() async {
        // The quiet rule only holds reminders back: given + held back = every interval before the end.
        await propertyCheck(input: Gen.int(in: 0...10_000).array(of: 0...20), Gen.int(in: 5...60), Gen.int(in: 10...120)) { seeds, interval, quiet in
            let settings = WaterlineSettings(timeReminderIntervalMinutes: interval, stopRemindersAfterInactiveMinutes: quiet)
            let summary = summarise(ended(entries(from: seeds), endMinutes: 240), settings)
            let all = (1...).lazy.map { at(Double($0 * interval)) }.prefix { $0 < at(240) }
            #expect((summary.timeReminders + summary.quietTimeReminders).sorted() == Array(all))
        }
    }
}
