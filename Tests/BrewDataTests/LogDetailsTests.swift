import BrewData
import BrewKit
import Foundation
import Testing
import TestSupport

/// The optional log fields of issue 17 (bean, roaster, mill, grinder setting, times, TDS,
/// extraction, source): read alike from JSON and CSV, bounded with located errors, exported so
/// that they read back, and the relaxations (no rating, another method) only for imported brews.
@Suite("Log details")
struct LogDetailsTests {
    static let recipe = """
        {"id": "v60-starter", "isStarter": true, "origin": "starterTemplate", "name": "V60 Starter", "defaultDose": 15,
         "defaultTargetYield": 250, "defaultWaterTemperature": 94, "defaultGrindLabel": "medium",
         "steps": [{"stepId": "b", "orderIndex": 0, "kind": "bloom", "instructionText": "Bloom", "durationSeconds": 45, "waterAmountGrams": 45},
                   {"stepId": "p", "orderIndex": 1, "kind": "pour", "instructionText": "Pour", "targetElapsedSeconds": 120, "waterAmountGrams": 250}]}
        """

    func directory(logs: [String: String]) throws -> String {
        let root = TestPaths.temporary("log-details")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("logs"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("recipes"), withIntermediateDirectories: true)
        try Self.recipe.write(to: root.appendingPathComponent("recipes/v60-starter.json"), atomically: true, encoding: .utf8)
        for (name, text) in logs { try text.write(to: root.appendingPathComponent("logs/\(name)"), atomically: true, encoding: .utf8) }
        return root.path
    }

    @Test func jsonAndCSVReadTheSameDetails() throws {
        let json = """
            [{"id": "a", "timestamp": "2022-12-28T14:41:44Z", "method": "chemex", "recipeId": "v60-starter", "recipeNameAtBrew": "V60 Starter",
              "doseGrams": 75, "targetYieldGrams": 1200, "waterTemperatureCelsius": 94, "grindLabel": "medium",
              "bean": "Holm", "roaster": "onoma", "mill": "Kinu M47", "grinderSetting": "4", "brewTimeSeconds": 340.5, "bloomSeconds": 60,
              "tds": 1.35, "extractionYieldPercent": 20.1, "source": "beanconqueror", "sourceId": "d8647dd2", "fromRecipe": ["waterTemperatureCelsius", "grindLabel"]}]
            """
        let csv = """
            id,timestamp,method,recipeId,recipeNameAtBrew,doseGrams,targetYieldGrams,waterTemperatureCelsius,grindLabel,rating,bean,roaster,mill,grinderSetting,brewTimeSeconds,bloomSeconds,tds,extractionYieldPercent,source,sourceId,fromRecipe
            b,2022-12-28T14:41:44Z,chemex,v60-starter,V60 Starter,75,1200,94,medium,,Holm,onoma,Kinu M47,4,340.5,60,1.35,20.1,beanconqueror,d8647dd2,waterTemperatureCelsius;grindLabel

            """
        let root = try directory(logs: ["a.json": json, "b.csv": csv])
        let validated = DataDirectoryReader(root: root).read().validated
        #expect(validated.diagnostics.filter { $0.severity == .error }.map(\.description) == [])
        let logs = validated.dataset.logs.map(\.value).sorted { $0.id < $1.id }
        try #require(logs.count == 2)
        var second = logs[1]
        second.id = "a"
        #expect(second == logs[0])
        #expect(logs[0].rating == nil)
        #expect(logs[0].method == "chemex")
        #expect(logs[0].grinderSetting == "4")
        #expect(logs[0].tds == 1.35)
        #expect(logs[0].recordedTemperatureCelsius == nil && logs[0].recordedGrindLabel == nil)
    }

    @Test func theExportReadsBackToTheSameLog() throws {
        let log = BrewLog(id: "x", timestamp: Date(timeIntervalSince1970: 1_672_238_504), method: "chemex", recipeId: "v60-starter",
                          recipeNameAtBrew: "V60 Starter", doseGrams: 75, targetYieldGrams: 1200, waterTemperatureCelsius: 92,
                          grindLabel: .medium, rating: nil, bean: "Holm", roaster: "onoma", mill: "Kinu", grinderSetting: "3.2",
                          brewTimeSeconds: 340.469, bloomSeconds: 60, tds: 1.4, extractionYieldPercent: 19.5,
                          source: "beanconqueror", sourceId: "d8647dd2", fromRecipe: ["grindLabel"])
        let text = CanonicalJSON.string(.array([RecordEncoder.json(log)]))
        let root = try directory(logs: ["x.json": text])
        let validated = DataDirectoryReader(root: root).read().validated
        #expect(validated.diagnostics.filter { $0.severity == .error }.map(\.description) == [])
        #expect(validated.dataset.logs.map(\.value) == [log])
        // The CSV export's cells join the list with ';', as the reader reads it.
        #expect(RecordEncoder.cell(RecordEncoder.json(log)["fromRecipe"]) == "grindLabel")
    }

    @Test func badDetailsAreLocatedErrors() throws {
        let json = """
            [{"id": "bad", "timestamp": "2026-03-14T07:42:00Z", "method": "chemex", "recipeNameAtBrew": "V60",
              "doseGrams": 15, "targetYieldGrams": 250, "waterTemperatureCelsius": 94, "grindLabel": "medium",
              "brewTimeSeconds": 7200, "bloomSeconds": -1, "tds": 40, "extractionYieldPercent": 0,
              "sourceId": "abc", "fromRecipe": ["rating"]}]
            """
        let root = try directory(logs: ["bad.json": json])
        let file = "\(root)/logs/bad.json"
        let errors = DataDirectoryReader(root: root).read().validated.diagnostics.filter { $0.severity == .error }.map(\.description)
        #expect(errors == [
            "\(file):1:2: error: missing required field \"rating\" (a whole number from 1 to 5); only a brew imported from another app (with a \"source\") may be unrated",
            "\(file):1:63: error: method must be v60, found \"chemex\"; another method is kept only for a brew imported from another app (with a \"source\")",
            "\(file):3:22: error: brewTimeSeconds must be above 0 and at most 3600 s, found 7200 s",
            "\(file):3:44: error: bloomSeconds must be between 0 and 600 s, found -1 s",
            "\(file):3:55: error: tds must be above 0 and at most 25 %, found 40 %",
            "\(file):3:85: error: extractionYieldPercent must be above 0 and at most 40 %, found 0 %",
            "\(file):4:15: error: sourceId needs a \"source\" naming the app it is an id of",
            "\(file):4:36: error: fromRecipe may name only grindLabel and waterTemperatureCelsius, found \"rating\"",
            "\(file):4:36: error: fromRecipe is kept only for a brew imported from another app (with a \"source\")",
        ])
    }
}
