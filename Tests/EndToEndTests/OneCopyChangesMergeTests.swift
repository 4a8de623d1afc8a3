import Foundation
import Testing
import TestSupport

/// Two copies of one journal (a phone and a laptop): what a person deletes or edits on one copy
/// with the commands survives `merge` in both directions. A deletion is a write and the last write
/// wins: a session entry deleted on one copy once came back from the other, because entries merged
/// as a union by id and a deletion left no trace.
@Suite("changes on one copy survive a merge, end to end")
struct OneCopyChangesMergeTests {
    static let now = "2026-11-21T19:15:00Z"

    private func run(_ arguments: [String], _ data: URL) throws -> BrewGuideProcess.Result {
        let result = try BrewGuideProcess.run(arguments + ["--data", data.path], environment: ["BREWGUIDE_NOW": Self.now])
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return result
    }

    private func merge(_ source: URL, into target: URL) throws {
        let result = try BrewGuideProcess.run(["merge", source.path, "--into", target.path, "--yes"], environment: ["BREWGUIDE_NOW": Self.now])
        #expect(result.status == 0, "merge: \(result.stdout) \(result.stderr)")
    }

    private func text(_ data: URL, _ path: String) throws -> String {
        try String(contentsOf: data.appendingPathComponent(path), encoding: .utf8)
    }

    /// Everything under a folder, as one text to search, without white space (a merged file is
    /// written with one member a line).
    private func everything(_ data: URL, _ folder: String) throws -> String {
        let root = data.appendingPathComponent(folder)
        let paths = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
        return try paths.sorted().filter { $0.hasSuffix(".json") || $0.hasSuffix(".csv") }
            .map { try String(contentsOf: root.appendingPathComponent($0), encoding: .utf8) }.joined(separator: "\n")
            .filter { !$0.isWhitespace }
    }

    /// The kitchen recipe `id` as JSON, from whichever file of `kitchen/recipes/` holds it.
    private func kitchenRecipe(_ id: String, in data: URL) throws -> [String: Any]? {
        let folder = data.appendingPathComponent("kitchen/recipes")
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".json") {
            let value = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent(name)))
            let records = (value as? [[String: Any]]) ?? [value as? [String: Any]].compactMap { $0 }
            if let found = records.first(where: { $0["id"] as? String == id }) { return found }
        }
        return nil
    }

    @Test func deletionsAndEditsOnOneCopyHoldInBothDirections() throws {
        let phone = try BrewGuideProcess.copyOfBundledData()
        let laptop = phone.deletingLastPathComponent().appendingPathComponent("Laptop")
        defer { try? FileManager.default.removeItem(at: phone.deletingLastPathComponent()) }
        try FileManager.default.copyItem(at: phone, to: laptop)
        let untouched = phone.deletingLastPathComponent().appendingPathComponent("Untouched")
        try FileManager.default.copyItem(at: phone, to: untouched)

        // On the phone: delete a drink of the active session (CSV) and an entry of an ended one
        // (JSON), move another, end the active session, remove a planned meal, check and clear a
        // shopping item, take a kitchen recipe's favourite mark off, erase a brew.
        _ = try run(["session", "delete", "b2"], phone)
        _ = try run(["session", "delete", "q1", "--session", "pub-quiz-1007"], phone)
        _ = try run(["session", "edit", "q3", "--session", "pub-quiz-1007", "--at", "2026-10-07T20:00:00Z"], phone)
        _ = try run(["session", "end"], phone)
        _ = try run(["kitchen", "plan", "remove", "w48-mon-lunch"], phone)
        _ = try run(["kitchen", "shopping", "--check", "item-2"], phone)
        _ = try run(["kitchen", "shopping", "--clear-checked"], phone)
        _ = try run(["kitchen", "favourite", "shakshuka", "--off"], phone)
        _ = try run(["erase", "--log", "log-20260902-0901", "--yes"], phone)
        let phoneSummary = try run(["summary", "birthday-1121"], phone).stdout
        let quizSummary = try run(["summary", "pub-quiz-1007"], phone).stdout

        func expectChanged(_ data: URL, _ name: String) throws {
            let sessions = try everything(data, "sessions")
            #expect(!sessions.contains("birthday-1121,b2,"), "\(name): the deleted drink b2 came back")
            #expect(!sessions.contains(#""id":"q1""#), "\(name): the deleted entry q1 came back")
            #expect(sessions.contains(#""id":"q3","timestamp":"2026-10-07T20:00:00Z""#), "\(name): the edit of q3 was lost")
            #expect(try run(["summary", "birthday-1121"], data).stdout == phoneSummary, "\(name): the waterline differs from the phone's")
            #expect(try run(["summary", "pub-quiz-1007"], data).stdout == quizSummary, "\(name): the quiz's summary differs from the phone's")
            let kitchen = try everything(data, "kitchen")
            #expect(!kitchen.contains(#""w48-mon-lunch""#), "\(name): the removed meal came back")
            #expect(!kitchen.contains(#""item-1""#) && !kitchen.contains(#""item-2""#), "\(name): a cleared shopping item came back")
            #expect(kitchen.contains(#""item-3""#), "\(name): an item never cleared was lost")
            let shakshuka = try kitchenRecipe("shakshuka", in: data)
            #expect(shakshuka != nil && shakshuka?["isFavourite"] as? Bool != true, "\(name): the favourite mark taken off came back")
            #expect(!(try everything(data, "logs")).contains("log-20260902-0901"), "\(name): the erased brew came back")
            let check = try BrewGuideProcess.run(["check", "--data", data.path], environment: ["BREWGUIDE_NOW": Self.now])
            #expect(check.status == 0, "\(name): \(check.stdout)")
        }

        // The phone into the laptop: the laptop takes every change.
        try merge(phone, into: laptop)
        try expectChanged(laptop, "laptop after merging the phone")
        // An old copy into the phone: nothing deleted or edited there comes back.
        try merge(untouched, into: phone)
        try expectChanged(phone, "phone after merging the old copy")
        // Merging again changes nothing.
        let again = try BrewGuideProcess.run(["merge", untouched.path, "--into", phone.path], environment: ["BREWGUIDE_NOW": Self.now])
        #expect(!again.stdout.contains("added:") && !again.stdout.contains("updated:"), "\(again.stdout)")
    }

    /// An entry edited on one copy after it was deleted on the other is the later write: it stays.
    @Test func anEntryEditedAfterItsDeletionOnTheOtherCopyStays() throws {
        let phone = try BrewGuideProcess.copyOfBundledData()
        let laptop = phone.deletingLastPathComponent().appendingPathComponent("Laptop")
        defer { try? FileManager.default.removeItem(at: phone.deletingLastPathComponent()) }
        try FileManager.default.copyItem(at: phone, to: laptop)
        _ = try run(["session", "delete", "q1", "--session", "pub-quiz-1007"], phone)
        let later = try BrewGuideProcess.run(["session", "edit", "q1", "--session", "pub-quiz-1007", "--at", "2026-10-07T19:20:00Z", "--data", laptop.path],
                                             environment: ["BREWGUIDE_NOW": "2026-11-21T19:30:00Z"])
        #expect(later.status == 0, "\(later.stderr)")
        try merge(laptop, into: phone)
        #expect(try everything(phone, "sessions").contains(#""id":"q1","timestamp":"2026-10-07T19:20:00Z""#))
    }
}
