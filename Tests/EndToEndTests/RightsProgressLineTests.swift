import Foundation
import Testing
import TestSupport

/// `import` and `merge` show a progress line on a terminal (issue 29): under a pseudo-terminal
/// (`script`) the line is drawn and cleared; piped, or with `--quiet`, standard error stays empty.
/// `BREWGUIDE_PROGRESS_AT_ONCE=1` shows the line from the start, since the test journal takes
/// far less than the second after which a real run shows it.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "script(1) is not installed"))
struct RightsProgressLineTests {
    static let script = "/usr/bin/script"
    static let atOnce = ["BREWGUIDE_PROGRESS_AT_ONCE": "1"]

    /// What the terminal showed while `brewguide arguments` ran in `folder` under a pseudo-terminal.
    static func onTerminal(_ arguments: [String], in folder: URL) throws -> (status: Int32, shown: String) {
        let quoted = ([BrewGuideProcess.binary.path] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: script)
        process.arguments = ["-qec", quoted.joined(separator: " "), "/dev/null"]
        var variables = ProcessInfo.processInfo.environment
        variables.merge(atOnce) { _, new in new }
        process.environment = variables
        process.currentDirectoryURL = folder
        let out = Pipe()
        process.standardOutput = out
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let shown = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: shown, as: UTF8.self))
    }

    static func exportedJournal() throws -> (folder: URL, archive: String) {
        let folder = try BrewGuideProcess.temporaryDirectory()
        let data = TestPaths.journal.path
        #expect(try BrewGuideProcess.run(["export", "--data", data, "--output", "archive.json"], in: folder).status == 0)
        return (folder, "archive.json")
    }

    @Test func importShowsItsRecordsOnATerminal() throws {
        let (folder, archive) = try Self.exportedJournal()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try Self.onTerminal(["import", archive, "--into", "Restored"], in: folder)
        #expect(run.status == 0, "\(run.shown)")
        #expect(run.shown.contains("\rchecking 0 of "), "\(run.shown.debugDescription)")
        #expect(run.shown.contains(" records\u{1B}[K"), "\(run.shown.debugDescription)")
        // Cleared before the report, which starts at the beginning of the line.
        #expect(run.shown.contains("\r\u{1B}[Kimported "), "\(run.shown.debugDescription)")

        let quiet = try Self.onTerminal(["import", archive, "--into", "Quiet", "--quiet"], in: folder)
        #expect(quiet.status == 0)
        #expect(!quiet.shown.contains("records\u{1B}[K") && !quiet.shown.contains("\r\u{1B}[K"), "\(quiet.shown.debugDescription)")
        #expect(quiet.shown.hasPrefix("imported "), "\(quiet.shown.debugDescription)")
    }

    @Test func importBrewsShowsItsBrewsOnATerminalAndNothingPiped() throws {
        let folder = try BrewGuideProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: TestPaths.journal, to: folder.appendingPathComponent("Data"))
        let shared = TestPaths.packageRoot.appendingPathComponent("Tests/BrewDataTests/Fixtures/beanconqueror/beanconqueror_real_with_id.json").path
        let run = try Self.onTerminal(["import-brews", "beanconqueror", shared, "--data", "Data"], in: folder)
        #expect(run.status == 0, "\(run.shown)")
        // One brew in the file: checked, then written; "1 brew", not "1 brews".
        #expect(run.shown.contains("\rchecking 0 of 1 brew\u{1B}[K"), "\(run.shown.debugDescription)")
        #expect(run.shown.contains("\rwriting 0 of 1 brew\u{1B}[K"), "\(run.shown.debugDescription)")
        // Cleared before the brews' lines, which start at the beginning of the line.
        #expect(run.shown.contains("\r\u{1B}[K" + shared + ": "), "\(run.shown.debugDescription)")

        try FileManager.default.removeItem(at: folder.appendingPathComponent("Data"))
        try FileManager.default.copyItem(at: TestPaths.journal, to: folder.appendingPathComponent("Data"))
        let quiet = try Self.onTerminal(["import-brews", "beanconqueror", shared, "--data", "Data", "--quiet"], in: folder)
        #expect(quiet.status == 0)
        #expect(!quiet.shown.contains("brew\u{1B}[K") && !quiet.shown.contains("\r\u{1B}[K"), "\(quiet.shown.debugDescription)")
        let piped = try BrewGuideProcess.run(["import-brews", "beanconqueror", shared, "--data", "Data", "--dry-run"], in: folder, environment: Self.atOnce)
        #expect(piped.status == 0)
        #expect(piped.stderr.isEmpty, "\(piped.stderr.debugDescription)")
    }

    @Test func importPipedWritesNothingToStandardError() throws {
        let (folder, archive) = try Self.exportedJournal()
        defer { try? FileManager.default.removeItem(at: folder) }
        let piped = try BrewGuideProcess.run(["import", archive, "--into", "Restored"], in: folder, environment: Self.atOnce)
        #expect(piped.status == 0)
        #expect(piped.stderr.isEmpty, "\(piped.stderr.debugDescription)")
        #expect(piped.stdout.hasPrefix("imported "))
    }

    @Test func mergeShowsItsStepsOnATerminalAndNothingPiped() throws {
        let (folder, archive) = try Self.exportedJournal()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try BrewGuideProcess.run(["import", archive, "--into", "Copy"], in: folder).status == 0)
        try FileManager.default.copyItem(at: TestPaths.journal, to: folder.appendingPathComponent("Target"))
        let dry = try Self.onTerminal(["merge", "Copy", "--into", "Target"], in: folder)
        #expect(dry.status == 0, "\(dry.shown)")
        #expect(dry.shown.contains("\rmerging: 0 of 4 steps\u{1B}[K"), "\(dry.shown.debugDescription)")
        // After the report, the line comes back for the check.
        #expect(dry.shown.contains("identical, 0 conflicted"), "\(dry.shown.debugDescription)")
        #expect(dry.shown.contains("\rmerging: 3 of 4 steps\u{1B}[K\r\u{1B}[Kdry run: nothing changed"), "\(dry.shown.debugDescription)")

        let written = try Self.onTerminal(["merge", "Copy", "--into", "Target", "--yes"], in: folder)
        #expect(written.status == 0, "\(written.shown)")
        #expect(written.shown.contains("\rmerging: 3 of 4 steps\u{1B}[K"), "\(written.shown.debugDescription)")
        #expect(written.shown.contains("\r\u{1B}[Kmerged into Target"), "\(written.shown.debugDescription)")

        let quiet = try Self.onTerminal(["merge", "Copy", "--into", "Target", "--quiet"], in: folder)
        #expect(!quiet.shown.contains("steps"), "\(quiet.shown.debugDescription)")
        let piped = try BrewGuideProcess.run(["merge", "Copy", "--into", "Target"], in: folder, environment: Self.atOnce)
        #expect(piped.status == 0)
        #expect(piped.stderr.isEmpty, "\(piped.stderr.debugDescription)")
    }
}
