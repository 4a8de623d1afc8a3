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

    /// Issue 51: `kitchen favourite hummus` on one copy, merged there and back, made a
    /// "(Conflicted Copy)" of pancakes, which nobody changed: hummus left the target's CSV files
    /// and the CSV steps after it, named by their row, were renamed.
    @Test func aRoundTripOfMergesMakesNoConflictedCopyOfARecipeNobodyChanged() throws {
        let kb = try BrewGuideProcess.copyOfBundledData()
        let kc = kb.deletingLastPathComponent().appendingPathComponent("kc")
        defer { try? FileManager.default.removeItem(at: kb.deletingLastPathComponent()) }
        try FileManager.default.copyItem(at: kb, to: kc)
        _ = try run(["kitchen", "favourite", "hummus"], kb)
        for (source, target) in [(kb, kc), (kc, kb), (kb, kc), (kc, kb)] {
            let result = try BrewGuideProcess.run(["merge", source.path, "--into", target.path, "--yes"], environment: ["BREWGUIDE_NOW": Self.now])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(!result.stdout.contains("conflicted:") && !result.stdout.contains("added:"), "\(source.lastPathComponent) into \(target.lastPathComponent): \(result.stdout)")
        }
        for data in [kb, kc] {
            #expect(!(try everything(data, "kitchen")).contains("ConflictedCopy"), "\(data.lastPathComponent)")
            #expect(try kitchenRecipe("hummus", in: data)?["isFavourite"] as? Bool == true || (try text(data, "kitchen/recipes/kitchen.csv")).contains("hummus"), "\(data.lastPathComponent)")
        }
    }

    /// Issue 45: a copy written with a clock set to 2099 would win every merge; `check` and
    /// `merge` say so, at the stamp's place and naming the record.
    @Test func stampsAheadOfNowAreWarnedAboutByCheckAndMerge() throws {
        let kb = try BrewGuideProcess.copyOfBundledData()
        let kc = kb.deletingLastPathComponent().appendingPathComponent("kc")
        defer { try? FileManager.default.removeItem(at: kb.deletingLastPathComponent()) }
        try FileManager.default.copyItem(at: kb, to: kc)
        let marked = try BrewGuideProcess.run(["kitchen", "favourite", "hummus", "--data", kb.path], environment: ["BREWGUIDE_NOW": "2099-01-01T00:00:00Z"])
        #expect(marked.status == 0, "\(marked.stderr)")
        let check = try BrewGuideProcess.run(["check", "--data", kb.path], environment: ["BREWGUIDE_NOW": Self.now])
        #expect(check.stdout.contains("kitchen/recipes/kitchen.csv:") && check.stdout.contains("warning: updatedAt 2099-01-01T00:00:00Z of kitchen recipe \"hummus\" is after now"), "\(check.stdout)")
        let merge = try BrewGuideProcess.run(["merge", kb.path, "--into", kc.path], environment: ["BREWGUIDE_NOW": Self.now])
        #expect(merge.stderr.contains("kitchen/recipes/kitchen.csv:") && merge.stderr.contains("warning: updatedAt 2099-01-01T00:00:00Z of kitchen recipe \"hummus\""), "\(merge.stderr)")
    }

    /// The kitchen planner's files too: a plan slot, a shopping item and the goals stamped in 2099
    /// are each warned about by `check` and `merge`, at the stamp's place and naming the record.
    @Test func plannerStampsAheadOfNowAreWarnedAboutByCheckAndMerge() throws {
        let kb = try BrewGuideProcess.copyOfBundledData()
        let kc = kb.deletingLastPathComponent().appendingPathComponent("kc")
        defer { try? FileManager.default.removeItem(at: kb.deletingLastPathComponent()) }
        try FileManager.default.copyItem(at: kb, to: kc)
        func stampAhead(_ relative: String) throws {
            let url = kb.appendingPathComponent(relative)
            let text = try String(contentsOf: url, encoding: .utf8)
            let range = try #require(text.range(of: "\"updatedAt\": \"2026-11-20T18:00:00Z\""))
            try text.replacingCharacters(in: range, with: "\"updatedAt\": \"2099-01-01T00:00:00Z\"").write(to: url, atomically: true, encoding: .utf8)
        }
        try stampAhead("kitchen/plan/2026-11.json")
        try stampAhead("kitchen/shopping.json")
        let goals = try BrewGuideProcess.run(["kitchen", "goals", "--calories", "2000", "--write", "--data", kb.path], environment: ["BREWGUIDE_NOW": "2099-01-01T00:00:00Z"])
        #expect(goals.status == 0, "\(goals.stderr)")
        let check = try BrewGuideProcess.run(["check", "--data", kb.path], environment: ["BREWGUIDE_NOW": Self.now])
        let merge = try BrewGuideProcess.run(["merge", kb.path, "--into", kc.path], environment: ["BREWGUIDE_NOW": Self.now])
        for (said, name) in [(check.stdout, "check"), (merge.stderr, "merge")] {
            #expect(said.contains("kitchen/plan/2026-11.json:7:18: warning: updatedAt 2099-01-01T00:00:00Z of record \"w48-mon-breakfast\" is after now"), "\(name): \(said)")
            #expect(said.contains("kitchen/shopping.json:") && said.contains("warning: updatedAt 2099-01-01T00:00:00Z of record \"item-1\" is after now"), "\(name): \(said)")
            #expect(said.contains("preferences.json:") && said.contains("warning: updatedAt 2099-01-01T00:00:00Z of kitchen goals is after now"), "\(name): \(said)")
        }
        let clean = try BrewGuideProcess.run(["check", "--data", kc.path], environment: ["BREWGUIDE_NOW": Self.now])
        #expect(!clean.stdout.contains("is after now"), "\(clean.stdout)")
    }

    /// A mark set on one copy (favourite, archive) is a change on that copy, not a conflict: after
    /// merging either way both copies hold it and no "(Conflicted Copy)" is made. Once every such
    /// mark made a conflicted copy, because merge has no common earlier version to compare with.
    @Test func marksSetOnOneCopyMakeNoConflictedCopy() throws {
        let phone = try BrewGuideProcess.copyOfBundledData()
        let laptop = phone.deletingLastPathComponent().appendingPathComponent("Laptop")
        defer { try? FileManager.default.removeItem(at: phone.deletingLastPathComponent()) }
        try FileManager.default.copyItem(at: phone, to: laptop)
        _ = try run(["kitchen", "favourite", "lentil-soup"], phone)
        _ = try run(["kitchen", "archive", "shakshuka"], laptop)

        let dryRun = try BrewGuideProcess.run(["merge", phone.path, "--into", laptop.path], environment: ["BREWGUIDE_NOW": Self.now])
        #expect(dryRun.stdout.contains("updated: kitchen recipe lentil-soup: the copies differ only in their marks; took the later, incoming one (favourite, not archived, updatedAt 2026-11-21T19:15:00Z)"), "\(dryRun.stdout)")
        #expect(dryRun.stdout.contains("older on a source: kitchen recipe shakshuka: the copies differ only in their marks; kept the target's copy (favourite, archived, updatedAt 2026-11-21T19:15:00Z); dropped the incoming one (favourite, not archived, updatedAt 2026-03-02T10:30:00Z)"), "\(dryRun.stdout)")
        #expect(!dryRun.stdout.contains("conflicted:"), "\(dryRun.stdout)")
        try merge(phone, into: laptop)
        try merge(laptop, into: phone)
        for (name, data) in [("phone", phone), ("laptop", laptop)] {
            let kitchen = try everything(data, "kitchen")
            #expect(!kitchen.contains("ConflictedCopy"), "\(name): a mark made a conflicted copy")
            #expect(try kitchenRecipe("lentil-soup", in: data)?["isFavourite"] as? Bool == true, "\(name): the favourite set on the phone was lost")
            #expect(try kitchenRecipe("shakshuka", in: data)?["isArchived"] as? Bool == true, "\(name): the archive set on the laptop was lost")
            let check = try BrewGuideProcess.run(["check", "--data", data.path], environment: ["BREWGUIDE_NOW": Self.now])
            #expect(check.status == 0, "\(name): \(check.stdout)")
        }
        let again = try BrewGuideProcess.run(["merge", phone.path, "--into", laptop.path], environment: ["BREWGUIDE_NOW": Self.now])
        #expect(!again.stdout.contains("updated:") && !again.stdout.contains("conflicted:") && !again.stdout.contains("dropped:"), "\(again.stdout)")
    }

    /// Goals written on one copy (`kitchen goals --write`) survive a merge either way: the later
    /// `updatedAt` wins. Once the target's preferences were always kept and a note said so.
    @Test func goalsWrittenOnOneCopySurviveAMergeEitherWay() throws {
        let phone = try BrewGuideProcess.copyOfBundledData()
        let laptop = phone.deletingLastPathComponent().appendingPathComponent("Laptop")
        defer { try? FileManager.default.removeItem(at: phone.deletingLastPathComponent()) }
        try FileManager.default.copyItem(at: phone, to: laptop)
        let untouched = phone.deletingLastPathComponent().appendingPathComponent("Untouched")
        try FileManager.default.copyItem(at: phone, to: untouched)
        _ = try run(["kitchen", "goals", "--calories", "2000", "--write"], phone)
        let goals = try run(["kitchen", "goals", "--format", "json"], phone).stdout
        let stamped = try String(contentsOf: phone.appendingPathComponent("preferences.json"), encoding: .utf8)
        #expect(stamped.contains(#""updatedAt": "2026-11-21T19:15:00Z""#), "\(stamped)")
        let check = try BrewGuideProcess.run(["check", "--data", phone.path], environment: ["BREWGUIDE_NOW": Self.now])
        #expect(check.status == 0 && !(check.stdout + check.stderr).contains("unknown field"), "\(check.stdout)\(check.stderr)")

        let dryRun = try BrewGuideProcess.run(["merge", phone.path, "--into", laptop.path], environment: ["BREWGUIDE_NOW": Self.now])
        #expect(dryRun.stdout.contains("updated: preferences kitchen.goals: took the incoming goals (updatedAt 2026-11-21T19:15:00Z) over the target's (none set)"), "\(dryRun.stdout)")
        #expect(!dryRun.stdout.contains("note: preferences.json kitchen"), "\(dryRun.stdout)")
        try merge(phone, into: laptop)
        #expect(try run(["kitchen", "goals", "--format", "json"], laptop).stdout == goals, "the laptop lost the phone's goals")
        let preferences = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: laptop.appendingPathComponent("preferences.json"))) as? [String: Any])
        #expect(preferences["lastSelectedRecipeId"] as? String == "bright-morning", "the laptop's other settings are kept")

        // An older copy into the phone: the phone's later goals stay.
        let old = try BrewGuideProcess.run(["merge", untouched.path, "--into", phone.path, "--yes"], environment: ["BREWGUIDE_NOW": Self.now])
        #expect(old.status == 0, "\(old.stderr)")
        #expect(!old.stdout.contains("kitchen.goals"), "no goals on the old copy, nothing to say: \(old.stdout)")
        #expect(try run(["kitchen", "goals", "--format", "json"], phone).stdout == goals)

        // Later goals on the laptop win back over the phone's, and the phone's older ones are said as dropped.
        let later = try BrewGuideProcess.run(["kitchen", "goals", "--calories", "1800", "--write", "--data", laptop.path], environment: ["BREWGUIDE_NOW": "2026-11-22T08:00:00Z"])
        #expect(later.status == 0, "\(later.stderr)")
        let back = try BrewGuideProcess.run(["merge", phone.path, "--into", laptop.path, "--yes"], environment: ["BREWGUIDE_NOW": Self.now])
        #expect(back.stdout.contains("older on a source: preferences kitchen.goals: kept the target's goals (updatedAt 2026-11-22T08:00:00Z); dropped the incoming ones (updatedAt 2026-11-21T19:15:00Z)"), "\(back.stdout)")
        try merge(laptop, into: phone)
        #expect(try run(["kitchen", "goals", "--format", "json"], phone).stdout.contains("\"calories\": 1800"), "the phone did not take the laptop's later goals")

        // Other kitchen settings still keep the target's, and the note says so.
        let units = try String(contentsOf: phone.appendingPathComponent("preferences.json"), encoding: .utf8)
            .replacingOccurrences(of: "\"kitchen\": {", with: "\"kitchen\": {\n    \"units\": \"imperial\",")
        try units.write(to: phone.appendingPathComponent("preferences.json"), atomically: true, encoding: .utf8)
        let note = try BrewGuideProcess.run(["merge", phone.path, "--into", laptop.path], environment: ["BREWGUIDE_NOW": Self.now])
        #expect(note.stdout.contains("note: preferences.json kitchen (units, card servings, aisles): the target's are kept; 1 source holds different ones, which were not merged"), "\(note.stdout)")
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
