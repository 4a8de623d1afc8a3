import BrewData
import BrewKit
import Foundation
import Testing
import TestSupport

/// The journal's one reader over files held in memory (`InMemoryDataFiles`) gives exactly what it
/// gives over the same files written to disk: merge and import check what they would write with
/// `check`'s own code, at the places the files will have, and lay out no copy anywhere.
@Suite struct InMemoryDataFilesTests {
    static let now = ISO8601.date(from: "2026-11-21T12:00:00Z")!

    /// The findings of reading `snapshot` written to a folder on disk, and of reading the same
    /// files held in memory at the same paths, by their printed form.
    static func findingsOnDiskAndInMemory(_ snapshot: DataSnapshot) throws -> (disk: [String], memory: [String]) {
        let root = TestPaths.temporary("in-memory-oracle").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try DataDirectoryWriter.write(snapshot, into: root, synced: false)
        let disk = JournalFindings.reading(root: root, now: now).findings.map(\.description)
        let memory = JournalFindings.reading(root: root, source: try InMemoryDataFiles(root: root, snapshot: snapshot), now: now).findings.map(\.description)
        return (disk, memory)
    }

    /// What `KitchenPlannerFiles.errors` gave before it read in memory: the snapshot written to a
    /// scratch folder, read back, and the scratch folder's name replaced by `name` (the oracle).
    static func scratchCopyErrors(in snapshot: DataSnapshot, name: String) throws -> [String] {
        let scratch = TestPaths.temporary("kitchen-check-oracle").path
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        try DataDirectoryWriter.write(snapshot, into: scratch, synced: false)
        var diagnostics: [Diagnostic] = []
        _ = KitchenInbox.read(root: scratch, diagnostics: &diagnostics)
        let read = JournalFindings.reading(root: scratch, now: now)
        let carried = Set(snapshot.kitchenFiles.map { (scratch as NSString).appendingPathComponent($0.relativePath) })
        diagnostics += read.mealPlan.diagnostics
        diagnostics += read.findings.filter { carried.contains($0.location.file) }
        return diagnostics.filter { $0.severity == .error }.sortedByLocation().removingDuplicates().map { diagnostic in
            var named = diagnostic
            named.location.file = diagnostic.location.file.replacingOccurrences(of: scratch, with: name)
            named.message = diagnostic.message.replacingOccurrences(of: scratch, with: name)
            return named.description
        }
    }

    static func json(_ text: String) throws -> FileContent {
        .json(JSONValue(try JSONParser.parse(Array(text.utf8), file: "fixture")))
    }

    /// The broken planner files an archive may carry (each import refuses), by what is wrong.
    static func brokenPlannerFiles() throws -> [(what: String, files: [SessionFile])] {
        let snack = #"[{ "id": "apple", "name": "Apple", "calories": 95, "protein": 0, "carbs": 25, "fats": 0 }]"#
        return [
            ("a day that is not a date", [SessionFile(relativePath: "kitchen/plan/2026-11.json", content: try json(#"[{ "id": "a", "day": "24.11.2026", "meal": "Lunch", "snackId": "apple" }]"#))]),
            ("a snack no preset has", [SessionFile(relativePath: "kitchen/plan/2026-11.json", content: try json(#"[{ "id": "a", "day": "2026-11-24", "meal": "Lunch", "snackId": "flapjack" }]"#)),
                                      SessionFile(relativePath: "kitchen/snacks.json", content: try json(snack))]),
            ("two slots with one id", [SessionFile(relativePath: "kitchen/plan/2026-11.json", content: try json(#"[{ "id": "a", "day": "2026-11-24", "meal": "Lunch", "snackId": "apple" }, { "id": "a", "day": "2026-11-25", "meal": "Dinner", "snackId": "apple" }]"#))]),
            ("an inbox entry of no known type", [SessionFile(relativePath: "kitchen/inbox.json", content: try json(#"[{ "id": "i1", "type": "fax", "content": "x", "createdAt": "2026-11-20T18:00:00Z", "status": "pending" }]"#))]),
            ("a shopping item without a name", [SessionFile(relativePath: "kitchen/shopping.json", content: try json(#"[{ "id": "s1", "checked": false }]"#))]),
            ("a cook log of no recipe", [SessionFile(relativePath: "kitchen/cooked.json", content: try json(#"[{ "id": "c1", "recipeId": "nowhere", "cookedAt": "2026-11-20T19:00:00+01:00", "rating": 9 }]"#))]),
        ]
    }

    /// Each broken planner file of an archive is refused with the very findings the scratch
    /// folder gave (text, file, line and column), now read from memory.
    @Test func theKitchenCheckOfEachBrokenArchiveFileGivesTheScratchCopysFindings() throws {
        for fixture in try Self.brokenPlannerFiles() {
            let snapshot = DataSnapshot(kitchenFiles: fixture.files)
            let expected = try Self.scratchCopyErrors(in: snapshot, name: "a.json#")
            let found = KitchenPlannerFiles.errors(in: snapshot, name: "a.json#").map(\.description)
            #expect(!expected.isEmpty, "\(fixture.what): the fixture is not broken")
            #expect(found == expected, "\(fixture.what)")
        }
    }

    /// The text an archive with a slot on no date is refused with, pinned.
    @Test func theKitchenCheckOfASlotOnNoDateSaysSoAtItsPlaceInTheArchive() throws {
        let snapshot = DataSnapshot(kitchenFiles: try Self.brokenPlannerFiles()[0].files)
        #expect(KitchenPlannerFiles.errors(in: snapshot, name: "a.json#").map(\.description) == [#"a.json#/kitchen/plan/2026-11.json:4:12: error: day: expected a day as yyyy-MM-dd (such as 2026-11-24), found "24.11.2026""#])
    }

    /// For generated data sets of every kind, each broken in a few ways, reading the files in
    /// memory gives exactly the findings of writing them to disk and reading that.
    @Test func readingInMemoryGivesTheFindingsOfReadingTheWrittenFolder() throws {
        var sawFindings = 0
        for seed in UInt64(1)...24 {
            var generator = RightsGenerator(seed: seed)
            var snapshot = seed % 2 == 0 ? generator.everyKind() : generator.snapshot()
            let broken = try Self.brokenPlannerFiles()
            for file in broken[Int(seed) % broken.count].files where seed % 3 != 0 {
                snapshot.kitchenFiles.removeAll { $0.relativePath == file.relativePath }
                snapshot.kitchenFiles.append(file)
            }
            if seed % 4 == 1, var log = snapshot.logs.first {
                // A log of a recipe the data does not have, and one dated ahead of now.
                log.recipeId = "no-such-recipe"
                snapshot.logs[0] = log
            }
            // A did-you-mean between ids equally near ("r2": "r0" or "r1") is picked in no fixed
            // order by `Suggestion` on either source, so it is left out of the comparison.
            let (disk, memory) = try Self.findingsOnDiskAndInMemory(snapshot)
            func withoutSuggestion(_ text: String) -> String {
                text.replacingOccurrences(of: #" \(did you mean "[^"]*"\?\)"#, with: "", options: .regularExpression)
            }
            #expect(memory.map(withoutSuggestion) == disk.map(withoutSuggestion), "seed \(seed)")
            if !disk.isEmpty { sawFindings += 1 }
        }
        #expect(sawFindings >= 12)
    }

    /// A merge that would leave two sessions active is refused with the finding at the place the
    /// source's session will have in the target: text pinned.
    @Test func aRefusedMergeNamesThePlaceTheBadRecordWillHave() throws {
        let target = try MergeByKindTests.DataFolder(["sessions/a.json": MergeByKindTests.session("phone-night", updatedAt: nil, endTime: nil, active: true, entries: [])])
        let source = try MergeByKindTests.DataFolder(["sessions/b.json": MergeByKindTests.session("watch-night", updatedAt: nil, endTime: nil, active: true, entries: [])])
        let outcome = Merger.merge([try source.snapshot()], into: try target.snapshot())
        let refused = try Merger.refusal(of: outcome, root: target.root)
        let reason = try #require(refused)
        let shown = reason.replacingOccurrences(of: target.root, with: "TARGET")
        #expect(shown == """
            the merge would leave the target invalid, so nothing was written:
              TARGET/sessions/merged-e870c5d5.json:5:17: error: only one session can be active at a time; "phone-night" (at TARGET/sessions/a.json:1:1) is already active
            """, "\(shown)")
    }
}
