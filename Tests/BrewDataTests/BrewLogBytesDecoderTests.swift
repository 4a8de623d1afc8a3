@testable import BrewData
import BrewKit
import Foundation
import Testing
import TestSupport

/// The logs read straight from a file's bytes (`BrewLogBytesDecoder`) against the tree
/// (`JSONParser` and `BrewLogDecoder`), which is the definition: on many generated files, valid
/// and with one thing broken each, the logs, their places and the findings must be the same, the
/// bytes reader must step aside wherever the tree has a finding, and it must take the usual file.
@Suite("Brew logs read straight from bytes")
struct BrewLogBytesDecoderTests {
    /// A log as written: its members in order, each a key and the JSON text of its value.
    typealias Member = (key: String, json: String)

    struct Case {
        var name: String
        var bytes: [UInt8]
        /// Whether the bytes reader must take the file itself (the usual file).
        var isUsual: Bool
    }

    static let path = "/data/logs/2026-03.json"

    // MARK: The properties

    @Test func usualFilesAreReadFromBytesAsTheTreeReadsThem() {
        var random = SplitMix64(seed: 29)
        var taken = 0
        for number in 0..<300 {
            let logs = (0..<Int(random.next() % 12 + 1)).map { Self.usualLog(&random, index: number * 100 + $0) }
            let file = Case(name: "usual \(number)", bytes: Self.file(logs, layout: Int(random.next() % 4)), isUsual: true)
            taken += Self.compare(file) ? 1 : 0
        }
        #expect(taken == 300)
    }

    @Test func unusualButValidFilesAreLeftToTheTree() {
        var random = SplitMix64(seed: 2929)
        for number in 0..<120 {
            var logs = (0..<Int(random.next() % 5 + 1)).map { Self.usualLog(&random, index: number * 100 + $0) }
            let target = Int(random.next() % UInt64(logs.count))
            let unusual: [(String, ([Member]) -> [Member])] = [
                ("a number id", { Self.replacing("id", with: "1234", in: $0) }),
                ("a number recipeId", { Self.replacing("recipeId", with: "77", in: $0) }),
                ("an escaped key", { $0.map { $0.key == "id" ? (key: "\\u0069d", json: $0.json) : $0 } }),
            ]
            let (name, change) = unusual[number % unusual.count]
            logs[target] = change(logs[target])
            var bytes = Self.file(logs, layout: Int(random.next() % 4))
            if number % 7 == 0 { bytes = TextEncodingCheck.byteOrderMark + bytes }
            Self.compare(Case(name: "\(name) \(number)", bytes: bytes, isUsual: false))
            #expect(BrewLogBytesDecoder.decode(bytes, path: Self.path) == nil, "\(name) \(number)")
        }
    }

    @Test func everyBrokenFileIsLeftToTheTreeWithTheSameFindings() {
        var random = SplitMix64(seed: 290)
        let breakages = Self.breakages
        for number in 0..<(breakages.count * 12) {
            let (name, breakage) = breakages[number % breakages.count]
            var logs = (0..<Int(random.next() % 6 + 1)).map { Self.usualLog(&random, index: number * 100 + $0) }
            let target = Int(random.next() % UInt64(logs.count))
            logs[target] = breakage(logs[target], &random)
            let bytes = Self.file(logs, layout: Int(random.next() % 4))
            let file = Case(name: "\(name) \(number)", bytes: bytes, isUsual: false)
            let tree = RecordFileParser.parse(file.bytes, path: Self.path, kind: .logs, logsFromBytes: false)
            #expect(!tree.diagnostics.isEmpty, "\(file.name) breaks nothing: \(String(decoding: bytes, as: UTF8.self))")
            Self.compare(file)
        }
    }

    @Test func filesBrokenAsAWholeAreLeftToTheTree() {
        var random = SplitMix64(seed: 2900)
        for number in 0..<200 {
            let logs = (0..<Int(random.next() % 4 + 1)).map { Self.usualLog(&random, index: number * 100 + $0) }
            let whole = Self.file(logs, layout: Int(random.next() % 4))
            var bytes = whole
            let name: String
            switch number % 8 {
            case 0, 1, 2:
                name = "truncated"
                bytes = Array(whole.prefix(Int(random.next() % UInt64(whole.count))))
            case 3: name = "trailing text"; bytes += Array(" x".utf8)
            case 4: name = "a second value"; bytes += Array("\n[]".utf8)
            case 5: name = "a number in the array"; bytes = Array("[4, ".utf8) + whole.dropFirst()
            case 6: name = "a Latin-1 byte"; bytes = Array(String(decoding: whole, as: UTF8.self).replacingOccurrences(of: "\"id\": \"", with: "\"id\": \"caf\u{1}").utf8).map { $0 == 1 ? 0xE9 : $0 }
            default: name = "a top-level string"; bytes = Array("\"logs\"".utf8)
            }
            Self.compare(Case(name: "\(name) \(number)", bytes: bytes, isUsual: false))
        }
        for text in ["", "   \n", "[]", "[ ]", "{}", "[{}]", "null", "[\n  {\"id\": \"a\"}\n]"] {
            Self.compare(Case(name: "the file \(text.debugDescription)", bytes: Array(text.utf8), isUsual: text.hasPrefix("[") && !text.contains("{")))
        }
    }

    /// Every log file of the test journal is read from bytes, as the tree reads it.
    @Test func theTestJournalsLogsAreReadFromBytes() throws {
        let folder = TestPaths.journal.appendingPathComponent("logs")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        #expect(!names.isEmpty)
        for name in names {
            let bytes = Array(try Data(contentsOf: folder.appendingPathComponent(name)))
            Self.compare(Case(name: name, bytes: bytes, isUsual: true))
        }
    }

    @Test func theFieldsAreTheDecodersFields() {
        let names = BrewLogBytesDecoder.fields.map(\.name)
        #expect(Set(names) == BrewLogDecoder.fields)
        #expect(names.count == BrewLogDecoder.fields.count)
        for field in BrewLogBytesDecoder.fields {
            let named = Array(field.name.utf8).withUnsafeBufferPointer { BrewLogBytesDecoder.field(named: $0) }
            #expect(named?.position == field.position)
            let longer = Array((field.name + "s").utf8).withUnsafeBufferPointer { BrewLogBytesDecoder.field(named: $0) }
            #expect(longer == nil, "\(field.name)s")
            #expect(Array("X\(field.name.dropFirst())".utf8).withUnsafeBufferPointer { BrewLogBytesDecoder.field(named: $0) } == nil)
        }
    }

    /// Compares the two readings of a file; returns whether the bytes reader took it.
    @discardableResult
    static func compare(_ file: Case, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Bool {
        let tree = RecordFileParser.parse(file.bytes, path: path, kind: .logs, logsFromBytes: false)
        let read = RecordFileParser.parse(file.bytes, path: path, kind: .logs)
        let direct = BrewLogBytesDecoder.decode(file.bytes, path: path)
        let text = String(decoding: file.bytes, as: UTF8.self)
        #expect(read.diagnostics == tree.diagnostics, "\(file.name)", sourceLocation: sourceLocation)
        #expect(read.logs == tree.logs, "\(file.name): \(text)", sourceLocation: sourceLocation)
        // Texts byte for byte (== on String compares canonical equivalents), and every field's place.
        #expect(String(reflecting: read.logs.map(\.value)) == String(reflecting: tree.logs.map(\.value)), "\(file.name)", sourceLocation: sourceLocation)
        #expect(read.logs.map(\.source.fields) == tree.logs.map(\.source.fields), "\(file.name)", sourceLocation: sourceLocation)
        #expect(read.logs.map(\.source.record) == tree.logs.map(\.source.record), "\(file.name)", sourceLocation: sourceLocation)
        if !tree.diagnostics.isEmpty {
            #expect(direct == nil, "\(file.name): the bytes reader must step aside when the tree has a finding", sourceLocation: sourceLocation)
        }
        if file.isUsual {
            #expect(direct != nil, "\(file.name): the usual file must be read from its bytes: \(text)", sourceLocation: sourceLocation)
            #expect(tree.diagnostics.isEmpty, "\(file.name)", sourceLocation: sourceLocation)
        }
        if let direct { #expect(direct == tree.logs, "\(file.name)", sourceLocation: sourceLocation) }
        return direct != nil
    }

    // MARK: Generated logs

    static func usualLog(_ random: inout SplitMix64, index: Int) -> [Member] {
        var members: [Member] = []
        func maybe(_ key: String, _ values: [String], absentOneIn: UInt64 = 2) {
            if random.next() % absentOneIn == 0 { return }
            members.append((key, random.pick(values)))
        }
        members.append(("id", random.pick(["\"log-\(index)\"", "\"log-caf\u{E9}-\(index)\"", "\"log-\\u00e9-\(index)\"", "\"\u{65E5}\u{672C}-\(index)\""])))
        members.append(("timestamp", random.pick([
            "\"2026-03-14T07:42:00Z\"", "\"2026-03-14T07:42:00+09:00\"", "\"2026-03-14T07:42:00.5Z\"", "\"2026-03-14\"",
            "\" 2024-02-29T23:59:59-05:30 \"", "\"2026-03-14t07:42:00z\"", "\"2026-03-14T07:42:00+0100\"",
        ])))
        maybe("method", ["\"v60\"", "null", "\"chemex\"", "\" v60 \"", "\"\""])
        maybe("recipeId", ["\"bright-morning\"", "null", "\"\"", "\"dark-roast-low-temp\""])
        members.append(("recipeNameAtBrew", random.pick(["\"Bright Morning\"", "\"Caf\u{E9} \\\"Noir\\\"\"", "\"Tab\\there\"", "\"\u{65E5}\u{672C}\u{8336}\"", "\"Dark Roast Low & Slow\"", "\"  \""])))
        members.append(("doseGrams", random.pick(["15", "15.5", "1e1", "-0", "0", "1000", "2.5E+1", "-1000", "18.000000000000001", "1234567890.5e-7"])))
        members.append(("targetYieldGrams", random.pick(["250", "240.0", "20000", "0.1"])))
        members.append(("waterTemperatureCelsius", random.pick(["93", "93.5", "100", "-0.0", "1e2"])))
        members.append(("grindLabel", random.pick(GrindLabel.allCases.map { "\"\($0.rawValue)\"" } + ["\" medium \""])))
        maybe("rating", ["1", "2", "3", "4", "5", "null", "4.0", "9", "-3", "0"])
        maybe("tasteTag", TasteTag.allCases.map { "\"\($0.rawValue)\"" } + ["null", "\"\"", "\"  \""])
        maybe("note", [
            "null", "\"\"", "\"Good body.\\n\\n- drawdown 4:21\"", "\"a \\\"quote\\\", a \\\\ and a \\/ slash\"",
            "\"caf\\u00e9 \\ud83d\\ude00 \u{1F600}\"", "\"line\\r\\nbreak\"", "\"water 93 \u{B0}C \u{B7} bloom \u{A0}40 s\"", "\"tab\\tinside\"",
            "\"" + String(repeating: "\u{E9}", count: 280) + "\"", "\"" + String(repeating: "e\u{301}", count: 280) + "\"",
            "\"" + String(repeating: "x", count: 280) + "\"", "\"tab\\u0009\"",
        ])
        maybe("bean", ["\"Ethiopia Guji\"", "\"\"", "null", "\" \""], absentOneIn: 3)
        maybe("roaster", ["\"Square Mile\"", "\"\u{D6}\""], absentOneIn: 3)
        maybe("mill", ["\"Comandante\"", "null"], absentOneIn: 3)
        maybe("grinderSetting", ["\"18\"", "\"2 clicks\""], absentOneIn: 3)
        maybe("brewTimeSeconds", ["180", "86400", "210.5", "null"], absentOneIn: 3)
        maybe("bloomSeconds", ["45", "0", "null"], absentOneIn: 3)
        maybe("tds", ["1.35", "null"], absentOneIn: 3)
        maybe("extractionYieldPercent", ["20.1", "null"], absentOneIn: 3)
        maybe("source", ["\"beanconqueror\"", "\" beanconqueror \"", "null"], absentOneIn: 3)
        maybe("sourceId", ["\"bc-1\"", "\"\"", "null"], absentOneIn: 3)
        maybe("fromRecipe", ["[]", "[\"waterTemperatureCelsius\"]", "[ \" grindLabel \" , \"x\" ]", "\"a; b;;\"", "\"\"", "null"], absentOneIn: 3)
        if random.next() % 3 == 0 {
            for position in stride(from: members.count - 1, to: 0, by: -1) {
                members.swapAt(position, Int(random.next() % UInt64(position + 1)))
            }
        }
        return members
    }

    /// One thing broken in a log, by what it is.
    static let breakages: [(String, @Sendable ([Member], inout SplitMix64) -> [Member])] = [
        ("a number given as a string", { log, _ in replacing("doseGrams", with: "\"15\"", in: log) }),
        ("a text given as a number", { log, _ in replacing("recipeNameAtBrew", with: "15", in: log) }),
        ("a flag for a number", { log, _ in replacing("targetYieldGrams", with: "true", in: log) }),
        ("an object for a text", { log, _ in replacing("grindLabel", with: "{\"a\": 1}", in: log) }),
        ("an array for a number", { log, _ in replacing("waterTemperatureCelsius", with: "[1]", in: log) }),
        ("a number in fromRecipe", { log, _ in replacing("fromRecipe", with: "[\"grindLabel\", 3]", in: log) }),
        ("an unknown field", { log, random in inserting(("doseGram", "15"), into: log, &random) }),
        ("an unknown field with an escape", { log, random in inserting(("no\\nte", "\"x\""), into: log, &random) }),
        ("an unknown non-ASCII field", { log, random in inserting(("n\u{F6}te", "\"x\""), into: log, &random) }),
        ("a dose out of range", { log, _ in replacing("doseGrams", with: "5000", in: log) }),
        ("a brew time out of range", { log, _ in replacing("brewTimeSeconds", with: "100000", in: log) }),
        ("a yield below its bound", { log, _ in replacing("targetYieldGrams", with: "-20001", in: log) }),
        ("a rating that is not whole", { log, _ in replacing("rating", with: "2.5", in: log) }),
        ("a number too large", { log, _ in replacing("tds", with: "1e400", in: log) }),
        ("a note too long", { log, _ in replacing("note", with: "\"" + String(repeating: "\u{E9}", count: 281) + "\"", in: log) }),
        ("an id too long", { log, _ in replacing("id", with: "\"" + String(repeating: "i", count: 501) + "\"", in: log) }),
        ("an escaped control character", { log, _ in replacing("note", with: "\"bell \\u0007\"", in: log) }),
        ("a carriage return alone", { log, _ in replacing("bean", with: "\"a\\rb\"", in: log) }),
        ("a C1 control", { log, _ in replacing("roaster", with: "\"a\u{85}b\"", in: log) }),
        ("a C1 control after a degree sign", { log, _ in replacing("note", with: "\"93 \u{B0}C\u{9F}\"", in: log) }),
        ("a delete", { log, _ in replacing("mill", with: "\"a\u{7F}b\"", in: log) }),
        // After an escape the text is read on its own path, which looks for controls too.
        ("a C1 control after an escape", { log, _ in replacing("roaster", with: "\"a\\nb\u{85}\"", in: log) }),
        ("a delete after an escape", { log, _ in replacing("note", with: "\"a\\tb\u{7F}\"", in: log) }),
        ("an escaped backspace", { log, _ in replacing("bean", with: "\"a\\bb\"", in: log) }),
        ("an escaped form feed", { log, _ in replacing("note", with: "\"a\\n\\fb\"", in: log) }),
        ("a note too long with line breaks", { log, _ in replacing("note", with: "\"" + String(repeating: "x\\n", count: 141) + "\"", in: log) }),
        ("a bad date", { log, _ in replacing("timestamp", with: "\"2026-13-01T00:00:00Z\"", in: log) }),
        ("a date in words", { log, _ in replacing("timestamp", with: "\"yesterday\"", in: log) }),
        ("an unknown grind", { log, _ in replacing("grindLabel", with: "\"medum\"", in: log) }),
        ("an empty grind", { log, _ in replacing("grindLabel", with: "\" \"", in: log) }),
        ("an unknown taste", { log, _ in replacing("tasteTag", with: "\"sour\"", in: log) }),
        ("a key given twice", { log, random in inserting(random.pick(log), into: log, &random) }),
        ("an id given twice", { log, random in inserting(("id", "\"again\""), into: log, &random) }),
        ("an unknown escape", { log, _ in replacing("note", with: "\"a \\x b\"", in: log) }),
        ("a short \\u escape", { log, _ in replacing("note", with: "\"a \\u12G4\"", in: log) }),
        ("a lone high surrogate", { log, _ in replacing("note", with: "\"\\ud800 x\"", in: log) }),
        ("a lone low surrogate", { log, _ in replacing("note", with: "\"\\udc00\"", in: log) }),
        ("a raw tab in a string", { log, _ in replacing("bean", with: "\"a\tb\"", in: log) }),
        ("a missing id", { log, _ in log.filter { $0.key != "id" } }),
        ("a missing dose", { log, _ in log.filter { $0.key != "doseGrams" } }),
        ("a null name", { log, _ in replacing("recipeNameAtBrew", with: "null", in: log) }),
        ("a null grind", { log, _ in replacing("grindLabel", with: "null", in: log) }),
        ("a leading zero", { log, _ in replacing("doseGrams", with: "015", in: log) }),
        ("no digit after the point", { log, _ in replacing("doseGrams", with: "15.", in: log) }),
        ("a bare word", { log, _ in replacing("rating", with: "nul", in: log) }),
    ]

    static func replacing(_ key: String, with json: String, in log: [Member]) -> [Member] {
        guard log.contains(where: { $0.key == key }) else { return log + [(key, json)] }
        return log.map { $0.key == key ? (key: key, json: json) : $0 }
    }

    static func inserting(_ member: Member, into log: [Member], _ random: inout SplitMix64) -> [Member] {
        var log = log
        log.insert(member, at: Int(random.next() % UInt64(log.count + 1)))
        return log
    }

    /// The file of logs in one of four layouts: pretty (two-space indents), one log a line,
    /// minified, or with tabs and CRLF line ends; a single log is sometimes the whole file.
    static func file(_ logs: [[Member]], layout: Int) -> [UInt8] {
        func object(_ members: [Member], indent: String, separator: String, newline: String) -> String {
            let inner = members.map { "\(indent)\"\($0.key)\":\(separator)\($0.json)" }
            return "{" + newline + inner.joined(separator: "," + newline) + newline + String(indent.dropLast(indent.count / 2)) + "}"
        }
        let text: String
        switch layout {
        case 0: text = "[\n" + logs.map { "  " + object($0, indent: "    ", separator: " ", newline: "\n") }.joined(separator: ",\n") + "\n]\n"
        case 1: text = "[\n" + logs.map { object($0, indent: "", separator: " ", newline: " ") }.joined(separator: ",\n") + "\n]"
        case 2: text = logs.count == 1 ? object(logs[0], indent: "", separator: "", newline: "") : "[" + logs.map { object($0, indent: "", separator: "", newline: "") }.joined(separator: ",") + "]"
        default: text = "\r\n[\t" + logs.map { object($0, indent: "\t\t", separator: "\t", newline: "\r\n") }.joined(separator: " ,\r\n\t") + "\r\n]\r\n"
        }
        return Array(text.utf8)
    }
}

extension SplitMix64 {
    mutating func pick<Element>(_ elements: [Element]) -> Element {
        elements[Int(next() % UInt64(elements.count))]
    }
}
