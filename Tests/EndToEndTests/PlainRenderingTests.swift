import Foundation
import Testing
import TestSupport

/// The rendering shortcuts (`TemplateShapes`, `ConvertedShape`, `PageSlots`, `ListSplice`,
/// `PartialMemo`) each check their first page; these build whole sites both ways, the usual way and
/// with `BREWGUIDE_PLAIN_RENDER=1` (every page through plain Mustache and cmark), and require the
/// same files byte for byte: the test journal, the bundled demo, and a generated journal of a few
/// thousand brews with a kitchen and sessions (`brewbench generate`).
@Suite(.serialized)
struct PlainRenderingTests {
    @Test func theTestJournalIsTheSameRenderedPlainly() throws {
        try expectSameSites(data: TestPaths.journal, atLeast: 100)
    }

    @Test func theBundledDemoIsTheSameRenderedPlainly() throws {
        try expectSameSites(data: TestPaths.packageRoot.appendingPathComponent("Data"), atLeast: 100)
    }

    @Test func aGeneratedJournalIsTheSameRenderedPlainly() throws {
        let directory = try BrewGuideProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let data = directory.appendingPathComponent("Data")
        let generator = BrewGuideProcess.binary.deletingLastPathComponent().appendingPathComponent("brewbench")
        #expect(FileManager.default.isExecutableFile(atPath: generator.path), "build brewbench first (swift build --build-tests builds it)")
        let process = Process()
        process.executableURL = generator
        process.arguments = ["generate", "--logs", "2500", "--seed", "39", "--kitchen-recipes", "200", "--output", data.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
        // 2,500 logs give 2,500 log pages (and their twins), fifty lists, thirty sessions, 200 kitchen recipes.
        try expectSameSites(data: data, atLeast: 5_000)
    }

    /// Builds `data` both ways into fresh folders and compares every file.
    private func expectSameSites(data: URL, atLeast minimumFiles: Int) throws {
        let directory = try BrewGuideProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fast = directory.appendingPathComponent("fast")
        let plain = directory.appendingPathComponent("plain")
        let usual = try BrewGuideProcess.run(["build", "--data", data.path, "--output", fast.path, "--quiet"], in: directory,
                                             environment: ["BREWGUIDE_PLAIN_RENDER": "0"])
        try #require(usual.status == 0, "\(usual.stderr)")
        let plainly = try BrewGuideProcess.run(["build", "--data", data.path, "--output", plain.path, "--quiet"], in: directory,
                                               environment: ["BREWGUIDE_PLAIN_RENDER": "1"])
        try #require(plainly.status == 0, "\(plainly.stderr)")
        let fastFiles = try Self.files(under: fast)
        let plainFiles = try Self.files(under: plain)
        #expect(fastFiles.count >= minimumFiles)
        #expect(fastFiles.keys.sorted() == plainFiles.keys.sorted())
        var differing: [String] = []
        for (path, bytes) in fastFiles where plainFiles[path] != bytes { differing.append(path) }
        #expect(differing.isEmpty, "pages that differ from their plain rendering: \(differing.sorted().prefix(20))")
    }

    /// Every regular file under `root` by its path relative to it.
    private static func files(under root: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let manager = FileManager.default
        guard let enumerator = manager.enumerator(atPath: root.path) else { return files }
        while let relative = enumerator.nextObject() as? String {
            guard (enumerator.fileAttributes?[.type] as? FileAttributeType) == .typeRegular else { continue }
            files[relative] = try Data(contentsOf: root.appendingPathComponent(relative))
        }
        return files
    }
}
