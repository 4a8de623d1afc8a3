import BrewData
import BrewKit
import Foundation
import Testing
import TestSupport

/// Issue 19's findings about reading: text that is not what it seems, bounds, whole-file
/// errors, control characters and preset ids. Each reproduces the finding as the issue
/// describes it and failed (or crashed) before the fix.
@Suite("Inputs that cannot crash or mislead the reader")
struct RobustInputTests {
    /// A valid brew log as JSON, with fields replaced or added (raw JSON values).
    static func logJSON(_ overrides: [String: String] = [:]) -> String {
        var fields: [(String, String)] = [
            ("id", "\"log-1\""), ("timestamp", "\"2026-08-03T09:15:00Z\""), ("recipeNameAtBrew", "\"Bright Morning\""),
            ("doseGrams", "18"), ("targetYieldGrams", "300"), ("waterTemperatureCelsius", "96"),
            ("grindLabel", "\"medium\""), ("rating", "4"),
        ]
        for (key, value) in overrides.sorted(by: { $0.key < $1.key }) {
            if let index = fields.firstIndex(where: { $0.0 == key }) { fields[index].1 = value } else { fields.append((key, value)) }
        }
        return "{\n" + fields.map { "  \"\($0.0)\": \($0.1)" }.joined(separator: ",\n") + "\n}\n"
    }

    static func parse(_ text: String, path: String = "logs/a.json", kind: RecordKind = .logs) -> ParsedFile {
        RecordFileParser.parse(Array(text.utf8), path: path, kind: kind)
    }

    static func errors(_ file: ParsedFile) -> [String] {
        file.diagnostics.filter { $0.severity == .error }.map(\.description)
    }

    // MARK: Text that is not what it seems

    @Test func latin1NoteIsAnErrorAtTheFirstBadByteNamingTheEncoding() {
        // `"note": "café"` saved as Latin-1: é is the single byte 0xE9.
        var bytes = Array(Self.logJSON(["note": "\"caf"]).utf8)
        let at = bytes.firstIndex(of: UInt8(ascii: "f"))! + 1
        bytes.insert(contentsOf: [0xE9, UInt8(ascii: "\"")], at: at)
        let file = RecordFileParser.parse(bytes, path: "logs/latin1.json", kind: .logs)
        #expect(file.logs.isEmpty)
        #expect(Self.errors(file).count == 1)
        let message = Self.errors(file).first ?? ""
        #expect(message.hasPrefix("logs/latin1.json:10:15: error: byte 0xE9 is not valid UTF-8"))
        #expect(message.contains("Latin-1 or Windows-1252, where it is \"é\""))
        #expect(message.contains("save it as UTF-8"))
        #expect(!message.contains("\u{FFFD}"))
    }

    @Test func everyJSONReadIsCheckedAsUTF8() {
        // Archives, preferences and the erasure ledger are parsed by the same parser.
        let bytes = Array("{\"contents\": {\"name\": \"Caf".utf8) + [0xE9] + Array("\"}}".utf8)
        #expect(throws: JSONParser.SyntaxError.self) { try JSONParser.parse(bytes, file: "archive.json") }
        do {
            _ = try JSONParser.parse(bytes, file: "archive.json")
        } catch {
            #expect(error.line == 1 && error.column == 27)
            #expect(error.message.hasPrefix("byte 0xE9 is not valid UTF-8; the file looks like Latin-1 or Windows-1252"))
        }
    }

    @Test func latin1InACSVIsLocatedToo() {
        var bytes = Array("id,timestamp,recipeNameAtBrew,doseGrams,targetYieldGrams,waterTemperatureCelsius,grindLabel,rating,note\nlog-1,2026-08-03T09:15:00Z,Bright,18,300,96,medium,4,caf".utf8)
        bytes += [0xE9, 0x0A]
        let file = RecordFileParser.parse(bytes, path: "logs/latin1.csv", kind: .logs)
        #expect(file.logs.isEmpty)
        #expect(Self.errors(file).first?.hasPrefix("logs/latin1.csv:2:57: error: byte 0xE9 is not valid UTF-8; the file looks like Latin-1 or Windows-1252") == true)
    }

    @Test func utf16IsNamed() {
        let bytes: [UInt8] = [0xFF, 0xFE] + Array("[".utf8).flatMap { [$0, 0] }
        let file = RecordFileParser.parse(bytes, path: "logs/u16.json", kind: .logs)
        #expect(Self.errors(file) == ["logs/u16.json:1:1: error: the file is UTF-16 (little-endian), not UTF-8; \(Self.saveAdvice)"])
    }

    static let saveAdvice = "save it as UTF-8 (Save As › Encoding: UTF-8 in an editor or spreadsheet, or `iconv -f WINDOWS-1252 -t UTF-8 OLD > NEW`)"

    @Test func invalidUTF8FindsOverlongAndSurrogateForms() {
        #expect(TextEncodingCheck.firstInvalidByte(in: Array("plain ☕ text".utf8)) == nil)
        #expect(TextEncodingCheck.firstInvalidByte(in: [0x41, 0xC0, 0xAF]) == 1)  // overlong '/'
        #expect(TextEncodingCheck.firstInvalidByte(in: [0xED, 0xA0, 0x80]) == 0)  // a surrogate
        #expect(TextEncodingCheck.firstInvalidByte(in: [0xF4, 0x90, 0x80, 0x80]) == 0)  // above U+10FFFF
        #expect(TextEncodingCheck.firstInvalidByte(in: [0x41, 0xE2, 0x98]) == 1)  // truncated ☕
    }

    @Test func aCSVWithAByteOrderMarkIsRead() {
        let csv = "\u{FEFF}id,timestamp,recipeNameAtBrew,doseGrams,targetYieldGrams,waterTemperatureCelsius,grindLabel,rating\nlog-1,2026-08-03T09:15:00Z,Bright,18,300,96,medium,4\n"
        let file = Self.parse(csv, path: "logs/bom.csv")
        #expect(file.diagnostics.map(\.description) == [])
        #expect(file.logs.map(\.value.id) == ["log-1"])
        #expect(file.logs.first?.source.location(of: "doseGrams").description == "logs/bom.csv:2:35")
    }

    @Test func aByteOrderMarkAloneIsAnEmptyFile() {
        #expect(Self.errors(Self.parse("\u{FEFF}", path: "logs/bom.csv")) == ["logs/bom.csv: error: the CSV file is empty; expected a header row naming the fields"])
        #expect(Self.errors(Self.parse("\u{FEFF}", path: "logs/bom.json")) == ["logs/bom.json:1:1: error: the file is empty; expected a JSON object or array"])
        #expect(Self.errors(Self.parse("", path: "logs/empty.csv")) == ["logs/empty.csv: error: the CSV file is empty; expected a header row naming the fields"])
    }

    @Test func aJSONFileWithAByteOrderMarkIsRead() {
        let file = Self.parse("\u{FEFF}" + Self.logJSON())
        #expect(file.diagnostics.map(\.description) == [])
        #expect(file.logs.count == 1)
    }

    // MARK: Bounds

    @Test(arguments: [
        ("doseGrams", "1e300", "logs/a.json:5:16: error: doseGrams must be at most 1000 g, found 1e+300"),
        ("doseGrams", "1e15", "logs/a.json:5:16: error: doseGrams must be at most 1000 g, found 1000000000000000"),
        ("doseGrams", "1000.5", "logs/a.json:5:16: error: doseGrams must be at most 1000 g, found 1000.5"),
        ("targetYieldGrams", "20001", "logs/a.json:6:23: error: targetYieldGrams must be at most 20000 g, found 20001"),
        ("waterTemperatureCelsius", "-1e9", "logs/a.json:7:30: error: waterTemperatureCelsius must be at least -1000000, found -1000000000"),
    ])
    func numbersFarOutsideAnythingRealAreLocatedErrors(field: String, value: String, expected: String) {
        let file = Self.parse(Self.logJSON([field: value]))
        #expect(Self.errors(file) == [expected])
        #expect(file.logs.isEmpty)
    }

    @Test func boundsAreLooserThanTheGuardrails() {
        let file = Self.parse(Self.logJSON(["doseGrams": "1000", "targetYieldGrams": "20000"]))
        #expect(Self.errors(file) == [])
        #expect(file.logs.first?.value.doseGrams == 1000)
    }

    static func recipe(steps: String, name: String = "\"Big\"") -> String {
        """
        {"id": "big", "name": \(name), "defaultDose": 15, "defaultTargetYield": 250, "defaultWaterTemperature": 94,
         "defaultGrindLabel": "medium", "steps": [
          {"stepId": "bloom", "kind": "bloom", "waterAmountGrams": 45, "durationSeconds": 45},
          {"stepId": "pour", "kind": "pour", "waterAmountGrams": 250, "targetElapsedSeconds": 135},
          \(steps)
        ]}
        """
    }

    @Test func listsOfNumbersAreBounded() {
        let doses = (1...51).map(String.init).joined(separator: ", ")
        let file = Self.parse(Self.recipe(steps: "{\"stepId\": \"end\", \"kind\": \"wait\"}").replacingOccurrences(of: "\"defaultDose\": 15,", with: "\"defaultDose\": 15, \"cardDosesGrams\": [\(doses)],"), path: "recipes/big.json", kind: .recipes)
        #expect(Self.errors(file).count == 1)
        #expect(Self.errors(file).first?.contains("cardDosesGrams must hold at most 50 numbers, found 51") == true)
    }

    @Test func stepTimesAreBoundedTo24Hours() {
        // 1e300 crashed `check` (Format.clock converted it to Int from RecipeValidator).
        let file = Self.parse(Self.recipe(steps: #"{"stepId": "wait", "kind": "wait", "targetElapsedSeconds": 1e300, "targetElapsedMaxSeconds": 86401}"#), path: "recipes/big.json", kind: .recipes)
        #expect(Self.errors(file) == [
            "recipes/big.json:5:62: error: steps[2].targetElapsedSeconds must be at most 86400 s (24 hours), found 1e+300",
            "recipes/big.json:5:96: error: steps[2].targetElapsedMaxSeconds must be at most 86400 s (24 hours), found 86401",
        ])
        let day = Self.parse(Self.recipe(steps: #"{"stepId": "wait", "kind": "wait", "targetElapsedSeconds": 86400}"#), path: "recipes/big.json", kind: .recipes)
        #expect(Self.errors(day) == [])
    }

    @Test func longTextsAreErrorsWithoutCountingThemWhole() {
        let name = String(repeating: "n", count: 501)
        #expect(Self.errors(Self.parse(Self.logJSON(["recipeNameAtBrew": "\"\(name)\""]))) == [
            "logs/a.json:4:23: error: recipeNameAtBrew must be at most 500 characters, found 501 bytes; keep names and other one-line texts short",
        ])
        #expect(Self.errors(Self.parse(Self.logJSON(["recipeNameAtBrew": "\"\(String(repeating: "é", count: 500))\""]))) == [])
        #expect(Self.errors(Self.parse(Self.logJSON(["note": "\"\(String(repeating: "x", count: 281))\""]))) == [
            "logs/a.json:10:11: error: note must be at most 280 characters, found 281",
        ])
        // A 5 MB name (the issue's was 200 MB and made a 3 GB site) is refused without counting it.
        let huge = String(repeating: "x", count: 5_000_000)
        let started = Date()
        #expect(Self.errors(Self.parse(Self.logJSON(["recipeNameAtBrew": "\"\(huge)\""]))).first?.contains("found 5000000 bytes") == true)
        #expect(Date().timeIntervalSince(started) < 10)
    }

    @Test func controlCharactersInTextsAreLocatedErrors() {
        let file = Self.parse(Self.logJSON(["recipeNameAtBrew": #""Bright\u001b[31m Morning""#, "note": #""line one\nline\ttwo""#]))
        #expect(Self.errors(file) == [
            "logs/a.json:4:23: error: recipeNameAtBrew holds the control character U+001B (escape) at character 7; texts may hold tabs and line breaks but no other control characters",
        ])
        let csv = "id,timestamp,recipeNameAtBrew,doseGrams,targetYieldGrams,waterTemperatureCelsius,grindLabel,rating\nlog-1,2026-08-03T09:15:00Z,Bell\u{07},18,300,96,medium,4\n"
        #expect(Self.errors(Self.parse(csv, path: "logs/a.csv")) == [
            "logs/a.csv:2:28: error: recipeNameAtBrew holds the control character U+0007 (bell) at character 5; texts may hold tabs and line breaks but no other control characters",
        ])
    }

    @Test func aFiveMegabyteUnknownFieldNameIsQuickAndShownShort() {
        // The "did you mean" edit distance ran on the whole name: 5.7 s, and a minute with combining marks.
        let key = String(repeating: "a\u{301}", count: 1_250_000)
        let started = Date()
        let file = Self.parse(Self.logJSON(["\(key)": "1"]))
        #expect(Date().timeIntervalSince(started) < 5)
        let warning = file.diagnostics.first { $0.severity == .warning }?.description ?? ""
        #expect(warning.hasPrefix("logs/a.json:10:2500007: warning: unknown field \"á"))
        #expect(warning.utf8.count < 400)
        #expect(Suggestion.closest(to: key, in: ["doseGrams"]) == nil)
    }

    @Test func aFiveMegabyteCSVColumnNameIsQuick() {
        let key = String(repeating: "a\u{301}", count: 1_250_000)
        let csv = "id,timestamp,recipeNameAtBrew,doseGrams,targetYieldGrams,waterTemperatureCelsius,grindLabel,rating,\(key)\n"
            + (1...20).map { "log-\($0),2026-08-03T09:15:00Z,Bright,18,300,96,medium,4,x\n" }.joined()
        let started = Date()
        let file = Self.parse(csv, path: "logs/wide.csv")
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(file.logs.count == 20)
        #expect(file.diagnostics.count == 20)
        #expect(file.diagnostics.allSatisfy { $0.severity == .warning && $0.description.utf8.count < 400 })
    }

    @Test func rowsBeyondTheLimitOfAFileAreRefused() {
        // The limit is 100,000 rows; the same rule at 3 keeps this test fast.
        var diagnostics: [Diagnostic] = []
        let csv = "a,b\n" + (1...5).map { "\($0),x\n" }.joined()
        let table = CSVRecordReader.read(Array(csv.utf8), file: "logs/many.csv", diagnostics: &diagnostics, maximumRows: 3)
        #expect(table == nil)
        #expect(diagnostics.map(\.description) == [
            "logs/many.csv:5:1: error: this file has 5 rows, more than the 3 one file may hold; split it into several files (none of its rows are read)",
        ])
        var fine: [Diagnostic] = []
        #expect(CSVRecordReader.read(Array(csv.utf8), file: "logs/many.csv", diagnostics: &fine, maximumRows: 5)?.rows.count == 5)
        #expect(fine.isEmpty)
        #expect(CSVRecordReader.maximumRows == 100_000)
    }

    // MARK: Dates and record counts

    static func validate(_ text: String, today: String) -> [String] {
        let file = parse(text)
        let (dataset, _) = DatasetAssembler.assemble([file])
        return DatasetValidator(today: ISO8601.date(from: today)!).diagnostics(for: dataset)
            .filter { $0.location.file == "logs/a.json" }.map(\.description)
    }

    @Test func datesRunFrom2000ToFiveYearsAfterTheDayOfTheRun() {
        #expect(Self.validate(Self.logJSON(["timestamp": "\"1999-12-31T23:59:59Z\""]), today: "2026-11-23") == [
            "logs/a.json:3:16: error: timestamp 1999-12-31T23:59:59Z is outside the dates the journal accepts, 2000-01-01 to 2031-11-23 (five years from today); check the year",
        ])
        #expect(Self.validate(Self.logJSON(["timestamp": "\"2000-01-01T00:00:00Z\""]), today: "2026-11-23") == [])
        #expect(Self.validate(Self.logJSON(["timestamp": "\"2031-11-22T00:00:00Z\""]), today: "2026-11-23") == [])
        #expect(Self.validate(Self.logJSON(["timestamp": "\"9999-12-31T00:00:00Z\""]), today: "2026-11-23").first?.contains("outside the dates") == true)
        // The day of the run moves the bound.
        #expect(Self.validate(Self.logJSON(["timestamp": "\"2031-11-22T00:00:00Z\""]), today: "2020-01-01").count == 1)
    }

    @Test func sessionDatesInTheYear9999AreErrors() {
        let text = #"{"id": "late", "startTime": "2026-10-01T19:00:00Z", "endTime": "9999-01-01T00:00:00Z", "updatedAt": "9999-01-02T00:00:00Z", "entries": [{"type": "water", "timestamp": "9999-01-01T00:00:00Z", "updatedAt": "1999-01-01T00:00:00Z"}]}"#
        let file = Self.parse(text, path: "sessions/late.json", kind: .sessions)
        let (dataset, _) = DatasetAssembler.assemble([file])
        let messages = DatasetValidator(today: ISO8601.date(from: "2026-11-23")!).diagnostics(for: dataset).map(\.description)
        #expect(messages.contains { $0.contains("endTime 9999-01-01T00:00:00Z is outside the dates") })
        #expect(messages.contains { $0.contains("entries[0].timestamp 9999-01-01T00:00:00Z is outside the dates") })
        #expect(messages.contains { $0.contains("updatedAt 9999-01-02T00:00:00Z is outside the dates") })
        #expect(messages.contains { $0.contains("entries[0].updatedAt 1999-01-01T00:00:00Z is outside the dates") })
    }

    // MARK: Drink preset ids

    @Test func drinkPresetIdsAreCheckedLikeEveryOtherId() {
        let text = """
        [
          {"id": "../x", "name": "Escape", "drinkType": "beer"},
          {"id": "feed", "name": "Reserved", "drinkType": "beer"},
          {"id": "Pint", "name": "Pint", "drinkType": "beer"},
          {"id": "pint", "name": "pint", "drinkType": "beer"}
        ]
        """
        let file = Self.parse(text, path: "sessions/presets.json", kind: .sessions)
        let (dataset, _) = DatasetAssembler.assemble([file])
        let messages = DatasetValidator(today: Date()).diagnostics(for: dataset).map(\.description).filter { $0.hasPrefix("sessions/") }
        #expect(messages == [
            "sessions/presets.json:2:10: error: drink preset id \"../x\" must start with a letter or digit",
            "sessions/presets.json:3:10: error: drink preset id \"feed\" is a name the site uses for its own pages",
            "sessions/presets.json:5:10: error: drink preset id \"pint\" differs only in case from \"Pint\", and both would be the same file (first at sessions/presets.json:4:10)",
        ])
    }

    // MARK: Messages that cannot drive a terminal

    @Test func idsAndKeysWithEscapeSequencesAreShownEscaped() {
        // A key is echoed in the unknown-field warning; an id with a control character is refused
        // without being echoed; and any message that holds one prints it escaped.
        let file = Self.parse(Self.logJSON(["id": #""x\u001b]0;pwned\u0007""#, #"bad\u001b[2Jkey"#: "1"]))
        let printed = file.diagnostics.map(\.description)
        #expect(printed == [
            "logs/a.json:2:9: error: id holds the control character U+001B (escape) at character 2; texts may hold tabs and line breaks but no other control characters",
            "logs/a.json:10:22: warning: unknown field \"bad\\u{1B}[2Jkey\" is ignored",
        ])
        let message = Diagnostic.error("recipe id \"a\u{1B}[2J\u{85}b\" …", at: SourceLocation(file: "r\u{7}.json", line: 1, column: 1)).description
        #expect(message == "r\\u{7}.json:1:1: error: recipe id \"a\\u{1B}[2J\\u{85}b\" …")
    }

    // MARK: Whole-file errors

    @Test func aFolderAPipeAndADeletedFileAreToldWhatIsWrong() throws {
        let root = TestPaths.temporary("whole-file").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: "\(root)/logs/folder.json", withIntermediateDirectories: true)
        #expect(mkfifo("\(root)/logs/pipe.json", 0o644) == 0)
        let folder = DataDirectoryReader.parseFile(at: "\(root)/logs/folder.json", kind: .logs)
        #expect(Self.errors(folder) == ["\(root)/logs/folder.json: error: is a directory, not a data file; name folders without .json or .csv"])
        // A plain read of a pipe blocks until a writer comes; this must return at once.
        let pipe = DataDirectoryReader.parseFile(at: "\(root)/logs/pipe.json", kind: .logs)
        #expect(Self.errors(pipe) == ["\(root)/logs/pipe.json: error: is not a regular file (it is a named pipe); data files are plain .json or .csv files"])
        let gone = DataDirectoryReader.parseFile(at: "\(root)/logs/gone.json", kind: .logs)
        #expect(Self.errors(gone) == ["\(root)/logs/gone.json: error: disappeared while reading (it was listed, then deleted or renamed before it could be read)"])
        // Through the directory reader, with no `path:1:` and no Swift names.
        let messages = DataDirectoryReader(root: root).read().validated.diagnostics.map(\.description)
        #expect(messages.contains("\(root)/logs/pipe.json: error: is not a regular file (it is a named pipe); data files are plain .json or .csv files"))
        #expect(!messages.contains { $0.contains(":1: ") || $0.contains("cannotRead") })
    }

    @Test func anEmptyCSVSaysSoWithoutASwiftName() {
        let messages = Self.errors(Self.parse("", path: "sessions/x.csv", kind: .sessions))
        #expect(messages == ["sessions/x.csv: error: the CSV file is empty; expected a header row naming the fields"])
    }
}
