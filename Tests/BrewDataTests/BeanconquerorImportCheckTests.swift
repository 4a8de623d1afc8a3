import BrewData
import BrewKit
import Foundation
import Testing
import ZIPFoundation
import TestSupport

/// `import-brews` never writes what `check` rejects (issue 24): each brew's files are read back
/// and validated with the data as `check` does, and a brew that would fail is skipped with
/// the reason, or repaired where docs/IMPORT.md says so. Messages never echo control characters.
@Suite("Beanconqueror import writes only what check accepts")
struct BeanconquerorImportCheckTests {
    static let sharedBrew = Fixture.absolutePath("beanconqueror/beanconqueror_real_with_id.json")

    func dataDirectory() throws -> String {
        let root = TestPaths.temporary("bc-check").path
        try FileManager.default.copyItem(atPath: Fixture.absolutePath("valid"), toPath: root)
        return root
    }

    /// The corpus's V60 brew with `change` made to its JSON, written to a file of its own.
    func brewFile(_ change: (inout [String: Any]) -> Void) throws -> String {
        var json = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Self.sharedBrew))) as? [String: Any])
        change(&json)
        let path = TestPaths.temporary("bc-brew", extension: "json").path
        try JSONSerialization.data(withJSONObject: json).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func set(_ json: inout [String: Any], brew key: String, _ value: Any) {
        var brew = json["brew"] as? [String: Any] ?? [:]
        brew[key] = value
        json["brew"] = brew
    }

    static func set(_ json: inout [String: Any], config key: String, _ value: Any) {
        var brew = json["brew"] as? [String: Any] ?? [:]
        var config = brew["config"] as? [String: Any] ?? [:]
        config[key] = value
        brew["config"] = config
        json["brew"] = brew
    }

    func errors(_ root: String) -> [String] {
        DataDirectoryReader(root: root).read().validated.diagnostics.filter { $0.severity == .error }.map(\.description)
    }

    @Test func aYieldInOuncesAboveTheBoundIsSkippedWithCheckReason() throws {
        let root = try dataDirectory()
        let file = try brewFile { json in
            Self.set(&json, brew: "brew_quantity", 1000)
            Self.set(&json, brew: "brew_quantity_type", "OZ")
        }
        let report = try BrewImporter(options: .init(dataRoot: root)).run(files: [file])
        #expect(report.lines.map(\.message) == ["skipped: brewguide check would reject it: targetYieldGrams must be at most 20000 g, found 29573.5"])
        #expect(report.lines.map(\.result) == [.skipped] && report.written.isEmpty)
        #expect(errors(root) == [])
    }

    @Test func aPourThatStepsBackOverMidnightIsWrittenAsCheckReadsIt() throws {
        let root = try dataDirectory()
        let file = try brewFile { json in
            json["brewFlow"] = ["weight": [
                ["timestamp": "23:59:58.000", "actual_weight": 0],
                ["timestamp": "00:00:01.000", "actual_weight": 5],
                ["timestamp": "23:59:59.000", "actual_weight": 8],
                ["timestamp": "00:00:04.000", "actual_weight": 20],
            ]]
        }
        let report = try BrewImporter(options: .init(dataRoot: root)).run(files: [file])
        #expect(report.count(.imported) == 1)
        #expect(report.lines.first?.message.hasSuffix("; 1 of 4 weight samples went back in time and were left out") == true)
        #expect(errors(root) == [])
        let flow = try #require(DataDirectoryReader(root: root).read().validated.dataset.flowsByLogID()["bc-20221228-1441-d8647dd2"])
        #expect(flow.samples.map(\.seconds) == [0, 3, 6])
    }

    @Test func aUUIDWithANulIsSkippedAndNeverEchoedRaw() throws {
        let root = try dataDirectory()
        let file = try brewFile { json in Self.set(&json, config: "uuid", "ab\u{0}\u{1B}[31mcd-1") }
        let report = try BrewImporter(options: .init(dataRoot: root)).run(files: [file])
        #expect(report.lines.map(\.message) == [
            "skipped: brewguide check would reject it: sourceId holds the control character U+0000 (NUL) at character 3; texts may hold tabs and line breaks but no other control characters",
        ])
        let printed = try #require(report.lines.first?.description)
        #expect(printed.hasSuffix(": brew ab\\u{0}\\u{1B}[31m of 2022-12-28 14:41 UTC: " + report.lines[0].message))
        #expect(!printed.unicodeScalars.contains(where: ShownText.isControl))
        #expect(errors(root) == [] && report.written.isEmpty)
    }

    @Test func aBrewOutsideTheJournalsDatesIsSkippedByTheWholeCheck() throws {
        // 1999-12-31: each field is in bounds, but `check` refuses a date before 2000.
        let root = try dataDirectory()
        let file = try brewFile { json in Self.set(&json, config: "unix_timestamp", 946_600_000) }
        let report = try BrewImporter(options: .init(dataRoot: root)).run(files: [file])
        #expect(report.lines.map(\.result) == [.skipped])
        #expect(report.lines.first?.message.hasPrefix("skipped: brewguide check would reject it: timestamp 1999-12-31") == true)
        #expect(errors(root) == [] && report.written.isEmpty)
    }

    @Test func controlCharactersInTypedTextsAreTakenOutAndMessagesEscaped() throws {
        let root = try dataDirectory()
        let file = try brewFile { json in
            Self.set(&json, brew: "note", "bright\u{1B}[2J and sweet\u{7}")
            json["mill"] = ["name": "Kinu\u{0} 47"]
            json["preparation"] = ["name": "Esp\u{1B}]0;x\u{7}", "type": "SANREMO_YOU", "style_type": "ESPRESSO"]
        }
        let skipped = try BrewImporter(options: .init(dataRoot: root)).run(files: [file])
        #expect(skipped.lines.map(\.message) == ["skipped: an espresso (Esp\\u{1B}]0;x\\u{7}), not a pour-over: brewguide keeps pour-over brews only"])

        let pourOver = try brewFile { json in
            Self.set(&json, brew: "note", "bright\u{1B}[2J and sweet\u{7}")
            json["mill"] = ["name": "Kinu\u{0} 47"]
        }
        let report = try BrewImporter(options: .init(dataRoot: root)).run(files: [pourOver])
        #expect(report.count(.imported) == 1)
        #expect(report.lines.first?.message.hasSuffix("; control characters were taken out of note, mill") == true)
        #expect(errors(root) == [])
        let log = try #require(DataDirectoryReader(root: root).read().validated.dataset.logs.map(\.value).first { $0.source != nil })
        #expect(log.note == "bright[2J and sweet" && log.mill == "Kinu 47")
    }

    @Test func aTimestampInMillisecondsIsReadAsMilliseconds() throws {
        let root = try dataDirectory()
        let file = try brewFile { json in Self.set(&json, config: "unix_timestamp", 1_672_238_504_250) }
        let report = try BrewImporter(options: .init(dataRoot: root)).run(files: [file])
        #expect(report.lines.map(\.brew) == ["brew d8647dd2 of 2022-12-28 14:41 UTC"])
        #expect(report.lines.map(\.result) == [.imported])
        let log = try #require(DataDirectoryReader(root: root).read().validated.dataset.logs.map(\.value).first { $0.source != nil })
        #expect(log.timestamp == Date(timeIntervalSince1970: 1_672_238_504))
    }

    @Test func aTimestampThatIsNoTimeIsNamedAsSuch() throws {
        let root = try dataDirectory()
        let file = try brewFile { json in Self.set(&json, config: "unix_timestamp", -5) }
        let report = try BrewImporter(options: .init(dataRoot: root)).run(files: [file])
        #expect(report.lines.map(\.description) == ["\(file): brew d8647dd2: skipped: its config.unix_timestamp -5 is not a time (expected seconds since 1970, such as 1672238504)"])
    }

    @Test func aFileThatIsNotThereOrIsAFolderIsNamedForWhatItIs() throws {
        let root = try dataDirectory()
        let missing = TestPaths.temporary("bc-missing", extension: "json").path
        let folder = TestPaths.temporary("bc-folder", extension: "json").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let report = try BrewImporter(options: .init(dataRoot: root, dryRun: true)).run(files: [missing, folder])
        let expected = "a Beanconqueror file (a shared brew, Beanconqueror.json or its .zip)"
        #expect(report.fileErrors.map(\.description) == [
            "\(missing): error: does not exist; expected \(expected)",
            "\(folder): error: is a directory, not \(expected)",
        ])
    }

    /// A zip whose header says its JSON is 1 KB while it unpacks to 300 MB stops at the bound,
    /// counting the bytes unpacked, not trusting the header.
    @Test func aZipThatUnderstatesItsSizeStopsAtTheBound() throws {
        let folder = TestPaths.temporary("bc-zip")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let zip = folder.appendingPathComponent("Beanconqueror.zip")
        // Stored as it is, then marked deflated with a header that says 1 KB.
        let stream = Data(Self.deflatedZeros(count: 300 * 1024 * 1024))
        let archive = try ZIPFoundation.Archive(url: zip, accessMode: .create)
        try archive.addEntry(with: "Beanconqueror.json", type: .file, uncompressedSize: Int64(stream.count), compressionMethod: .none) { position, size in
            stream.subdata(in: Int(position)..<Int(position) + size)
        }
        var bytes = [UInt8](try Data(contentsOf: zip))
        func put(_ value: Int, at offset: Int, count: Int) {
            for index in 0..<count { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * index)) }
        }
        put(8, at: 8, count: 2)
        put(1024, at: 22, count: 4)
        let signature: [UInt8] = [0x50, 0x4B, 1, 2]
        let starts: [Int] = Array(0..<(bytes.count - 4)).reversed()
        let found: Int? = starts.first { (start: Int) -> Bool in Array(bytes[start..<start + 4]) == signature }
        let central = try #require(found)
        put(8, at: central + 10, count: 2)
        put(1024, at: central + 24, count: 4)
        try Data(bytes).write(to: zip)

        let root = try dataDirectory()
        let report = try BrewImporter(options: .init(dataRoot: root, dryRun: true)).run(files: [zip.path])
        #expect(report.fileErrors.map(\.description) == [
            "\(zip.path): error: Beanconqueror.json in this .zip unpacks to more than the 268,435,456 bytes (256.0 MB) a data file may be (its header says 1,024 bytes); is it the app's backup?",
        ])
    }

    /// A raw deflate stream of at least `count` zeros: one fixed-Huffman block of a literal 0,
    /// then copies of 258 bytes at distance 1 (13 bits each), then its end. Eight copies are 13
    /// bytes, so the stream is written for 16 copies and those 13 bytes repeated inside it.
    static func deflatedZeros(count: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        var current: UInt8 = 0, used = 0
        func bits(_ value: Int, _ length: Int, reversed: Bool = true) {
            for index in 0..<length {
                let bit = reversed ? (value >> (length - 1 - index)) & 1 : (value >> index) & 1
                current |= UInt8(bit) << used
                used += 1
                if used == 8 { bytes.append(current); current = 0; used = 0 }
            }
        }
        bits(1, 1, reversed: false)  // the last block
        bits(1, 2, reversed: false)  // fixed Huffman codes
        bits(0x30, 8)  // literal 0
        for _ in 0..<16 {
            bits(0xC5, 8)  // length 258
            bits(0, 5)  // distance 1
        }
        bits(0, 7)  // end of block
        if used > 0 { bytes.append(current) }
        // From the third byte on, the copies (which start at bit 11) repeat every 13 bytes.
        let period = Array(bytes[2..<15])
        let extraPeriods = max(0, (count / 258 - 16) / 8 + 1)
        var stream = Array(bytes[0..<2])
        stream.reserveCapacity(bytes.count + period.count * extraPeriods)
        for _ in 0..<extraPeriods { stream += period }
        return stream + bytes[2...]
    }
}
