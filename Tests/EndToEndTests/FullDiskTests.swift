import Foundation
import Testing
import TestSupport

/// A full disk, made with a small tmpfs (issue 45): an erase that could write the erasure record
/// but not the log's file says so and `check` names the command that finishes it; `templates copy`
/// and a CSV export leave nothing behind. Mounting needs root (CI's container runs the tests as
/// root); elsewhere the suite is skipped, with that reason.
@Suite("A full disk", .serialized, .enabled(if: SmallTmpfs.canMount, "needs to mount a tmpfs (root, and a kernel that allows it)"))
struct FullDiskTests {
    @discardableResult
    static func run(_ tool: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// A tmpfs of `kilobytes` mounted at `folder` (made), unmounted by the caller.
    static func mount(_ folder: URL, kilobytes: Int) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        #expect(try run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(kilobytes)k", "tmpfs", folder.path]) == 0)
    }

    /// Fills the file system of `folder` with 4 KB files until it is full, then frees `pages` of them.
    static func fill(_ folder: URL, leavingPages pages: Int) throws {
        let filler = folder.appendingPathComponent(".filler")
        try FileManager.default.createDirectory(at: filler, withIntermediateDirectories: true)
        let page = Data(repeating: 0x2A, count: 4096)
        var made: [URL] = []
        while true {
            let file = filler.appendingPathComponent("\(made.count)")
            guard (try? page.write(to: file)) != nil else {
                try? FileManager.default.removeItem(at: file)
                break
            }
            made.append(file)
        }
        for file in made.suffix(pages) { try FileManager.default.removeItem(at: file) }
    }

    @Test func anEraseThatCouldNotRewriteTheLogSaysSoAndCheckNamesTheCommandThatFinishesIt() throws {
        let root = try BrewGuideProcess.temporaryDirectory()
        let data = root.appendingPathComponent("Data")
        try Self.mount(data, kilobytes: 1024)
        defer {
            _ = try? Self.run("/bin/umount", [data.path])
            try? FileManager.default.removeItem(at: root)
        }
        for name in try FileManager.default.contentsOfDirectory(atPath: TestPaths.journal.path) {
            try FileManager.default.copyItem(at: TestPaths.journal.appendingPathComponent(name), to: data.appendingPathComponent(name))
        }
        // One page left: the erasure record fits, the log's file does not.
        try Self.fill(data, leavingPages: 1)
        let erase = try BrewGuideProcess.run(["erase", "--data", data.path, "--log", "log-20260806-0805", "--yes"])
        #expect(erase.status == 1, "\(erase.stdout)")
        #expect(!erase.stdout.contains("rewritten"), "nothing is said to be rewritten that was not: \(erase.stdout)")
        #expect(erase.stderr.contains("No space left on device"), "\(erase.stderr)")
        #expect(erase.stderr.contains("not changed: \(data.path)/logs/2026-08.json"), "\(erase.stderr)")
        try FileManager.default.removeItem(at: data.appendingPathComponent(".filler"))
        let check = try BrewGuideProcess.run(["check", "--data", data.path])
        #expect(check.status == 1)
        #expect((check.stdout + check.stderr).contains("finish it with: brewguide erase --data \(data.path) --log log-20260806-0805 --yes"), "\(check.stdout)\(check.stderr)")
        let finish = try BrewGuideProcess.run(["erase", "--data", data.path, "--log", "log-20260806-0805", "--yes"])
        #expect(finish.status == 0, "\(finish.stderr)")
        #expect(try BrewGuideProcess.run(["check", "--data", data.path]).status == 0)
    }

    @Test func templatesCopyAndACSVExportOnAFullDiskLeaveNothingBehind() throws {
        let root = try BrewGuideProcess.temporaryDirectory()
        let disk = root.appendingPathComponent("disk")
        try Self.mount(disk, kilobytes: 64)
        defer {
            _ = try? Self.run("/bin/umount", [disk.path])
            try? FileManager.default.removeItem(at: root)
        }
        let copy = try BrewGuideProcess.run(["templates", "copy", disk.appendingPathComponent("Templates").path])
        #expect(copy.status == 1, "\(copy.stdout)")
        #expect(copy.stderr.contains("No space left on device") && copy.stderr.contains("nothing was written"), "\(copy.stderr)")
        let export = try BrewGuideProcess.run(["export", "--format", "csv", "--output", disk.appendingPathComponent("csv").path, "--data", "Data"])
        #expect(export.status == 1, "\(export.stdout)")
        #expect(export.stderr.contains("No space left on device"), "\(export.stderr)")
        let left = try FileManager.default.contentsOfDirectory(atPath: disk.path)
        #expect(left.isEmpty, "nothing is left on the full disk: \(left)")
    }
}

/// Whether a small tmpfs can be mounted here (root, and a kernel that allows it): tried once.
/// Apart from the suite, whose trait cannot name its own members.
enum SmallTmpfs {
    static let canMount: Bool = {
        guard getuid() == 0 else { return false }
        let probe = TestPaths.temporary("tmpfs-probe")
        defer { try? FileManager.default.removeItem(at: probe) }
        guard (try? FileManager.default.createDirectory(at: probe, withIntermediateDirectories: true)) != nil,
              (try? FullDiskTests.run("/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", probe.path])) == 0 else { return false }
        _ = try? FullDiskTests.run("/bin/umount", [probe.path])
        return true
    }()
}
