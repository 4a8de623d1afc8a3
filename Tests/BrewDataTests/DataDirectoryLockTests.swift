import BrewData
import BrewKit
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

    /// A lock file that cannot be opened (here a folder stands at its path, which even root cannot
    /// open for writing) refuses a writer, saying why, where the write once went on unlocked; a
    /// reader still reads.
    @Test func aLockFileThatCannotBeOpenedRefusesAWriterAndSaysWhy() throws {
        let folder = try MergeByKindTests.DataFolder(["logs/a.json": "[\(EraseEveryCopyTests.log("log-1"))]"])
        let lockPath = DirectoryLock.lockPath(for: folder.root)
        try FileManager.default.createDirectory(atPath: lockPath, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: lockPath) }
        let error = #expect(throws: CommandError.self) { _ = try DataDirectoryLock.acquire(root: folder.root, command: "brewguide log") }
        #expect(error?.message.contains("cannot be locked: its lock file \(lockPath) cannot be opened (Is a directory)") == true, "\(String(describing: error))")
        let refused = try Self.erase(folder.root)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("cannot be locked"), "\(refused.stderr)")
        #expect(folder.validated.dataset.logs.count == 1, "nothing was erased")
        let reader = try DataDirectoryLock.acquireForReading(root: folder.root, command: "brewguide build")
        reader.release()
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
        #expect(throws: DirectoryLock.Refusal.self) { _ = try DirectoryLock.acquire(directory: root, command: "second", waitSeconds: 0.1) }
        held.release()
        let again = try DirectoryLock.acquire(directory: root, command: "second", waitSeconds: 0.1)
        again.release()
        try? FileManager.default.removeItem(atPath: DirectoryLock.lockPath(for: root))
    }
}
