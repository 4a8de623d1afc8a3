import Foundation
import Testing
import TestSupport

/// `check` and `build` print the same findings for the same data, each once: every data directory
/// among the tests' fixtures, and the test journal with the mistakes only one of them used to see
/// (a plan file that cannot be read, which `build` told twice; a brew dated ahead and a session
/// left active, which `build` did not tell at all).
@Suite("check and build print the same findings")
struct CheckAndBuildFindingsTests {
    /// The folders under the tests' `Fixtures` that are data directories (they hold a folder or
    /// file the data directory reads), found rather than listed, so a new one is compared too.
    static func fixtureJournals() throws -> [URL] {
        let tests = TestPaths.packageRoot.appendingPathComponent("Tests")
        let entries = ["recipes", "logs", "sessions", "kitchen", "flows", "preferences.json"]
        var found: [URL] = []
        // `Tests/Fixtures` (the test journal) and each target's `Tests/<target>/Fixtures`.
        let roots = [tests.appendingPathComponent("Fixtures")]
            + (try FileManager.default.contentsOfDirectory(atPath: tests.path).sorted().map { tests.appendingPathComponent($0).appendingPathComponent("Fixtures") })
        for fixtures in roots {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: fixtures.path) else { continue }
            for name in names.sorted() {
                let folder = fixtures.appendingPathComponent(name)
                let inside = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
                if inside.contains(where: entries.contains) { found.append(folder) }
            }
        }
        return found
    }

    /// The findings `check` prints (its standard output) and those `build` prints (its standard
    /// error, less its own lines: `build failed: …`, `note: …`).
    static func findings(of data: URL, environment: [String: String] = [:]) throws -> (check: [String], build: [String]) {
        let check = try BrewGuideProcess.run(["check", "--data", data.path], environment: environment)
        let output = try BrewGuideProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: output) }
        let build = try BrewGuideProcess.run(["build", "--data", data.path, "--output", output.appendingPathComponent("Site").path], environment: environment)
        let checkLines = check.stdout.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        let buildLines = build.stderr.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
            .filter { !$0.hasPrefix("build failed: ") && !$0.hasPrefix("note: ") }
        return (checkLines, buildLines)
    }

    @Test func everyFixtureJournalGetsTheSameFindings() throws {
        let journals = try Self.fixtureJournals()
        // The test journal and the brew data fixtures, at least: finding none would compare nothing.
        #expect(journals.contains { $0.path.hasSuffix("Tests/Fixtures/Data") })
        #expect(journals.contains { $0.path.hasSuffix("Fixtures/plan-mistakes") })
        #expect(journals.count >= 5, "\(journals.map(\.path))")
        for journal in journals {
            let (check, build) = try Self.findings(of: journal)
            #expect(check == build, "\(journal.path)")
        }
        // The malformed ones do have findings to compare.
        let invalid = try Self.findings(of: TestPaths.packageRoot.appendingPathComponent("Tests/BrewDataTests/Fixtures/invalid"))
        #expect(invalid.check.count == 12)
    }

    @Test func aBrokenPlanFileIsToldOnceByBoth() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        try Data("[ { \"id\": \"x\", ".utf8).write(to: data.appendingPathComponent("kitchen/plan/2027-01.json"))
        let (check, build) = try Self.findings(of: data)
        let planLines = check.filter { $0.contains("kitchen/plan/2027-01.json") }
        #expect(planLines.count == 1, "\(check)")
        #expect(planLines.first?.contains(": error: ") == true)
        #expect(check == build)
    }

    @Test func aBrewDatedAheadAndASessionLeftActiveAreToldByBoth() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        let ahead = """
            [
              {
                "id": "log-20270101-0900",
                "timestamp": "2027-01-01T09:00:00Z",
                "method": "v60",
                "recipeId": "bright-morning",
                "recipeNameAtBrew": "Bright Morning",
                "doseGrams": 18,
                "targetYieldGrams": 300,
                "waterTemperatureCelsius": 96,
                "grindLabel": "medium",
                "rating": 4
              }
            ]
            """
        try Data(ahead.utf8).write(to: data.appendingPathComponent("logs/2027-01.json"))
        // birthday-1121 started 2026-11-21 16:30: 14 h 10 min later it is past abandonAfterHours.
        let (check, build) = try Self.findings(of: data, environment: ["BREWGUIDE_NOW": "2026-11-22T06:40:00Z"])
        #expect(check.contains { $0.contains("logs/2027-01.json") && $0.contains(": warning: ") }, "\(check)")
        #expect(check.contains { $0.contains("still active after 14 h") }, "\(check)")
        #expect(check == build)
    }
}
