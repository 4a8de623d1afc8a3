import BrewKit

/// Reads `kitchen/snacks.json`: presets that add to or override the built-in eight by id.
enum SnackPresetDecoder {
    /// `updatedAt` (ISO 8601) is not shown; `merge` reads it to tell which copy of a preset is later.
    static let fields: Set<String> = ["id", "name", "portion", "source", "calories", "protein", "carbs", "fats", "updatedAt"]

    static func decode(_ node: RawNode, diagnostics: inout [Diagnostic]) -> Located<SnackPreset>? {
        guard case .object = node.value else {
            diagnostics.append(.error("expected a snack preset object, found \(node.summary)", at: node.location))
            return nil
        }
        var reader = FieldReader(node)
        let id = reader.string("id", required: true, what: "the preset's id, such as banana")?.trimmingSpaces
        if let id, let problem = RecordID.problem(with: id) { reader.error(problem, at: "id") }
        let quick = MealSlotDecoder.readQuickAdd(&reader, nameKey: "name")
        let portion = reader.string("portion")
        let source = reader.string("source")
        if reader.node("updatedAt") != nil, let updatedAt = reader.string("updatedAt", what: "an ISO 8601 date-time"),
           ISO8601.date(from: updatedAt.trimmingSpaces) == nil {
            reader.error("updatedAt: expected an ISO 8601 date-time such as 2026-11-24T08:00:00Z, found \"\(updatedAt)\"", at: "updatedAt")
        }
        reader.warnAboutUnknownFields(known: fields)
        diagnostics += reader.diagnostics
        guard !reader.failed, let id, let quick else { return nil }
        let preset = SnackPreset(id: id, name: quick.name, portion: portion, source: source,
                                 calories: quick.calories, protein: quick.protein, carbs: quick.carbs, fats: quick.fats)
        return Located(preset, source: SourceMap(record: node.location, fields: reader.fieldLocations))
    }
}
