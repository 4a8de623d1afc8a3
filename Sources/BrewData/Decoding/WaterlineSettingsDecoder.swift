import BrewKit

/// Reads Waterline settings: `preferences.json` key `waterline`, a session's `settings`
/// object, or the same names as columns of a sessions CSV.
enum WaterlineSettingsDecoder {
    static let fields: Set<String> = [
        "waterEveryNDrinks", "warningThreshold", "timeRemindersEnabled", "timeReminderIntervalMinutes",
        "units", "defaultWaterAmount", "standardDrinkGrams", "stopRemindersAfterInactiveMinutes", "abandonAfterHours",
    ]

    /// Reads the settings fields present in `reader`'s record.
    static func read(_ reader: inout FieldReader) -> WaterlineSettings.Overrides {
        WaterlineSettings.Overrides(
            waterEveryNDrinks: reader.int("waterEveryNDrinks", what: "a whole number greater than 0"),
            warningThreshold: reader.int("warningThreshold", what: "a whole number"),
            timeRemindersEnabled: reader.bool("timeRemindersEnabled"),
            timeReminderIntervalMinutes: reader.int("timeReminderIntervalMinutes", what: "whole minutes"),
            units: reader.enumeration(VolumeUnit.self, "units"),
            defaultWaterAmount: reader.double("defaultWaterAmount", what: "an amount in the units setting"),
            standardDrinkGrams: reader.double("standardDrinkGrams", what: "grams of ethanol: 14 (US), 10 (Australia) or 8 (UK)"),
            stopRemindersAfterInactiveMinutes: reader.int("stopRemindersAfterInactiveMinutes", what: "whole minutes"),
            abandonAfterHours: reader.double("abandonAfterHours", what: "hours"))
    }

    /// The `waterline` object of `preferences.json`, or nil when there is none.
    static func decode(preferences node: RawNode, diagnostics: inout [Diagnostic]) -> Located<WaterlineSettings.Overrides>? {
        guard case .object(let members) = node.value, let member = members.last(where: { $0.key == "waterline" }) else { return nil }
        guard case .object = member.node.value else {
            if case .null = member.node.value { return nil }
            diagnostics.append(.error("waterline: expected an object of Waterline settings, found \(member.node.summary)", at: member.node.location.naming("waterline")))
            return nil
        }
        var reader = FieldReader(member.node, pathPrefix: "waterline.")
        let settings = read(&reader)
        reader.warnAboutUnknownFields(known: fields)
        diagnostics += reader.diagnostics
        var fields: [String: SourceLocation] = [:]
        for (path, location) in reader.fieldLocations { fields[String(path.dropFirst("waterline.".count))] = location }
        return Located(settings, source: SourceMap(record: member.node.location, fields: fields))
    }
}
