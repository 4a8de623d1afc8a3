import BrewData
import BrewKit
import Foundation
import Testing
import TestSupport

/// The one list of record kinds: every file of a data directory is claimed by a kind or reported.
@Suite struct RecordKindTests {
    static func temporaryFolder() -> String {
        TestPaths.temporary("kinds").path
    }

    static func write(_ text: String, _ relative: String, in root: String) throws {
        let path = (root as NSString).appendingPathComponent(relative)
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    @Test func aFileNoKindClaimsIsReportedWithWhatIsRead() throws {
        let root = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Self.write("[]", "logs/a.json", in: root)
        try Self.write("[]", "log/2026-11.json", in: root)
        try Self.write("{}", "Preferences.json", in: root)
        try Self.write("x", "logs/photo.jpg", in: root)
        try Self.write("notes", "README.md", in: root)
        let messages = DataDirectoryReader(root: root).read().validated.diagnostics.filter { $0.severity == .warning }.map(\.description)
        let layout = "the data directory reads recipes/, logs/, sessions/, flows/, kitchen/recipes/, kitchen/plan/, beans/, preferences.json, erasures.json, kitchen/inbox.json, kitchen/snacks.json, kitchen/shopping.json, kitchen/shopping.csv, kitchen/cooked.json"
        #expect(messages == [
            "\(root)/Preferences.json: warning: not read: no kind of record lives in \"Preferences.json\" (did you mean \"preferences.json\"?); \(layout)",
            "\(root)/log: warning: not read: no kind of record lives in the folder \"log/\"; \(layout)",
            "\(root)/logs/photo.jpg: warning: not read: only .json and .csv files are read in logs/ (brew logs: logs/*.json or *.csv)",
        ])
    }

    @Test func aFileNoKindClaimsInsideTheKitchenFolderIsReportedToo() throws {
        let root = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Self.write("[]", "kitchen/notes.json", in: root)
        try Self.write("[]", "kitchen/Snacks.json", in: root)
        try Self.write("[]", "kitchen/shoping/list.json", in: root)
        try Self.write("x", "kitchen/images/soup.png", in: root)
        try Self.write("x", "kitchen/cover.jpg", in: root)
        try Self.write("plans for the week", "kitchen/README.md", in: root)
        try Self.write("[]", "kitchen/plan/2026-11.json", in: root)
        let messages = DataDirectoryReader(root: root).read().validated.diagnostics.filter { $0.severity == .warning }.map(\.description)
        let layout = RecordKind.layoutDescription
        #expect(messages == [
            "\(root)/kitchen/Snacks.json: warning: not read: no kind of record lives in \"kitchen/Snacks.json\" (did you mean \"snacks.json\"?); \(layout)",
            // A photo is in its place, but no recipe names it.
            "\(root)/kitchen/images/soup.png: warning: no kitchen recipe names this photo (as its thumbnail), nor any cook log (as its photo); name it in a recipe's thumbnail, or remove it",
            "\(root)/kitchen/notes.json: warning: not read: no kind of record lives in \"kitchen/notes.json\"; \(layout)",
            "\(root)/kitchen/shoping: warning: not read: no kind of record lives in the folder \"kitchen/shoping/\"; \(layout)",
        ])
    }

    @Test func everyKindHasOnePlaceAndFolderKindsClaimTheirFiles() {
        for kind in RecordKind.allCases {
            switch kind.rules.place {
            case .folder(let folder): #expect(kind.claim(jsonKeys: ["id"]) != nil || kind.claim(jsonKeys: ["id", "startTime"]) != nil, "\(folder)")
            case .within(let owner): #expect(RecordKind.folderKinds.contains(owner), "\(kind) lives in \(owner)")
            case .file(let path): #expect(!path.isEmpty)
            case .files(let paths): #expect(paths.count == 2 && paths[0].hasSuffix(".json") && paths[1].hasSuffix(".csv"), "\(kind)")
            }
        }
        #expect(RecordKind.sessions.claim(jsonKeys: ["id", "name", "drinkType"]) == .drinkPresets)
        #expect(RecordKind.sessions.claim(csvHeader: ["id", "sessionId", "timestamp"]) == .sessionEntries)
        #expect(RecordKind.recipes.claim(csvHeader: ["recipeId", "stepId"]) == .recipeSteps)
        #expect(RecordKind.sessions.claim(jsonKeys: ["id"]) == nil)
    }

    /// docs/DATA-RIGHTS.md states each kind's merge and erase rule, in a table row per kind.
    @Test func theDocumentStatesEveryKindsRules() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("docs/DATA-RIGHTS.md"), encoding: .utf8)
        for kind in RecordKind.allCases {
            #expect(text.contains("| `\(kind.rawValue)` |"), "docs/DATA-RIGHTS.md has no row for \(kind.rawValue)")
        }
    }

    /// The CSV export (Art. 15 access) carries drink presets too, which it used to leave out.
    @Test func theCSVExportHasTheDrinkPresets() throws {
        let data = TestPaths.journal.path
        let files = try CSVExport.files(for: try DataSnapshot.load(root: data))
        let presets = try #require(files.first { $0.name == "drink-presets.csv" })
        let lines = String(decoding: presets.bytes, as: UTF8.self).split(whereSeparator: \.isNewline)
        #expect(lines.first?.hasPrefix("id,name,drinkType") == true)
        // The header and Data's eight presets (001's three quick drinks among them, issue 26).
        #expect(lines.count == 9)
        #expect(lines.contains { $0.hasPrefix("lager-can,") })
        #expect(lines.contains { $0.hasPrefix("5oz-wine,") })
    }
}

extension RecordKindTests {
    /// The CSV export (Art. 15 access) has the kitchen planner's records, a table per kind.
    @Test func theCSVExportHasTheKitchenPlanner() throws {
        let data = TestPaths.journal.path
        let files = try CSVExport.files(for: try DataSnapshot.load(root: data))
        func lines(_ name: String) throws -> [Substring] {
            let file = try #require(files.first { $0.name == name }, "\(name)")
            return String(decoding: file.bytes, as: UTF8.self).split(whereSeparator: \.isNewline)
        }
        let slots = try lines("meal-plan-slots.csv")
        #expect(slots.count == 40)
        #expect(slots.first?.hasPrefix("id,day,meal,") == true)
        #expect(slots.first?.contains("quickAddName,calories,protein,carbs,fats") == true, "\(slots.first ?? "")")
        #expect(slots.contains { $0.contains(",Pitta bread,165,5,") }, "a quick-add item in its columns")
        #expect(try lines("shopping-items.csv").count == 15)
        #expect(try lines("snack-presets.csv").count == 2)
        #expect(!files.contains { $0.name == "kitchen-inbox.csv" }, "no inbox, no table")
    }

    /// The erasure ledger is a kind: `check` reads it and locates what erase and merge would refuse.
    @Test func checkReportsABrokenErasureLedgerAtItsPlace() throws {
        let root = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Self.write("[]", "logs/a.json", in: root)
        try Self.write("{ \"schemaVersion\": 1, \"erasures\": [\n  { \"kind\": \"log\", \"id\": \"log-1\", \"erasedAt\": \"2026-01-01T00:00:00Z\" },\n  { \"kind\": \"photo\", \"id\": \"x\", \"erasedAt\": \"2026-01-01T00:00:00Z\" }\n] }", "erasures.json", in: root)
        let errors = DataDirectoryReader(root: root).read().validated.diagnostics.filter { $0.severity == .error && $0.location.file.hasSuffix("erasures.json") }
        #expect(errors.map(\.description) == [
            "\(root)/erasures.json:3:3: error: erasures[1]: an erasure needs a kind (bean, cook-log, drinkPreset, inbox-entry, kitchen-recipe, log, plan-slot, preferences, recipe, session, session-entry, shopping-item or snack-preset)",
        ])
    }

    /// A folder where the ledger belongs is told as what the ledger should be, both by `check` and
    /// by the commands that read it, not with the hint for a record folder's data files.
    @Test func aFolderWhereTheErasureLedgerBelongsIsToldAsALedger() throws {
        let root = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Self.write("[]", "logs/a.json", in: root)
        try FileManager.default.createDirectory(atPath: ErasureLedger.path(root: root), withIntermediateDirectories: true)
        let errors = DataDirectoryReader(root: root).read().validated.diagnostics.filter { $0.location.file.hasSuffix("erasures.json") }
        #expect(errors.map(\.description) == ["\(root)/erasures.json: error: is a directory, not \(ErasureLedger.expected)"])
        #expect(ErasureLedger.expected.contains("erasures"))
        #expect(throws: CommandError.self) { _ = try ErasureLedger.load(root: root) }
        do {
            _ = try ErasureLedger.load(root: root)
        } catch {
            #expect(error.description.hasPrefix("\(root)/erasures.json: error: is a directory, not the erasure ledger"), "\(error)")
            #expect(!error.description.contains("error: error") && error.description.components(separatedBy: "error:").count == 2, "one error: \(error)")
        }
    }
}
