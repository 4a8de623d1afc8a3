import Foundation
import Testing
import TestSupport

/// `brewguide import-brews beanconqueror` as a person runs it: the shared brews of the corpus
/// into a copy of the bundled journal, a line per brew, then a build with the pour on its page.
@Suite("brewguide import-brews, end to end")
struct ImportBrewsCommandTests {
    static let corpus = ["beanconqueror.json", "beanconqueror_real_with_id.json", "beanconqueror_real_with_id_standard.json", "beanconqueror_water_dispensed.json"]
        .map { "Tests/BrewDataTests/Fixtures/beanconqueror/\($0)" }

    @Test func theSharedBrewsImportAndBuildWithTheirPour() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }

        let dry = try BrewGuideProcess.run(["import-brews", "beanconqueror"] + Self.corpus + ["--data", data.path, "--dry-run"], in: TestPaths.packageRoot)
        #expect(dry.status == 0)
        #expect(dry.stdout.hasSuffix("would import 1 brew, skipped 2, already there 1 (dry run: nothing written)\n"))
        #expect(!FileManager.default.fileExists(atPath: data.appendingPathComponent("flows/bc-20221228-1441-d8647dd2.json").path))

        let run = try BrewGuideProcess.run(["import-brews", "beanconqueror"] + Self.corpus + ["--data", data.path], in: TestPaths.packageRoot)
        #expect(run.status == 0)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        #expect(lines[3] == "Tests/BrewDataTests/Fixtures/beanconqueror/beanconqueror_water_dispensed.json: brew cd8769e9 of 2026-04-19 19:09 UTC: skipped: an espresso (Sanremo), not a pour-over: brewguide keeps pour-over brews only")
        #expect(lines[4] == "imported 1 brew, skipped 2, already there 1")
        // The Chemex file shares the V60 brew's uuid: the same brew, so it is not added twice.
        #expect(lines[2].hasSuffix(": already imported as bc-20221228-1441-d8647dd2; nothing added"))

        let again = try BrewGuideProcess.run(["import-brews", "beanconqueror"] + Self.corpus + ["--data", data.path], in: TestPaths.packageRoot)
        #expect(again.stdout.hasSuffix("imported 0 brews, skipped 1, already there 3\n"))

        let check = try BrewGuideProcess.run(["check", "--data", data.path])
        // No finding about what was imported (the bundled journal has warnings of its own).
        #expect(check.status == 0 && !check.stdout.contains("beanconqueror") && !check.stdout.contains("flows/"))

        let site = data.deletingLastPathComponent().appendingPathComponent("Site")
        let build = try BrewGuideProcess.run(["build", "--data", data.path, "--output", site.path, "--quiet"])
        #expect(build.status == 0)
        let page = try String(contentsOf: site.appendingPathComponent("logs/2022/12/bc-20221228-1441-d8647dd2.md"), encoding: .utf8)
        #expect(page.contains("not rated"))
        #expect(page.contains("**Grinder setting:** 3.2"))
        #expect(page.contains("## The pour"))
        #expect(page.contains("The brew took 5:40, 2:10 after the 3:00–3:30 window."))
    }

    /// One rule with `kitchen import`: a brew that cannot be made a log is an error (standard
    /// error, exit status 1); one left out by a rule (an espresso) is not.
    @Test func aBrewThatCannotBeReadIsAnErrorAndAnEspressoIsNot() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        let file = data.deletingLastPathComponent().appendingPathComponent("backup.json")
        func backup(_ brews: String) throws {
            try Data(#"{"BREWS":[\#(brews)],"PREPARATION":[{"name":"V60","type":"V60","style_type":"POUR OVER","config":{"uuid":"p1"}},{"name":"Sanremo","type":"SANREMO_YOU","style_type":"ESPRESSO","config":{"uuid":"p2"}}]}"#.utf8).write(to: file)
        }
        let espresso = #"{"grind_weight":18,"brew_quantity":36,"method_of_preparation":"p2","config":{"uuid":"dddd-4444","unix_timestamp":1760300000}}"#
        try backup(espresso)
        let ruled = try BrewGuideProcess.run(["import-brews", "beanconqueror", file.path, "--data", data.path])
        #expect(ruled.status == 0, "\(ruled.stderr)")
        #expect(ruled.stdout.contains("skipped: an espresso (Sanremo)"))

        try backup(#"{"grind_weight":0,"brew_quantity":300,"method_of_preparation":"p1","config":{"uuid":"eeee-5555","unix_timestamp":1760000000}},"# + espresso)
        let refused = try BrewGuideProcess.run(["import-brews", "beanconqueror", file.path, "--data", data.path])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("backup.json: error: brew eeee-555 of 2025-10-09 08:53 UTC: skipped: it has no dose (grind_weight is 0)"), "\(refused.stderr)")
        #expect(refused.stdout.hasSuffix("imported 0 brews, skipped 2, already there 0; 1 of the skipped could not be read or would not pass check\n"), "\(refused.stdout)")
    }

    @Test func anUnknownAppOrRecipeIsRefused() throws {
        let wrongApp = try BrewGuideProcess.run(["import-brews", "acaia", Self.corpus[0]], in: TestPaths.packageRoot)
        #expect(wrongApp.status != 0)
        #expect(wrongApp.stderr.contains("import-brews reads beanconqueror files only, found \"acaia\""))
        let wrongRecipe = try BrewGuideProcess.run(["import-brews", "beanconqueror", Self.corpus[0], "--data", TestPaths.journalFromPackageRoot, "--recipe", "bright-mornin", "--dry-run"], in: TestPaths.packageRoot)
        #expect(wrongRecipe.status == 1)
        #expect(wrongRecipe.stderr == "error: --recipe \"bright-mornin\" names no valid recipe in \(TestPaths.journalFromPackageRoot) (did you mean \"bright-morning\"?)\n")
    }
}
