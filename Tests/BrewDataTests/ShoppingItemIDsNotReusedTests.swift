import BrewData
import BrewKit
import Foundation
import Testing
import TestSupport

/// A cleared shopping item's id is never given to a new item: the next merge of an older copy
/// would take the new item for the cleared one ("erased on a source") and remove it.
struct ShoppingItemIDsNotReusedTests {
    static func journal(items: String) throws -> URL {
        let root = TestPaths.temporary("shopping-ids")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("kitchen"), withIntermediateDirectories: true)
        try items.write(to: root.appendingPathComponent("kitchen/shopping.json"), atomically: true, encoding: .utf8)
        return root
    }

    static let twoItemsTheSecondTicked = """
        [
          {"id": "item-1", "name": "2 lemons", "checked": false},
          {"id": "item-2", "name": "parsley", "checked": true}
        ]
        """

    @Test func anItemAddedAfterAClearTakesANewID() throws {
        let root = try Self.journal(items: Self.twoItemsTheSecondTicked)
        defer { try? FileManager.default.removeItem(at: root) }
        let store = MealPlanStore(root: root.path)
        #expect(try store.clearChecked(at: Date(timeIntervalSince1970: 1_790_000_000)) == 1)
        let added = try store.addItem("basil", updatedAt: "2026-12-02T03:00:00Z")
        #expect(added == "item-3", "item-2 was cleared and is in the erasure ledger")
    }

    @Test func itemsWrittenFromRecipesAfterADropTakeNewIDs() throws {
        let root = try Self.journal(items: Self.twoItemsTheSecondTicked)
        defer { try? FileManager.default.removeItem(at: root) }
        let store = MealPlanStore(root: root.path)
        try store.clearChecked(at: Date(timeIntervalSince1970: 1_790_000_000))
        #expect(try store.addItems([ShoppingItem(id: "", name: "1 onion")], updatedAt: "2026-12-02T03:00:00Z") == 1)
        let text = try String(contentsOf: root.appendingPathComponent("kitchen/shopping.json"), encoding: .utf8)
        #expect(text.contains("\"item-3\"") && !text.contains("\"item-2\""), "\(text)")
    }
}
