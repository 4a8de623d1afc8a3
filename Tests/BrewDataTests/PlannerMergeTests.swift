import BrewData
import BrewKit
import Foundation
import TestSupport
import Testing

/// The kitchen planner's records through merge (issue 15, "Rights and watch"): plan slots,
/// shopping items and snack presets by id with the later `updatedAt` winning and the other copy
/// reported; inbox entries by how far along they are; merging twice changes nothing.
@Suite struct PlannerMergeTests {
    typealias DataFolder = MergeByKindTests.DataFolder

    static func slot(_ id: String, snack: String = "apple", servings: Double = 1, at time: String?) -> String {
        "{ \"id\": \"\(id)\", \"day\": \"2026-11-24\", \"meal\": \"Lunch\", \"snackId\": \"\(snack)\", \"servings\": \(servings)"
            + (time.map { ", \"updatedAt\": \"\($0)\"" } ?? "") + " }"
    }

    static func item(_ id: String, _ name: String, checked: Bool, at time: String) -> String {
        "{ \"id\": \"\(id)\", \"name\": \"\(name)\", \"checked\": \(checked), \"updatedAt\": \"\(time)\" }"
    }

    static func slots(in folder: DataFolder) -> [MealSlot] {
        var diagnostics: [Diagnostic] = []
        return MealPlanReader(root: folder.root).read(diagnostics: &diagnostics).slots.map(\.value).sorted { $0.id < $1.id }
    }

    static func mergeAgainChangesNothing(_ source: DataFolder, into target: DataFolder) throws {
        let before = target.contents()
        let again = try MergeByKindTests.merge(source, into: target)
        #expect(again.report.changesNothing, "\(again.report.added.lines + again.report.updated.lines)")
        #expect(again.planner.writes.isEmpty)
        #expect(target.contents() == before)
    }

    @Test func planSlotsMergeByIDTheLaterCopyWinsAndTheOtherIsReported() throws {
        let target = try DataFolder(["kitchen/plan/2026-11.json": "[\(Self.slot("a", at: "2026-11-20T10:00:00Z")), \(Self.slot("b", at: "2026-11-20T10:00:00Z")), \(Self.slot("d", at: nil))]"])
        let source = try DataFolder(["kitchen/plan/2026-11.json": "[\(Self.slot("a", snack: "banana", at: "2026-11-21T10:00:00Z")), \(Self.slot("b", snack: "orange", at: "2026-11-19T10:00:00Z")), \(Self.slot("c", at: nil)), \(Self.slot("d", at: nil))]"])
        let outcome = try MergeByKindTests.merge(source, into: target)
        #expect(outcome.report.added.lines == ["plan slot c"])
        // Each record once, by what happened to it: a replaced one as updated, an older incoming copy as older.
        #expect(outcome.report.updated.lines == ["plan slot a: took the incoming copy (updatedAt 2026-11-21T10:00:00Z); dropped the target's (updatedAt 2026-11-20T10:00:00Z)"])
        #expect(outcome.report.dropped.lines == [
            "plan slot b: kept the target's copy (updatedAt 2026-11-20T10:00:00Z); dropped the incoming one (updatedAt 2026-11-19T10:00:00Z)",
        ])
        #expect(target.errors.isEmpty)
        let merged = Self.slots(in: target)
        #expect(merged.map(\.id) == ["a", "b", "c", "d"])
        #expect(merged.map(\.content) == [.snack(id: "banana"), .snack(id: "apple"), .snack(id: "apple"), .snack(id: "apple")])
        // The winner and the new slot are in a new file; the replaced copy left the old one.
        let files = try FileManager.default.contentsOfDirectory(atPath: target.root + "/kitchen/plan").sorted()
        #expect(files.count == 2 && files[1].hasPrefix("merged-") && files[1].hasSuffix(".json"), "\(files)")
        try Self.mergeAgainChangesNothing(source, into: target)
    }

    @Test func aCSVCopyAndAJSONCopyWithTheSameValuesAreOneSlot() throws {
        let target = try DataFolder(["kitchen/plan/2026-11.json": "[{ \"id\": \"q\", \"day\": \"2026-11-24\", \"meal\": \"Dinner\", \"quickAdd\": { \"name\": \"Soup\", \"calories\": 300, \"protein\": 10, \"carbs\": 40, \"fats\": 8 }, \"servings\": 1.5 }]"])
        let source = try DataFolder(["kitchen/plan/plan.csv": "id,day,meal,recipeId,snackId,quickAddName,calories,protein,carbs,fats,servings,updatedAt\nq,2026-11-24,Dinner,,,Soup,300,10,40,8,1.5,\nr,2026-11-25,Dinner,,,Stew,500,30,40,20,,2026-11-20T10:00:00Z\n"])
        let outcome = try MergeByKindTests.merge(source, into: target)
        #expect(outcome.report.added.lines == ["plan slot r"])
        #expect(outcome.report.dropped.lines.isEmpty && outcome.report.updated.lines.isEmpty)
        #expect(target.errors.isEmpty, "\(target.errors)")
        let files = try FileManager.default.contentsOfDirectory(atPath: target.root + "/kitchen/plan").sorted()
        #expect(files.contains { $0.hasPrefix("merged-") && $0.hasSuffix(".csv") }, "a slot read from CSV is written as CSV: \(files)")
        #expect(Self.slots(in: target).map(\.id) == ["q", "r"])
        try Self.mergeAgainChangesNothing(source, into: target)
    }

    @Test func aShoppingListKeptAsCSVIsRewrittenInPlace() throws {
        let target = try DataFolder(["kitchen/shopping.csv": "id,name,recipeId,recipeName,checked,updatedAt\nitem-1,2 lemons,,,false,2026-11-20T10:00:00Z\nitem-2,1 loaf,,,false,2026-11-20T10:00:00Z\n"])
        let source = try DataFolder(["kitchen/shopping.json": "[\(Self.item("item-1", "2 lemons", checked: true, at: "2026-11-21T09:00:00Z")), \(Self.item("item-3", "Milk", checked: false, at: "2026-11-21T09:00:00Z"))]"])
        let outcome = try MergeByKindTests.merge(source, into: target)
        #expect(outcome.report.added.lines == ["shopping item item-3"])
        #expect(outcome.report.updated.lines == ["shopping item item-1: took the incoming copy (updatedAt 2026-11-21T09:00:00Z); dropped the target's (updatedAt 2026-11-20T10:00:00Z)"])
        #expect(outcome.report.dropped.lines.isEmpty, "said once, as updated")
        #expect(!FileManager.default.fileExists(atPath: target.root + "/kitchen/shopping.json"), "the list stays in one file")
        let text = try String(contentsOfFile: target.root + "/kitchen/shopping.csv", encoding: .utf8)
        #expect(text == "id,name,recipeId,recipeName,checked,updatedAt\nitem-1,2 lemons,,,true,2026-11-21T09:00:00Z\nitem-2,1 loaf,,,false,2026-11-20T10:00:00Z\nitem-3,Milk,,,false,2026-11-21T09:00:00Z\n")
        #expect(target.errors.isEmpty, "\(target.errors)")
        try Self.mergeAgainChangesNothing(source, into: target)
    }

    @Test func aTargetWithoutAListTakesTheSourcesAsJSON() throws {
        let target = try DataFolder([:])
        let source = try DataFolder(["kitchen/shopping.csv": "id,name,checked\nitem-1,2 lemons,yes\n",
                                     "kitchen/snacks.json": "[{ \"id\": \"flapjack\", \"name\": \"Flapjack\", \"calories\": 180, \"protein\": 3, \"carbs\": 24, \"fats\": 8 }]"])
        let outcome = try MergeByKindTests.merge(source, into: target)
        #expect(Set(outcome.report.added.lines) == ["shopping item item-1", "snack preset flapjack"])
        let list = try String(contentsOfFile: target.root + "/kitchen/shopping.json", encoding: .utf8)
        #expect(list.contains("\"checked\": true"), "\(list)")
        #expect(FileManager.default.fileExists(atPath: target.root + "/kitchen/snacks.json"))
        #expect(target.errors.isEmpty, "\(target.errors)")
        try Self.mergeAgainChangesNothing(source, into: target)
    }

    @Test func snackPresetsMergeByIDTheLaterUpdatedAtWins() throws {
        let preset = { (calories: Int, time: String?) in
            "{ \"id\": \"flapjack\", \"name\": \"Flapjack\", \"calories\": \(calories), \"protein\": 3, \"carbs\": 24, \"fats\": 8" + (time.map { ", \"updatedAt\": \"\($0)\"" } ?? "") + " }"
        }
        let target = try DataFolder(["kitchen/snacks.json": "[\(preset(180, nil))]"])
        let source = try DataFolder(["kitchen/snacks.json": "[\(preset(200, "2026-11-21T09:00:00Z"))]"])
        let outcome = try MergeByKindTests.merge(source, into: target)
        #expect(outcome.report.updated.lines == ["snack preset flapjack: took the incoming copy (updatedAt 2026-11-21T09:00:00Z); dropped the target's (no updatedAt)"])
        #expect(outcome.report.dropped.lines.isEmpty)
        var diagnostics: [Diagnostic] = []
        let plan = MealPlanReader(root: target.root).read(diagnostics: &diagnostics)
        #expect(diagnostics.isEmpty, "updatedAt is a known field of a preset: \(diagnostics)")
        #expect(plan.snacksByID["flapjack"]?.calories == 200)
        try Self.mergeAgainChangesNothing(source, into: target)
    }

    /// The inbox: an entry clipped on one side stays clipped; a failure beats a pending entry;
    /// between equals, the later createdAt; the target's on a tie. The file's shape is kept.
    @Test func inboxEntriesMergeByHowFarAlongTheyAre() throws {
        func entry(_ id: String, _ status: String, created: String = "2026-11-20T10:00:00Z", recipe: String? = nil) -> String {
            "{ \"id\": \"\(id)\", \"type\": \"url\", \"content\": \"https://example.com/\(id)\", \"createdAt\": \"\(created)\", \"status\": \"\(status)\""
                + (recipe.map { ", \"recipeId\": \"\($0)\"" } ?? "") + " }"
        }
        let target = try DataFolder(["kitchen/inbox.json": "{ \"entries\": [\(entry("x", "pending")), \(entry("y", "failed")), \(entry("z", "ready"))] }"])
        let source = try DataFolder(["kitchen/inbox.json": "[\(entry("x", "ready")), \(entry("y", "pending")), \(entry("z", "ready", created: "2026-11-19T10:00:00Z")), \(entry("w", "pending"))]"])
        let outcome = try MergeByKindTests.merge(source, into: target)
        #expect(outcome.report.added.lines == ["inbox entry w"])
        #expect(outcome.report.updated.lines.count == 1)
        #expect(outcome.report.updated.lines.first?.hasPrefix("inbox entry x: took the incoming copy (status ready") == true, "\(outcome.report.updated.lines)")
        #expect(outcome.report.dropped.lines.count == 2, "\(outcome.report.dropped.lines)")
        var diagnostics: [Diagnostic] = []
        let entries = KitchenInbox.read(root: target.root, diagnostics: &diagnostics).map(\.value)
        #expect(diagnostics.isEmpty)
        #expect(entries.map(\.id) == ["x", "y", "z", "w"])
        #expect(entries.map(\.status) == [.ready, .failed, .ready, .pending])
        let text = try String(contentsOfFile: target.root + "/kitchen/inbox.json", encoding: .utf8)
        #expect(text.hasPrefix("{"), "the {\"entries\": …} shape is kept")
        try Self.mergeAgainChangesNothing(source, into: target)
    }

    @Test func theTargetsKitchenPreferencesAreKeptAndADifferenceIsSaid() throws {
        let target = try DataFolder(["preferences.json": "{ \"kitchen\": { \"units\": \"metric\" } }"])
        let source = try DataFolder(["preferences.json": "{ \"kitchen\": { \"units\": \"imperial\" } }"])
        let outcome = try MergeByKindTests.merge(source, into: target)
        #expect(outcome.report.notes.contains { $0.hasPrefix("preferences.json kitchen (units, card servings, aisles): the target's are kept") }, "\(outcome.report.notes)")
        #expect(try String(contentsOfFile: target.root + "/preferences.json", encoding: .utf8).contains("metric"))
    }

    /// For any target and source plans, shopping lists (JSON or CSV on either side) and inboxes (ids
    /// from small pools, so many collide), the merge keeps each id once with its latest copy, in the
    /// order `LastWriteWinsMerge` gives, and merging the same source again changes nothing.
    @Test func mergingRandomPlansTwiceChangesNothing() throws {
        for seed in UInt64(1)...25 {
            var random = SplitMix64(seed: seed)
            func int(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(random.next() % UInt64(range.count)) }
            func file() -> String {
                var seen = Set<Int>()
                var slots: [String] = []
                for _ in 0..<int(0...6) {
                    let id = int(0...5), hour = int(0...4)
                    guard seen.insert(id).inserted else { continue }
                    slots.append(Self.slot("s\(id)", servings: Double(int(1...3)), at: hour == 0 ? nil : "2026-11-20T0\(hour):00:00Z"))
                }
                return "[" + slots.joined(separator: ", ") + "]"
            }
            // A shopping list as JSON or CSV, and an inbox with random statuses.
            func list(csv: Bool) -> (String, String) {
                var seen = Set<Int>()
                var rows: [(Int, Bool, Int)] = []
                for _ in 0..<int(0...5) {
                    let id = int(1...4)
                    if seen.insert(id).inserted { rows.append((id, int(0...1) == 1, int(1...4))) }
                }
                if csv {
                    return ("kitchen/shopping.csv", "id,name,checked,updatedAt\n" + rows.map { "item-\($0.0),thing \($0.0),\($0.1),2026-11-20T0\($0.2):00:00Z\n" }.joined())
                }
                return ("kitchen/shopping.json", "[" + rows.map { Self.item("item-\($0.0)", "thing \($0.0)", checked: $0.1, at: "2026-11-20T0\($0.2):00:00Z") }.joined(separator: ", ") + "]")
            }
            func inbox() -> String {
                let statuses = ["pending", "failed", "ready"]
                var seen = Set<Int>()
                var entries: [String] = []
                for _ in 0..<int(0...4) {
                    let id = int(1...3)
                    guard seen.insert(id).inserted else { continue }
                    entries.append("{ \"id\": \"e\(id)\", \"type\": \"text\", \"content\": \"soup\", \"createdAt\": \"2026-11-20T0\(int(1...3)):00:00Z\", \"status\": \"\(statuses[int(0...2)])\" }")
                }
                return "[" + entries.joined(separator: ", ") + "]"
            }
            let targetList = list(csv: int(0...1) == 1), sourceList = list(csv: int(0...1) == 1)
            let target = try DataFolder(["kitchen/plan/2026-11.json": file(), targetList.0: targetList.1, "kitchen/inbox.json": inbox()])
            let source = try DataFolder(["kitchen/plan/2026-11.json": file(), sourceList.0: sourceList.1, "kitchen/inbox.json": inbox()])
            var diagnostics: [Diagnostic] = []
            let itemsBefore = MealPlanReader(root: target.root).read(diagnostics: &diagnostics).shoppingItems.map(\.value)
            let sourceItems = MealPlanReader(root: source.root).read(diagnostics: &diagnostics).shoppingItems.map(\.value)
            let expected = LastWriteWinsMerge.merge([Self.slots(in: source)], into: Self.slots(in: target)).merged
            let expectedItems = LastWriteWinsMerge.merge([sourceItems], into: itemsBefore).merged
            _ = try MergeByKindTests.merge(source, into: target)
            #expect(target.errors.isEmpty, "seed \(seed)")
            #expect(Self.slots(in: target) == expected.sorted { $0.id < $1.id }, "seed \(seed)")
            let items = MealPlanReader(root: target.root).read(diagnostics: &diagnostics).shoppingItems.map(\.value)
            // Copies of one id stamped alike go by a rule every copy shares (`WriteOrder`), not to the
            // target: such an id ends as one of its two copies.
            let sourceByID = Dictionary(sourceItems.map { ($0.id, $0) }) { a, _ in a }
            let targetByID = Dictionary(itemsBefore.map { ($0.id, $0) }) { a, _ in a }
            func tied(_ id: String) -> Bool {
                guard let a = sourceByID[id], let b = targetByID[id] else { return false }
                return a != b && a.updatedAt == b.updatedAt
            }
            #expect(items.map(\.id) == expectedItems.map(\.id), "seed \(seed)")
            #expect(items.filter { !tied($0.id) } == expectedItems.filter { !tied($0.id) }, "seed \(seed)")
            #expect(items.filter { tied($0.id) }.allSatisfy { $0 == sourceByID[$0.id] || $0 == targetByID[$0.id] }, "seed \(seed)")
            #expect(diagnostics.isEmpty, "seed \(seed): \(diagnostics)")
            let entries = KitchenInbox.read(root: target.root, diagnostics: &diagnostics)
            #expect(Set(entries.map(\.value.id)).count == entries.count, "seed \(seed): one entry per id")
            try Self.mergeAgainChangesNothing(source, into: target)
        }
    }

    /// An erased shopping list does not come back from a copy made before the erase, but a list
    /// made again afterwards (the same ids, later times) is kept.
    @Test func anErasedListStaysErasedAndANewOneWithTheSameIDsIsKept() throws {
        let list = "[\(Self.item("item-1", "2 lemons", checked: false, at: "2026-11-20T10:00:00Z")), \(Self.item("item-2", "Milk", checked: false, at: "2026-11-20T10:00:00Z"))]"
        let target = try DataFolder(["kitchen/shopping.json": list])
        let oldCopy = try DataFolder(["kitchen/shopping.json": list])
        let now = ISO8601.date(from: "2026-11-21T12:00:00Z")!
        let plan = try Eraser.plan(root: target.root, selection: .shopping, now: now)
        #expect(plan.ids(.shoppingItem) == ["item-1", "item-2"])
        try Eraser.apply(plan, root: target.root)
        #expect(try String(contentsOfFile: target.root + "/erasures.json", encoding: .utf8).contains("\"shopping-item\""))

        let merged = try MergeByKindTests.merge(oldCopy, into: target)
        #expect(merged.report.skippedAsErased.lines == ["shopping item item-1", "shopping item item-2"])
        #expect(!FileManager.default.fileExists(atPath: target.root + "/kitchen/shopping.json"))

        // A new list reuses item-1 later: it is a new record, kept through a merge with the old copy.
        try "[\(Self.item("item-1", "Bread", checked: false, at: "2026-11-22T09:00:00Z"))]".write(toFile: target.root + "/kitchen/shopping.json", atomically: true, encoding: .utf8)
        let again = try MergeByKindTests.merge(oldCopy, into: target)
        #expect(again.report.changesNothing)
        var diagnostics: [Diagnostic] = []
        #expect(MealPlanReader(root: target.root).read(diagnostics: &diagnostics).shoppingItems.map(\.value.name) == ["Bread"])
        #expect(target.errors.isEmpty, "\(target.errors)")
    }

    /// Slots erased on a source (`--plan-before`) leave the target too, said as such; merging
    /// again changes nothing, and the target's ledger then holds the erasures.
    @Test func slotsErasedOnASourceLeaveTheTarget() throws {
        let plan = "[\(Self.slot("old", at: "2026-11-20T10:00:00Z")), { \"id\": \"new\", \"day\": \"2026-11-30\", \"meal\": \"Dinner\", \"snackId\": \"apple\" }]"
        let target = try DataFolder(["kitchen/plan/2026-11.json": plan])
        let source = try DataFolder(["kitchen/plan/2026-11.json": plan])
        let erase = try Eraser.plan(root: source.root, selection: .planBefore("2026-11-25"), now: ISO8601.date(from: "2026-11-21T12:00:00Z")!)
        #expect(erase.ids(.planSlot) == ["old"])
        try Eraser.apply(erase, root: source.root)
        let outcome = try MergeByKindTests.merge(source, into: target)
        #expect(outcome.report.removedAsErased.lines == ["plan slot old"])
        #expect(Self.slots(in: target).map(\.id) == ["new"])
        #expect(try String(contentsOfFile: target.root + "/erasures.json", encoding: .utf8).contains("\"plan-slot\""))
        try Self.mergeAgainChangesNothing(source, into: target)
    }

    /// A merge that would leave a slot naming a snack preset a source erased is refused before
    /// anything is written, with check's reason.
    @Test func aMergeThatWouldLeaveASlotNamingAnErasedSnackIsRefused() throws {
        let preset = "[{ \"id\": \"flapjack\", \"name\": \"Flapjack\", \"calories\": 180, \"protein\": 3, \"carbs\": 24, \"fats\": 8 }]"
        let target = try DataFolder(["kitchen/snacks.json": preset, "kitchen/plan/2026-11.json": "[\(Self.slot("a", snack: "flapjack", at: "2026-11-20T10:00:00Z"))]"])
        let source = try DataFolder(["kitchen/snacks.json": preset])
        try Eraser.apply(try Eraser.plan(root: source.root, selection: .all, now: ISO8601.date(from: "2026-11-21T12:00:00Z")!), root: source.root)
        let before = target.contents()
        let snapshot = try target.snapshot()
        let outcome = Merger.merge([try source.snapshot()], into: snapshot)
        #expect(outcome.report.removedAsErased.lines == ["snack preset flapjack"])
        let reason = try Merger.refusal(of: outcome, root: target.root)
        #expect(reason?.contains("the merge would leave the target invalid") == true, "\(reason ?? "accepted")")
        #expect(reason?.contains("flapjack") == true, "\(reason ?? "")")
        #expect(throws: CommandError.self) { try Merger.apply(outcome, target: snapshot, root: target.root) }
        #expect(target.contents() == before)
    }

    /// An archive's planner files: only the planner's own paths, and files that read as check reads them.
    @Test func anArchiveWithAnUnsafePathOrABrokenSlotIsRefused() throws {
        func archive(_ path: String, _ content: JSONValue) throws -> [UInt8] {
            let snapshot = DataSnapshot(kitchenFiles: [SessionFile(relativePath: path, content: .json(content))])
            return Archive.bytes(for: snapshot, toolVersion: "test", createdAt: Date(timeIntervalSince1970: 0))
        }
        func refusal(_ bytes: [UInt8]) -> String? {
            do { _ = try ArchiveReader.read(bytes, name: "a.json"); return nil } catch { return error.message }
        }
        let slot = JSONValue.array([.object([JSONMember("id", .string("a")), JSONMember("day", .string("2026-11-24")),
                                             JSONMember("meal", .string("Lunch")), JSONMember("snackId", .string("apple"))])])
        #expect(refusal(try archive("kitchen/plan/2026-11.json", slot)) == nil)
        for path in ["kitchen/plan/../../../etc/x.json", "kitchen/plan/.hidden.json", "kitchen/recipes/x.json", "kitchen/plan/x.txt", "/kitchen/snacks.json"] {
            let message = refusal(try archive(path, slot))
            #expect(message?.contains("unsafe or unexpected path") == true, "\(path): \(message ?? "accepted")")
        }
        let broken = JSONValue.array([.object([JSONMember("id", .string("a")), JSONMember("day", .string("24.11.2026")),
                                               JSONMember("meal", .string("Lunch")), JSONMember("snackId", .string("apple"))])])
        let message = refusal(try archive("kitchen/plan/2026-11.json", broken))
        #expect(message?.contains("a.json#/kitchen/plan/2026-11.json:") == true, "\(message ?? "accepted")")
        #expect(message?.contains("expected a day as yyyy-MM-dd") == true, "\(message ?? "accepted")")
    }
}
