import BrewData
import BrewKit
import Foundation
import Testing
import TestSupport

/// Every file of the data directory is read by `DataFileBytes` (issue 24): bounded by the
/// bytes actually read, and a file that cannot be read is named for what it is (a pipe, a
/// folder, a link to nothing, a name that is not UTF-8), the kitchen's files and the erasure
/// ledger as much as the record folders.
@Suite("Reading the data directory's files")
struct DataFileReadingTests {
    func journal() throws -> String {
        let root = TestPaths.temporary("file-reading").path
        try FileManager.default.copyItem(atPath: Fixture.absolutePath("valid"), toPath: root)
        try FileManager.default.createDirectory(atPath: "\(root)/kitchen/plan", withIntermediateDirectories: true)
        return root
    }

    /// A sparse file one byte over the bound: nothing is stored, and `stat` tells its size.
    func oversized(_ path: String) throws {
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        #expect(truncate(path, off_t(DataFileBytes.maximumBytes + 1)) == 0)
    }

    /// What `check` reports: the data directory's findings and the planner's, each once.
    func errors(_ root: String) -> [String] {
        let validated = DataDirectoryReader(root: root).read().validated
        let all = validated.diagnostics + MealPlanContext.load(root: root, dataset: validated.dataset).diagnostics
        return Array(Set(all.filter { $0.severity == .error }.map(\.description))).sorted()
    }

    static let tooLarge = "is 268,435,457 bytes (256.0 MB), more than the 268,435,456 bytes (256.0 MB) a data file may be; split it into several files"

    @Test func aFileOverTheBoundPrintsTwoSizesThatDiffer() throws {
        let root = try journal()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try oversized("\(root)/logs/big.json")
        let file = DataDirectoryReader.parseFile(at: "\(root)/logs/big.json", kind: .logs)
        #expect(file.diagnostics.map(\.description) == ["\(root)/logs/big.json: error: \(Self.tooLarge)"])
    }

    @Test func theKitchensFilesAndTheLedgerAreBoundedToo() throws {
        let root = try journal()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let paths = ["erasures.json", "kitchen/inbox.json", "kitchen/shopping.json", "kitchen/snacks.json", "kitchen/plan/2026-11.csv"].map { "\(root)/\($0)" }
        for path in paths { try oversized(path) }
        let started = Date()
        // The ledger is named as what it is (ErasureLedger.expected), the others as data files.
        let ledgerTooLarge = "is 268,435,457 bytes (256.0 MB), more than the 268,435,456 bytes (256.0 MB) \(ErasureLedger.expected) may be; is it the right file?"
        #expect(errors(root) == paths.sorted().map { "\($0): error: \($0.hasSuffix("erasures.json") ? ledgerTooLarge : Self.tooLarge)" })
        #expect(Date().timeIntervalSince(started) < 10, "refused by their size, not read")
        #expect(throws: CommandError.self) { try ErasureLedger.load(root: root) }
    }

    /// A file that says it is 0 bytes (as `/proc`'s do) is bounded by what is read from it.
    @Test func theBoundCountsTheBytesRead() throws {
        var status = stat()
        #expect(stat("/proc/self/status", &status) == 0 && status.st_size == 0)
        guard case .failure(let problem) = DataFileBytes.read("/proc/self/status", maximumBytes: 100) else {
            Issue.record("read past the bound")
            return
        }
        #expect(problem.diagnostic.description == "/proc/self/status: error: grew past the 100 bytes a data file may be while it was read (it said it was 0 bytes)")
    }

    /// A file is read whole whether it holds the size it said (read straight into place), more
    /// (a `/proc` file says 0 bytes; the rest comes in chunks) or less, and the bound still holds.
    @Test func aFileIsReadWholeWhateverSizeItSaid() throws {
        let root = try journal()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = root + "/logs/sizes.json"
        for count in [0, 1, 4_095, 65_536, 200_001] {
            let written = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
            #expect(FileManager.default.createFile(atPath: path, contents: Data(written)))
            guard case .success(let read) = DataFileBytes.read(path) else { Issue.record("\(count) bytes not read"); continue }
            #expect(read == written, "\(count) bytes")
            switch DataFileBytes.read(path, maximumBytes: 4_096) {
            case .success(let bounded): #expect(count <= 4_096 && bounded == written, "\(count) bytes within the bound")
            case .failure: #expect(count > 4_096, "\(count) bytes over the bound")
            }
        }
        let status = try #require(FileManager.default.contents(atPath: "/proc/self/mounts"))
        guard case .success(let proc) = DataFileBytes.read("/proc/self/mounts") else { Issue.record("/proc/self/mounts not read"); return }
        #expect(proc.count > 1 && proc.count >= status.count / 2, "a file that says 0 bytes is read past its first byte")
    }

    @Test func pipesFoldersAndLinksToNothingAreNamedWhereTheyAre() throws {
        let root = try journal()
        defer { try? FileManager.default.removeItem(atPath: root) }
        for name in ["erasures.json", "kitchen/inbox.json", "kitchen/snacks.json", "kitchen/plan/2026-11.json"] {
            #expect(mkfifo("\(root)/\(name)", 0o644) == 0)
        }
        try FileManager.default.createDirectory(atPath: "\(root)/kitchen/shopping.json", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: "\(root)/logs/gone.json", withDestinationPath: "nowhere.json")
        // A name whose bytes are not UTF-8 (Latin-1 "café.json").
        let name = Array("\(root)/logs/caf".utf8) + [0xE9] + Array(".json".utf8) + [0]
        let descriptor = name.withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) } }
        #expect(descriptor >= 0)
        close(descriptor)

        let pipe = "error: is not a regular file (it is a named pipe); data files are plain .json or .csv files"
        #expect(errors(root) == [
            "\(root)/erasures.json: error: is not a regular file (it is a named pipe); expected \(ErasureLedger.expected), a plain file",
            "\(root)/kitchen/inbox.json: \(pipe)",
            "\(root)/kitchen/plan/2026-11.json: \(pipe)",
            "\(root)/kitchen/shopping.json: error: is a directory, not a data file; name folders without .json or .csv",
            "\(root)/kitchen/snacks.json: \(pipe)",
            "\(root)/logs/caf\u{FFFD}.json: error: cannot be opened: its name is not UTF-8 (shown here with \u{FFFD} for the bytes that are not); rename it with UTF-8 characters",
            "\(root)/logs/gone.json: error: is a symbolic link to \"nowhere.json\", which points to nothing there; remove the link or restore its file",
        ])
        #expect(throws: CommandError.self) { try ErasureLedger.load(root: root) }
    }
}
