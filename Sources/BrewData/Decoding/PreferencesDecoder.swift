import BrewKit

/// Reads `preferences.json`.
enum PreferencesDecoder {
    static let fields: Set<String> = ["lastSelectedRecipeId", "cardDosesGrams", "timeZone", "kitchen"]
    /// `goals` (and the shopping page's `aisles`) are read and checked by `NutritionGoalsDecoder`
    /// and `MealPlanReader.readAisles` (through `MealPlanContext`, which
    /// `check`, `build` and the planner's commands load), so it is known here, not "ignored".
    static let kitchenFields: Set<String> = ["units", "cardServings", "goals", "aisles"]
    /// Fields later parts of the tool read (sessions' settings); not warned about here.
    static let reservedFields: Set<String> = ["waterline"]

    static func decode(_ node: RawNode, diagnostics: inout [Diagnostic]) -> Located<Preferences>? {
        guard case .object = node.value else {
            diagnostics.append(.error("expected the preferences object, found \(node.summary)", at: node.location))
            return nil
        }
        var reader = FieldReader(node)
        let last = reader.string("lastSelectedRecipeId")
        let doses = reader.doubles("cardDosesGrams")
        let zone = reader.string("timeZone")
        reader.warnAboutUnknownFields(known: fields, ignoring: reservedFields)
        diagnostics += reader.diagnostics
        var preferences = Preferences(lastSelectedRecipeId: last, cardDosesGrams: doses, timeZone: zone)
        var locations = reader.fieldLocations
        if let kitchen = reader.node("kitchen") {
            if case .object = kitchen.value {
                var kitchenReader = FieldReader(kitchen, pathPrefix: "kitchen.")
                preferences.kitchenUnits = kitchenReader.enumeration(KitchenUnits.self, "units")
                for servings in kitchenReader.doubles("cardServings") {
                    if servings >= 1, servings == servings.rounded(), servings <= 10_000 {
                        preferences.kitchenCardServings.append(Int(servings))
                    } else {
                        kitchenReader.error("kitchen.cardServings: expected whole numbers of servings from 1 to 10000, found \(Format.number(servings))", at: "cardServings")
                    }
                }
                kitchenReader.warnAboutUnknownFields(known: kitchenFields)
                diagnostics += kitchenReader.diagnostics
                locations.merge(kitchenReader.fieldLocations) { old, _ in old }
            } else {
                diagnostics.append(.error("kitchen: expected an object with units, cardServings and goals, found \(kitchen.summary)", at: kitchen.location.naming("kitchen")))
            }
        }
        return Located(preferences, source: SourceMap(record: node.location, fields: locations))
    }
}
