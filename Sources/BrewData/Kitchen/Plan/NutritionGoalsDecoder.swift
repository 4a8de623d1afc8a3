import BrewKit

/// Reads `preferences.json` `kitchen.goals` (MOD/DATA/007): `calories` 1200–4000, `protein`,
/// `carbs`, `fats` whole grams ≥ 0 (a figure left out keeps the seed's default), an optional
/// `split` of whole percentages summing to 100, and an optional `updatedAt` (when `kitchen goals
/// --write` wrote them; `merge` keeps the later goals).
enum NutritionGoalsDecoder {
    static let fields: Set<String> = ["calories", "protein", "carbs", "fats", "split", "updatedAt"]
    static let splitFields: Set<String> = ["protein", "carbs", "fats"]

    /// The goals, or nil when `kitchen.goals` is absent (the defaults hold) or wrong (said so).
    static func decode(preferences node: RawNode, diagnostics: inout [Diagnostic]) -> Located<NutritionGoals>? {
        guard case .object(let members) = node.value, let kitchen = members.last(where: { $0.key == "kitchen" })?.node,
              case .object(let kitchenMembers) = kitchen.value,
              let goalsNode = kitchenMembers.last(where: { $0.key == "goals" })?.node else { return nil }
        if case .null = goalsNode.value { return nil }
        guard case .object = goalsNode.value else {
            diagnostics.append(.error("kitchen.goals: expected an object with calories, protein, carbs and fats, found \(goalsNode.summary)", at: goalsNode.location.naming("kitchen.goals")))
            return nil
        }
        var reader = FieldReader(goalsNode, pathPrefix: "kitchen.goals.")
        var goals = NutritionGoals.seedDefault
        if let calories = reader.int("calories", what: "whole kcal, 1200–4000") {
            if NutritionGoals.calorieRange.contains(calories) { goals.calories = calories } else {
                reader.error("kitchen.goals.calories: expected whole kcal, 1200–4000, found \(calories)", at: "calories")
            }
        }
        for macro in Macro.allCases {
            guard let grams = reader.int(macro.rawValue, what: "whole grams ≥ 0") else { continue }
            if grams >= 0 && grams <= 10_000 { goals[macro] = grams } else {
                reader.error("kitchen.goals.\(macro.rawValue): expected whole grams, 0–10000, found \(grams)", at: macro.rawValue)
            }
        }
        _ = reader.date("updatedAt")
        var nested: [String: SourceLocation] = [:]
        if let splitNode = reader.node("split") {
            if case .object = splitNode.value {
                var splitReader = FieldReader(splitNode, pathPrefix: "kitchen.goals.split.")
                var percents: [Int] = []
                for macro in Macro.allCases {
                    if let value = splitReader.int(macro.rawValue, required: true, what: "whole percent of the calories, 0–100") {
                        if (0...100).contains(value) { percents.append(value) } else {
                            splitReader.error("kitchen.goals.split.\(macro.rawValue): expected whole percent, 0–100, found \(value)", at: macro.rawValue)
                        }
                    }
                }
                splitReader.warnAboutUnknownFields(known: splitFields)
                if percents.count == 3 {
                    let split = MacroSplit(proteinPercent: percents[0], carbsPercent: percents[1], fatsPercent: percents[2])
                    if split.totalPercent == 100 { goals.split = split } else {
                        diagnostics.append(.error("kitchen.goals.split: the percentages must sum to 100, found \(percents.map(String.init).joined(separator: " + ")) = \(split.totalPercent)", at: splitNode.location.naming("kitchen.goals.split")))
                    }
                }
                diagnostics += splitReader.diagnostics
                nested = splitReader.fieldLocations
            } else {
                reader.error("kitchen.goals.split: expected an object with protein, carbs and fats in percent, found \(splitNode.summary)", at: "split")
            }
        }
        reader.warnAboutUnknownFields(known: fields)
        diagnostics += reader.diagnostics
        var locations: [String: SourceLocation] = [:]
        for (path, location) in reader.fieldLocations.merging(nested, uniquingKeysWith: { a, _ in a }) {
            locations[String(path.dropFirst("kitchen.goals.".count))] = location
        }
        return Located(goals, source: SourceMap(record: goalsNode.location, fields: locations))
    }
}
