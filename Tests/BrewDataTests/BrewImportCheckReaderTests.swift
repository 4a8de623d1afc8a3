import BrewData
import BrewKit
import Foundation
import Testing
import TestSupport

/// `import-brews` checks the brews it would write with `check`'s own reader, over the data
/// directory with their files in place (`PlannedDataFiles`), all of them in one read.
@Suite struct BrewImportCheckReaderTests {
    static let brew = Fixture.absolutePath("beanconqueror/beanconqueror_real_with_id.json")
    static let logID = "bc-20221228-1441-d8647dd2"

    func dataDirectory() throws -> String {
        let root = TestPaths.temporary("bc-reader").path
        try FileManager.default.copyItem(atPath: Fixture.absolutePath("valid"), toPath: root)
        return root
    }

    func errors(_ root: String) -> [String] {
        JournalFindings.reading(root: root, now: Date()).findings.filter { $0.severity == .error }.map(\.description)
    }

    /// A file at the path a brew's log would take, renamed there by hand and holding a log of
    /// another id, is not written over: the brew takes the next id, and both logs are kept.
    @Test func aFileAtTheBrewsPathIsNotWrittenOver() throws {
        let root = try dataDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let before = errors(root)
        let first = try BrewImporter(options: .init(dataRoot: root)).run(files: [Self.brew])
        #expect(first.count(.imported) == 1)
        let path = "\(root)/\(BrewImporter.logsFolder)/\(Self.logID).json"
        var logs = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [[String: Any]])
        logs[0]["id"] = "kept-by-hand"
        logs[0]["sourceId"] = "another-brew"
        try JSONSerialization.data(withJSONObject: logs).write(to: URL(fileURLWithPath: path))
        try? FileManager.default.removeItem(atPath: "\(root)/flows/\(Self.logID).json")

        let report = try BrewImporter(options: .init(dataRoot: root)).run(files: [Self.brew])
        #expect(report.count(.imported) == 1)
        #expect(report.lines.first?.message.hasPrefix("imported as \(Self.logID)-2 ") == true, "\(report.lines.map(\.message))")
        let ids = Set(DataDirectoryReader(root: root).read().validated.dataset.logs.map(\.value.id))
        #expect(ids.isSuperset(of: ["kept-by-hand", "\(Self.logID)-2"]))
        #expect(errors(root) == before)
    }

    /// The brews are checked in one read of the journal, and what it accepts, once written, is
    /// what `check` accepts: no error `check` did not already give.
    @Test func theBrewsAreCheckedInOneReadAsCheckReadsThem() throws {
        let root = try dataDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let files = ["beanconqueror/beanconqueror_real_with_id.json", "beanconqueror/beanconqueror_water_dispensed.json",
                     "beanconqueror/beanconqueror_real_with_id_standard.json"].map(Fixture.absolutePath)
        let before = errors(root)
        let dryRun = try BrewImporter(options: .init(dataRoot: root, dryRun: true)).run(files: files)
        #expect(dryRun.journalReadsToCheck == 1)
        let report = try BrewImporter(options: .init(dataRoot: root)).run(files: files)
        #expect(report.journalReadsToCheck == 1)
        #expect(report.lines.map(\.result) == dryRun.lines.map(\.result))
        #expect(report.count(.imported) >= 1)
        #expect(errors(root) == before)
    }

    /// A brew `check` would refuse once it is in the journal is refused, with what `check` says.
    @Test func aBrewCheckWouldRefuseIsRefusedWithItsWords() throws {
        let root = try dataDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let before = errors(root)
        var json = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Self.brew))) as? [String: Any])
        var config = (json["brew"] as? [String: Any])?["config"] as? [String: Any] ?? [:]
        config["unix_timestamp"] = 946_600_000  // 1999-12-31: each field in bounds, the date not
        var brew = json["brew"] as? [String: Any] ?? [:]
        brew["config"] = config
        json["brew"] = brew
        let file = TestPaths.temporary("bc-old", extension: "json").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        try JSONSerialization.data(withJSONObject: json).write(to: URL(fileURLWithPath: file))
        let report = try BrewImporter(options: .init(dataRoot: root)).run(files: [file])
        #expect(report.lines.map(\.result) == [.skipped])
        #expect(report.lines.first?.message.hasPrefix("skipped: brewguide check would reject it: timestamp 1999-12-31") == true)
        #expect(errors(root) == before && report.written.isEmpty)
    }
}
