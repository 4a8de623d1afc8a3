@testable import BrewData
import BrewKit
import Foundation
import Testing
import TestSupport

/// A log field is one declaration (`LogField.all`, issue 49): the lists it drives are taken from
/// it, and what it cannot drive (the model's properties) is compared with it here, each failure
/// naming the field left out. The two fields added the new
/// way, `beverageGrams` and `brix` (issue 52), are read, checked, written and exported.
@Suite struct LogFieldDeclarationTests {
    /// The bytes reader matches each declared field's key by its bytes, and no key one byte short.
    @Test(arguments: LogField.all.map(\.name))
    func theBytesReaderMatchesEachFieldsKey(_ name: String) throws {
        let field = Array(name.utf8).withUnsafeBufferPointer { BrewLogBytesDecoder.field(named: $0) }
        #expect(field?.name == name, "the bytes reader does not match \(name)")
        #expect(field.map { LogField.all[$0.position].name } == name)
        let shorter = Array(name.utf8.dropLast()).withUnsafeBufferPointer { BrewLogBytesDecoder.field(named: $0) }
        #expect(shorter == nil || shorter?.name == String(name.dropLast()), "\(name): a shorter key matched \(shorter?.name ?? "")")
    }

    /// A measure put on a log is written under its name (the writer and the readers share its key path).
    @Test(arguments: LogField.measures.map(\.name))
    func eachMeasureIsWrittenUnderItsName(_ name: String) throws {
        let keyPath = try #require(LogField.named(name)?.measure)
        var log = BrewLogDecoder.unread
        log[keyPath: keyPath] = 7.25
        #expect(RecordEncoder.json(log)[name] == .number(7.25), "RecordEncoder does not write \(name)")
    }

    /// A log giving every declared field, each as its JSON text. A field added to `LogField.all`
    /// and not here fails `theSampleGivesEveryDeclaredField`, so the test below covers it.
    static let everyField: [String: String] = [
        "id": #""log-20260314-0742""#, "timestamp": #""2026-03-14T07:42:00+01:00""#, "method": #""v60""#,
        "recipeId": #""v60-starter""#, "recipeNameAtBrew": #""V60 Starter""#, "doseGrams": "15", "targetYieldGrams": "250",
        "waterTemperatureCelsius": "94", "grindLabel": #""medium""#, "rating": "4", "tasteTag": #""tooSour""#,
        "note": #""Bright, \"juicy\".""#, "bean": #""Kenya Gichathaini""#, "roaster": #""Origin""#, "mill": #""Comandante""#,
        "grinderSetting": #""18""#, "brewTimeSeconds": "185", "bloomSeconds": "40", "tds": "1.35", "extractionYieldPercent": "20.1",
        "source": #""beanconqueror""#, "sourceId": #""bc-1""#, "fromRecipe": #"["waterTemperatureCelsius"]"#,
        "beanId": #""bean-kenya""#, "beverageGrams": "212.5", "brix": "1.6",
    ]

    @Test func theSampleGivesEveryDeclaredField() {
        #expect(LogsKind.fields.filter { Self.everyField[$0] == nil } == [], "declared but not in the sample")
        #expect(Self.everyField.keys.filter { LogField.named($0) == nil }.sorted() == [], "in the sample but not declared")
    }

    /// Each declared field, given in a log, is read by the tree (`BrewLogDecoder.decode`, its
    /// `read`) and by the bytes reader (its `takeText`, `takeNumber`) into the same log, and is written back under its name with the value given
    /// (`RecordEncoder.json`, its `write`): a field any of them drops or changes is named.
    @Test(arguments: LogField.all.map(\.name))
    func eachFieldIsReadByBothReadersAndWrittenBack(_ name: String) throws {
        let text = "[{" + LogsKind.fields.compactMap { key in Self.everyField[key].map { "\"\(key)\": \($0)" } }.joined(separator: ", ") + "}]"
        let given = JSONValue(try JSONParser.parse(Array(text.utf8), file: "/x/logs/a.json"))
        guard case .array(let records) = given, let record = records.first else { Issue.record("no record"); return }
        var diagnostics: [Diagnostic] = []
        let node = try JSONParser.parse(Array(text.utf8), file: "/x/logs/a.json")
        guard case .array(let nodes) = node.value else { Issue.record("no array"); return }
        let fromTree = try #require(BrewLogDecoder.decode(nodes[0], diagnostics: &diagnostics))
        #expect(diagnostics.map(\.description) == [])
        let fromBytes = try #require(BrewLogBytesDecoder.decode(Array(text.utf8), path: "/x/logs/a.json")?.first, "the bytes reader gave way")
        #expect(fromBytes.value == fromTree.value, "\(name): the bytes reader and the tree read different logs")
        let written = RecordEncoder.json(fromTree.value)
        #expect(written[name] != nil, "\(name): not written (dropped by the reader, make or the writer)")
        #expect(written[name] == record[name], "\(name): written as \(String(describing: written[name])), given \(String(describing: record[name]))")
    }

    /// The writer keeps the order records have always been written in (the measures together), so
    /// a file `log` or an import appends to reads as before, byte for byte.
    @Test func theWriterKeepsTheOrderRecordsWereWrittenIn() throws {
        let text = "{" + LogsKind.fields.compactMap { key in Self.everyField[key].map { "\"\(key)\": \($0)" } }.joined(separator: ", ") + "}"
        var diagnostics: [Diagnostic] = []
        let log = try #require(BrewLogDecoder.decode(try JSONParser.parse(Array(text.utf8), file: "a.json"), diagnostics: &diagnostics))
        guard case .object(let members) = RecordEncoder.json(log.value) else { Issue.record("not an object"); return }
        #expect(members.map(\.key) == [
            "id", "timestamp", "method", "recipeId", "recipeNameAtBrew", "doseGrams", "targetYieldGrams", "waterTemperatureCelsius",
            "grindLabel", "rating", "tasteTag", "note", "bean", "roaster", "mill", "grinderSetting", "brewTimeSeconds", "bloomSeconds",
            "tds", "extractionYieldPercent", "beverageGrams", "brix", "source", "sourceId", "fromRecipe", "beanId",
        ])
    }

    @Test func eachKindOfFieldIsDeclaredWithWhatItAllows() throws {
        #expect(LogField.named("grindLabel")?.value == .enumeration(allowed: GrindLabel.allCases.map(\.rawValue)))
        #expect(LogField.named("tasteTag")?.value == .enumeration(allowed: TasteTag.allCases.map(\.rawValue)))
        #expect(LogField.named("beanId")?.value == .reference(kind: "beans"))
        #expect(LogField.named("recipeId")?.value == .reference(kind: "recipes"))
        #expect(LogField.named("note")?.value == .text(maximumCharacters: FieldBounds.noteCharacters))
        #expect(LogField.named("bean")?.value == .text(maximumCharacters: FieldBounds.textCharacters))
        #expect(LogField.named("fromRecipe")?.value == .texts)
    }

    @Test func theOptionsNamedInMessagesAreTheDeclaredOnes() {
        #expect(BrewRecorder.optionForField["beverageGrams"] == "--beverage")
        #expect(BrewRecorder.optionForField["brix"] == "--brix")
        #expect(BrewRecorder.optionForField["tds"] == "--tds")
        #expect(BrewRecorder.optionForField["timestamp"] == "--at")
        #expect(CSVExport.logColumns.suffix(2) == ["beverageGrams", "brix"])
    }

    static let recipe = LogDetailsTests.recipe

    func directory(logs: [String: String]) throws -> String {
        try LogDetailsTests().directory(logs: logs)
    }

    @Test func beverageAndBrixAreReadAlikeFromBytesTreeAndCSV() throws {
        let json = """
            [{"id": "a", "timestamp": "2026-03-14T07:42:00Z", "recipeId": "v60-starter", "recipeNameAtBrew": "V60 Starter",
              "doseGrams": 15, "targetYieldGrams": 250, "waterTemperatureCelsius": 94, "grindLabel": "medium", "rating": 4,
              "beverageGrams": 212.5, "brix": 1.6}]
            """
        let fromBytes = try #require(BrewLogBytesDecoder.decode(Array(json.utf8), path: "/x/logs/a.json"))
        #expect(fromBytes.map(\.value.beverageGrams) == [212.5])
        #expect(fromBytes.map(\.value.brix) == [1.6])
        let csv = """
            id,timestamp,recipeId,recipeNameAtBrew,doseGrams,targetYieldGrams,waterTemperatureCelsius,grindLabel,rating,beverageGrams,brix
            b,2026-03-14T07:42:00Z,v60-starter,V60 Starter,15,250,94,medium,4,212.5,1.6

            """
        // An unusual layout (a key escaped) is read by the tree: the same log.
        let escaped = json.replacingOccurrences(of: "\"brix\"", with: "\"\\u0062rix\"")
        let root = try directory(logs: ["a.json": json, "b.csv": csv, "c.json": escaped.replacingOccurrences(of: "\"a\"", with: "\"c\"")])
        let validated = DataDirectoryReader(root: root).read().validated
        #expect(validated.diagnostics.filter { $0.location.file.contains("/logs/") }.map(\.description) == [])
        let logs = validated.dataset.logs.map(\.value).sorted { $0.id < $1.id }
        #expect(logs.map(\.beverageGrams) == [212.5, 212.5, 212.5])
        #expect(logs.map(\.brix) == [1.6, 1.6, 1.6])
        // Without a TDS, the TDS is worked out from the Brix reading: 0.85 × 1.6 = 1.36 %.
        #expect(abs((logs[0].measuredTDSPercent ?? 0) - 1.36) < 1e-9)
        #expect(logs[0].isTDSFromBrix)
        // The CSV export's cells, read back as the same log.
        let record = RecordEncoder.json(logs[0])
        #expect(RecordEncoder.cell(record["beverageGrams"]) == "212.5")
        #expect(RecordEncoder.cell(record["brix"]) == "1.6")
    }

    @Test func outOfRangeValuesAreLocatedErrorsAndDisagreeingReadingsAWarning() throws {
        let json = """
            [{"id": "bad", "timestamp": "2026-03-14T07:42:00Z", "recipeNameAtBrew": "V60", "rating": 3,
              "doseGrams": 15, "targetYieldGrams": 250, "waterTemperatureCelsius": 94, "grindLabel": "medium",
              "beverageGrams": -5, "brix": 45},
             {"id": "big", "timestamp": "2026-03-14T08:42:00Z", "recipeNameAtBrew": "V60", "rating": 3,
              "doseGrams": 15, "targetYieldGrams": 250, "waterTemperatureCelsius": 94, "grindLabel": "medium",
              "beverageGrams": 9000, "brix": 0},
             {"id": "apart", "timestamp": "2026-03-14T09:42:00Z", "recipeNameAtBrew": "V60", "rating": 3,
              "doseGrams": 15, "targetYieldGrams": 250, "waterTemperatureCelsius": 94, "grindLabel": "medium",
              "tds": 1.35, "brix": 1.4},
             {"id": "close", "timestamp": "2026-03-14T10:42:00Z", "recipeNameAtBrew": "V60", "rating": 3,
              "doseGrams": 15, "targetYieldGrams": 250, "waterTemperatureCelsius": 94, "grindLabel": "medium",
              "tds": 1.30, "brix": 1.6}]
            """
        let root = try directory(logs: ["bad.json": json])
        let file = "\(root)/logs/bad.json"
        let found = DataDirectoryReader(root: root).read().validated.diagnostics.filter { $0.location.file == file }.map(\.description)
        #expect(found == [
            "\(file):3:20: error: beverageGrams must be above 0 and at most 5000 g, found -5 g",
            "\(file):3:32: error: brix must be above 0 and at most 30 °Bx, found 45 °Bx",
            "\(file):6:20: error: beverageGrams must be above 0 and at most 5000 g, found 9000 g",
            "\(file):6:34: error: brix must be above 0 and at most 30 °Bx, found 0 °Bx",
            // 0.85 × 1.4 = 1.19 %, 0.16 from the TDS; 0.85 × 1.6 = 1.36 % is 0.06 from 1.30: no warning.
            "\(file):9:24: warning: brix 1.4 °Bx is 1.19 % TDS (TDS ≈ 0.85 × Brix), but tds is 1.35 %: more than 0.1 apart; the tds is used, check the two readings",
        ])
    }
}
