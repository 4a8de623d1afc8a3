import BrewKit

/// Reads a brew log (004 `BrewLog`) from a JSON object or a CSV row.
enum BrewLogDecoder {
    static let fields: Set<String> = [
        "id", "timestamp", "method", "recipeId", "recipeNameAtBrew", "doseGrams", "targetYieldGrams",
        "waterTemperatureCelsius", "grindLabel", "rating", "tasteTag", "note",
    ]

    static func decode(_ node: RawNode, diagnostics: inout [Diagnostic]) -> Located<BrewLog>? {
        guard case .object = node.value else {
            diagnostics.append(.error("expected a brew log object, found \(node.summary)", at: node.location))
            return nil
        }
        var reader = FieldReader(node)
        let id = reader.string("id", required: true, what: "the log's id, used in its page's file name")
        let timestamp = reader.dateAndOffset("timestamp", required: true)
        let method = reader.enumeration(BrewMethod.self, "method") ?? .v60
        let recipeId = reader.node("recipeId") == nil ? nil : reader.string("recipeId")
        let recipeName = reader.string("recipeNameAtBrew", required: true, what: "the recipe's name when it was brewed")
        let dose = reader.double("doseGrams", required: true, what: "grams of coffee")
        let yield = reader.double("targetYieldGrams", required: true, what: "grams of water")
        let temperature = reader.double("waterTemperatureCelsius", required: true, what: "°C")
        let grind = reader.enumeration(GrindLabel.self, "grindLabel", required: true)
        let rating = reader.int("rating", required: true, what: "a whole number from 1 to 5")
        let tasteTag = reader.enumeration(TasteTag.self, "tasteTag")
        let note = reader.string("note")
        reader.warnAboutUnknownFields(known: fields)
        diagnostics += reader.diagnostics
        guard let id, let timestamp, let recipeName, let dose, let yield, let temperature, let grind, let rating, !reader.failed else {
            return nil
        }
        let log = BrewLog(
            id: id, timestamp: timestamp.date, timestampOffsetSeconds: timestamp.offsetSeconds, method: method, recipeId: recipeId, recipeNameAtBrew: recipeName,
            doseGrams: dose, targetYieldGrams: yield, waterTemperatureCelsius: temperature, grindLabel: grind,
            rating: rating, tasteTag: tasteTag, note: note.flatMap { $0.isEmpty ? nil : $0 })
        return Located(log, source: SourceMap(record: node.location, fields: reader.fieldLocations))
    }
}
