import Foundation
import Testing

/// PRD §9.3 editing: `brewguide session edit ENTRY_ID` and `session delete ENTRY_ID`, during a
/// session and after it, on a copy of the bundled data.
@Suite("brewguide session edit and delete, end to end")
struct SessionEditCommandTests {
    private func run(_ arguments: [String], data: URL, now: String = "2026-11-21T19:15:00Z") throws -> BrewGuideProcess.Result {
        try BrewGuideProcess.run(["session"] + arguments + ["--data", data.path], environment: ["BREWGUIDE_NOW": now])
    }

    /// birthday-1121 is active: b1 pint of IPA +2 (2), b2 water −1 (1), b3 glass of red +1 (2).
    /// b3 made a 3 oz pour at 40 %: 88.72 ml × 40 % × 0.789 ÷ 14 = 2.0 → +2, so the line is 3.
    /// Deleting b2 then leaves +2 +2 = 4. Only the edited row changes; the deleted one goes.
    @Test func duringASessionACSVEntryIsEditedAndDeleted() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        let file = data.appendingPathComponent("sessions/entries.csv")
        let before = try String(contentsOf: file, encoding: .utf8)
        let edited = try run(["edit", "b3", "--size", "3oz", "--abv", "40"], data: data)
        #expect(edited.status == 0, "\(edited.stderr)")
        #expect(edited.stdout.contains("edited entry b3 of birthday-1121"))
        #expect(edited.stdout.contains("+2 → 3 above centre"), "\(edited.stdout)")
        let after = try String(contentsOf: file, encoding: .utf8)
        #expect(after == before.replacingOccurrences(of: "birthday-1121,b3,2026-11-21T18:30:00Z,alcohol,wine,,,,glass-red,,phone",
                                                     with: "birthday-1121,b3,2026-11-21T18:30:00Z,alcohol,wine,88.7,40,,glass-red,,phone"))
        let deleted = try run(["delete", "b2"], data: data)
        #expect(deleted.status == 0, "\(deleted.stderr)")
        #expect(deleted.stdout.contains("the waterline now ends 4 above centre"), "\(deleted.stdout)")
        let final = try String(contentsOf: file, encoding: .utf8)
        #expect(final == after.replacingOccurrences(of: "birthday-1121,b2,2026-11-21T17:40:00Z,water,,,,,,300,watch\n", with: ""))
        #expect(try BrewGuideProcess.run(["check", "--data", data.path]).status == 0)
    }

    /// After a session (pub-quiz-1007, ended): a JSON entry is deleted with its line, an edit keeps
    /// a bare amount bare, and an edit that check would refuse is refused with check's message.
    @Test func afterASessionAJSONEntryIsEditedDeletedOrRefused() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        let file = data.appendingPathComponent("sessions/2026-10.json")
        let before = try String(contentsOf: file, encoding: .utf8)
        let refused = try run(["edit", "q3", "--session", "pub-quiz-1007", "--at", "2026-10-08T10:00:00Z"], data: data)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("2026-10.json:13:34: error: the entry at 2026-10-08T10:00:00Z is after the session's endTime 2026-10-07T22:30:00Z"), "\(refused.stderr)")
        #expect(try String(contentsOf: file, encoding: .utf8) == before, "nothing written")

        let moved = try run(["edit", "q3", "--session", "pub-quiz-1007", "--at", "2026-10-07T20:00:00Z"], data: data)
        #expect(moved.status == 0, "\(moved.stderr)")
        let afterEdit = try String(contentsOf: file, encoding: .utf8)
        #expect(afterEdit.contains(#"{ "id": "q3", "timestamp": "2026-10-07T20:00:00Z", "type": "water", "waterMeta": { "amount": 330 }, "source": "watch", "updatedAt": "2026-11-21T19:15:00Z" }"#), "\(afterEdit)")

        let deleted = try run(["delete", "q1", "--session", "pub-quiz-1007"], data: data)
        #expect(deleted.status == 0, "\(deleted.stderr)")
        let afterDelete = try String(contentsOf: file, encoding: .utf8)
        #expect(!afterDelete.contains(#""id": "q1""#))
        #expect(afterDelete == afterEdit.replacingOccurrences(of: #"      { "id": "q1", "timestamp": "2026-10-07T19:10:00Z", "type": "alcohol", "alcoholMeta": { "drinkType": "beer", "presetId": "pint-ipa" }, "source": "phone" },"# + "\n", with: ""))
        #expect(try BrewGuideProcess.run(["check", "--data", data.path]).status == 0)

        let unknown = try run(["delete", "q11", "--session", "pub-quiz-1007"], data: data)
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("session \"pub-quiz-1007\" has no entry \"q11\""), "\(unknown.stderr)")
        let wrongKind = try run(["edit", "q2", "--session", "pub-quiz-1007", "--amount", "500"], data: data)
        #expect(wrongKind.stderr.contains("entry q2 is a drink; --amount is for water"))
    }
}
