import BrewKit
import Foundation

/// Recipes and logs as JSON records in the shape the readers read back to the same values:
/// every field the model has, optional ones left out when absent, dates in ISO 8601 UTC.
public enum RecordEncoder {
    public static func json(_ recipe: Recipe) -> JSONValue {
        .object([
            JSONMember("id", .string(recipe.id)),
            JSONMember("isStarter", .bool(recipe.isStarter)),
            JSONMember("origin", .string(recipe.origin.rawValue)),
            JSONMember("method", .string(recipe.method.rawValue)),
            JSONMember("name", .string(recipe.name)),
            JSONMember("defaultDose", .number(recipe.defaultDose)),
            JSONMember("defaultTargetYield", .number(recipe.defaultTargetYield)),
            JSONMember("defaultWaterTemperature", .number(recipe.defaultWaterTemperature)),
            JSONMember("defaultGrindLabel", .string(recipe.defaultGrindLabel.rawValue)),
            JSONMember("grindTactileDescriptor", .string(recipe.grindTactileDescriptor)),
            JSONMember("createdAt", .string(ISO8601.string(from: recipe.createdAt))),
            JSONMember("modifiedAt", .string(ISO8601.string(from: recipe.modifiedAt))),
            JSONMember("bloomRatio", .number(recipe.bloomRatio)),
            JSONMember("pourSplit", .string(recipe.pourSplit.rawValue)),
            JSONMember("cardDosesGrams", .array(recipe.cardDosesGrams.map(JSONValue.number))),
            JSONMember("steps", .array(recipe.steps.map(json))),
        ])
    }

    public static func json(_ step: RecipeStep) -> JSONValue {
        var members = [
            JSONMember("stepId", .string(step.stepId)),
            JSONMember("orderIndex", .number(Double(step.orderIndex))),
            JSONMember("kind", .string(step.kind.rawValue)),
            JSONMember("instructionText", .string(step.instructionText)),
        ]
        if let value = step.durationSeconds { members.append(JSONMember("durationSeconds", .number(value))) }
        if let value = step.targetElapsedSeconds { members.append(JSONMember("targetElapsedSeconds", .number(value))) }
        if let value = step.targetElapsedMaxSeconds { members.append(JSONMember("targetElapsedMaxSeconds", .number(value))) }
        if let value = step.waterAmountGrams { members.append(JSONMember("waterAmountGrams", .number(value))) }
        members.append(JSONMember("isFixedWater", .bool(step.isFixedWater)))
        return .object(members)
    }

    /// Every field `LogField.all` declares that the log has, in the order records are written
    /// (`LogField.recordOrder`).
    public static func json(_ log: BrewLog) -> JSONValue {
        .object(LogField.recordOrder.compactMap { field in field.write(log).map { JSONMember(field.name, $0) } })
    }

    /// A cell of a CSV export: strings as they are, numbers canonical, null empty,
    /// arrays of scalars joined with `;` (as `cardDosesGrams` is read), others as JSON.
    public static func cell(_ value: JSONValue?) -> String {
        switch value {
        case nil, .null?: ""
        case .bool(let flag)?: flag ? "true" : "false"
        case .number(let number)?: CanonicalJSON.number(number)
        case .string(let text)?: text
        case .array(let elements)? where elements.allSatisfy({ if case .number = $0 { true } else { false } }):
            elements.map { cell($0) }.joined(separator: ";")
        case .array(let elements)? where elements.allSatisfy({ if case .string(let text) = $0 { !text.contains(";") } else { false } }):
            elements.map { cell($0) }.joined(separator: ";")
        case let other?: String(CanonicalJSON.string(other).dropLast())
        }
    }
}
