@testable import BrewData
import BrewKit
import Foundation
import Testing
import TestSupport

/// Generated from the kind registry (`RecordKinds.all`): what a kind needs beside its declaration
/// for `check` to see it, each omission failing with the kind's name. A kind's records written to a
/// data directory are all in what `check` reads (a forgotten `DatasetAssembler` line, or reader,
/// leaves them out); a carried planner file of each kind with a broken record is refused by import
/// (the import check reads every carried file as `check` does); and a merge's replaced ids are kept
/// per kind (`PlannerReplacedIDsByKindTests`).
@Suite struct EveryKindIsCheckedTests {
    static func fixture() -> DataSnapshot {
        var generator = RightsGenerator(seed: 49)
        return generator.everyKind()
    }

    /// The fixture written to a fresh data directory.
    static func written() throws -> String {
        let root = TestPaths.temporary("every-kind-checked").path
        try DataDirectoryWriter.write(fixture(), into: root, synced: false)
        return root
    }

    /// How many records of `kind` the reading `check` does holds: the data set (`DatasetAssembler`),
    /// the planner's data (`MealPlanReader`) or the ledger. A kind kept in the data set's store
    /// (`RecordStore`) needs no case: its shelf is found by the kind's name, and a kind read
    /// nowhere, or put on a shelf of another name, counts none and fails with its name.
    static func countRead(_ kind: RecordKind, root: String, _ result: DataDirectoryReader.Result, _ mealPlan: MealPlanContext) throws -> Int {
        let dataset = result.validated.dataset
        switch kind {
        case .recipeSteps: return dataset.recipes.reduce(0) { $0 + $1.value.steps.count }
        case .sessionEntries: return dataset.sessions.reduce(0) { $0 + $1.value.entries.count }
        case .erasures: return try ErasureLedger.load(root: root).count
        case .kitchenIngredients: return dataset.kitchenRecipes.reduce(0) { $0 + $1.value.ingredients.count }
        case .kitchenSteps: return dataset.kitchenRecipes.reduce(0) { $0 + $1.value.steps.count }
        case .mealPlanSlots: return mealPlan.plan.slots.count
        case .snackPresets: return mealPlan.plan.snackOverrides.count
        case .shoppingItems: return mealPlan.plan.shoppingItems.count
        case .cookLogs: return mealPlan.plan.cooks.count
        // Kept on the store (logs, preferences, recipes, sessions, presets, pours, kitchen recipes and inbox, beans):
        // found by the kind's name, so a shelf named unlike its kind fails here.
        default: return dataset.store.count(ofKindNamed: kind.rawValue)
        }
    }

    @Test(arguments: RecordKinds.kinds)
    func aKindsRecordsAreInWhatCheckReads(_ kind: RecordKind) throws {
        let root = try Self.written()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let result = DataDirectoryReader(root: root).read()
        let mealPlan = MealPlanContext.load(root: root, dataset: result.validated.dataset)
        let written = Self.fixture().records(kind).count
        try #require(written > 0, "the fixture has no \(kind.rawValue)")
        let read = try Self.countRead(kind, root: root, result, mealPlan)
        #expect(read == written, "\(kind.rawValue): \(written) written, \(read) in what check reads (is it assembled into the data set?)")
        // The fixture is a journal check accepts, so a finding below is the broken record's own.
        let errors = JournalFindings.of(result, mealPlan: mealPlan, now: Date(timeIntervalSince1970: 1_800_000_000)).filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(errors)")
    }

    /// The fixture with the first record of the carried file of `kind` without its id (which `check` refuses).
    static func brokenCarriedFile(of kind: RecordKind) -> (snapshot: DataSnapshot, path: String)? {
        var snapshot = fixture()
        guard let index = snapshot.kitchenFiles.firstIndex(where: { KitchenPlannerFiles.kind(ofPath: $0.relativePath) == kind }) else { return nil }
        let file = snapshot.kitchenFiles[index]
        guard case .json(let value) = file.content else { return nil }
        func broken(_ records: JSONValue) -> JSONValue {
            guard case .array(var items) = records, !items.isEmpty else { return records }
            items[0] = items[0].removing("id")
            return .array(items)
        }
        let content: JSONValue = if let entries = value["entries"], value.members != nil { value.setting("entries", to: broken(entries)) } else { broken(value) }
        snapshot.kitchenFiles[index] = SessionFile(relativePath: file.relativePath, content: .json(content))
        return (snapshot, file.relativePath)
    }

    @Test(arguments: KitchenPlannerFiles.kinds)
    func importRefusesABrokenCarriedFileOfTheKind(_ kind: RecordKind) throws {
        let (snapshot, path) = try #require(Self.brokenCarriedFile(of: kind), "the fixture carries no \(kind.rawValue) file")
        let root = TestPaths.temporary("every-kind-import").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let bytes = Archive.bytes(for: snapshot, toolVersion: "test", createdAt: Date(timeIntervalSince1970: 0))
        do {
            _ = try Importer.run(archive: bytes, name: "archive", into: root)
            Issue.record("\(kind.rawValue): an archive whose \(path) has a record without an id was imported")
        } catch {
            #expect(error.findings.contains { $0.location.file.hasSuffix(path) }, "\(kind.rawValue): \(error) \(error.findings)")
        }
        #expect(!FileManager.default.fileExists(atPath: (root as NSString).appendingPathComponent(path)), "\(kind.rawValue): \(path) was written")
    }
}
