import BrewData
import BrewKit
import BrewSite
import Foundation
import Testing
import TestSupport

/// What `watch` and `serve` print after each rebuild is what `check` would print of the files as
/// they are then (`JournalFindings` over a full read), though a rebuild reads only the files that
/// changed: a brew dated ahead and a broken plan file added between builds are told, each once.
@Suite struct RebuildFindingsTests {
    static let now = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18

    /// `check`'s findings of the data directory at `root` as it is now.
    static func checkFindings(root: String) -> [Diagnostic] {
        let result = DataDirectoryReader(root: root).read()
        return JournalFindings.of(result, mealPlan: MealPlanContext.load(root: root, dataset: result.validated.dataset), now: now)
    }

    @Test func aRebuildFindsWhatCheckFinds() throws {
        let root = TestPaths.temporary("brewguide-rebuild-findings")
        defer { try? FileManager.default.removeItem(at: root) }
        let data = root.appendingPathComponent("Data")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: TestPaths.journal, to: data)
        let site = JournalSite(
            settings: .init(dataDirectory: data.path, defaultTemplatesDirectory: TestPaths.packageRoot.appendingPathComponent("Templates").path,
                            templatesDirectory: nil, outputDirectory: root.appendingPathComponent("Site").path, baseURL: nil),
            now: { RebuildFindingsTests.now })
        let first = site.build(full: true)
        #expect(first.succeeded, "\(first.diagnostics)")
        #expect(first.diagnostics == Self.checkFindings(root: data.path))

        let ahead = #"[{ "id": "log-20270101-0900", "timestamp": "2027-01-01T09:00:00Z", "method": "v60", "recipeId": "bright-morning", "recipeNameAtBrew": "Bright Morning", "doseGrams": 18, "targetYieldGrams": 300, "waterTemperatureCelsius": 96, "grindLabel": "medium", "rating": 4 }]"#
        try Data(ahead.utf8).write(to: data.appendingPathComponent("logs/2027-01.json"))
        try Data("[ { \"id\": ".utf8).write(to: data.appendingPathComponent("kitchen/plan/2027-01.json"))
        let rebuilt = site.build()
        let expected = Self.checkFindings(root: data.path)
        #expect(rebuilt.diagnostics == expected)
        #expect(rebuilt.diagnostics.filter { $0.location.file.hasSuffix("logs/2027-01.json") && $0.severity == .warning }.count == 1, "\(rebuilt.diagnostics)")
        #expect(rebuilt.diagnostics.filter { $0.location.file.hasSuffix("kitchen/plan/2027-01.json") }.count == 1, "\(rebuilt.diagnostics)")
    }
}
