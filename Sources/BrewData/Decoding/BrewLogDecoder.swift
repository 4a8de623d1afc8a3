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
        // Every field as `LogField.all` declares it, in the order records are written.
        for field in LogField.recordOrder { field.read(field, &reader, &fields) }
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
