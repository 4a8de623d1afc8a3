import BrewData
import BrewServe
import Foundation
import Testing
import TestSupport

/// `brewguide serve --edit`: the writes a phone makes from the served pages besides a brew — the
/// shopping list's tick (`/_api/shopping/check`) — go through the commands' own code, with the
/// key; and the pages get the script that makes them only when served to a browser with the key.
@Suite("brewguide serve --edit: shopping ticks and the pages' write script, end to end", .serialized)
struct ServePhoneWritesTests {
    typealias Server = ServeEditCommandTests.Server

    /// GET with curl: the status code and the body.
    static func get(_ url: String, headers: [String] = []) throws -> (Int, String) {
        let curl = Process()
        curl.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        curl.arguments = ["-s", "--max-time", "30", "-w", "\n%{http_code}"] + headers.flatMap { ["-H", $0] } + [url]
        let out = Pipe()
        curl.standardOutput = out
        try curl.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        curl.waitUntilExit()
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        return (Int(lines.last ?? "") ?? 0, lines.dropLast().joined(separator: "\n"))
    }

    /// The header of the key cookie of the serve at `base` (`http://127.0.0.1:PORT/`) of the data
    /// folder `data`: its name carries the port and the journal (issue 45).
    static func keyCookie(_ key: String, base: String, data: URL) -> String {
        "Cookie: \(keyCookieName(base: base, data: data))=\(key)"
    }

    static func keyCookieName(base: String, data: URL) -> String {
        let port = base.split(separator: ":").last.map { $0.prefix { $0.isNumber } } ?? ""
        return EditSettings.cookieName(port: UInt16(port), journal: EditSettings.journalScope(ofRealPath: WriteTarget.resolved(data.path)))
    }

    /// The stored shopping item `id` of `kitchen/shopping.json` under `data`.
    static func item(_ id: String, in data: URL) throws -> [String: Any] {
        let bytes = try Data(contentsOf: data.appendingPathComponent("kitchen/shopping.json"))
        let items = try JSONSerialization.jsonObject(with: bytes) as? [[String: Any]] ?? []
        return try #require(items.first { $0["id"] as? String == id })
    }

    /// Starts `serve --edit` on a copy of the bundled data; the data folder, the base address and the key.
    static func start() throws -> (Server, URL, String, String)? {
        let data = try BrewGuideProcess.copyOfBundledData()
        let root = data.deletingLastPathComponent()
        let server = try Server(["--edit", "--data", data.path, "--output", root.appendingPathComponent("Site").path, "--port", "0"])
        #expect(server.waitFor("watching"), "serve did not start: \(server.output)")
        guard let address = server.first(#"http://127\.0\.0\.1:[0-9]+/\?key=[A-Za-z0-9_-]+"#) else {
            Issue.record("no key line in \(server.output)")
            server.stop()
            return nil
        }
        return (server, data, String(address.prefix { $0 != "?" }), String(address.split(separator: "=").last!))
    }

    @Test func aTickWritesTheShoppingListAsKitchenShoppingCheckDoesAndNeedsTheKey() throws {
        guard let (server, data, base, key) = try Self.start() else { return }
        defer { server.stop(); try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        let api = base + "_api/shopping/check"
        let form = ["Content-Type: application/x-www-form-urlencoded"]
        #expect(try Self.item("item-2", in: data)["checked"] as? Bool == false)
        let file = data.appendingPathComponent("kitchen/shopping.json")
        let before = try Data(contentsOf: file)

        // Without the key, with an unknown item, with a bad value: 403/422 and the file unchanged.
        let (noKey, _) = try ServeEditCommandTests.post("item=item-2&checked=true", to: api, headers: form)
        #expect(noKey == 403)
        let (unknown, unknownBody) = try ServeEditCommandTests.post("item=item-99&checked=true", to: api, headers: form + ["X-Brewguide-Key: \(key)"])
        #expect(unknown == 422)
        #expect(unknownBody.contains("no shopping item has the id"), "\(unknownBody)")
        let (bad, badBody) = try ServeEditCommandTests.post("item=item-2&checked=maybe", to: api, headers: form + ["X-Brewguide-Key: \(key)"])
        #expect(bad == 422)
        #expect(badBody.contains("expected true or false"), "\(badBody)")
        #expect(try Data(contentsOf: file) == before)

        // With the key: ticked in the file, and the same tick sent again gets the same answer.
        let tick = "item=item-2&checked=true&idempotency=tick-1"
        let (ok, body) = try ServeEditCommandTests.post(tick, to: api, headers: form + ["X-Brewguide-Key: \(key)", "Origin: \(base.dropLast())"])
        #expect(ok == 200, "\(body)")
        #expect(body.contains("checked item-2"), "\(body)")
        #expect(try Self.item("item-2", in: data)["checked"] as? Bool == true)
        let (again, againBody) = try ServeEditCommandTests.post(tick, to: api, headers: form + ["X-Brewguide-Key: \(key)"])
        #expect(again == 200)
        #expect(againBody == body)
        #expect(server.waitFor("from 127.0.0.1: checked item-2"), "\(server.output)")

        // Unticked the same way.
        let (off, _) = try ServeEditCommandTests.post("item=item-2&checked=false", to: api, headers: form + ["X-Brewguide-Key: \(key)"])
        #expect(off == 200)
        #expect(try Self.item("item-2", in: data)["checked"] as? Bool == false)
    }

    @Test func pagesNameTheWriteScriptOnlyForABrowserWithTheKey() throws {
        guard let (server, data, base, key) = try Self.start() else { return }
        defer { server.stop(); try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        let page = base + "kitchen/shopping.html"
        let deadline = Date().addingTimeInterval(60)
        var (status, html) = try Self.get(page)
        while status != 200, Date() < deadline { Thread.sleep(forTimeInterval: 0.2); (status, html) = try Self.get(page) }
        #expect(status == 200)
        #expect(html.contains("data-item=\"item-2\""), "the tick names its stored item")
        #expect(!html.contains("/_api/"))
        let (_, withKey) = try Self.get(page, headers: [Self.keyCookie(key, base: base, data: data)])
        #expect(withKey.contains("<script src=\"/_api/pages.js\" defer></script>"))

        let (scriptStatus, _) = try Self.get(base + "_api/pages.js")
        #expect(scriptStatus == 403 || scriptStatus == 404)
        let (keyed, script) = try Self.get(base + "_api/pages.js", headers: [Self.keyCookie(key, base: base, data: data)])
        #expect(keyed == 200)
        #expect(script.contains("/_api/shopping/check"))
        #expect(script.contains("Save this brew"))

        let (_, no) = try Self.get(base + "_api/status")
        #expect(no.contains("\"writes\":false"), "\(no)")
        let (_, yes) = try Self.get(base + "_api/status", headers: [Self.keyCookie(key, base: base, data: data)])
        #expect(yes.contains("\"writes\":true"), "\(yes)")
    }

    @Test func aNightOutIsLoggedThroughTheSessionCommandsAndAnswersTheirWords() throws {
        guard let (server, data, base, key) = try Self.start() else { return }
        defer { server.stop(); try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        let form = ["Content-Type: application/x-www-form-urlencoded"], keyed = form + ["X-Brewguide-Key: \(key)"]
        let sessions = data.appendingPathComponent("sessions")
        let before = ServeEditCommandTests.tree(sessions)

        // Without the key, or with what `session drink` refuses: nothing written.
        let (noKey, _) = try ServeEditCommandTests.post("type=beer&size=12oz", to: base + "_api/session/drink", headers: form)
        #expect(noKey == 403)
        let (refused, refusedBody) = try ServeEditCommandTests.post("preset=nope", to: base + "_api/session/drink", headers: keyed)
        #expect(refused == 422)
        #expect(refusedBody.contains("no drink preset"), "\(refusedBody)")
        #expect(ServeEditCommandTests.tree(sessions) == before)

        // The bundled night is active at the fixed now: a drink, a water, the end, a new night.
        let (drink, drinkBody) = try ServeEditCommandTests.post("type=beer&size=12oz&idempotency=d1", to: base + "_api/session/drink", headers: keyed)
        #expect(drink == 200, "\(drinkBody)")
        #expect(drinkBody.contains("above centre"), "the waterline: \(drinkBody)")
        #expect(drinkBody.contains("time for water"), "the reminder: \(drinkBody)")
        let (again, againBody) = try ServeEditCommandTests.post("type=beer&size=12oz&idempotency=d1", to: base + "_api/session/drink", headers: keyed)
        #expect(again == 200 && againBody == drinkBody, "the same tap sent twice is logged once")
        let entries = ServeEditCommandTests.tree(sessions).filter { before[$0.key] != $0.value }
        let written = entries.values.map { String(decoding: $0, as: UTF8.self) }.joined()
        let answer = try JSONSerialization.jsonObject(with: Data(drinkBody.utf8)) as? [String: Any] ?? [:]
        let entryID = try #require(answer["id"] as? String)
        #expect(!entries.isEmpty && written.contains(entryID), "the entry \(entryID) is written: \(entries.keys)")
        // Issue 51: an entry from the phone records where it came from (001's `source`).
        let row = written.split(separator: "\n").first { $0.contains(",\(entryID),") }
        #expect(row?.contains(",phone") == true, "\(row ?? "no row")")
        let (water, waterBody) = try ServeEditCommandTests.post("amount=250", to: base + "_api/session/water", headers: keyed)
        #expect(water == 200)
        #expect(waterBody.contains("Water break: 250 ml"), "\(waterBody)")
        let (end, endBody) = try ServeEditCommandTests.post("", to: base + "_api/session/end", headers: keyed)
        #expect(end == 200)
        #expect(endBody.contains("pacing warnings"), "\(endBody)")
        let (start, startBody) = try ServeEditCommandTests.post("name=Quiz+night", to: base + "_api/session/start", headers: keyed)
        #expect(start == 200)
        #expect(startBody.contains("the waterline is at centre"), "\(startBody)")
        let (twice, twiceBody) = try ServeEditCommandTests.post("name=Another", to: base + "_api/session/start", headers: keyed)
        #expect(twice == 422)
        #expect(twiceBody.contains("still active"), "\(twiceBody)")
    }
}
