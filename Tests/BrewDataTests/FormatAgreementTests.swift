import BrewData
import BrewKit
import Foundation
import Testing

/// The JSON and CSV readers read the same data into the same values.
@Suite("JSON and CSV agree")
struct FormatAgreementTests {
    @Test func bundledCSVRecipesEqualTheirJSONForm() throws {
        let csv = RecordFileParser.parse(Array(try recipesCSV().utf8), path: "r.csv", kind: .recipes)
        let steps = RecordFileParser.parse(Array(try stepsCSV().utf8), path: "s.csv", kind: .recipes)
        let fromCSV = DatasetAssembler.assemble([csv, steps])
        #expect(fromCSV.diagnostics.isEmpty)

        let json = RecordFileParser.parse(Array(Self.weekendJSON.utf8), path: "r.json", kind: .recipes)
        #expect(json.diagnostics.isEmpty)
        let csvRecipe = try #require(fromCSV.dataset.recipes.first { $0.value.id == "weekend-three-pour" })
        #expect(csvRecipe.value == json.recipes.first?.value)
    }

    @Test func logsReadTheSameFromJSONAndCSV() {
        let json = """
            [{"id": "a1", "timestamp": "2026-03-14T07:42:00Z", "method": "v60", "recipeId": "v60-starter",
              "recipeNameAtBrew": "V60 Starter, \\"quoted\\"", "doseGrams": 15.5, "targetYieldGrams": 250,
              "waterTemperatureCelsius": 94, "grindLabel": "fine", "rating": 5, "tasteTag": "tooWeak",
              "note": "line one\\nline two, with a comma"}]
            """
        let csv = #"""
            id,timestamp,method,recipeId,recipeNameAtBrew,doseGrams,targetYieldGrams,waterTemperatureCelsius,grindLabel,rating,tasteTag,note
            a1,2026-03-14T07:42:00Z,v60,v60-starter,"V60 Starter, ""quoted""",15.5,250,94,fine,5,tooWeak,"line one
            line two, with a comma"

            """#
        let fromJSON = RecordFileParser.parse(Array(json.utf8), path: "l.json", kind: .logs)
        let fromCSV = RecordFileParser.parse(Array(csv.utf8), path: "l.csv", kind: .logs)
        #expect(fromJSON.diagnostics.isEmpty)
        #expect(fromCSV.diagnostics.isEmpty)
        #expect(fromJSON.logs.map(\.value) == fromCSV.logs.map(\.value))
        #expect(fromCSV.logs.count == 1)
    }

    @Test func csvCellsKnowTheirLineAndColumnAfterAMultiLineCell() {
        let csv = "id,note,rating\nx,\"two\nlines\",nine\ny,ok,8\n"
        let parsed = RecordFileParser.parse(Array(csv.utf8), path: "l.csv", kind: .logs)
        // The cell "nine" is on line 3 (after the line break inside the quoted note), column 8.
        let rating = parsed.diagnostics.filter { $0.message.hasPrefix("rating") }.map(\.location.description)
        #expect(rating == ["l.csv:3:8"])
        let missing = parsed.diagnostics.filter { $0.message.contains("missing required field \"timestamp\"") }
        #expect(missing.map(\.location.line) == [2, 4])
    }

    static let weekendJSON = """
        {"id": "weekend-three-pour", "isStarter": false, "origin": "custom", "method": "v60", "name": "Weekend Three-Pour",
         "defaultDose": 20, "defaultTargetYield": 320, "defaultWaterTemperature": 93, "defaultGrindLabel": "medium",
         "grindTactileDescriptor": "sand; like the starter", "createdAt": "2026-08-16T09:30:00Z", "modifiedAt": "2026-10-04T09:05:00Z",
         "bloomRatio": 3, "pourSplit": "proportional",
         "steps": [
          {"stepId": "rinse", "kind": "preparation", "instructionText": "Rinse filter and preheat"},
          {"stepId": "add-coffee", "kind": "preparation", "instructionText": "Add coffee, level bed"},
          {"stepId": "bloom", "kind": "bloom", "durationSeconds": 45, "waterAmountGrams": 60},
          {"stepId": "pour-1", "kind": "pour", "targetElapsedSeconds": 75, "waterAmountGrams": 160},
          {"stepId": "pour-2", "kind": "pour", "targetElapsedSeconds": 110, "waterAmountGrams": 240},
          {"stepId": "pour-3", "kind": "pour", "instructionText": "Centre pour only", "targetElapsedSeconds": 145, "waterAmountGrams": 320},
          {"stepId": "swirl", "kind": "agitate", "instructionText": "Gentle swirl to flatten the bed", "durationSeconds": 5},
          {"stepId": "drawdown", "kind": "wait", "targetElapsedSeconds": 195, "targetElapsedMaxSeconds": 225}
         ]}
        """

    private func recipesCSV() throws -> String {
        let text = try String(contentsOfFile: Fixture.absolutePath("valid/recipes/custom.csv"), encoding: .utf8)
        return text.split(separator: "\n").filter { !$0.hasPrefix("dark-roast") }.joined(separator: "\n") + "\n"
    }

    private func stepsCSV() throws -> String {
        let text = try String(contentsOfFile: Fixture.absolutePath("valid/recipes/custom-steps.csv"), encoding: .utf8)
        return text.split(separator: "\n").filter { !$0.hasPrefix("dark-roast") }.joined(separator: "\n") + "\n"
    }
}
