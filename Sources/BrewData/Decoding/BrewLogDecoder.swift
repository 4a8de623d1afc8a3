import BrewKit
import Foundation

/// Reads a brew log (004 `BrewLog`) from a JSON object or a CSV row.
///
/// `BrewLogBytesDecoder` reads the usual JSON file of logs straight from its bytes and steps
/// aside to this decoder at anything that would give a finding; both make the log from the
/// same `Fields` with `make(_:source:)`, so the two cannot differ in what a field becomes.
enum BrewLogDecoder {
    /// The fields a log may have, as its kind declares them (`LogsKind.fields`).
    static let fields = Set(LogsKind.fields)

    /// A log's fields as read, before the log is made: nil where the field is absent (or null).
    struct Fields {
        var id: String?
        var timestamp: (date: Date, offsetSeconds: Int)?
        var method: String?
        var recipeId: String?
        var recipeNameAtBrew: String?
        var doseGrams: Double?
        var targetYieldGrams: Double?
        var waterTemperatureCelsius: Double?
        var grindLabel: GrindLabel?
        var rating: Int?
        var tasteTag: TasteTag?
        var note: String?
        var bean: String?
        var roaster: String?
        var mill: String?
        var grinderSetting: String?
        var brewTimeSeconds: Double?
        var bloomSeconds: Double?
        var tds: Double?
        var extractionYieldPercent: Double?
        var source: String?
        var sourceId: String?
        var fromRecipe: [String] = []
        var beanId: String?
        var beverageGrams: Double?
        var brix: Double?
    }

    static func decode(_ node: RawNode, diagnostics: inout [Diagnostic]) -> Located<BrewLog>? {
        guard case .object = node.value else {
            diagnostics.append(.error("expected a brew log object, found \(node.summary)", at: node.location))
            return nil
        }
        var reader = FieldReader(node)
        var fields = Fields()
        fields.id = reader.string("id", required: true, what: "the log's id, used in its page's file name")
        fields.timestamp = reader.dateAndOffset("timestamp", required: true)
        // Any text here: `v60` for brews recorded here, another app's method for imported ones
        // (the validator says which is allowed where).
        fields.method = reader.node("method") == nil ? nil : reader.string("method", what: "a brew method such as v60")
        fields.recipeId = reader.node("recipeId") == nil ? nil : reader.string("recipeId")
        fields.recipeNameAtBrew = reader.string("recipeNameAtBrew", required: true, what: "the recipe's name when it was brewed")
        fields.doseGrams = reader.double("doseGrams", required: true, what: "grams of coffee")
        fields.targetYieldGrams = reader.double("targetYieldGrams", required: true, what: "grams of water")
        fields.waterTemperatureCelsius = reader.double("waterTemperatureCelsius", required: true, what: "°C")
        fields.grindLabel = reader.enumeration(GrindLabel.self, "grindLabel", required: true)
        // Required for brews recorded here; the validator says so, since an imported brew may lack one.
        fields.rating = reader.int("rating", what: "a whole number from 1 to 5")
        fields.tasteTag = reader.enumeration(TasteTag.self, "tasteTag")
        fields.note = reader.string("note")
        fields.bean = reader.string("bean", what: "the bean's name")
        fields.roaster = reader.string("roaster", what: "the roaster's name")
        fields.mill = reader.string("mill", what: "the grinder's name")
        fields.grinderSetting = reader.string("grinderSetting", what: "the grinder's setting as text, such as \"18\"")
        // The measured numbers, as `LogField.all` declares them.
        for field in LogField.measures {
            fields[keyPath: field.measure!.decoded] = reader.double(field.name, what: field.what ?? "a number")
        }
        fields.source = reader.string("source", what: "the app the brew came from, such as beanconqueror")
        fields.sourceId = reader.string("sourceId", what: "the brew's id in that app")
        fields.fromRecipe = reader.texts("fromRecipe", what: "field names such as [\"waterTemperatureCelsius\"]")
        fields.beanId = reader.string("beanId", what: "the id of a bag of beans in beans/")
        reader.warnAboutUnknownFields(known: Self.fields)
        diagnostics += reader.diagnostics
        guard !reader.failed else { return nil }
        return make(fields, source: reader.sourceMap)
    }

    /// The log of fields read without a finding; nil when a required field is missing (the
    /// reader has said so).
    static func make(_ fields: Fields, source: SourceMap) -> Located<BrewLog>? {
        guard let id = fields.id, let timestamp = fields.timestamp, let recipeName = fields.recipeNameAtBrew,
              let dose = fields.doseGrams, let yield = fields.targetYieldGrams, let temperature = fields.waterTemperatureCelsius,
              let grind = fields.grindLabel else {
            return nil
        }
        func present(_ text: String?) -> String? { text.flatMap { $0.trimmingSpaces.isEmpty ? nil : $0 } }
        let log = BrewLog(
            id: id, timestamp: timestamp.date, timestampOffsetSeconds: timestamp.offsetSeconds,
            method: present(fields.method)?.trimmingSpaces ?? BrewLog.recordedMethod, recipeId: fields.recipeId, recipeNameAtBrew: recipeName,
            doseGrams: dose, targetYieldGrams: yield, waterTemperatureCelsius: temperature, grindLabel: grind,
            rating: fields.rating, tasteTag: fields.tasteTag, note: fields.note.flatMap { $0.isEmpty ? nil : $0 },
            bean: present(fields.bean), roaster: present(fields.roaster), mill: present(fields.mill), grinderSetting: present(fields.grinderSetting),
            brewTimeSeconds: fields.brewTimeSeconds, bloomSeconds: fields.bloomSeconds, tds: fields.tds, extractionYieldPercent: fields.extractionYieldPercent,
            source: present(fields.source)?.trimmingSpaces, sourceId: present(fields.sourceId), fromRecipe: fields.fromRecipe,
            beanId: present(fields.beanId)?.trimmingSpaces)
        // Said field by field, not through `LogField.measures`' key paths: this runs for every log
        // the bytes reader reads. `LogFieldDeclarationTests` checks each measure reaches the log.
        var made = log
        made.beverageGrams = fields.beverageGrams
        made.brix = fields.brix
        return Located(made, source: source)
    }
}
