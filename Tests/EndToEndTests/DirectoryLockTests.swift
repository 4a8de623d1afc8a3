import Foundation
import Testing
import TestSupport

/// Two brewguide processes on one directory: the second waits a moment, then says who holds it;
/// a holder that was killed never blocks.
@Suite(.serialized) struct DirectoryLockTests {
    static func start(_ arguments: [String], waitSeconds: String = "5") throws -> (Process, Pipe) {
        let process = Process()
        process.executableURL = BrewGuideProcess.binary
        process.arguments = arguments
        process.currentDirectoryURL = TestPaths.fixtures
        process.environment = ProcessInfo.processInfo.environment.merging(["BREWGUIDE_LOCK_WAIT_SECONDS": waitSeconds, "BREWGUIDE_NOW": BrewGuideProcess.fixedNow]) { _, new in new }
        let err = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = err
        try process.run()
        return (process, err)
    }

    static func finish(_ started: (Process, Pipe)) -> (status: Int32, stderr: String) {
        let data = started.1.fileHandleForReading.readDataToEndOfFile()
        started.0.waitUntilExit()
        return (started.0.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test func aBuildWhileWatchRunsSaysWhoHoldsTheOutputAndAKilledHolderDoesNotBlock() throws {
        let folder = try BrewGuideProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let site = folder.appendingPathComponent("Site").path
        let lockFile = folder.appendingPathComponent(".Site.lock").path
        let watch = try Self.start(["watch", "--data", "Data", "--output", site, "--poll"])
        defer { if watch.0.isRunning { kill(watch.0.processIdentifier, SIGKILL) } }
        let deadline = Date().addingTimeInterval(60)
        while !(FileManager.default.contents(atPath: lockFile).map { String(decoding: $0, as: UTF8.self).contains("brewguide watch") } ?? false) {
            try #require(Date() < deadline, "watch never took the lock")
            usleep(50_000)
        }
        let refused = Self.finish(try Self.start(["build", "--data", "Data", "--output", site, "--quiet"], waitSeconds: "0.5"))
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("is in use by brewguide watch (pid \(watch.0.processIdentifier))"), "\(refused.stderr)")

        kill(watch.0.processIdentifier, SIGKILL)
        watch.0.waitUntilExit()
        let after = Self.finish(try Self.start(["build", "--data", "Data", "--output", site, "--quiet"], waitSeconds: "0.5"))
        #expect(after.status == 0, "\(after.stderr)")
    }

    @Test func twoBuildsAtOnceTakeTurnsAndBothSucceed() throws {
        let folder = try BrewGuideProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let site = folder.appendingPathComponent("Site").path
        let first = try Self.start(["build", "--data", "Data", "--output", site, "--quiet"], waitSeconds: "120")
        let second = try Self.start(["build", "--data", "Data", "--output", site, "--quiet"], waitSeconds: "120")
        let results = [Self.finish(first), Self.finish(second)]
        #expect(results.map(\.status) == [0, 0], "\(results.map(\.stderr))")
        let reference = folder.appendingPathComponent("Reference").path
        #expect(try BrewGuideProcess.run(["build", "--data", "Data", "--output", reference, "--quiet"]).status == 0)
        let built = try FileManager.default.subpathsOfDirectory(atPath: site).sorted()
        #expect(built == (try FileManager.default.subpathsOfDirectory(atPath: reference).sorted()))
    }
}
