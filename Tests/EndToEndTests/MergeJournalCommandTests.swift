import Foundation
import Testing

/// `merge` finishes the merge an earlier run left half written (its journal, `.brewguide-merge.json`)
/// before it merges, and a dry run says one is waiting (issue 24).
@Suite struct MergeJournalCommandTests {
    @Test func mergeYesFinishesAnInterruptedMergeFirst() throws {
        let target = try BrewGuideProcess.copyOfBundledData()
        let source = try BrewGuideProcess.copyOfBundledData()
        defer {
            try? FileManager.default.removeItem(at: target.deletingLastPathComponent())
            try? FileManager.default.removeItem(at: source.deletingLastPathComponent())
        }
        // The journal of a merge killed before its one change: a new log file (no file there before).
        let log = #"[{ "id": "log-from-the-interrupted-merge", "timestamp": "2026-11-20T08:00:00Z", "method": "v60", "recipeNameAtBrew": "V60", "doseGrams": 15, "targetYieldGrams": 250, "waterTemperatureCelsius": 94, "grindLabel": "medium", "rating": 4 }]"#
        let journal = #"{ "format": "brewguide-merge-journal", "changes": [{ "path": "logs/merged-interrupted.json", "before": null, "after": "\#(Data(log.utf8).base64EncodedString())" }] }"#
        try journal.write(to: target.appendingPathComponent(".brewguide-merge.json"), atomically: true, encoding: .utf8)

        let dryRun = try BrewGuideProcess.run(["merge", source.path, "--into", target.path])
        #expect(dryRun.status == 0, "\(dryRun.stderr)")
        #expect(dryRun.stdout.contains("was interrupted; merge --yes finishes it before merging"), "\(dryRun.stdout)")
        #expect(!FileManager.default.fileExists(atPath: target.appendingPathComponent("logs/merged-interrupted.json").path), "a dry run writes nothing")

        let merged = try BrewGuideProcess.run(["merge", source.path, "--into", target.path, "--yes"])
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(merged.stdout.contains("finished an interrupted merge: 1 file change made, 0 made before it stopped"), "\(merged.stdout)")
        #expect(FileManager.default.contents(atPath: target.appendingPathComponent("logs/merged-interrupted.json").path) == Data(log.utf8))
        #expect(!FileManager.default.fileExists(atPath: target.appendingPathComponent(".brewguide-merge.json").path))
        let check = try BrewGuideProcess.run(["check", "--data", target.path])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    }
}

/// `merge --yes` refuses a tampered journal whose path runs through a link leading out of the
/// data directory: nothing is written outside, nothing inside, and the merge stops (issue 37).
@Suite struct MergeJournalEscapeCommandTests {
    @Test func aJournalThroughALinkOutsideIsRefusedAndWritesNothing() throws {
        let target = try BrewGuideProcess.copyOfBundledData()
        let source = try BrewGuideProcess.copyOfBundledData()
        defer {
            try? FileManager.default.removeItem(at: target.deletingLastPathComponent())
            try? FileManager.default.removeItem(at: source.deletingLastPathComponent())
        }
        let outside = target.deletingLastPathComponent().appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: target.appendingPathComponent("kitchen/lnk").path, withDestinationPath: "../../outside")
        let after = Data("[]".utf8).base64EncodedString()
        let journal = #"{ "format": "brewguide-merge-journal", "changes": [{ "path": "kitchen/lnk/escape.json", "before": null, "after": "\#(after)" }] }"#
        try journal.write(to: target.appendingPathComponent(".brewguide-merge.json"), atomically: true, encoding: .utf8)

        let merged = try BrewGuideProcess.run(["merge", source.path, "--into", target.path, "--yes"])
        #expect(merged.status == 1, "\(merged.stdout)")
        #expect(merged.stderr.contains(".brewguide-merge.json: error: changes[0] names \"kitchen/lnk/escape.json\", but kitchen/lnk leads out of the data directory through a symbolic link"), "\(merged.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty, "written outside the data directory")
        #expect(!merged.stdout.contains("merged into"), "\(merged.stdout)")
    }
}
