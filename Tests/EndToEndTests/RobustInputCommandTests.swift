import Foundation
import Testing

/// Issue 19's findings through the built binary: what a person running `check`, `build` and
/// `export` sees.
@Suite("Robust input, end to end")
struct RobustInputCommandTests {
    static func append(_ text: String, toLog name: String, in data: URL) throws {
        let file = data.appendingPathComponent("logs/\(name)")
        var bytes = try Data(contentsOf: file)
        bytes.append(Data(text.utf8))
        try bytes.write(to: file)
    }

    static let logRow = "log-20261130-0700,2026-11-30T07:00:00Z,v60,bright-morning,Bright Morning,18,300,96,medium,4,,"

    @Test func aLatin1NoteIsLocatedAndNothingIsBuiltOrExported() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        let scratch = data.deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let file = data.appendingPathComponent("logs/2026-11.csv")
        var bytes = try Data(contentsOf: file)
        let line = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").count + 1
        bytes.append(Data((Self.logRow + "caf").utf8))
        bytes.append(contentsOf: [0xE9, 0x0A])
        try bytes.write(to: file)

        let check = try BrewGuideProcess.run(["check", "--data", data.path])
        #expect(check.status == 1)
        #expect(check.stdout.contains("\(file.path):\(line):\(Self.logRow.count + 4): error: byte 0xE9 is not valid UTF-8; the file looks like Latin-1 or Windows-1252, where it is \"é\"; save it as UTF-8"))
        let site = scratch.appendingPathComponent("Site")
        let build = try BrewGuideProcess.run(["build", "--data", data.path, "--output", site.path])
        #expect(build.status != 0)
        #expect(!FileManager.default.fileExists(atPath: site.path))
        let export = try BrewGuideProcess.run(["export", "--data", data.path, "--format", "csv", "--output", scratch.appendingPathComponent("csv").path])
        #expect(export.status != 0)
        let exported = (try? String(contentsOf: scratch.appendingPathComponent("csv/logs.csv"), encoding: .utf8)) ?? ""
        #expect(!exported.contains("\u{FFFD}"))
    }

    @Test func theCSVExportDefusesFormulas() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        let scratch = data.deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: scratch) }
        try Self.append(Self.logRow.replacingOccurrences(of: "Bright Morning", with: "@SUM(A1)") + "\"=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\"\n", toLog: "2026-11.csv", in: data)
        let folder = scratch.appendingPathComponent("csv")
        let export = try BrewGuideProcess.run(["export", "--data", data.path, "--format", "csv", "--output", folder.path])
        #expect(export.status == 0, "\(export.stderr)")
        let logs = try String(contentsOf: folder.appendingPathComponent("logs.csv"), encoding: .utf8)
        let row = try #require(logs.split(separator: "\n").first { $0.hasPrefix("log-20261130-0700,") })
        #expect(row.contains(",'@SUM(A1),"))
        #expect(row.contains("\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\""))
        // The data itself is untouched, and plain numbers are not prefixed.
        #expect(try String(contentsOf: data.appendingPathComponent("logs/2026-11.csv"), encoding: .utf8).contains(",@SUM(A1),"))
        #expect(row.contains(",18,300,96,"))
        let readme = try String(contentsOf: folder.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("OWASP"))
    }

    @Test func theDayOfTheRunBoundsTheDatesAndCanBeFixed() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        // The bundled journal runs to November 2026: "today" in 2020 puts it more than five years ahead.
        let result = try BrewGuideProcess.run(["check", "--data", data.path], environment: ["BREWGUIDE_TODAY": "2020-01-01"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("is outside the dates the journal accepts, 2000-01-01 to 2024-12-31 (five years from today); check the year"))
        let today = try BrewGuideProcess.run(["check", "--data", data.path], environment: ["BREWGUIDE_TODAY": "2026-11-23"])
        #expect(today.status == 0)
    }

    @Test func aPipeAndAFolderAreNamedWithoutALineOrAHang() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        #expect(mkfifo(data.appendingPathComponent("logs/pipe.csv").path, 0o644) == 0)
        try FileManager.default.createDirectory(at: data.appendingPathComponent("logs/old.json"), withIntermediateDirectories: true)
        let result = try BrewGuideProcess.run(["check", "--data", data.path, "--format", "json"])
        #expect(result.status == 1)
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        let messages = entries.map { "\($0["file"] as? String ?? ""): \($0["message"] as? String ?? "") line \($0["line"] is NSNull ? "null" : "\($0["line"] ?? "")")" }
        #expect(messages.filter { !$0.contains("/kitchen/") } == [
            "\(data.path)/logs/old.json: is a directory, not a data file; name folders without .json or .csv line null",
            "\(data.path)/logs/pipe.csv: is not a regular file (it is a named pipe); data files are plain .json or .csv files line null",
        ])
    }

    @Test func scaleRefusesADoseOrYieldFarBeyondAnyBrew() throws {
        let dose = try BrewGuideProcess.run(["scale", "v60-starter", "--dose", "1e300"])
        #expect(dose.status == 64)
        #expect(dose.stderr.contains("--dose must be at most 1000 g, found 1e+300"))
        let yield = try BrewGuideProcess.run(["scale", "v60-starter", "--yield", "20001"])
        #expect(yield.stderr.contains("--yield must be at most 20000 g, found 20001"))
        #expect(try BrewGuideProcess.run(["scale", "v60-starter", "--dose", "1000"]).status == 0)
    }

    @Test func escapeSequencesInKeysReachNoTerminal() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        let file = data.appendingPathComponent("logs/2026-11.csv")
        var text = try String(contentsOf: file, encoding: .utf8)
        text = text.replacingOccurrences(of: "tasteTag,note", with: "tasteTag,note\u{1B}]0;owned\u{07}")
        try text.write(to: file, atomically: true, encoding: .utf8)
        let result = try BrewGuideProcess.run(["check", "--data", data.path])
        #expect(!result.stdout.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
        #expect(result.stdout.contains("unknown field \"note\\u{1B}]0;owned\\u{7}\" is ignored"))
    }
}
