import BrewKit

/// Reads a brew log (004 `BrewLog`) from a JSON object or a CSV row.
enum BrewLogDecoder {
    static let fields: Set<String> = [
        "id", "timestamp", "method", "recipeId", "recipeNameAtBrew", "doseGrams", "targetYieldGrams",
        "waterTemperatureCelsius", "grindLabel", "rating", "tasteTag", "note",
        "bean", "roaster", "mill", "grinderSetting", "brewTimeSeconds", "bloomSeconds", "tds",
        "extractionYieldPercent", "source", "sourceId", "fromRecipe",
    ]

    static func decode(_ node: RawNode, diagnostics: inout [Diagnostic]) -> Located<BrewLog>? {
        guard case .object = node.value else {
            diagnostics.append(.error("expected a brew log object, found \(node.summary)", at: node.location))
            return nil
        }
        var reader = FieldReader(node)
        let id = reader.string("id", required: true, what: "the log's id, used in its page's file name")
        let timestamp = reader.dateAndOffset("timestamp", required: true)
        // Any text here: `v60` for brews recorded here, another app's method for imported ones
        // (the validator says which is allowed where).
        let method = reader.node("method") == nil ? nil : reader.string("method", what: "a brew method such as v60")
        let recipeId = reader.node("recipeId") == nil ? nil : reader.string("recipeId")
        let recipeName = reader.string("recipeNameAtBrew", required: true, what: "the recipe's name when it was brewed")
        let dose = reader.double("doseGrams", required: true, what: "grams of coffee")
        let yield = reader.double("targetYieldGrams", required: true, what: "grams of water")
        let temperature = reader.double("waterTemperatureCelsius", required: true, what: "°C")
        let grind = reader.enumeration(GrindLabel.self, "grindLabel", required: true)
        // Required for brews recorded here; the validator says so, since an imported brew may lack one.
        let rating = reader.int("rating", what: "a whole number from 1 to 5")
        let tasteTag = reader.enumeration(TasteTag.self, "tasteTag")
        let note = reader.string("note")
        let bean = reader.string("bean", what: "the bean's name")
        let roaster = reader.string("roaster", what: "the roaster's name")
        let mill = reader.string("mill", what: "the grinder's name")
        let grinderSetting = reader.string("grinderSetting", what: "the grinder's setting as text, such as \"18\"")
        let brewTime = reader.double("brewTimeSeconds", what: "seconds")
        let bloom = reader.double("bloomSeconds", what: "seconds")
        let tds = reader.double("tds", what: "percent")
        let extraction = reader.double("extractionYieldPercent", what: "percent")
        let source = reader.string("source", what: "the app the brew came from, such as beanconqueror")
        let sourceId = reader.string("sourceId", what: "the brew's id in that app")
        let fromRecipe = reader.texts("fromRecipe", what: "field names such as [\"waterTemperatureCelsius\"]")
        reader.warnAboutUnknownFields(known: fields)
        diagnostics += reader.diagnostics
        guard let id, let timestamp, let recipeName, let dose, let yield, let temperature, let grind, !reader.failed else {
            return nil
        }
        func present(_ text: String?) -> String? { text.flatMap { $0.trimmingSpaces.isEmpty ? nil : $0 } }
        let log = BrewLog(
            id: id, timestamp: timestamp.date, timestampOffsetSeconds: timestamp.offsetSeconds,
            method: present(method)?.trimmingSpaces ?? BrewLog.recordedMethod, recipeId: recipeId, recipeNameAtBrew: recipeName,
            doseGrams: dose, targetYieldGrams: yield, waterTemperatureCelsius: temperature, grindLabel: grind,
            rating: rating, tasteTag: tasteTag, note: note.flatMap { $0.isEmpty ? nil : $0 },
            bean: present(bean), roaster: present(roaster), mill: present(mill), grinderSetting: present(grinderSetting),
            brewTimeSeconds: brewTime, bloomSeconds: bloom, tds: tds, extractionYieldPercent: extraction,
            source: present(source)?.trimmingSpaces, sourceId: present(sourceId), fromRecipe: fromRecipe)
        return Located(log, source: reader.sourceMap)
    }
}
