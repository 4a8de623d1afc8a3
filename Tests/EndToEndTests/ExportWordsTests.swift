import Foundation
import Testing
import TestSupport

/// What `export` says and what its CSV README says: kinds in words with the right number, and
/// times described as the files hold them.
@Suite("export, in words")
struct ExportWordsTests {
    @Test func theCountsNameKindsInWordsAndAgreeInNumber() throws {
        let folder = try BrewGuideProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let journal = folder.appendingPathComponent("j").path
        #expect(try BrewGuideProcess.run(["init", journal]).status == 0)
        #expect(try BrewGuideProcess.run(["log", "v60-starter", "--rating", "4", "--data", journal, "--at", "2026-11-20T08:30:00+01:00"]).status == 0)
        let csv = folder.appendingPathComponent("csv").path
        let exported = try BrewGuideProcess.run(["export", "--data", journal, "--output", csv, "--format", "csv"])
        #expect(exported.status == 0, "\(exported.stderr)")
        #expect(exported.stdout.hasPrefix("exported 1 recipe, 1 log, 0 sessions, 1 preferences file, 0 erasures"))
        // The test journal has a kitchen.
        let kitchen = try BrewGuideProcess.run(["export", "--data", "Data", "--output", folder.appendingPathComponent("kitchen").path, "--format", "csv"])
        #expect(kitchen.stdout.contains("8 kitchen recipes, 39 meal plan slots, 0 kitchen inbox entries, 1 snack preset, 14 shopping items, 0 cook logs, 3 bags of beans, 1 kitchen image"), "\(kitchen.stdout)")
        for output in [exported.stdout, kitchen.stdout] {
            #expect(output.range(of: #"[a-z][A-Z]"#, options: .regularExpression) == nil, "\(output)")
        }

        // Issue 51: import says its counts in export's words ("1 log", not "1 logs"; "1 preferences file").
        let archive = folder.appendingPathComponent("journal.json").path
        #expect(try BrewGuideProcess.run(["export", "--data", journal, "--output", archive]).status == 0)
        let imported = try BrewGuideProcess.run(["import", archive, "--into", folder.appendingPathComponent("restored").path])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("imported 1 recipe, 1 log, 0 sessions, 1 preferences file, 0 erasures"), "\(imported.stdout)")
        #expect(imported.stdout.range(of: #"[a-z][A-Z]"#, options: .regularExpression) == nil, "\(imported.stdout)")

        // The log was written with its offset and the file carries it so; the README says so.
        let logs = try String(contentsOfFile: csv + "/logs.csv", encoding: .utf8)
        #expect(logs.contains("2026-11-20T08:30:00+01:00"))
        let readme = try String(contentsOfFile: csv + "/README.md", encoding: .utf8)
        #expect(!readme.contains("in UTC ("))
        #expect(readme.contains("with the offset they were written"))
    }
}
