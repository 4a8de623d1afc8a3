import Foundation
import TestSupport
import Testing

/// Runs the built binary, kills it (SIGKILL) at random moments while it erases or imports,
/// and checks every data file still parses and holds its before or its after content.
@Suite(.serialized) struct RightsFaultTests {
    static let root = TestPaths.packageRoot
    static let binary = root.appendingPathComponent(".build/debug/brewguide").path
    static let data = TestPaths.journal.path

    static func run(_ arguments: [String], killAfterMicroseconds delay: UInt32? = nil) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        if let delay {
            usleep(delay)
            kill(process.processIdentifier, SIGKILL)
        }
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Every file under a folder (hidden temporaries excluded), relative path → bytes.
    static func files(_ folder: String) -> [String: Data] {
        var result: [String: Data] = [:]
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return result }
        while let relative = enumerator.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            if name.hasPrefix(".") { continue }
            let path = (folder as NSString).appendingPathComponent(relative)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
                result[relative] = FileManager.default.contents(atPath: path)
            }
        }
        return result
    }

    static func temporary() -> String {
        TestPaths.temporary("rights-fault").path
    }

    @Test func killedEraseLeavesEachFileBeforeOrAfter() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.binary) else { Issue.record("build first: \(Self.binary)"); return }
        let after = Self.temporary()
        defer { try? FileManager.default.removeItem(atPath: after) }
        try FileManager.default.copyItem(atPath: Self.data, toPath: after)
        let before = Self.files(after)
        #expect(try Self.run(["erase", "--data", after, "--all", "--yes"]) == 0)
        let afterFiles = Self.files(after)
        var generator = SplitMix64(seed: 42)
        for round in 0..<25 {
            let folder = Self.temporary()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            try FileManager.default.copyItem(atPath: Self.data, toPath: folder)
            _ = try Self.run(["erase", "--data", folder, "--all", "--yes"], killAfterMicroseconds: UInt32(generator.next() % 60_000))
            let now = Self.files(folder)
            for (path, content) in now {
                let ok = content == before[path] || content == afterFiles[path] || (path == "erasures.json" && before[path] == nil)
                #expect(ok, "round \(round): \(path) is neither before nor after")
                if path.hasSuffix(".json") {
                    #expect((try? JSONSerialization.jsonObject(with: content)) != nil, "round \(round): \(path) does not parse")
                }
            }
            // Files are replaced one by one; running the same erase again finishes it.
            #expect(try Self.run(["erase", "--data", folder, "--all", "--yes"]) == 0)
            let finished = Self.files(folder)
            #expect(finished.filter { $0.key != "erasures.json" } == afterFiles.filter { $0.key != "erasures.json" }, "round \(round): the re-run does not finish the erase")
            #expect(try Self.run(["check", "--data", folder]) == 0, "round \(round): check fails after the re-run")
        }
    }

    @Test func killedImportLeavesNothingOrEverything() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.binary) else { Issue.record("build first: \(Self.binary)"); return }
        let work = Self.temporary()
        defer { try? FileManager.default.removeItem(atPath: work) }
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        let archive = (work as NSString).appendingPathComponent("a.json")
        #expect(try Self.run(["export", "--data", Self.data, "--output", archive]) == 0)
        let complete = (work as NSString).appendingPathComponent("complete")
        #expect(try Self.run(["import", archive, "--into", complete]) == 0)
        let expected = Self.files(complete)
        var generator = SplitMix64(seed: 7)
        for round in 0..<25 {
            let target = (work as NSString).appendingPathComponent("t\(round)")
            _ = try Self.run(["import", archive, "--into", target], killAfterMicroseconds: UInt32(generator.next() % 80_000))
            if FileManager.default.fileExists(atPath: target) {
                #expect(Self.files(target) == expected, "round \(round): a partial import is visible")
            }
        }
    }
}
