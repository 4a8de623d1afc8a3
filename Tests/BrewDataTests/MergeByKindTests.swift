import BrewData
import BrewKit
import Foundation
import Testing
import TestSupport

/// Merge findings of issue 19: each kind merged by its own rule, nothing lost, nothing invalid written.
@Suite struct MergeByKindTests {
    /// A data directory with the bundled starter recipe and the given files.
    final class DataFolder {
        let root = TestPaths.temporary("merge-kinds").path

        init(_ files: [String: String]) throws {
            let starter = TestPaths.journal.appendingPathComponent("recipes/v60-starter.json").path
            try FileManager.default.createDirectory(atPath: root + "/recipes", withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: starter, toPath: root + "/recipes/v60-starter.json")
            for (relative, text) in files {
                let path = root + "/" + relative
                try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try text.write(toFile: path, atomically: true, encoding: .utf8)
            }
        }

        deinit {
            try? FileManager.default.removeItem(atPath: root)
            try? FileManager.default.removeItem(atPath: DirectoryLock.lockPath(for: root))
        }

        var validated: ValidatedDataset { DataDirectoryReader(root: root).read().validated }
        var errors: [String] { validated.diagnostics.filter { $0.severity == .error }.map(\.description) }
        func snapshot() throws -> DataSnapshot { try DataSnapshot.load(root: root) }

        /// Every file's bytes, to show that nothing was written.
        func contents() -> [String: Data] {
            var result: [String: Data] = [:]
            for case let relative as String in FileManager.default.enumerator(atPath: root)! {
                result[relative] = FileManager.default.contents(atPath: root + "/" + relative)
            }
            return result
        }
    }

    static func session(_ id: String, updatedAt: String?, endTime: String? = "2026-10-07T22:30:00Z", active: Bool = false, entries: [String]) -> String {
        var fields = ["\"id\": \"\(id)\"", "\"startTime\": \"2026-10-07T19:00:00Z\"", "\"isActive\": \(active)"]
        if let endTime { fields.append("\"endTime\": \"\(endTime)\"") }
        if let updatedAt { fields.append("\"updatedAt\": \"\(updatedAt)\"") }
        fields.append("\"entries\": [\(entries.joined(separator: ", "))]")
        return "{ " + fields.joined(separator: ", ") + " }"
    }

    static func water(_ id: String, minute: Int, amountMl: Int = 300, updatedAt: String? = nil) -> String {
        let stamp = updatedAt.map { ", \"updatedAt\": \"\($0)\"" } ?? ""
        return "{ \"id\": \"\(id)\", \"timestamp\": \"2026-10-07T19:\(minute < 10 ? "0" : "")\(minute):00Z\", \"type\": \"water\", \"waterMeta\": { \"amountMl\": \(amountMl) }, \"source\": \"phone\"\(stamp) }"
    }

    static func merge(_ source: DataFolder, into target: DataFolder) throws -> Merger.Outcome {
        let snapshot = try target.snapshot()
        let outcome = Merger.merge([try source.snapshot()], into: snapshot)
        try Merger.apply(outcome, target: snapshot, root: target.root)
        return outcome
    }

    /// Issue 26: two journals made by `init` a second apart differ only in their starter's
    /// createdAt and modifiedAt; merging them makes no conflicted copy.
    @Test func freshJournalsWhoseStartersDifferOnlyInCreatedAtMergeClean() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("fresh-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: base) }
        let (a, b) = (base + "/a", base + "/b")
        _ = try JournalStarter(root: a, timeZone: "UTC", now: Date(timeIntervalSince1970: 1_795_000_000)).run(force: false)
        _ = try JournalStarter(root: b, timeZone: "UTC", now: Date(timeIntervalSince1970: 1_795_000_001)).run(force: false)
        let before = try String(contentsOfFile: a + "/recipes/v60-starter.json", encoding: .utf8)
        #expect(before != (try String(contentsOfFile: b + "/recipes/v60-starter.json", encoding: .utf8)))
        let target = try DataSnapshot.load(root: a)
        let outcome = Merger.merge([try DataSnapshot.load(root: b)], into: target)
        #expect(outcome.report.conflicted.isEmpty, "\(outcome.report.conflicted)")
        #expect(outcome.report.identical.contains { $0.id == "v60-starter" })
        try Merger.apply(outcome, target: target, root: a)
        #expect(try FileManager.default.contentsOfDirectory(atPath: a + "/recipes") == ["v60-starter.json"])
        #expect(try String(contentsOfFile: a + "/recipes/v60-starter.json", encoding: .utf8) == before)
        // A starter changed in what it brews is still kept twice.
        let changed = try String(contentsOfFile: b + "/recipes/v60-starter.json", encoding: .utf8).replacingOccurrences(of: "\"defaultDose\": 15", with: "\"defaultDose\": 16")
        try changed.write(toFile: b + "/recipes/v60-starter.json", atomically: true, encoding: .utf8)
        #expect(!Merger.merge([try DataSnapshot.load(root: b)], into: try DataSnapshot.load(root: a)).report.conflicted.isEmpty)
    }

    /// A kitchen recipe's marks (favourite, archived) set on one copy are decided by the later
    /// `updatedAt`, with no conflicted copy, under every `--on-conflict`; a real edit on the other
    /// copy still keeps both, since merge cannot tell which copy changed what.
    @Test func kitchenMarksSetOnOneCopyAreNoConflict() throws {
        func soup(title: String = "Soup", favourite: Bool = false, archived: Bool = false, updatedAt: TimeInterval?) -> KitchenRecipe {
            KitchenRecipe(id: "soup", title: title, servings: 2, category: .lunch,
                          ingredients: [KitchenIngredient(id: "i1", name: "lentils", amount: "200 g")],
                          steps: [KitchenStep(id: "s1", order: 1, text: "Simmer.")],
                          isArchived: archived, isFavourite: favourite, updatedAt: updatedAt.map { Date(timeIntervalSince1970: $0) })
        }
        let old = soup(updatedAt: 1_790_000_000)
        let marked = soup(favourite: true, updatedAt: 1_795_000_000)
        for policy in Merger.ConflictPolicy.allCases {
            // The marked copy into the old one: taken whole, reported as updated.
            let taken = Merger.merge([DataSnapshot(kitchenRecipes: [marked])], into: DataSnapshot(kitchenRecipes: [old]), onConflict: policy)
            #expect(taken.report.conflicted.isEmpty, "\(policy): \(taken.report.conflicted)")
            #expect(taken.newKitchenRecipes == [marked], "\(policy)")
            #expect(taken.replacedKitchenRecipeIDs == ["soup"], "\(policy)")
            #expect(taken.report.updated.lines == ["kitchen recipe soup: the copies differ only in their marks; took the later, incoming one (favourite, not archived, updatedAt 2026-11-18T11:06:40Z) over not a favourite, not archived (updatedAt 2026-09-21T14:13:20Z)"], "\(policy)")
            // The old copy into the marked one: the target's later marks stay, the old ones are dropped.
            let kept = Merger.merge([DataSnapshot(kitchenRecipes: [old])], into: DataSnapshot(kitchenRecipes: [marked]), onConflict: policy)
            #expect(kept.report.conflicted.isEmpty && kept.newKitchenRecipes.isEmpty && kept.replacedKitchenRecipeIDs.isEmpty, "\(policy)")
            #expect(kept.report.dropped.count == 1, "\(policy)")
            #expect(kept.merged.kitchenRecipes == [marked], "\(policy)")
        }
        // A copy without updatedAt is the oldest; a tie goes by a rule every copy shares (issue 45),
        // so both directions keep the same copy.
        #expect(Merger.merge([DataSnapshot(kitchenRecipes: [soup(archived: true, updatedAt: nil)])], into: DataSnapshot(kitchenRecipes: [old])).merged.kitchenRecipes == [old])
        let tied = soup(archived: true, updatedAt: 1_790_000_000)
        let oneWay = Merger.merge([DataSnapshot(kitchenRecipes: [tied])], into: DataSnapshot(kitchenRecipes: [old])).merged.kitchenRecipes
        let otherWay = Merger.merge([DataSnapshot(kitchenRecipes: [old])], into: DataSnapshot(kitchenRecipes: [tied])).merged.kitchenRecipes
        #expect(oneWay == otherWay && (oneWay == [old] || oneWay == [tied]), "\(oneWay.map(\.isArchived)) and \(otherWay.map(\.isArchived))")
        // Copies that differ only in when they were written are the same recipe.
        #expect(Merger.merge([DataSnapshot(kitchenRecipes: [soup(updatedAt: 1_795_000_000)])], into: DataSnapshot(kitchenRecipes: [old])).report.identical.map(\.id) == ["soup"])
        // A mark on one copy and a real edit on the other: both kept.
        let edited = soup(title: "Lentil soup", updatedAt: 1_792_000_000)
        let both = Merger.merge([DataSnapshot(kitchenRecipes: [marked])], into: DataSnapshot(kitchenRecipes: [edited]))
        #expect(both.report.conflicted.count == 1, "\(both.report.conflicted)")
        #expect(both.merged.kitchenRecipes.map(\.title).sorted() == ["Lentil soup (Conflicted Copy)", "Soup"])
    }

    @Test func drinkPresetsAreMergedByID() throws {
        let target = try DataFolder(["sessions/presets.json": #"[{ "id": "lager-can", "name": "12 oz lager", "drinkType": "beer", "sizeMl": 355, "abv": 5 }]"#])
        let source = try DataFolder([
            "sessions/presets.json": #"[{ "id": "lager-can", "name": "12 oz lager", "drinkType": "beer", "sizeMl": 355, "abv": 5 }, { "id": "big-ipa", "name": "Big IPA", "drinkType": "beer", "sizeMl": 568, "abv": 7 }]"#,
            "sessions/night.json": #"{ "id": "ipa-night", "startTime": "2026-10-07T19:00:00Z", "endTime": "2026-10-07T21:00:00Z", "isActive": false, "entries": [{ "id": "d1", "timestamp": "2026-10-07T19:10:00Z", "type": "alcohol", "alcoholMeta": { "drinkType": "beer", "presetId": "big-ipa" }, "source": "phone" }] }"#,
        ])
        let outcome = try Self.merge(source, into: target)
        #expect(outcome.report.added.lines.contains("drink preset big-ipa"))
        let presets = target.validated.dataset.drinkPresets.map(\.value.id).sorted()
        #expect(presets == ["big-ipa", "lager-can"])
        #expect(target.validated.diagnostics.map(\.description).filter { $0.contains("big-ipa") } == [])
    }

    @Test func aSessionEditedOnBothSidesIsMergedEntryByEntry() throws {
        let target = try DataFolder(["sessions/s.json": Self.session("pub-quiz", updatedAt: "2026-10-07T21:00:00Z", endTime: "2026-10-07T21:00:00Z", entries: [
            Self.water("q1", minute: 10), Self.water("q2", minute: 20, amountMl: 250, updatedAt: "2026-10-07T20:30:00Z"),
        ])])
        let source = try DataFolder(["sessions/s.json": Self.session("pub-quiz", updatedAt: "2026-10-07T22:40:00Z", endTime: "2026-10-07T22:30:00Z", entries: [
            Self.water("q1", minute: 10), Self.water("q2", minute: 20, amountMl: 500, updatedAt: "2026-10-07T20:10:00Z"), Self.water("q3", minute: 40),
        ])])
        let outcome = try Self.merge(source, into: target)
        #expect(outcome.report.conflicted.lines == [])
        let sessions = target.validated.dataset.sessions.map(\.value)
        #expect(sessions.map(\.id) == ["pub-quiz"])
        let session = try #require(sessions.first)
        #expect(session.entries.map(\.id) == ["q1", "q2", "q3"])
        #expect(session.endTime == ISO8601.date(from: "2026-10-07T22:30:00Z"), "the session's fields come from the later updatedAt")
        #expect(session.entries[1].waterMeta?.amount?.amount == 250, "the entry changed on both sides comes from its later updatedAt")
        #expect(target.errors == [])
    }

    @Test func aSessionInCSVFilesIsMergedEntryByEntryToo() throws {
        let header = "id,startTime,endTime,isActive\nlive,2026-11-21T16:30:00Z,,true\n"
        let entries = "sessionId,id,timestamp,type,waterAmountMl,source\nlive,b1,2026-11-21T17:00:00Z,water,300,phone\n"
        let target = try DataFolder(["sessions/sessions.csv": header, "sessions/entries.csv": entries + "live,a7,2026-11-21T18:58:00Z,water,250,phone\n"])
        let source = try DataFolder(["sessions/sessions.csv": header, "sessions/entries.csv": entries + "live,w9,2026-11-21T18:59:00Z,water,300,watch\n"])
        _ = try Self.merge(source, into: target)
        #expect(target.errors == [])
        #expect(target.validated.dataset.sessions.map(\.value.id) == ["live"])
        #expect(target.validated.dataset.sessions.first?.value.entries.map(\.id) == ["b1", "a7", "w9"])
        let again = Merger.merge([try source.snapshot()], into: try target.snapshot())
        #expect(again.report.changesNothing)
    }

    @Test func twoCopiesOfAnActiveSessionLeaveOneSession() throws {
        let target = try DataFolder(["sessions/live.json": Self.session("tonight", updatedAt: "2026-10-07T19:30:00Z", endTime: nil, active: true, entries: [Self.water("p1", minute: 5)])])
        let source = try DataFolder(["sessions/live.json": Self.session("tonight", updatedAt: "2026-10-07T19:40:00Z", endTime: nil, active: true, entries: [Self.water("w1", minute: 7)])])
        _ = try Self.merge(source, into: target)
        #expect(target.errors == [])
        #expect(target.validated.dataset.sessions.map(\.value.id) == ["tonight"])
        #expect(target.validated.dataset.sessions.first?.value.entries.map(\.id) == ["p1", "w1"])
    }

    @Test func aMergeThatWouldLeaveTheTargetInvalidIsRefusedBeforeAnythingIsWritten() throws {
        let target = try DataFolder(["sessions/a.json": Self.session("phone-night", updatedAt: nil, endTime: nil, active: true, entries: [])])
        let source = try DataFolder(["sessions/b.json": Self.session("watch-night", updatedAt: nil, endTime: nil, active: true, entries: [])])
        let before = target.contents()
        let snapshot = try target.snapshot()
        let outcome = Merger.merge([try source.snapshot()], into: snapshot)
        #expect(throws: CommandError.self) { try Merger.apply(outcome, target: snapshot, root: target.root) }
        let refused = try Merger.refusal(of: outcome, root: target.root)
        let reason = try #require(refused)
        #expect(reason.contains("only one session can be active at a time"))
        #expect(target.contents() == before)
    }

    @Test func anErasureOnOneSideIsAppliedOnTheOther() throws {
        let log = #"{ "id": "log-1", "timestamp": "2026-10-01T07:00:00Z", "recipeId": "v60-starter", "recipeNameAtBrew": "V60", "doseGrams": 15, "targetYieldGrams": 250, "waterTemperatureCelsius": 94, "grindLabel": "medium", "rating": 4 }"#
        let target = try DataFolder(["logs/a.json": "[\(log)]"])
        let source = try DataFolder(["logs/a.json": "[\(log)]"])
        try Eraser.apply(try Eraser.plan(root: source.root, selection: .log("log-1")), root: source.root)
        let outcome = try Self.merge(source, into: target)
        #expect(outcome.report.removedAsErased.lines == ["log log-1"])
        #expect(target.validated.dataset.logs.map(\.value.id) == [])
        #expect(try ErasureLedger.load(root: target.root).map(\.key) == ["log/log-1"])
    }

    @Test func mergingTwiceChangesNothing() throws {
        let target = try DataFolder([
            "sessions/s.json": Self.session("pub-quiz", updatedAt: "2026-10-07T21:00:00Z", entries: [Self.water("q1", minute: 10)]),
            "sessions/presets.json": #"[{ "id": "lager-can", "name": "Lager", "drinkType": "beer", "sizeMl": 355, "abv": 5, "updatedAt": "2026-10-01T00:00:00Z" }]"#,
        ])
        let source = try DataFolder([
            "sessions/s.json": Self.session("pub-quiz", updatedAt: "2026-10-07T23:00:00Z", entries: [Self.water("q2", minute: 30)]),
            "sessions/presets.json": #"[{ "id": "lager-can", "name": "Lager (can)", "drinkType": "beer", "sizeMl": 330, "abv": 5, "updatedAt": "2026-10-02T00:00:00Z" }]"#,
        ])
        let first = try Self.merge(source, into: target)
        #expect(first.report.updated.lines.count == 2)
        let after = target.contents()
        let second = try Self.merge(source, into: target)
        #expect(second.report.changesNothing, "\(second.report)")
        #expect(target.contents() == after)
        #expect(target.validated.dataset.drinkPresets.map(\.value.name) == ["Lager (can)"])
        #expect(target.errors == [])
    }
}

/// Erasure findings of issue 19: an erasure covers the record in every case and every copy made of it.
@Suite struct EraseEveryCopyTests {
    static func log(_ id: String, rating: Int = 4) -> String {
        #"{ "id": "\#(id)", "timestamp": "2026-10-01T07:00:00Z", "recipeId": "v60-starter", "recipeNameAtBrew": "V60", "doseGrams": 15, "targetYieldGrams": 250, "waterTemperatureCelsius": 94, "grindLabel": "medium", "rating": \#(rating) }"#
    }

    @Test func erasingALogRemovesItsMergedCopiesAndCaseTwins() throws {
        let folder = try MergeByKindTests.DataFolder([
            "logs/a.json": "[\(Self.log("log-1"))]",
            "logs/merged-1.json": "[\(Self.log("log-1-merged-0a1b2c3d", rating: 2))]",
            "logs/old.json": "[\(Self.log("LOG-1", rating: 3)), \(Self.log("log-10"))]",
        ])
        let plan = try Eraser.plan(root: folder.root, selection: .log("log-1"))
        #expect(plan.ids(.log).sorted() == ["LOG-1", "log-1", "log-1-merged-0a1b2c3d"])
        try Eraser.apply(plan, root: folder.root)
        #expect(folder.validated.dataset.logs.map(\.value.id) == ["log-10"])
    }

    @Test func anErasedLogNeverComesBackFromAnOldCopyInAnotherCase() throws {
        let target = try MergeByKindTests.DataFolder(["logs/a.json": "[\(Self.log("log-1"))]"])
        try Eraser.apply(try Eraser.plan(root: target.root, selection: .log("log-1")), root: target.root)
        let oldCopy = try MergeByKindTests.DataFolder(["logs/a.json": "[\(Self.log("Log-1")), \(Self.log("log-1-merged-99aa88bb", rating: 1))]"])
        let outcome = try MergeByKindTests.merge(oldCopy, into: target)
        #expect(outcome.report.added.lines == [])
        #expect(outcome.report.skippedAsErased.lines.sorted() == ["log Log-1", "log log-1-merged-99aa88bb"])
        #expect(target.validated.dataset.logs.map(\.value.id) == [])
    }
}
