import BrewData
import BrewKit
import Foundation
import Testing
import TestSupport

/// `kitchen/plan/` is parsed once per read: the planner takes the slots the directory's reader
/// decoded (`MealPlanContext.load(root:read:source:)`), and a refresh parses again only the plan
/// files it found changed; what `check` says is what it said when the planner parsed them again.
@Suite struct PlanFilesParsedOnceTests {
    static let now = ISO8601.date(from: "2026-11-21T12:00:00Z")!

    /// The disk, counting how often each file's bytes are asked for.
    struct CountingSource: DataFileSource {
        let disk = DiskDataFiles()
        let reads = Locked<[String: Int]>([:])

        func count(_ path: String) { reads.withLock { $0[path, default: 0] += 1 } }
        func bytesIfPresent(_ path: String, expected: String) -> Result<[UInt8], DataFileBytes.Problem>? {
            count(path)
            return disk.bytesIfPresent(path, expected: expected)
        }
        func bytes(_ path: String) -> Result<[UInt8], DataFileBytes.Problem> {
            count(path)
            return disk.bytes(path)
        }
        func entry(at path: String) -> DataFileEntry? { disk.entry(at: path) }
        func isPlainFile(_ path: String) -> Bool { disk.isPlainFile(path) }
        func entryExists(_ path: String) -> Bool { disk.entryExists(path) }
        func names(inFolder path: String) -> [String]? { disk.names(inFolder: path) }
        func walk(_ path: String, skippingIgnoredFolders: Bool) -> [DataFileWalkEntry]? { disk.walk(path, skippingIgnoredFolders: skippingIgnoredFolders) }
        func signature(at path: String) -> FileSignature? { disk.signature(at: path) }
        func realPath(_ path: String) -> String? { disk.realPath(path) }

        /// How often each plan file was read, by its path.
        func planReads(under root: String) -> [String: Int] {
            let folder = (root as NSString).appendingPathComponent(MealPlanReader.planFolder) + "/"
            return reads.value.filter { $0.key.hasPrefix(folder) }
        }
    }

    /// The test journal in a fresh folder, with a plan file that does not parse and one with a
    /// slot the kitchen does not know, beside its two good ones.
    static func journal() throws -> String {
        let root = TestPaths.temporary("plan-parsed-once").path
        try FileManager.default.copyItem(atPath: TestPaths.journal.path, toPath: root)
        let plan = (root as NSString).appendingPathComponent(MealPlanReader.planFolder)
        try "[\n  {\"id\": \"x\", \"day\": \"2026-12-09\",\n".write(toFile: plan + "/2026-13-broken.json", atomically: true, encoding: .utf8)
        try "id,day,meal,recipeId,updatedAt\nodd,2026-12-10,Dinner,lentil-sup,2099-01-01T00:00:00Z\n"
            .write(toFile: plan + "/2026-14.csv", atomically: true, encoding: .utf8)
        return root
    }

    @Test func aFullReadParsesEachPlanFileOnce() throws {
        let root = try Self.journal()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let source = CountingSource()
        _ = JournalFindings.reading(root: root, source: source, now: Self.now)
        let reads = source.planReads(under: root)
        #expect(reads.count == 4, "the plan files read: \(reads.keys.sorted())")
        for (path, count) in reads.sorted(by: { $0.key < $1.key }) {
            #expect(count == 1, "\(path) was read \(count) times in one read of the journal")
        }
    }

    @Test func aRefreshParsesOnlyThePlanFileItTouched() throws {
        let root = try Self.journal()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let source = CountingSource()
        var reader = IncrementalDataReader(root: root, source: source)
        let first = reader.refresh()
        let before = MealPlanContext.load(root: root, read: first.result, source: source)
        #expect(source.planReads(under: root).values.allSatisfy { $0 == 1 })

        // Nothing changed: no plan file is read again.
        _ = MealPlanContext.load(root: root, read: reader.refresh().result, source: source)
        #expect(source.planReads(under: root).values.allSatisfy { $0 == 1 })

        // One plan file edited: it alone is read again, and the planner sees its new slot.
        let edited = (root as NSString).appendingPathComponent(MealPlanReader.planFolder + "/2026-14.csv")
        try "id,day,meal,recipeId,updatedAt\nodd,2026-12-10,Dinner,lentil-soup,2026-11-20T18:00:00Z\nmore,2026-12-11,Lunch,lentil-soup,2026-11-20T18:00:00Z\n"
            .write(toFile: edited, atomically: true, encoding: .utf8)
        let after = MealPlanContext.load(root: root, read: reader.refresh().result, source: source)
        let reads = source.planReads(under: root)
        #expect(reads[edited] == 2)
        #expect(reads.filter { $0.key != edited }.values.allSatisfy { $0 == 1 })
        #expect(after.plan.slots.count == before.plan.slots.count + 1)
        #expect(after.diagnostics.count < before.diagnostics.count)
    }

    /// The findings are those of the planner parsing the plan files again itself, text for text.
    @Test func theFindingsAreThoseOfParsingThePlanAgain() throws {
        let root = try Self.journal()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let read = JournalFindings.reading(root: root, now: Self.now)
        let reparsed = MealPlanContext.load(root: root, dataset: read.result.validated.dataset)
        let findings = read.findings.map(\.description)
        #expect(findings == JournalFindings.of(read.result, mealPlan: reparsed, now: Self.now).map(\.description))
        #expect(read.mealPlan.diagnostics.map(\.description) == reparsed.diagnostics.map(\.description))
        #expect(read.mealPlan.plan.slots.map(\.value) == reparsed.plan.slots.map(\.value))
        #expect(read.mealPlan.stamped.map { $0.node.location } == reparsed.stamped.map { $0.node.location })
        // The broken file, the unknown recipe and the stamp ahead are each said once.
        #expect(findings.filter { $0.contains("2026-13-broken.json") }.count == 1)
        #expect(findings.contains { $0.contains("2026-14.csv:2:") && $0.contains("lentil-sup") })
        #expect(findings.filter { $0.contains("2026-14.csv:2:") && $0.contains("updatedAt") }.count == 1)
    }

    /// The planner's other files (the snacks, the shopping list, the cooks, and the preferences for
    /// the goals and aisles) are read once per read of the journal too, by the directory's reader,
    /// and again only when they changed; a broken one is told once.
    @Test func thePlannersOtherFilesAreParsedOnceAndAgainOnlyWhenChanged() throws {
        let root = try Self.journal()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let cooked = (root as NSString).appendingPathComponent(CookLogsKind.file)
        try #"[{"id": "cook-1", "recipeId": "lentil-soup", "cookedAt": "2026-11-20T19:00:00Z"}"#.write(toFile: cooked, atomically: true, encoding: .utf8)
        let files = [MealPlanReader.snacksFile, MealPlanReader.shoppingJSON, CookLogsKind.file, DataDirectoryReader.preferencesFileName].map { (root as NSString).appendingPathComponent($0) }
        let source = CountingSource()
        let first = JournalFindings.reading(root: root, source: source, now: Self.now)
        for file in files { #expect(source.reads.value[file] == 1, "\(file) was read \(source.reads.value[file] ?? 0) times in one read") }
        #expect(!first.mealPlan.plan.snackOverrides.isEmpty && !first.mealPlan.plan.shoppingItems.isEmpty)
        let broken = first.findings.filter { $0.location.file == cooked }.map(\.description)
        #expect(broken.count == 1 && broken[0].contains(": error: "), "the cooks' file that does not parse, once: \(broken)")

        var reader = IncrementalDataReader(root: root, source: source)
        _ = MealPlanContext.load(root: root, read: reader.refresh().result, source: source)
        let again = reader.refresh()
        _ = MealPlanContext.load(root: root, read: again.result, source: source)
        #expect(!again.changedAnything)
        for file in files { #expect(source.reads.value[file] == 2, "\(file): read by the new reader once, not again when unchanged") }

        try #"[{"id": "cook-1", "recipeId": "lentil-soup", "cookedAt": "2026-11-20T19:00:00Z"}]"#.write(toFile: cooked, atomically: true, encoding: .utf8)
        let mended = reader.refresh()
        #expect(mended.changedPaths == [cooked])
        #expect(MealPlanContext.load(root: root, read: mended.result, source: source).plan.cooks.count == 1)
        #expect(source.reads.value[cooked] == 3 && source.reads.value[files[0]] == 2)
    }
}
