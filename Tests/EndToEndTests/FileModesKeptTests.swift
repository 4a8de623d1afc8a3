import Foundation
import Testing
import TestSupport

/// A journal kept private (files 0600, folders 0700: night-out records are drinking records)
/// stays private through every command that writes it: each rewritten file keeps its mode and its
/// owner, and each new data file, archive and export takes the mode of the data files (issue 45;
/// the temporary copy was made 0644 and renamed over the file).
@Suite("File modes and owners are kept by every write", .serialized)
struct FileModesKeptTests {
    /// The owner given to one file, to see it kept (the tests run as root on CI; elsewhere the
    /// owner part is skipped).
    static let otherOwner: uid_t = 4242

    /// Every regular file and folder under `root` with its permission bits, by relative path.
    static func modes(under root: URL) throws -> [String: (mode: Int, isFolder: Bool)] {
        var modes: [String: (mode: Int, isFolder: Bool)] = [:]
        let enumerator = try #require(FileManager.default.enumerator(atPath: root.path))
        while let relative = enumerator.nextObject() as? String {
            let attributes = try FileManager.default.attributesOfItem(atPath: root.appendingPathComponent(relative).path)
            let type = attributes[.type] as? FileAttributeType
            guard type == .typeRegular || type == .typeDirectory else { continue }
            modes[relative] = ((attributes[.posixPermissions] as? Int ?? 0) & 0o777, type == .typeDirectory)
        }
        return modes
    }

    /// Makes every file under `root` 0600 and every folder 0700.
    static func makePrivate(_ root: URL) throws {
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: root.path)
        for (relative, entry) in try modes(under: root) {
            try FileManager.default.setAttributes([.posixPermissions: entry.isFolder ? 0o700 : 0o600], ofItemAtPath: root.appendingPathComponent(relative).path)
        }
    }

    /// The files and folders under `root` that are not 0600 (files) or 0700 (folders).
    static func opened(under root: URL) throws -> [String] {
        try modes(under: root).filter { $0.value.mode != ($0.value.isFolder ? 0o700 : 0o600) }
            .map { "\($0.key) \(String($0.value.mode, radix: 8))" }.sorted()
    }

    static func owner(of url: URL) throws -> Int {
        try FileManager.default.attributesOfItem(atPath: url.path)[.ownerAccountID] as? Int ?? -1
    }

    @Test func everyCommandThatWritesKeepsAPrivateJournalPrivate() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        let root = data.deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: root) }
        // A second copy with a brew of its own, to merge from (its files as they come).
        let other = root.appendingPathComponent("Other")
        try FileManager.default.copyItem(at: data, to: other)
        #expect(try BrewGuideProcess.run(["log", "v60-starter", "--rating", "3", "--at", "2026-09-20T08:00", "--data", other.path]).status == 0)
        try Self.makePrivate(data)
        let august = data.appendingPathComponent("logs/2026-08.json")
        let asRoot = getuid() == 0
        if asRoot { #expect(chown(august.path, Self.otherOwner, Self.otherOwner) == 0) }

        let commands: [(String, [String])] = [
            ("log into an existing month", ["log", "v60-starter", "--rating", "4", "--at", "2026-08-15T08:00", "--data", data.path]),
            ("log into a new month", ["log", "v60-starter", "--rating", "4", "--at", "2025-03-10T08:00", "--data", data.path]),
            ("session water", ["session", "water", "--data", data.path]),
            ("kitchen cooked", ["kitchen", "cooked", "shakshuka", "--at", "2026-11-12T19:00:00+01:00", "--data", data.path]),
            ("erase", ["erase", "--log", "log-20260806-0805", "--yes", "--data", data.path]),
            ("merge", ["merge", other.path, "--into", data.path, "--yes"]),
        ]
        for (name, arguments) in commands {
            let run = try BrewGuideProcess.run(arguments)
            #expect(run.status == 0, "\(name): \(run.stdout)\(run.stderr)")
            let opened = try Self.opened(under: data)
            #expect(opened.isEmpty, "\(name) opened: \(opened)")
            if asRoot { #expect(try Self.owner(of: august) == Int(Self.otherOwner), "\(name) kept logs/2026-08.json's owner") }
        }
        #expect(FileManager.default.fileExists(atPath: data.appendingPathComponent("logs/2025-03.json").path))
        #expect(FileManager.default.fileExists(atPath: data.appendingPathComponent("erasures.json").path))

        // A brew saved from the phone.
        if let (server, served, base, key) = try ServePhoneWritesTests.start() {
            defer { server.stop() }
            try Self.makePrivate(served)
            let (status, body) = try ServeEditCommandTests.post("recipe=v60-starter&rating=4", to: base + "_api/log",
                                                                headers: ["Content-Type: application/x-www-form-urlencoded", "X-Brewguide-Key: \(key)"])
            #expect(status == 201, "\(body)")
            let opened = try Self.opened(under: served)
            #expect(opened.isEmpty, "a served write opened: \(opened)")
            try? FileManager.default.removeItem(at: served.deletingLastPathComponent())
        }

        // An archive, a CSV export and a restore are as private as the journal.
        let archive = root.appendingPathComponent("archive.json")
        #expect(try BrewGuideProcess.run(["export", "--output", archive.path, "--data", data.path]).status == 0)
        #expect(try Self.modes(under: root)["archive.json"]?.mode == 0o600)
        let csv = root.appendingPathComponent("csv")
        let exported = try BrewGuideProcess.run(["export", "--format", "csv", "--output", csv.path, "--data", data.path])
        #expect(exported.status == 0, "\(exported.stderr)")
        let openedCSV = try Self.opened(under: csv)
        #expect(openedCSV.isEmpty, "the CSV export: \(openedCSV)")
        #expect(try Self.modes(under: root)["csv"]?.mode == 0o700)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).filter { $0.hasPrefix(".csv") }.isEmpty, "no staging folder is left")
        let restored = root.appendingPathComponent("Restored")
        let imported = try BrewGuideProcess.run(["import", archive.path, "--into", restored.path])
        #expect(imported.status == 0, "\(imported.stderr)")
        let openedRestored = try Self.opened(under: restored)
        #expect(openedRestored.isEmpty, "the restored journal: \(openedRestored)")
        #expect(try Self.modes(under: root)["Restored"]?.mode == 0o700)
    }

    /// A journal whose files are 0644 keeps them 0644: a new file follows the files beside it,
    /// it is not made private against the person's choice.
    @Test func aNewFileTakesTheModeOfTheFilesBesideIt() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        for (relative, entry) in try Self.modes(under: data) where !entry.isFolder {
            try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: data.appendingPathComponent(relative).path)
        }
        #expect(try BrewGuideProcess.run(["log", "v60-starter", "--rating", "4", "--at", "2025-03-10T08:00", "--data", data.path]).status == 0)
        #expect(try Self.modes(under: data)["logs/2025-03.json"]?.mode == 0o640)
    }
}

extension FileModesKeptTests {
    /// A journal named by a relative path of one component (`init j`, `--data Data`): the mode of
    /// a new file is looked for above its folder without stepping past the path as written (the
    /// install test's `init j` trapped in Foundation's path code).
    @Test func aJournalNamedByARelativePathGetsItsNewFiles() throws {
        let root = try BrewGuideProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let started = try BrewGuideProcess.run(["init", "j"], in: root)
        #expect(started.status == 0, "\(started.stderr)")
        try Self.makePrivate(root.appendingPathComponent("j"))
        let logged = try BrewGuideProcess.run(["log", "v60-starter", "--rating", "4", "--at", "2025-03-10T08:00", "--data", "j"], in: root)
        #expect(logged.status == 0, "\(logged.stderr)")
        #expect(try Self.modes(under: root.appendingPathComponent("j"))["logs/2025-03.json"]?.mode == 0o600)
    }
}
