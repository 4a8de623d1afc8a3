import BrewData
import BrewKit
import Foundation
import Testing
import TestSupport

/// A record read field by field: a field given twice is an error at its second place, and the
/// last value is the one read.
@Suite("Field reader")
struct FieldReaderTests {
    @Test func aFieldGivenTwiceIsAnErrorAndTheLastValueCounts() throws {
        let root = TestPaths.temporary("field-reader")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("logs"), withIntermediateDirectories: true)
        let log = """
            [
              {"id": "twice", "timestamp": "2026-03-14T07:42:00Z", "recipeNameAtBrew": "V60",
               "doseGrams": 15, "targetYieldGrams": 250, "waterTemperatureCelsius": 94, "grindLabel": "medium",
               "rating": 9, "rating": 4}
            ]
            """
        try log.write(to: root.appendingPathComponent("logs/2026-03.json"), atomically: true, encoding: .utf8)
        let validated = DataDirectoryReader(root: root.path).read().validated
        // (The directory has no recipes, which is an error of its own.)
        #expect(validated.diagnostics.map(\.description).filter { $0.hasPrefix(root.path + "/logs") } == [
            "\(root.path)/logs/2026-03.json:4:27: error: the field \"rating\" appears twice in this record",
        ])
        #expect(validated.dataset.logs.map(\.value.rating) == [4])
    }

    @Test func aLogIDUsedTwiceOrDifferingOnlyInCaseIsAnErrorAtTheLaterOne() throws {
        let root = TestPaths.temporary("log-ids")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("logs"), withIntermediateDirectories: true)
        let log = { (id: String) in
            "{\"id\": \"\(id)\", \"timestamp\": \"2026-03-14T07:42:00Z\", \"recipeNameAtBrew\": \"V60\", \"doseGrams\": 15, \"targetYieldGrams\": 250, \"waterTemperatureCelsius\": 94, \"grindLabel\": \"medium\", \"rating\": 4}"
        }
        try "[\n\(log("brew-1")),\n\(log("Brew-1")),\n\(log("brew-1"))\n]\n".write(to: root.appendingPathComponent("logs/2026-03.json"), atomically: true, encoding: .utf8)
        let validated = DataDirectoryReader(root: root.path).read().validated
        let file = "\(root.path)/logs/2026-03.json"
        #expect(validated.diagnostics.map(\.description).filter { $0.hasPrefix(file) } == [
            "\(file):3:8: error: log id \"Brew-1\" differs only in case from \"brew-1\", and both would be the same file (first at \(file):2:8)",
            "\(file):4:8: error: log id \"brew-1\" is already used (first at \(file):2:8)",
        ])
    }
}
