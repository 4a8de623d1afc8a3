@testable import BrewWatch
import Testing

/// The batch timing, with the clock passed in.
@Suite struct CoalescerTests {
    let one = WatchBatch(changedPaths: ["Data/logs/a.json"])
    let two = WatchBatch(changedPaths: ["Data/logs/b.json"])

    @Test func nothingPendingIsNeverDue() {
        var coalescer = Coalescer(quietMilliseconds: 30, maximumDelayMilliseconds: 500)
        #expect(coalescer.millisecondsUntilDue(atMilliseconds: 1_000) == nil)
        #expect(coalescer.takeBatchIfDue(atMilliseconds: 1_000) == nil)
        coalescer.add(WatchBatch(), atMilliseconds: 1_000)  // only droppings: starts nothing
        #expect(coalescer.millisecondsUntilDue(atMilliseconds: 1_000) == nil)
    }

    @Test func dueAfterTheQuietPeriod() {
        var coalescer = Coalescer(quietMilliseconds: 30, maximumDelayMilliseconds: 500)
        coalescer.add(one, atMilliseconds: 1_000)
        #expect(coalescer.millisecondsUntilDue(atMilliseconds: 1_010) == 20)
        #expect(coalescer.takeBatchIfDue(atMilliseconds: 1_029) == nil)
        coalescer.add(two, atMilliseconds: 1_020)
        #expect(coalescer.millisecondsUntilDue(atMilliseconds: 1_030) == 20)
        #expect(coalescer.takeBatchIfDue(atMilliseconds: 1_050) == WatchBatch(changedPaths: ["Data/logs/a.json", "Data/logs/b.json"]))
        #expect(coalescer.millisecondsUntilDue(atMilliseconds: 1_050) == nil)
    }

    @Test func steadyChangesAreCutAtTheMaximumDelay() {
        var coalescer = Coalescer(quietMilliseconds: 30, maximumDelayMilliseconds: 500)
        var emitted: [Int64] = []
        for nowMilliseconds in stride(from: Int64(0), through: 1_200, by: 10) {
            coalescer.add(one, atMilliseconds: nowMilliseconds)
            if coalescer.takeBatchIfDue(atMilliseconds: nowMilliseconds) != nil { emitted.append(nowMilliseconds) }
        }
        #expect(emitted == [500, 1_010])
    }

    @Test func rescanIsKeptWhenMerged() {
        var coalescer = Coalescer(quietMilliseconds: 0, maximumDelayMilliseconds: 0)
        coalescer.add(WatchBatch(changedPaths: ["Data/logs"], needsRescan: true), atMilliseconds: 5)
        coalescer.add(one, atMilliseconds: 5)
        #expect(coalescer.takeBatchIfDue(atMilliseconds: 5) == WatchBatch(changedPaths: ["Data/logs", "Data/logs/a.json"], needsRescan: true))
    }
}
