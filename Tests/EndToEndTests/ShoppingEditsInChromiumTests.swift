import Foundation
import Testing
import TestSupport

/// From the phone, beside the ticks: a line added to the shopping list, and the ticked lines
/// cleared with an undo. In Debian's headless Chromium on `serve --edit`: the line typed is in
/// `kitchen/shopping.json`; a clear undone within its seconds clears nothing; a clear left alone
/// removes only the lines that were ticked (every stored item of a merged line), recorded in the
/// erasure ledger; the page is the same page object throughout.
@Suite("Shopping lines added and cleared from the phone in headless Chromium", .serialized,
       .enabled(if: HeadlessChromium.executable != nil, "Chromium is not installed (apt-get install chromium): the shopping page is tapped in a browser"))
struct ShoppingEditsInChromiumTests {
    typealias Served = ServedWritesInChromiumTests.Served

    static func items(in data: URL) throws -> [[String: Any]] {
        let bytes = try Data(contentsOf: data.appendingPathComponent("kitchen/shopping.json"))
        return try JSONSerialization.jsonObject(with: bytes) as? [[String: Any]] ?? []
    }

    @Test func aLineIsAddedAndTickedLinesAreClearedWithAnUndo() throws {
        let served = try Served(data: try BrewGuideProcess.copyOfBundledData())
        let shop = try ServedWritesInChromiumTests.browser(for: served)
        try ServedWritesInChromiumTests.open("kitchen/shopping.html", in: shop, served: served)
        #expect(shop.wait(until: "!!document.querySelector('#shopping-add-name')", seconds: 15), "the add field is on the served list")
        _ = try shop.evaluate("window.samePage = 'shop'; true")
        let before = try Self.items(in: served.data).count

        // Add a line by typing it and pressing Enter.
        _ = try shop.evaluate("document.querySelector('#shopping-add-name').focus(); true")
        try shop.type("1 bunch coriander")
        try shop.press(.enter)
        #expect(shop.wait(until: "\(ServedWritesInChromiumTests.text(".write-status")).includes('Added to the list: 1 bunch coriander')", seconds: 15),
                ServedWritesInChromiumTests.said(shop, ".write-messages"))
        let afterAdd = try Self.items(in: served.data)
        #expect(afterAdd.count == before + 1)
        #expect(afterAdd.last?["name"] as? String == "1 bunch coriander")
        #expect(shop.wait(until: "document.querySelector('.shopping').textContent.includes('coriander')", seconds: 60), "the new line appears in place")
        #expect(try shop.evaluate("document.querySelector('#shopping-add-name').value") as? String == "", "the field is cleared for the next line")

        // Tick a merged line (several stored items) and clear it, then undo.
        let merged = "document.querySelector('.shopping-list li[data-item-ids]')"
        let ids = try #require(shop.evaluate("\(merged).dataset.itemIds") as? String).split(separator: " ").map(String.init)
        #expect(ids.count > 1, "the bundled list has a merged line")
        _ = try shop.evaluate("\(merged).querySelector('input[type=checkbox]').click(); true")
        #expect(shop.wait(until: "\(ServedWritesInChromiumTests.text(".write-status")).includes('Ticked off')", seconds: 15))
        #expect(shop.wait(until: "!document.querySelector('.shopping-clear').hidden", seconds: 5), "a clear button once a line is ticked")
        let ticked = try Self.items(in: served.data).filter { $0["checked"] as? Bool == true }.compactMap { $0["id"] as? String }
        let unticked = try Self.items(in: served.data).filter { $0["checked"] as? Bool != true }.compactMap { $0["id"] as? String }
        _ = try shop.evaluate("document.querySelector('.shopping-clear').click(); true")
        #expect(try shop.evaluate("document.activeElement.textContent") as? String == "Undo", "the undo takes the focus")
        #expect(try shop.text("document.querySelector('.shopping-undo').textContent").contains("Cleared"))
        #expect(try ServedWritesInChromiumTests.axeViolations(in: ".shopping-edit", shop) == [], "the add field, the clear and the undo pass axe-core")
        try shop.press(.enter)
        #expect(try shop.text(ServedWritesInChromiumTests.text(".write-status")).contains("nothing was cleared"))
        Thread.sleep(forTimeInterval: 9)
        #expect(try Self.items(in: served.data).filter { $0["checked"] as? Bool == true }.compactMap { $0["id"] as? String } == ticked,
                "an undone clear sends nothing")

        // Clear again and let it go: the ticked lines leave the file and go into the ledger.
        _ = try shop.evaluate("document.querySelector('.shopping-clear').click(); true")
        #expect(shop.wait(until: "\(ServedWritesInChromiumTests.text(".write-status")).includes('Cleared')", seconds: 20),
                ServedWritesInChromiumTests.said(shop, ".write-messages"))
        let left = try Self.items(in: served.data)
        let leftIDs = Set(left.compactMap { $0["id"] as? String })
        #expect(leftIDs.isDisjoint(with: ids), "every stored item of the merged line went")
        #expect(Set(unticked).isSubset(of: leftIDs), "no item that was not ticked went")
        let ledger = try String(contentsOf: served.data.appendingPathComponent("erasures.json"), encoding: .utf8)
        #expect(ids.allSatisfy { ledger.contains("\"\($0)\"") }, "the cleared items are in the erasure ledger: \(ledger.suffix(400))")
        #expect(try shop.evaluate("window.samePage") as? String == "shop", "the page was not reloaded")
    }
}
