import Foundation
import Testing
import TestSupport

/// An erased id is never given to a new record (issue 45): a brew logged in the minute of an
/// erased one, a cook log of the same recipe at the same time and a recipe copied under an erased
/// name each get an id of their own, so a merge of an older copy (which removes the erased record,
/// "erased on a source") keeps the new one. And `check` finds a record still in its file whose id
/// the ledger holds, naming the command that finishes the erase.
@Suite("Erased ids are not reused", .serialized)
struct ErasedIDsNotReusedTests {
    static func run(_ arguments: [String]) throws -> BrewGuideProcess.Result {
        try BrewGuideProcess.run(arguments)
    }

    static func logIDs(in data: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: data.appendingPathComponent("logs").path).sorted().flatMap { name -> [String] in
            let text = try String(contentsOf: data.appendingPathComponent("logs/\(name)"), encoding: .utf8)
            return text.components(separatedBy: "\"id\": \"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
                + text.split(separator: "\n").compactMap { line in line.hasPrefix("log-") ? String(line.prefix { $0 != "," }) : nil }
        }
    }

    @Test func aBrewInTheMinuteOfAnErasedOneGetsItsOwnIdAndSurvivesTheMergeOfAnOlderCopy() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        let root = data.deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: root) }
        let at = "2026-11-20T08:05"
        let first = try Self.run(["log", "v60-starter", "--rating", "2", "--at", at, "--data", data.path])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("log-20261120-0805"), "\(first.stdout)")
        // The phone's copy, made before the erase: it still holds the erased brew.
        let older = root.appendingPathComponent("Phone")
        try FileManager.default.copyItem(at: data, to: older)

        let erase = try Self.run(["erase", "--log", "log-20261120-0805", "--yes", "--data", data.path])
        #expect(erase.status == 0, "\(erase.stderr)")
        let again = try Self.run(["log", "v60-starter", "--rating", "5", "--at", at, "--data", data.path])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("log-20261120-0805-2"), "the erased id is not given again: \(again.stdout)")
        #expect(try Self.run(["check", "--data", data.path]).status == 0)

        let merge = try Self.run(["merge", older.path, "--into", data.path, "--yes"])
        #expect(merge.status == 0, "\(merge.stdout)\(merge.stderr)")
        let ids = try Self.logIDs(in: data)
        #expect(ids.contains("log-20261120-0805-2"), "the new brew stays after the merge: \(ids)")
        #expect(!ids.contains("log-20261120-0805"), "the erased brew does not come back: \(ids)")
        let back = try Self.run(["merge", data.path, "--into", older.path, "--yes"])
        #expect(back.status == 0, "\(back.stdout)\(back.stderr)")
        let phone = try Self.logIDs(in: older)
        #expect(phone.contains("log-20261120-0805-2") && !phone.contains("log-20261120-0805"), "\(phone)")
    }

    @Test func aCookLogAtTheTimeOfAnErasedOneGetsItsOwnId() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        let cook = ["kitchen", "cooked", "shakshuka", "--at", "2026-11-12T19:00:00+01:00", "--data", data.path]
        #expect(try Self.run(cook).stdout.contains("(cook-shakshuka-20261112-1900)"))
        let erase = try Self.run(["erase", "--cooked", "cook-shakshuka-20261112-1900", "--yes", "--data", data.path])
        #expect(erase.status == 0, "\(erase.stderr)")
        let again = try Self.run(cook)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("(cook-shakshuka-20261112-1900-2)"), "\(again.stdout)")
    }

    @Test func aKitchenRecipeClippedAgainAfterItsErasureGetsItsOwnId() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        let folder = data.appendingPathComponent("kitchen/recipes")
        let page = KitchenClipCommandTests.fixtures.appendingPathComponent("microdata.html").path
        let before = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
        let clip = try Self.run(["kitchen", "clip", "--data", data.path, page])
        #expect(clip.status == 0, "\(clip.stderr)")
        let made = try #require(Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)).subtracting(before).first)
        let id = String(made.dropLast(".json".count))
        let erase = try Self.run(["erase", "--kitchen-recipe", id, "--yes", "--data", data.path])
        #expect(erase.status == 0, "\(erase.stderr)")
        let again = try Self.run(["kitchen", "clip", "--data", data.path, page])
        #expect(again.status == 0, "\(again.stderr)")
        let now = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)).subtracting(before)
        #expect(now == ["\(id)-2.json"], "the erased id \(id) is not given again: \(now.sorted())")
    }

    @Test func aRecipeCopiedUnderAnErasedNameGetsItsOwnId() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        let duplicate = ["duplicate", "v60-starter", "--name", "Sunday V60", "--data", data.path]
        let first = try Self.run(duplicate)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("sunday-v60"), "\(first.stdout)")
        #expect(try Self.run(["erase", "--recipe", "sunday-v60", "--yes", "--data", data.path]).status == 0)
        let again = try Self.run(duplicate)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("sunday-v60-2"), "\(again.stdout)")
    }

    /// An erase that wrote the ledger but not the log's file (as a full disk leaves it): `check`
    /// says so at the log and names the command that finishes it; that command does.
    @Test func checkFindsARecordTheLedgerHoldsAndNamesTheCommandThatFinishesTheErase() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        let ledger = #"{"erasures": [{"erasedAt": "2026-11-21T10:00:00Z", "id": "log-20260806-0805", "kind": "log"}], "schemaVersion": 1}"#
        try ledger.write(to: data.appendingPathComponent("erasures.json"), atomically: true, encoding: .utf8)
        let check = try Self.run(["check", "--data", data.path])
        #expect(check.status == 1, "\(check.stdout)")
        let said = check.stdout + check.stderr
        #expect(said.contains("logs/2026-08.json:"), "at the log's file: \(said)")
        #expect(said.contains("error: log \"log-20260806-0805\" is in the erasure ledger (erasures.json) but still in this file"), "\(said)")
        #expect(said.contains("finish it with: brewguide erase --data \(data.path) --log log-20260806-0805 --yes"), "\(said)")
        let finish = try Self.run(["erase", "--data", data.path, "--log", "log-20260806-0805", "--yes"])
        #expect(finish.status == 0, "\(finish.stderr)")
        #expect(finish.stdout.contains("1 file rewritten: \(data.path)/logs/2026-08.json"), "\(finish.stdout)")
        let after = try Self.run(["check", "--data", data.path])
        #expect(after.status == 0, "\(after.stdout)\(after.stderr)")
    }

    /// The same for a cook log (read with the planner's files) and a drink preset: `check` finds
    /// each at its record and names the command that finishes the erase; that command does.
    @Test func checkFindsACookLogAndADrinkPresetTheLedgerHolds() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        let cooked = try Self.run(["kitchen", "cooked", "shakshuka", "--at", "2026-11-12T19:00:00+01:00", "--data", data.path])
        #expect(cooked.stdout.contains("(cook-shakshuka-20261112-1900)"), "\(cooked.stdout)\(cooked.stderr)")
        let ledger = #"{"erasures": [{"erasedAt": "2026-11-21T10:00:00Z", "id": "cook-shakshuka-20261112-1900", "kind": "cook-log"}, {"erasedAt": "2026-11-21T10:00:00Z", "id": "vodka-soda", "kind": "drinkPreset"}], "schemaVersion": 1}"#
        try ledger.write(to: data.appendingPathComponent("erasures.json"), atomically: true, encoding: .utf8)
        let check = try Self.run(["check", "--data", data.path])
        #expect(check.status == 1, "\(check.stdout)")
        let said = check.stdout + check.stderr
        #expect(said.contains("kitchen/cooked.json:2:3: error: cook-log \"cook-shakshuka-20261112-1900\" is in the erasure ledger (erasures.json) but still in this file"), "\(said)")
        #expect(said.contains("finish it with: brewguide erase --data \(data.path) --cooked cook-shakshuka-20261112-1900 --yes"), "\(said)")
        #expect(said.contains("sessions/presets.json:4:3: error: drinkPreset \"vodka-soda\" is in the erasure ledger"), "\(said)")
        #expect(said.contains("finish it with: brewguide erase --data \(data.path) --preset vodka-soda --yes"), "\(said)")
        for finish in [["--cooked", "cook-shakshuka-20261112-1900"], ["--preset", "vodka-soda"]] {
            let run = try Self.run(["erase", "--data", data.path] + finish + ["--yes"])
            #expect(run.status == 0, "\(finish): \(run.stdout)\(run.stderr)")
        }
        let after = try Self.run(["check", "--data", data.path])
        #expect(after.status == 0, "\(after.stdout)\(after.stderr)")
        #expect(!(after.stdout + after.stderr).contains("erasure ledger"), "\(after.stdout)\(after.stderr)")
    }
}
