import BrewKit

/// Reads `preferences.json`.
enum PreferencesDecoder {
    static let fields: Set<String> = ["lastSelectedRecipeId", "cardDosesGrams"]
    /// Fields later parts of the tool read (sessions' settings); not warned about here.
    static let reservedFields: Set<String> = ["waterline", "timeZone", "kitchen"]

    static func decode(_ node: RawNode, diagnostics: inout [Diagnostic]) -> Located<Preferences>? {
        guard case .object = node.value else {
            diagnostics.append(.error("expected the preferences object, found \(node.summary)", at: node.location))
            return nil
        }
        var reader = FieldReader(node)
        let last = reader.string("lastSelectedRecipeId")
        let doses = reader.doubles("cardDosesGrams")
        reader.warnAboutUnknownFields(known: fields, ignoring: reservedFields)
        diagnostics += reader.diagnostics
        let preferences = Preferences(lastSelectedRecipeId: last, cardDosesGrams: doses)
        return Located(preferences, source: SourceMap(record: node.location, fields: reader.fieldLocations))
    }
}
