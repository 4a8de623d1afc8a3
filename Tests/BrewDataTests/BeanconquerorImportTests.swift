import BrewData
import BrewKit
import Foundation
import Testing
import ZIPFoundation
import TestSupport

/// `import-brews beanconqueror`: the four shared brews of the corpus, a backup, the rating map,
/// recipe matching, idempotence, the erasure ledger and the dry run.
@Suite("Beanconqueror import")
struct BeanconquerorImportTests {
    static let corpus = ["beanconqueror.json", "beanconqueror_real_with_id.json", "beanconqueror_real_with_id_standard.json", "beanconqueror_water_dispensed.json"]
        .map { Fixture.absolutePath("beanconqueror/\($0)") }

    /// A copy of the valid fixture directory to import into.
    func dataDirectory() throws -> String {
        let root = TestPaths.temporary("bc-import").path
        try FileManager.default.copyItem(atPath: Fixture.absolutePath("valid"), toPath: root)
        return root
    }

    @Test func theSharedBrewsImportAndTheEspressoIsRefused() throws {
        let root = try dataDirectory()
        let report = try BrewImporter(options: .init(dataRoot: root)).run(files: Self.corpus)
        #expect(report.fileErrors.isEmpty)
        #expect(report.lines.map(\.message) == [
            "skipped: a Chemex is outside brewguide's V60 scope; to keep it, import it with --recipe RECIPE_ID to file it under one of your recipes (its method \"chemex\" is kept)",
            "imported as bc-20221228-1441-d8647dd2 (v60, 78 g → 1200 g, not rated), filed under the starter \"V60 Starter\": no V60 recipe within 25 % of its dose and 10 % of its ratio; from the recipe: grindLabel; 332 weight samples kept in flows/bc-20221228-1441-d8647dd2.json; its bag bc-bean-holm-20221208 (roasted 2022-12-08) kept in beans/beanconqueror.json",
            "already imported as bc-20221228-1441-d8647dd2; nothing added",
            "skipped: an espresso (Sanremo), not a pour-over: brewguide keeps pour-over brews only",
        ])
        // What was written reads back without a finding, the pour on the brew clock.
        let validated = DataDirectoryReader(root: root).read().validated
        #expect(validated.diagnostics.map(\.description) == [])
        let log = try #require(validated.dataset.logs.map(\.value).first { $0.id == "bc-20221228-1441-d8647dd2" })
        #expect(log.rating == nil && log.source == "beanconqueror" && log.sourceId == "d8647dd2-36cf-4998-8cb7-f5772f91b726")
        #expect(log.grinderSetting == "3.2" && log.fromRecipe == ["grindLabel"] && log.waterTemperatureCelsius == 92)
        #expect(log.bean == "Holm" && log.roaster == "onoma" && log.mill == "Kinu 47" && log.bloomSeconds == 60.232)
        #expect(log.timestamp == Date(timeIntervalSince1970: 1_672_238_504))
        let flow = try #require(validated.dataset.flowsByLogID()[log.id])
        #expect(flow.samples.count == 332)
        #expect(flow.samples.first?.seconds == 0)
        // 10:52:31.741 to 10:53:06.570 on the wall clock.
        #expect(flow.samples.last?.seconds == 34.829)
        #expect(zip(flow.samples, flow.samples.dropFirst()).allSatisfy { $0.seconds <= $1.seconds })

        // Importing again adds nothing.
        let again = try BrewImporter(options: .init(dataRoot: root)).run(files: Self.corpus)
        #expect(again.count(.imported) == 0 && again.count(.alreadyThere) == 3 && again.written.isEmpty)
    }

    @Test func aChemexIsKeptUnderTheRecipeNamedWithItsMethod() throws {
        let root = try dataDirectory()
        let report = try BrewImporter(options: .init(dataRoot: root, recipeId: "weekend-three-pour")).run(files: [Self.corpus[2]])
        #expect(report.lines.map(\.message) == [
            "imported as bc-20221228-1441-d8647dd2 (chemex, 75 g → 1200 g, not rated), filed under \"Weekend Three-Pour\" as asked; from the recipe: grindLabel; 332 weight samples kept in flows/bc-20221228-1441-d8647dd2.json; its bag bc-bean-holm-new-20221208 (roasted 2022-12-08) kept in beans/beanconqueror.json",
        ])
        let log = try #require(DataDirectoryReader(root: root).read().validated.dataset.logs.map(\.value).first { $0.source != nil })
        #expect(log.method == "chemex" && log.recipeId == "weekend-three-pour" && log.tds == 3 && log.extractionYieldPercent == 4)
    }

    @Test func aDryRunWritesNothing() throws {
        let root = try dataDirectory()
        let report = try BrewImporter(options: .init(dataRoot: root, dryRun: true)).run(files: Self.corpus)
        #expect(report.count(.imported) == 1 && report.written.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: "\(root)/flows"))
        #expect(!FileManager.default.fileExists(atPath: "\(root)/\(BrewImporter.logsFolder)"))
    }

    @Test func anErasedBrewIsNotBroughtBack() throws {
        let root = try dataDirectory()
        try ErasureLedger.write([ErasureRecord(kind: .log, id: "bc-20221228-1441-d8647dd2", erasedAt: Date())], root: root)
        let report = try BrewImporter(options: .init(dataRoot: root)).run(files: [Self.corpus[1]])
        #expect(report.lines.map(\.message) == ["skipped: log bc-20221228-1441-d8647dd2 was erased from this data directory (erasures.json); it is not brought back"])
        #expect(report.written.isEmpty)
    }

    @Test func anUnknownRecipeAndABrokenZipAreRefused() throws {
        let root = try dataDirectory()
        #expect(throws: CommandError.self) { try BrewImporter(options: .init(dataRoot: root, recipeId: "weekend-three-pur")).run(files: Self.corpus) }
        let zip = TestPaths.temporary("backup", extension: "zip").path
        defer { try? FileManager.default.removeItem(atPath: zip) }
        try Data([0x50, 0x4B, 0x03, 0x04, 0, 0]).write(to: URL(fileURLWithPath: zip))
        let report = try BrewImporter(options: .init(dataRoot: root)).run(files: [zip])
        #expect(report.fileErrors.map(\.description) == ["\(zip): error: this .zip cannot be read as a zip archive; is it a whole Beanconqueror backup?"])
    }

    /// The backup as the app exports it: a .zip around Beanconqueror.json, read in memory.
    @Test func aBackupZipIsReadLikeItsJSON() throws {
        let backup = """
            {"SETTINGS": [{"brew_rating": 5}],
             "BEANS": [{"name": "Kenya AA", "roaster": "Roaster & Sons", "config": {"uuid": "bean-1"}}],
             "MILL": [{"name": "Comandante", "config": {"uuid": "mill-1"}}],
             "PREPARATION": [{"name": "My V60", "type": "CUSTOM_PREPARATION", "style_type": "POUR OVER", "config": {"uuid": "prep-1"}}],
             "BREWS": [{"grind_size": "24", "grind_weight": 15, "brew_temperature": 93, "brew_time": 185, "brew_quantity": 250,
                        "rating": 4, "bean": "bean-1", "mill": "mill-1", "method_of_preparation": "prep-1",
                        "config": {"uuid": "zip-brew-1", "unix_timestamp": 1763900000}}]}
            """
        let folder = TestPaths.temporary("zip")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let zip = folder.appendingPathComponent("Beanconqueror.zip")
        let archive = try ZIPFoundation.Archive(url: zip, accessMode: .create)
        let json = Data(backup.utf8)
        try archive.addEntry(with: "Beanconqueror.json", type: .file, uncompressedSize: Int64(json.count), compressionMethod: .deflate) { position, size in
            json.subdata(in: Int(position)..<Int(position) + size)
        }
        let root = try dataDirectory()
        let report = try BrewImporter(options: .init(dataRoot: root, dryRun: true)).run(files: [zip.path])
        #expect(report.fileErrors.isEmpty, "\(report.fileErrors)")
        #expect(report.count(.imported) == 1, "\(report.lines.map(\.message))")

        // A zip without the backup's JSON says what it holds instead.
        let other = folder.appendingPathComponent("photos.zip")
        let photos = try ZIPFoundation.Archive(url: other, accessMode: .create)
        try photos.addEntry(with: "cup.jpg", type: .file, uncompressedSize: Int64(4), compressionMethod: .none) { _, _ in Data([1, 2, 3, 4]) }
        let refused = try BrewImporter(options: .init(dataRoot: root, dryRun: true)).run(files: [other.path])
        #expect(refused.fileErrors.map(\.description) == ["\(other.path): error: this .zip holds no Beanconqueror.json (it holds cup.jpg); is it a Beanconqueror backup?"])
    }

    /// A backup: brews refer to beans, mills and preparations by uuid; the settings give a 0–10 scale.
    @Test func aBackupResolvesItsReferencesAndItsRatingScale() throws {
        let backup = """
            {"SETTINGS": [{"brew_rating": 10, "brew_rating_steps": 1}],
             "BEANS": [{"name": "Kenya AA", "roaster": "Roaster & Sons", "config": {"uuid": "bean-1"}}],
             "MILL": [{"name": "Comandante", "config": {"uuid": "mill-1"}}],
             "PREPARATION": [{"name": "My V60", "type": "CUSTOM_PREPARATION", "style_type": "POUR OVER", "config": {"uuid": "prep-1"}},
                             {"name": "Aeropress", "type": "AEROPRESS", "style_type": "FULL_IMMERSION", "config": {"uuid": "prep-2"}}],
             "BREWS": [
               {"grind_size": "24", "grind_weight": 20, "brew_temperature": 0, "brew_time": 185, "brew_quantity": 320, "brew_quantity_type": "GR",
                "rating": 7, "note": "juicy", "coffee_blooming_time": 40, "bean": "bean-1", "mill": "mill-1", "method_of_preparation": "prep-1",
                "config": {"uuid": "aaaa-1111", "unix_timestamp": 1760000000}},
               {"grind_size": "medium", "grind_weight": 15, "brew_temperature": 93, "brew_quantity": 250, "rating": 0,
                "method_of_preparation": "prep-1", "config": {"uuid": "bbbb-2222", "unix_timestamp": 1760100000}},
               {"grind_weight": 15, "brew_quantity": 220, "rating": 0, "method_of_preparation": "prep-2", "config": {"uuid": "cccc-3333", "unix_timestamp": 1760200000}},
               {"grind_weight": 0, "brew_quantity": 250, "method_of_preparation": "prep-1", "config": {"uuid": "dddd-4444", "unix_timestamp": 1760300000}},
               {"grind_weight": 15, "brew_quantity": 250, "rating": 11, "method_of_preparation": "prep-1", "config": {"uuid": "eeee-5555", "unix_timestamp": 1760400000}}
             ]}
            """
        let file = TestPaths.temporary("Beanconqueror", extension: "json").path
        try backup.write(toFile: file, atomically: true, encoding: .utf8)
        let root = try dataDirectory()
        let report = try BrewImporter(options: .init(dataRoot: root)).run(files: [file])
        #expect(report.lines.map(\.message) == [
            "imported as bc-20251009-0853-aaaa1111 (v60, 20 g → 320 g, 4 of 5), filed under \"Weekend Three-Pour\", the V60 recipe closest in dose and ratio; from the recipe: waterTemperatureCelsius, grindLabel; its bag bc-bean-bean-1 kept in beans/beanconqueror.json",
            "imported as bc-20251010-1240-bbbb2222 (v60, 15 g → 250 g, not rated), filed under \"V60 Starter\", the V60 recipe closest in dose and ratio",
            "skipped: a full immersion brew (Aeropress), not a pour-over: brewguide keeps pour-over brews only",
            "skipped: it has no dose (grind_weight is 0)",
            "skipped: its rating 11 is above the top of the rating scale, 10; give --rating-scale with the app's scale (its brew_rating setting)",
        ])
        let logs = DataDirectoryReader(root: root).read().validated.dataset.logs.map(\.value).filter { $0.source != nil }.sorted { $0.id < $1.id }
        try #require(logs.count == 2)
        #expect(logs[0].bean == "Kenya AA" && logs[0].roaster == "Roaster & Sons" && logs[0].mill == "Comandante")
        #expect(logs[0].waterTemperatureCelsius == 93 && logs[0].grindLabel == .medium && logs[0].grinderSetting == "24")
        #expect(logs[0].brewTimeSeconds == 185 && logs[0].bloomSeconds == 40 && logs[0].note == "juicy")
        #expect(logs[1].grindLabel == .medium && logs[1].fromRecipe == [] && logs[1].grinderSetting == nil)
    }

    @Test(arguments: [(0.0, 5.0, nil), (1, 5, 1), (3.5, 5, 4), (5, 5, 5), (7, 10, 4), (1, 10, 1), (10, 10, 5), (0.5, 5, 1)] as [(Double, Double, Int?)])
    func ratingsMapToWholeStars(rating: Double, scale: Double, stars: Int?) throws {
        var brew = BeanconquerorBrew(uuid: "u", location: .file("x"))
        brew.unixTimestamp = 1_700_000_000
        brew.preparationType = "V60"
        brew.styleType = "POUR OVER"
        brew.grindWeight = 15
        brew.brewQuantity = 250
        brew.rating = rating
        let recipe = Recipe(id: "s", isStarter: true, origin: .starterTemplate, name: "S", defaultDose: 15, defaultTargetYield: 250,
                            defaultWaterTemperature: 94, defaultGrindLabel: .medium, createdAt: Date(), modifiedAt: Date(), steps: [])
        guard case .imported(let imported) = BeanconquerorMapping.map(brew, options: .init(recipes: [recipe], ratingScale: scale)) else {
            Issue.record("not imported")
            return
        }
        #expect(imported.log.rating == stars)
    }
}

/// `flows` is a record kind: exported and imported with its log, merged with it, erased with it.
@Suite("Recorded pours as a kind")
struct FlowKindTests {
    func importedDirectory() throws -> String {
        let root = TestPaths.temporary("flows").path
        try FileManager.default.copyItem(atPath: Fixture.absolutePath("valid"), toPath: root)
        _ = try BrewImporter(options: .init(dataRoot: root)).run(files: [Fixture.absolutePath("beanconqueror/beanconqueror_real_with_id.json")])
        return root
    }

    @Test func theArchiveCarriesThePourAndImportWritesItBack() throws {
        let root = try importedDirectory()
        let snapshot = try DataSnapshot.load(root: root)
        #expect(snapshot.flows.map(\.logId) == ["bc-20221228-1441-d8647dd2"])
        let bytes = Archive.bytes(for: snapshot, toolVersion: "test", createdAt: Date(timeIntervalSince1970: 0))
        let restored = TestPaths.temporary("flows-restored").path
        let imported = try Importer.run(archive: bytes, name: "archive.json", into: restored)
        #expect(imported.flows == snapshot.flows)
        let reread = DataDirectoryReader(root: restored).read().validated
        #expect(reread.diagnostics.filter { $0.severity == .error }.map(\.description) == [])
        #expect(reread.dataset.flowsByLogID()["bc-20221228-1441-d8647dd2"]?.samples.count == 332)
        // The CSV export has the samples, one row each.
        let csv = try CSVExport.files(for: snapshot).first { $0.name == "flows.csv" }
        #expect(csv.map { String(decoding: $0.bytes, as: UTF8.self).split(separator: "\n").count } == 333)
    }

    @Test func aMergeBringsThePourWithItsLog() throws {
        let source = try DataSnapshot.load(root: try importedDirectory())
        let target = DataSnapshot()
        let outcome = Merger.merge([source], into: target)
        #expect(outcome.newFlows.map(\.logId) == ["bc-20221228-1441-d8647dd2"])
    }

    @Test func erasingTheLogErasesItsPour() throws {
        let root = try importedDirectory()
        let plan = try Eraser.plan(root: root, selection: .log("bc-20221228-1441-d8647dd2"))
        #expect(plan.fileChanges.map { ($0.path as NSString).lastPathComponent }.sorted() == ["bc-20221228-1441-d8647dd2.json", "bc-20221228-1441-d8647dd2.json"])
        try Eraser.apply(plan, root: root)
        #expect(!FileManager.default.fileExists(atPath: FlowFile.path(root: root, logId: "bc-20221228-1441-d8647dd2")))
        #expect(DataDirectoryReader(root: root).read().validated.dataset.flowsByLogID().isEmpty)
    }

    /// A pour's id is its log's and its file's name: two that differ only in case would be one
    /// file on a disk that ignores case, and are told as every kind's ids are (`BrewFlow.shelf`).
    @Test func twoPoursWhoseIDsDifferOnlyInCaseAreAnError() throws {
        let root = TestPaths.temporary("flows-case").path
        try FileManager.default.copyItem(atPath: Fixture.absolutePath("valid"), toPath: root)
        try FileManager.default.createDirectory(atPath: "\(root)/flows", withIntermediateDirectories: true)
        for id in ["AB", "ab"] {
            try "{\"logId\": \"\(id)\", \"samples\": [{\"seconds\": 0, \"grams\": 0}]}".write(toFile: "\(root)/flows/\(id).json", atomically: true, encoding: .utf8)
        }
        let messages = DataDirectoryReader(root: root).read().validated.diagnostics.map(\.description).filter { $0.contains("/flows/") }
        #expect(messages.contains("\(root)/flows/ab.json:1:1: error: recorded pour id \"ab\" differs only in case from \"AB\", and both would be the same file (first at \(root)/flows/AB.json:1:1)"), "\(messages)")
        #expect(messages.filter { $0.contains("warning: this recorded pour belongs to log") }.count == 2)
    }

    @Test func aPourWithoutItsLogIsAWarningAndABadPourAnError() throws {
        let root = TestPaths.temporary("flows-bad").path
        try FileManager.default.copyItem(atPath: Fixture.absolutePath("valid"), toPath: root)
        try FileManager.default.createDirectory(atPath: "\(root)/flows", withIntermediateDirectories: true)
        try "{\"logId\": \"nobody\", \"samples\": [{\"seconds\": 0, \"grams\": 0}]}".write(toFile: "\(root)/flows/nobody.json", atomically: true, encoding: .utf8)
        try "{\"logId\": \"other\", \"samples\": [{\"seconds\": 5, \"grams\": 1}, {\"seconds\": 2, \"grams\": 3}]}".write(toFile: "\(root)/flows/wrong.json", atomically: true, encoding: .utf8)
        let messages = DataDirectoryReader(root: root).read().validated.diagnostics.map(\.description).filter { $0.contains("/flows/") }
        #expect(messages == [
            "\(root)/flows/nobody.json:1:1: warning: this recorded pour belongs to log \"nobody\", which is not in the data; it is not shown",
            "\(root)/flows/wrong.json:1:1: error: logId \"other\" does not match the file's name; a recorded pour is flows/<log-id>.json",
            "\(root)/flows/wrong.json:1:60: error: samples[1].seconds must be from 0 to 7200 and not before the sample ahead of it, found 2",
        ])
    }
}

@Suite("Beanconqueror import in the journal's time zone")
struct BeanconquerorTimeZoneTests {
    @Test func theTimestampIsWrittenAtTheJournalsOffset() throws {
        let root = TestPaths.temporary("bc-zone").path
        try FileManager.default.copyItem(atPath: Fixture.absolutePath("valid"), toPath: root)
        try "{\"lastSelectedRecipeId\": \"v60-starter\", \"timeZone\": \"Europe/Berlin\"}".write(toFile: "\(root)/preferences.json", atomically: true, encoding: .utf8)
        _ = try BrewImporter(options: .init(dataRoot: root)).run(files: [Fixture.absolutePath("beanconqueror/beanconqueror_real_with_id.json")])
        let text = try String(contentsOfFile: "\(root)/\(BrewImporter.logsFolder)/bc-20221228-1441-d8647dd2.json", encoding: .utf8)
        #expect(text.contains("\"timestamp\": \"2022-12-28T15:41:44+01:00\""))
        let log = try #require(DataDirectoryReader(root: root).read().validated.dataset.logs.map(\.value).first { $0.source != nil })
        #expect(log.timestamp == Date(timeIntervalSince1970: 1_672_238_504))
    }
}
