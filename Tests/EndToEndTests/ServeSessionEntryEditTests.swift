import Foundation
import Testing
import TestSupport

/// `brewguide serve --edit`: `/_api/session/edit` and `/_api/session/delete` change a night's
/// entries as `brewguide session edit|delete` do (the same bytes in the file), refuse with the
/// commands' words, and write nothing without the key or with a field they do not know;
/// `GET /_api/session/night` gives the page the entries' ids and the presets, to key holders only.
@Suite("brewguide serve --edit: a night's entries edited and deleted, end to end", .serialized)
struct ServeSessionEntryEditTests {
    typealias Server = ServeEditCommandTests.Server

    @Test func editAndDeleteWriteWhatTheCommandsWriteAndRefuseInTheirWords() throws {
        guard let (server, data, base, key) = try ServePhoneWritesTests.start() else { return }
        defer { server.stop(); try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        let typed = try BrewGuideProcess.copyOfBundledData()
        defer { try? FileManager.default.removeItem(at: typed.deletingLastPathComponent()) }
        let form = ["Content-Type: application/x-www-form-urlencoded"], keyed = form + ["X-Brewguide-Key: \(key)"]
        let sessions = data.appendingPathComponent("sessions")
        let before = ServeEditCommandTests.tree(sessions)

        // Without the key, with an unknown field, without the entry, with what the commands refuse: nothing written.
        let refusals: [(form: String, endpoint: String, keyed: Bool, status: Int, words: String)] = [
            ("entry=b3&size=250", "edit", false, 403, "no key"),
            ("entry=b2", "delete", false, 403, "no key"),
            ("entry=b2&file=..%2Fx", "delete", true, 422, "unknown field \\\"file\\\""),
            ("size=250", "edit", true, 422, "entry: the entry's id is missing"),
            ("entry=b3&amount=250", "edit", true, 422, "entry b3 is a drink; --amount is for water"),
            ("entry=b3", "edit", true, 422, "nothing to change"),
            ("entry=b9", "delete", true, 422, "has no entry \\\"b9\\\""),
            ("entry=b3&abv=strong", "edit", true, 422, "--abv: expected a number"),
        ]
        for refusal in refusals {
            let (status, body) = try ServeEditCommandTests.post(refusal.form, to: base + "_api/session/" + refusal.endpoint, headers: refusal.keyed ? keyed : form)
            #expect(status == refusal.status, "\(refusal.form) to \(refusal.endpoint): \(body)")
            #expect(body.contains(refusal.words), "\(refusal.form) to \(refusal.endpoint): \(body)")
        }
        #expect(ServeEditCommandTests.tree(sessions) == before)

        // Edited and deleted from the page; the same typed at the command line on a second copy.
        let (edited, editedBody) = try ServeEditCommandTests.post("entry=b3&size=250&at=18:35&idempotency=e1", to: base + "_api/session/edit", headers: keyed)
        #expect(edited == 200, "\(editedBody)")
        #expect(editedBody.contains("edited entry b3 of birthday-1121"), "\(editedBody)")
        #expect(editedBody.contains("above centre"), "the waterline: \(editedBody)")
        let (deleted, deletedBody) = try ServeEditCommandTests.post("entry=b2&session=birthday-1121&idempotency=x1", to: base + "_api/session/delete", headers: keyed)
        #expect(deleted == 200, "\(deletedBody)")
        #expect(deletedBody.contains("deleted entry b2 of birthday-1121"), "\(deletedBody)")
        #expect(deletedBody.contains("the waterline now ends"), "\(deletedBody)")
        // The same tap sent again is answered as the first time, and deletes nothing more.
        let (again, againBody) = try ServeEditCommandTests.post("entry=b2&session=birthday-1121&idempotency=x1", to: base + "_api/session/delete", headers: keyed)
        #expect(again == 200 && againBody == deletedBody, "\(againBody)")

        let edit = try BrewGuideProcess.run(["session", "edit", "b3", "--size", "250", "--at", "18:35", "--data", typed.path])
        #expect(edit.status == 0, "\(edit.stderr)")
        let delete = try BrewGuideProcess.run(["session", "delete", "b2", "--session", "birthday-1121", "--data", typed.path])
        #expect(delete.status == 0, "\(delete.stderr)")
        #expect(ServeEditCommandTests.tree(sessions) == ServeEditCommandTests.tree(typed.appendingPathComponent("sessions")), "the session files are the commands' bytes")
        #expect(ServeEditCommandTests.tree(sessions) != before)
        let erasures = { (root: URL) in (try? String(contentsOf: root.appendingPathComponent("erasures.json"), encoding: .utf8)) ?? "" }
        #expect(erasures(data).contains("b2") && erasures(data) == erasures(typed), "the deletion is recorded as delete records it")
        // What the page was told is what the commands print (the file's path aside).
        let said = try #require(try JSONSerialization.jsonObject(with: Data(editedBody.utf8)) as? [String: Any])["said"] as? [String]
        #expect(said?.dropFirst().joined(separator: "\n") == edit.stdout.split(separator: "\n").dropFirst().joined(separator: "\n"))
        #expect(server.waitFor("session delete: deleted entry b2"), "\(server.output)")
    }

    @Test func theNightReadGivesEntriesAndPresetsToKeyHoldersOnly() throws {
        guard let (server, data, base, key) = try ServePhoneWritesTests.start() else { return }
        defer { server.stop(); try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        let night = base + "_api/session/night"
        let (noKey, _) = try ServePhoneWritesTests.get(night + "?session=birthday-1121")
        #expect(noKey == 403)
        let (status, body) = try ServePhoneWritesTests.get(night + "?session=birthday-1121", headers: [ServePhoneWritesTests.keyCookie(key, base: base, data: data)])
        #expect(status == 200, "\(body)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
        let active = try #require(object["active"] as? [String: Any])
        #expect(active["id"] as? String == "birthday-1121")
        #expect(active["page"] as? String == "/sessions/birthday-1121.html")
        let presets = (object["presets"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        #expect(presets.contains("pint-ipa") && presets.contains("12oz-beer"), "the data's presets: \(presets)")
        let session = try #require(object["session"] as? [String: Any])
        let entries = session["entries"] as? [[String: Any]] ?? []
        #expect(entries.compactMap { $0["id"] as? String } == ["b1", "b2", "b3"])
        #expect(entries.first?["preset"] as? String == "pint-ipa")
        #expect(entries.first?["at"] as? String == "2026-11-21T17:00")
        #expect(entries.dropFirst().first?["amount"] as? String == "300")

        let (unknownSession, unknownBody) = try ServePhoneWritesTests.get(night + "?session=nope", headers: [ServePhoneWritesTests.keyCookie(key, base: base, data: data)])
        #expect(unknownSession == 404)
        #expect(unknownBody.contains("no session"), "\(unknownBody)")
        let (unknownField, _) = try ServePhoneWritesTests.get(night + "?path=..%2F..", headers: [ServePhoneWritesTests.keyCookie(key, base: base, data: data)])
        #expect(unknownField == 422)
        let (plain, plainBody) = try ServePhoneWritesTests.get(night, headers: [ServePhoneWritesTests.keyCookie(key, base: base, data: data)])
        #expect(plain == 200 && !plainBody.contains("\"session\""), "\(plainBody)")
    }
}
