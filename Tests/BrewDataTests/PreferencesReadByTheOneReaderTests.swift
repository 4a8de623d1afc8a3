import BrewData
import BrewKit
import Foundation
import Testing
import TestSupport

/// `preferences.json` is read by the directory's one reader, as a data file like any folder's:
/// parsed once per read, again only when it changed (told as a changed file), its record on its
/// shelf of the store, and its rules the shelf's; a command that needs only the preferences reads
/// it with the same decoder.
@Suite struct PreferencesReadByTheOneReaderTests {
    static func journal() throws -> (root: String, preferences: String) {
        let root = TestPaths.temporary("preferences-one-reader").path
        try FileManager.default.copyItem(atPath: TestPaths.journal.path, toPath: root)
        return (root, (root as NSString).appendingPathComponent(DataDirectoryReader.preferencesFileName))
    }

    static func edit(_ path: String, replacing old: String, with new: String) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains(old), "\(path) holds \(old)")
        try text.replacingOccurrences(of: old, with: new).write(toFile: path, atomically: true, encoding: .utf8)
    }

    @Test func aRefreshReadsThePreferencesAgainOnlyWhenTheyChanged() throws {
        let (root, preferences) = try Self.journal()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let source = PlanFilesParsedOnceTests.CountingSource()
        var reader = IncrementalDataReader(root: root, source: source)
        let first = reader.refresh()
        #expect(first.result.files.contains { $0.path == preferences && $0.kind == .preferences })
        #expect(first.result.validated.dataset.preferences?.value.lastSelectedRecipeId == "bright-morning")
        #expect(source.reads.value[preferences] == 1)

        let unchanged = reader.refresh()
        #expect(source.reads.value[preferences] == 1, "preferences that did not change are not read again")
        #expect(!unchanged.changedAnything)

        try Self.edit(preferences, replacing: "\"lastSelectedRecipeId\": \"bright-morning\"", with: "\"lastSelectedRecipeId\": \"brite-morning\"")
        let edited = reader.refresh()
        #expect(source.reads.value[preferences] == 2)
        #expect(edited.changedPaths == [preferences])
        // The shelf's rule, with the data set's recipes.
        #expect(edited.result.validated.diagnostics.map(\.description).contains {
            $0.hasPrefix("\(preferences):") && $0.hasSuffix(#"warning: lastSelectedRecipeId "brite-morning" names no recipe in the data; the starter is selected instead"#)
        }, "\(edited.result.validated.diagnostics.map(\.description))")

        try FileManager.default.removeItem(atPath: preferences)
        let removed = reader.refresh()
        #expect(removed.removedPaths == [preferences])
        #expect(removed.result.validated.dataset.preferences == nil)
    }

    /// A file that is not JSON is told at its place once, and the data set has no preferences;
    /// the read of the preferences alone (`readPreferencesFile`) tells the same.
    @Test func preferencesThatDoNotParseAreToldOnceAndReadAloneTheSame() throws {
        let (root, preferences) = try Self.journal()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Self.edit(preferences, replacing: "\"lastSelectedRecipeId\"", with: "\"lastSelectedRecipeId\" ,")
        let read = DataDirectoryReader(root: root).read()
        let found = read.validated.diagnostics.filter { $0.location.file == preferences }.map(\.description)
        #expect(found.count == 1 && found[0].contains(": error: "), "\(found)")
        #expect(read.validated.dataset.preferences == nil)
        var alone: [Diagnostic] = []
        #expect(DataDirectoryReader(root: root).readPreferencesFile(diagnostics: &alone) == nil)
        #expect(alone.map(\.description) == found)
    }

    /// The preferences' rules are their shelf's: with no preferences.json, none of them is run and
    /// the Waterline settings are the defaults.
    @Test func withNoPreferencesFileThereIsNoRecordAndTheDefaultsApply() throws {
        let (root, preferences) = try Self.journal()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.removeItem(atPath: preferences)
        let read = DataDirectoryReader(root: root).read()
        #expect(read.validated.dataset.preferencesFile == nil)
        #expect(read.validated.dataset.waterline == WaterlineSettings())
        #expect(!read.files.contains { $0.kind == .preferences })
    }
}
