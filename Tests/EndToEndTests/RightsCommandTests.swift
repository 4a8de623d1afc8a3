import Foundation
import Testing
import TestSupport

/// The rights commands as a person types them: relative paths, dry runs, refusals.
@Suite struct RightsCommandTests {
    @Test func importIntoARelativeFolderWorks() throws {
        let folder = try BrewGuideProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let archive = folder.appendingPathComponent("archive.json").path
        let data = TestPaths.journal.path
        #expect(try BrewGuideProcess.run(["export", "--data", data, "--output", archive]).status == 0)
        let imported = try BrewGuideProcess.run(["import", "archive.json", "--into", "Restored"], in: folder)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Restored/recipes").path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["Restored", "archive.json"])
    }

    /// Issue 26: a CSV export is for reading; import says only the JSON archive can be imported.
    @Test func aCSVExportIsNotImportedAndSaysWhichIs() throws {
        let folder = try BrewGuideProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = TestPaths.journal.path
        #expect(try BrewGuideProcess.run(["export", "--data", data, "--output", "tables", "--format", "csv"], in: folder).status == 0)
        for given in ["tables", "tables/logs.csv"] {
            let refused = try BrewGuideProcess.run(["import", given, "--into", "Restored"], in: folder)
            #expect(refused.status == 1)
            #expect(refused.stderr.contains("only the JSON archive of `brewguide export` (its default, --format json) can be imported"), "\(refused.stderr)")
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Restored").path))
        }
    }

    /// A mistyped archive name says there is no such file and what was expected, at the file.
    @Test func aMissingArchiveIsNamedAsMissing() throws {
        let folder = try BrewGuideProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let refused = try BrewGuideProcess.run(["import", "archve.json", "--into", "Restored"], in: folder)
        #expect(refused.status == 1)
        #expect(refused.stderr == "archve.json: error: no such file; expected the JSON archive that `brewguide export` writes; nothing was written\n", "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Restored").path))
    }

    @Test func aMergeThatWouldAddASecondActiveSessionIsRefusedEvenInADryRun() throws {
        let target = try BrewGuideProcess.copyOfBundledData()
        let source = try BrewGuideProcess.copyOfBundledData()
        defer {
            try? FileManager.default.removeItem(at: target.deletingLastPathComponent())
            try? FileManager.default.removeItem(at: source.deletingLastPathComponent())
        }
        try #"{ "id": "watch-night", "startTime": "2026-11-20T19:00:00Z", "isActive": true, "entries": [] }"#
            .write(to: source.appendingPathComponent("sessions/watch.json"), atomically: true, encoding: .utf8)
        for arguments in [["merge", source.path, "--into", target.path], ["merge", source.path, "--into", target.path, "--yes"]] {
            let result = try BrewGuideProcess.run(arguments)
            #expect(result.status == 1)
            #expect(result.stderr.contains("the merge would leave the target invalid, so nothing was written"), "\(result.stderr)")
            #expect(result.stderr.contains("only one session can be active at a time"))
        }
        #expect(!FileManager.default.fileExists(atPath: target.appendingPathComponent("sessions/watch.json").path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: target.appendingPathComponent("sessions").path).allSatisfy { !$0.hasPrefix("merged-") })
    }

    /// Merge and import check what they would write in memory, laying out no copy: with the
    /// temporary folder a plain file (so nothing can be made under it), a merge that would leave
    /// two sessions active is still refused with check's reason, and an archive with planner files
    /// is still checked and imported (both were checked through a scratch folder there).
    @Test func mergeAndImportCheckWhatTheyWouldWriteWithoutATemporaryFolder() throws {
        let folder = try BrewGuideProcess.temporaryDirectory()
        let target = try BrewGuideProcess.copyOfBundledData()
        let source = try BrewGuideProcess.copyOfBundledData()
        defer {
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.removeItem(at: target.deletingLastPathComponent())
            try? FileManager.default.removeItem(at: source.deletingLastPathComponent())
        }
        let notAFolder = folder.appendingPathComponent("tmp-is-a-file")
        try Data().write(to: notAFolder)
        let environment = ["TMPDIR": notAFolder.path]
        try #"{ "id": "watch-night", "startTime": "2026-11-20T19:00:00Z", "isActive": true, "entries": [] }"#
            .write(to: source.appendingPathComponent("sessions/watch.json"), atomically: true, encoding: .utf8)
        let merged = try BrewGuideProcess.run(["merge", source.path, "--into", target.path, "--yes"], environment: environment)
        #expect(merged.status == 1)
        #expect(merged.stderr.contains("only one session can be active at a time"), "\(merged.stderr)")
        #expect(!merged.stderr.contains("cannot lay out"), "\(merged.stderr)")
        #expect(!FileManager.default.fileExists(atPath: target.appendingPathComponent("sessions/watch.json").path))

        try FileManager.default.createDirectory(at: target.appendingPathComponent("kitchen/plan"), withIntermediateDirectories: true)
        try #"[{ "id": "slot-1", "day": "2026-11-24", "meal": "Lunch", "snackId": "apple" }]"#
            .write(to: target.appendingPathComponent("kitchen/plan/2026-11.json"), atomically: true, encoding: .utf8)
        let archive = folder.appendingPathComponent("archive.json").path
        let exported = try BrewGuideProcess.run(["export", "--data", target.path, "--output", archive], environment: environment)
        #expect(exported.status == 0, "\(exported.stderr)")
        let imported = try BrewGuideProcess.run(["import", archive, "--into", folder.appendingPathComponent("Restored").path], environment: environment)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Restored/kitchen/plan/2026-11.json").path))
    }
}
