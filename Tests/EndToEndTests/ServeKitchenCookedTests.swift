import Foundation
import Testing
import TestSupport

/// `POST /_api/kitchen/cooked` of `serve --edit`: a cook recorded as `brewguide kitchen cooked`
/// records it (its checks and words, its file), with the key; sent twice with the same
/// `idempotency`, recorded once. Requests with curl to 127.0.0.1.
@Suite("brewguide serve --edit: I cooked this, end to end", .serialized)
struct ServeKitchenCookedTests {
    @Test func aCookIsRecordedAsKitchenCookedRecordsItWithTheKeyAndOnce() throws {
        guard let (server, data, base, key) = try ServePhoneWritesTests.start() else { return }
        defer { server.stop(); try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        let api = base + "_api/kitchen/cooked"
        let form = ["Content-Type: application/x-www-form-urlencoded"], keyed = form + ["X-Brewguide-Key: \(key)"]
        let file = data.appendingPathComponent("kitchen/cooked.json")
        let before = ServeEditCommandTests.tree(data)

        // Without the key; an unknown recipe (with the closest); every refusal of the command at
        // once; a field the command has no option for; a photo: nothing written.
        let (noKey, noKeyBody) = try ServeEditCommandTests.post("recipe=shakshuka", to: api, headers: form)
        #expect(noKey == 403)
        #expect(noKeyBody.contains("\"errors\""), "\(noKeyBody)")
        let (unknown, unknownBody) = try ServeEditCommandTests.post("recipe=shakshuk&idempotency=u1", to: api, headers: keyed)
        #expect(unknown == 422)
        #expect(unknownBody.contains(#"no kitchen recipe has the id \"shakshuk\"; did you mean \"shakshuka\"?"#), "\(unknownBody)")
        let (bad, badBody) = try ServeEditCommandTests.post("recipe=shakshuka&rating=6&servings=0&at=2026-12-01T10:00:00Z", to: api, headers: keyed)
        #expect(bad == 422)
        for words in ["--rating: expected a whole number from 1 to 5, found 6", "--servings: expected a number above 0, found 0",
                      "--at 2026-12-01T10:00:00Z is after now", "nothing was written"] {
            #expect(badBody.contains(words), "\(words): \(badBody)")
        }
        let (notANumber, notANumberBody) = try ServeEditCommandTests.post("recipe=shakshuka&servings=two&rating=four", to: api, headers: keyed)
        #expect(notANumber == 422)
        #expect(notANumberBody.contains(#"--servings: expected a number, found \"two\""#) && notANumberBody.contains(#"--rating: expected a whole number from 1 to 5, found \"four\""#),
                "\(notANumberBody)")
        let (missing, missingBody) = try ServeEditCommandTests.post("rating=4", to: api, headers: keyed)
        #expect(missing == 422)
        #expect(missingBody.contains("recipe: the kitchen recipe cooked is missing"), "\(missingBody)")
        let (photo, _) = try ServeEditCommandTests.post("recipe=shakshuka&photo=..%2F..%2Fetc%2Fpasswd", to: api, headers: keyed)
        #expect(photo == 422)
        #expect(ServeEditCommandTests.tree(data) == before)

        // With the key: 201 with the log's id and the recipe's page; the same save sent again, once.
        let save = "recipe=shakshuka&servings=2&rating=4&note=more+cumin&at=2026-11-21T19%3A30%3A00%2B01%3A00&idempotency=cook-1"
        let (created, body) = try ServeEditCommandTests.post(save, to: api, headers: keyed + ["Origin: \(base.dropLast())"])
        #expect(created == 201, "\(body)")
        let (again, againBody) = try ServeEditCommandTests.post(save, to: api, headers: keyed)
        #expect(again == 201 && againBody == body)
        let answer = try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: String] ?? [:]
        #expect(answer["id"] == "cook-shakshuka-20261121-1930", "\(body)")
        #expect(answer["page"] == "/kitchen/recipes/shakshuka.html")
        let records = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [[String: Any]])
        #expect(records.count == 1)
        #expect(records.first?["servings"] as? Double == 2 && records.first?["rating"] as? Int == 4 && records.first?["note"] as? String == "more cumin")
        #expect(records.first?["cookedAt"] as? String == "2026-11-21T19:30:00+01:00", "as the command reads --at: \(records)")
        #expect(server.waitFor("cooked from 127.0.0.1: cook-shakshuka-20261121-1930 in "), "\(server.output)")
        #expect(server.output.contains("made once"), "the command's line: \(server.output)")

        // A second cook, a new value: the page says it, after the rebuild.
        let (second, _) = try ServeEditCommandTests.post("recipe=shakshuka&idempotency=cook-2", to: api, headers: keyed)
        #expect(second == 201)
        let page = data.deletingLastPathComponent().appendingPathComponent("Site/kitchen/recipes/shakshuka.html")
        let deadline = Date().addingTimeInterval(60)
        func pageText() -> String { String(decoding: FileManager.default.contents(atPath: page.path) ?? Data(), as: UTF8.self) }
        while !pageText().contains("Made 2 times"), Date() < deadline { Thread.sleep(forTimeInterval: 0.2) }
        #expect(pageText().contains("Made 2 times, last on "), "\(pageText().prefix(200))")
    }
}
