import BrewData
import Foundation
import Testing
import TestSupport

/// The data directory's lock: held here, the built binary's `erase --yes` in a second process
/// waits, then names this process and changes nothing.
@Suite(.serialized) struct DataDirectoryLockTests {
    static let binary = TestPaths.packageRoot.appendingPathComponent(".build/debug/brewguide").path

    static func erase(_ root: String) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["erase", "--data", root, "--all", "--yes"]
        process.environment = ProcessInfo.processInfo.environment.merging(["BREWGUIDE_LOCK_WAIT_SECONDS": "0.3"]) { _, new in new }
        let err = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = err
        try process.run()
        let data = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test func aSecondCommandSaysWhoHoldsTheDataDirectory() throws {
        let folder = try MergeByKindTests.DataFolder(["logs/a.json": "[\(EraseEveryCopyTests.log("log-1"))]"])
        let lock = try DataDirectoryLock.acquire(root: folder.root, command: "brewguide log")
        let refused = try Self.erase(folder.root)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("is in use by brewguide log (pid \(getpid()))"), "\(refused.stderr)")
        #expect(folder.validated.dataset.logs.count == 1)
        lock.release()
        #expect(try Self.erase(folder.root).status == 0)
        #expect(folder.validated.dataset.logs.count == 0)
    }

    @Test func everySpellingOfAPathFindsTheSameLock() {
        let cwd = FileManager.default.currentDirectoryPath
        #expect(DirectoryLock.lockPath(for: "Data") == DirectoryLock.lockPath(for: "./Data/"))
        #expect(DirectoryLock.lockPath(for: "Data") == DirectoryLock.lockPath(for: cwd + "/Data"))
        #expect(DirectoryLock.lockPath(for: "no-such/Site").hasSuffix("/no-such/.Site.lock"))
    }

    @Test func aLockHeldInThisProcessIsBusyForAnother() throws {
        let root = TestPaths.temporary("lock").path
        let held = try DirectoryLock.acquire(directory: root, command: "first")
        #expect(throws: DirectoryLock.Busy.self) { _ = try DirectoryLock.acquire(directory: root, command: "second", waitSeconds: 0.1) }
        held.release()
        let again = try DirectoryLock.acquire(directory: root, command: "second", waitSeconds: 0.1)
        again.release()
        try? FileManager.default.removeItem(atPath: DirectoryLock.lockPath(for: root))
    }
}
