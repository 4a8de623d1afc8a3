import BrewData
import BrewKit
import Foundation
import Testing
import TestSupport

/// Issue 51: the merge report says each record once, by what happened to it. A recipe marked on
/// one source and old on another was reported as both updated and dropped; an older copy on a
/// source was "dropped" at every merge though nothing changed; an entry deleted on the target
/// and still on the source was not said at all ("7 identical").
@Suite struct MergeReportOnceTests {
    static func soup(favourite: Bool, updatedAt: TimeInterval?) -> KitchenRecipe {
        KitchenRecipe(id: "soup", title: "Soup", servings: 2, category: .lunch,
                      ingredients: [KitchenIngredient(id: "i1", name: "lentils", amount: "200 g")],
                      steps: [KitchenStep(id: "s1", order: 1, text: "Simmer.")],
                      isFavourite: favourite, updatedAt: updatedAt.map { Date(timeIntervalSince1970: $0) })
    }

    @Test func aRecipeMarkedOnOneSourceIsSaidOnceAsUpdated() {
        let old = Self.soup(favourite: false, updatedAt: nil)
        let marked = Self.soup(favourite: true, updatedAt: 1_795_000_000)
        let outcome = Merger.merge([DataSnapshot(kitchenRecipes: [marked]), DataSnapshot(kitchenRecipes: [old])], into: DataSnapshot(kitchenRecipes: [old]))
        #expect(outcome.report.updated.lines.count == 1, "\(outcome.report.updated.lines)")
        #expect(outcome.report.dropped.lines.isEmpty, "\(outcome.report.dropped.lines)")
        #expect(outcome.merged.kitchenRecipes == [marked])
        // The old copy first, then the marked one: still one line.
        let reversed = Merger.merge([DataSnapshot(kitchenRecipes: [old]), DataSnapshot(kitchenRecipes: [marked])], into: DataSnapshot(kitchenRecipes: [old]))
        #expect(reversed.report.updated.lines.count == 1 && reversed.report.dropped.lines.isEmpty, "\(reversed.report.updated.lines + reversed.report.dropped.lines)")
    }

    @Test func aSourceOlderThanTheTargetChangesNothingAndIsSaidOnce() {
        let old = Self.soup(favourite: false, updatedAt: nil)
        let marked = Self.soup(favourite: true, updatedAt: 1_795_000_000)
        let outcome = Merger.merge([DataSnapshot(kitchenRecipes: [old]), DataSnapshot(kitchenRecipes: [old])], into: DataSnapshot(kitchenRecipes: [marked]))
        #expect(outcome.report.changesNothing)
        #expect(outcome.report.dropped.lines.count == 1, "\(outcome.report.dropped.lines)")
    }

    @Test func aPlanSlotReplacedIsSaidOnceAsUpdated() throws {
        func slot(_ snack: String, at time: String) -> String { PlannerMergeTests.slot("a", snack: snack, at: time) }
        let target = try MergeByKindTests.DataFolder(["kitchen/plan/2026-11.json": "[\(slot("apple", at: "2026-11-20T10:00:00Z"))]"])
        let source = try MergeByKindTests.DataFolder(["kitchen/plan/2026-11.json": "[\(slot("banana", at: "2026-11-21T10:00:00Z"))]"])
        let outcome = Merger.merge([try source.snapshot()], into: try target.snapshot())
        #expect(outcome.report.updated.lines == ["plan slot a: took the incoming copy (updatedAt 2026-11-21T10:00:00Z); dropped the target's (updatedAt 2026-11-20T10:00:00Z)"])
        #expect(outcome.report.dropped.lines.isEmpty, "\(outcome.report.dropped.lines)")
    }

    @Test func anEntryDeletedOnTheTargetIsSaidWhenASourceStillHoldsIt() throws {
        func snapshot(_ entries: String, erasures: [ErasureRecord] = []) throws -> DataSnapshot {
            let text = #"[{ "id": "s1", "startTime": "2026-11-21T16:00:00Z", "endTime": "2026-11-21T20:00:00Z", "isActive": false, "entries": [\#(entries)] }]"#
            return DataSnapshot(sessionFiles: [SessionFile(relativePath: "sessions/s.json", content: .json(JSONValue(try JSONParser.parse(Array(text.utf8), file: "s.json"))))], erasures: erasures)
        }
        let deletion = ErasureRecord(kind: .sessionEntry, id: "s1/e1", erasedAt: try #require(ISO8601.date(from: "2026-11-22T09:00:00Z")))
        let target = try snapshot("", erasures: [deletion])
        let source = try snapshot(#"{ "id": "e1", "timestamp": "2026-11-21T17:00:00Z", "type": "water" }"#)
        let outcome = Merger.merge([source], into: target)
        #expect(outcome.report.skippedAsErased.lines == ["session entry s1/e1: deleted on a copy"], "\(outcome.report.skippedAsErased.lines)")
        #expect(outcome.report.changesNothing)
    }
}
