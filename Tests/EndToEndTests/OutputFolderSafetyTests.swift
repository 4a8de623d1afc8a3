import Foundation
import Glibc
import Testing
import TestSupport

/// `build`, `watch`, `serve`, `export` and `import` never write over a folder or file that is the
/// person's own (issue 24, "Data loss"): each refusal says why, exits 1 and leaves every file as it was.
@Suite("Output folders the tool does not own are refused")
struct OutputFolderSafetyTests {
    /// Every regular file under `root` (links not followed) with its bytes.
    static func files(under root: URL) -> [String: Data] {
        var result: [String: Data] = [:]
        guard let enumerator = FileManager.default.enumerator(atPath: root.path) else { return result }
        while let relative = enumerator.nextObject() as? String {
            let path = root.appendingPathComponent(relative).path
            var status = stat()
            guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
            result[relative] = FileManager.default.contents(atPath: path)
        }
        return result
    }

    /// A journal in a temporary folder: `Data/` (the bundled journal) with a folder of the
    /// person's own notes beside it.
    static func journal() throws -> URL {
        let data = try BrewGuideProcess.copyOfBundledData()
        let folder = data.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Notes/old"), withIntermediateDirectories: true)
        try Data("grind 18 clicks\n".utf8).write(to: folder.appendingPathComponent("Notes/v60.txt"))
        try Data("<h1>mine</h1>".utf8).write(to: folder.appendingPathComponent("Notes/old/index.html"))
        return folder
    }

    @Test("build/watch/serve --output refuses the data folder, a folder in it, around it, and folders of one's own",
          arguments: ["Data", "Data/logs", "Data/kitchen/recipes", ".", "Notes", "Notes/old", "Data/../Data"])
    func refusesAnOutputThatIsNotASite(output: String) throws {
        let folder = try Self.journal()
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = Self.files(under: folder)
        for command in ["build", "watch", "serve"] {
            let result = try BrewGuideProcess.run([command, "--data", "Data", "--output", output, "--quiet"], in: folder)
            #expect(result.status == 1, "\(command) --output \(output): \(result.stderr)")
            #expect(result.stderr.hasPrefix("error: the output "), "\(result.stderr)")
            #expect(result.stderr.contains("nothing was built or removed"))
        }
        #expect(Self.files(under: folder) == before, "a refused build changed files")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Site").path))
    }

    @Test func refusesTheParentOfTheDataFolderAndAnEmptyPath() throws {
        let folder = try Self.journal()
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = Self.files(under: folder)
        let fromLogs = try BrewGuideProcess.run(["build", "--data", "..", "--output", "../..", "--quiet"], in: folder.appendingPathComponent("Data/logs"))
        #expect(fromLogs.status == 1)
        #expect(fromLogs.stderr.contains("holds the data directory"), "\(fromLogs.stderr)")
        let empty = try BrewGuideProcess.run(["build", "--data", "Data", "--output", "", "--quiet"], in: folder)
        #expect(empty.status == 1)
        #expect(empty.stderr.contains("the output path is empty"), "\(empty.stderr)")
        #expect(Self.files(under: folder) == before)
    }

    /// The property of the issue: whatever a person keeps in a folder, `build --output` into it
    /// removes none of it (seeded trees of files and folders with names of every shape).
    @Test func aBuildIntoAFolderOfOnesOwnNeverRemovesAFile() throws {
        let folder = try Self.journal()
        defer { try? FileManager.default.removeItem(at: folder) }
        var random = SplitMix64(seed: 24)
        let names = ["index.html", "index.md", "assets", "logs", "notes.txt", ".hidden", "feed.xml", "a b", "ü.md", ".Site.staging", "recipes"]
        for trial in 0..<6 {
            let own = folder.appendingPathComponent("own\(trial)")
            for _ in 0..<(1 + Int(random.next() % 5)) {
                var path = own
                for _ in 0...Int(random.next() % 3) { path.appendPathComponent(names[Int(random.next() % UInt64(names.count))]) }
                try? FileManager.default.createDirectory(at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
                var isDirectory: ObjCBool = false
                if !FileManager.default.fileExists(atPath: path.path, isDirectory: &isDirectory) {
                    // A name already taken by a file cannot hold a folder: that path is skipped.
                    try? Data("kept \(trial)\n".utf8).write(to: path)
                }
            }
            let before = Self.files(under: folder)
            let result = try BrewGuideProcess.run(["build", "--data", "Data", "--output", own.lastPathComponent, "--quiet"], in: folder)
            #expect(result.status == 1, "trial \(trial): \(result.stderr)")
            #expect(result.stderr.contains("a folder brewguide did not build"), "\(result.stderr)")
            #expect(Self.files(under: folder) == before, "trial \(trial) changed files")
        }
    }

    @Test func aSiteItBuiltAndAnEmptyFolderAreReplaced() throws {
        let folder = try Self.journal()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Empty"), withIntermediateDirectories: true)
        for output in ["Site", "Site", "Empty"] {
            let result = try BrewGuideProcess.run(["build", "--data", "Data", "--output", output, "--quiet"], in: folder)
            #expect(result.status == 0, "\(output): \(result.stderr)")
        }
        let marker = try String(contentsOf: folder.appendingPathComponent("Site/.brewguide-site"), encoding: .utf8)
        #expect(marker.contains("built by brewguide"))
    }

    @Test func aStagingFolderThatIsNotTheToolsIsRefused() throws {
        let folder = try Self.journal()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(".Site.staging"), withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: folder.appendingPathComponent(".Site.staging/keep.txt"))
        let result = try BrewGuideProcess.run(["build", "--data", "Data", "--output", "Site", "--quiet"], in: folder)
        #expect(result.status == 1)
        #expect(result.stderr.contains("/.Site.staging is a folder brewguide did not build"), "\(result.stderr)")
        #expect(FileManager.default.contents(atPath: folder.appendingPathComponent(".Site.staging/keep.txt").path) == Data("mine".utf8))
    }

    @Test func exportNeverWritesOverADataFileOrAFileOfOnesOwn() throws {
        let folder = try Self.journal()
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = Self.files(under: folder)
        for output in ["Data/preferences.json", "Data/logs/new.json", "Data", "Notes/v60.txt", "."] {
            let result = try BrewGuideProcess.run(["export", "--data", "Data", "--output", output], in: folder)
            #expect(result.status == 1, "\(output): \(result.stdout)")
            #expect(result.stderr.hasPrefix("error: "), "\(result.stderr)")
            #expect(result.stderr.contains("nothing was written"))
        }
        let csv = try BrewGuideProcess.run(["export", "--data", "Data", "--format", "csv", "--output", "Data/export"], in: folder)
        #expect(csv.status == 1)
        #expect(Self.files(under: folder) == before)
        // An earlier export is replaced: exporting every month to one name works.
        for _ in 0..<2 {
            let result = try BrewGuideProcess.run(["export", "--data", "Data", "--output", "export.json"], in: folder)
            #expect(result.status == 0, "\(result.stderr)")
        }
    }

    @Test func importIntoAFolderInsideAJournalIsRefused() throws {
        let folder = try Self.journal()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try BrewGuideProcess.run(["export", "--data", "Data", "--output", "export.json"], in: folder).status == 0)
        let before = Self.files(under: folder)
        let nested = try BrewGuideProcess.run(["import", "export.json", "--into", "Data/backup"], in: folder)
        #expect(nested.status == 1)
        #expect(nested.stderr.contains("is inside the data directory"), "\(nested.stderr)")
        #expect(Self.files(under: folder) == before)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Data/backup").path))
        #expect(try BrewGuideProcess.run(["import", "export.json", "--into", "Restored"], in: folder).status == 0)
    }

    /// A data lock held by a writer (as `log` holds it) makes `build` wait, then say who holds it,
    /// instead of reading the data half-way through the writer's change.
    @Test func buildReadsTheDataUnderTheDataLock() throws {
        let folder = try Self.journal()
        defer { try? FileManager.default.removeItem(at: folder) }
        let lockPath = folder.appendingPathComponent(".Data.lock").path
        let descriptor = open(lockPath, O_RDWR | O_CREAT, 0o644)
        #expect(descriptor >= 0)
        defer { close(descriptor) }
        #expect(flock(descriptor, LOCK_EX) == 0)
        _ = "brewguide log (pid 1)\n".withCString { pwrite(descriptor, $0, strlen($0), 0) }
        let busy = try BrewGuideProcess.run(["build", "--data", "Data", "--output", "Site", "--quiet"], in: folder,
                                            environment: ["BREWGUIDE_LOCK_WAIT_SECONDS": "0.2"])
        #expect(busy.status == 1)
        #expect(busy.stderr.contains("is in use by brewguide log (pid 1)"), "\(busy.stderr)")
        // Another reader does not block a build.
        #expect(flock(descriptor, LOCK_SH) == 0)
        let shared = try BrewGuideProcess.run(["build", "--data", "Data", "--output", "Site", "--quiet"], in: folder,
                                              environment: ["BREWGUIDE_LOCK_WAIT_SECONDS": "0.2"])
        #expect(shared.status == 0, "\(shared.stderr)")
    }

    @Test(arguments: ["directory", "fifo", "unreadable"])
    func anErasureLedgerThatCannotBeReadStopsEveryDataCommand(shape: String) throws {
        let folder = try Self.journal()
        defer {
            chmod(folder.appendingPathComponent("Data/erasures.json").path, 0o644)
            try? FileManager.default.removeItem(at: folder)
        }
        let ledger = folder.appendingPathComponent("Data/erasures.json").path
        switch shape {
        case "directory": try FileManager.default.createDirectory(atPath: ledger, withIntermediateDirectories: true)
        case "fifo": #expect(mkfifo(ledger, 0o644) == 0)
        default:
            try Data(#"{"schemaVersion": 1, "erasures": []}"#.utf8).write(to: URL(fileURLWithPath: ledger))
            chmod(ledger, 0)
            // Root reads any file: the permission case then has nothing to show.
            if getuid() == 0 { return }
        }
        let other = try BrewGuideProcess.copyOfBundledData()
        defer { try? FileManager.default.removeItem(at: other.deletingLastPathComponent()) }
        let commands: [[String]] = [
            ["check", "--data", "Data"],
            ["build", "--data", "Data", "--output", "Site", "--quiet"],
            ["export", "--data", "Data", "--output", "export.json"],
            ["merge", other.path, "--into", "Data", "--yes"],
            ["erase", "--data", "Data", "--log", "log-20260806-0745", "--yes"],
        ]
        for arguments in commands {
            let result = try BrewGuideProcess.run(arguments, in: folder)
            #expect(result.status == 1, "\(arguments[0]) ran on with an unreadable ledger: \(result.stdout)")
            #expect((result.stdout + result.stderr).contains("erasures.json: ") && (result.stdout + result.stderr).contains("error: "), "\(arguments[0]): \(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("export.json").path))
    }
}
