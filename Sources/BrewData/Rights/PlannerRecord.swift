import BrewKit

/// One record of the kitchen planner's files (a plan slot, a shopping item, a snack preset or an
/// inbox entry) as written, for `merge`: its id, its time and the value to write back.
///
/// Rules:
/// - Two copies are equal when they say the same thing, whatever file format they were read
///   from: members that are null or empty are left out, numbers and flags compare by value
///   (`"1"` in a CSV cell equals `1` in JSON, `"TRUE"` equals `true`), and a slot's `quickAdd`
///   object equals the CSV columns `quickAddName`, `calories`, … (`MealSlotDecoder`), and its
///   `recipeNutrition` object the columns `recipeNutrition.calories` ….
/// - `updatedAt` is the member of that name; `createdAt` and `status` serve the inbox's rule.
public struct PlannerRecord: LastWriteWinsRecord {
    public var id: String
    public var updatedAt: String?
    /// The record as written (a CSV row as an object of strings).
    public var value: JSONValue
    public var fromCSV: Bool
    /// What equality compares: each member's text, normalized.
    let content: [String: String]

    public init?(_ value: JSONValue, fromCSV: Bool) {
        guard let id = value.text("id")?.trimmingSpaces, !id.isEmpty else { return nil }
        self.id = id
        self.value = value
        self.fromCSV = fromCSV
        self.updatedAt = value.text("updatedAt")?.trimmingSpaces
        self.content = Self.normalized(value)
    }

    public static func == (a: PlannerRecord, b: PlannerRecord) -> Bool { a.id == b.id && a.content == b.content }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(content)
    }

    /// The members as normalized texts, a nested object's members under `key.member`.
    static func normalized(_ value: JSONValue) -> [String: String] {
        var result: [String: String] = [:]
        func add(_ key: String, _ value: JSONValue) {
            switch value {
            case .null: return
            case .object(let members):
                for member in members {
                    // A slot's quick-add item: JSON `quickAdd.name` is the CSV column `quickAddName`.
                    let name = key == "quickAdd" ? (member.key == "name" ? "quickAddName" : member.key) : "\(key).\(member.key)"
                    add(name, member.value)
                }
            case .array(let elements):
                result[key] = CanonicalJSON.string(.array(elements))
            case .bool(let flag): result[key] = flag ? "true" : "false"
            case .number(let number): result[key] = CanonicalJSON.number(number)
            case .string(let text):
                let trimmed = text.trimmingSpaces
                if trimmed.isEmpty { return }
                if let number = Double(trimmed), number.isFinite { result[key] = CanonicalJSON.number(number) }
                else if ["true", "false"].contains(trimmed.lowercased()) { result[key] = trimmed.lowercased() }
                else { result[key] = trimmed }
            }
        }
        for member in value.members ?? [] { add(member.key, member.value) }
        return result
    }

    /// The record as a JSON object to write into a JSON file: as written when it was read from
    /// JSON; from a CSV row, the empty cells left out and `checked` a flag, numbers as numbers.
    public var jsonValue: JSONValue {
        guard fromCSV else { return value }
        // A slot's kept figures, the CSV columns `recipeNutrition.calories` …, nest as one object.
        let prefix = "recipeNutrition."
        let kept = (value.members ?? []).compactMap { member -> JSONMember? in
            guard member.key.hasPrefix(prefix), let text = member.value.stringValue?.trimmingSpaces, let number = Double(text), number.isFinite else { return nil }
            return JSONMember(String(member.key.dropFirst(prefix.count)), .number(number))
        }
        var members = flatJSONMembers.filter { !$0.key.hasPrefix(prefix) }
        if !kept.isEmpty { members.append(JSONMember("recipeNutrition", .object(kept))) }
        return .object(members)
    }

    private var flatJSONMembers: [JSONMember] {
        (value.members ?? []).compactMap { member in
            guard let text = member.value.stringValue?.trimmingSpaces else { return member }
            if text.isEmpty { return nil }
            if member.key == "checked" {
                switch text.lowercased() {
                case "true", "yes", "1": return JSONMember(member.key, .bool(true))
                case "false", "no", "0": return JSONMember(member.key, .bool(false))
                default: return member
                }
            }
            if ["calories", "protein", "carbs", "fats", "servings"].contains(member.key), let number = Double(text), number.isFinite {
                return JSONMember(member.key, .number(number))
            }
            return JSONMember(member.key, .string(text))
        }
    }

    /// The cell of one column, to write the record as a CSV row.
    public func cell(_ column: String) -> String {
        if fromCSV { return value.text(column) ?? "" }
        if column == "quickAddName" { return value["quickAdd"]?.text("name") ?? "" }
        if column.hasPrefix("recipeNutrition."), let kept = value["recipeNutrition"] { return kept.text(String(column.dropFirst("recipeNutrition.".count))) ?? "" }
        if let text = value.text(column) { return text }
        if value["quickAdd"] != nil, ["calories", "protein", "carbs", "fats"].contains(column) { return value["quickAdd"]?.text(column) ?? "" }
        return ""
    }

    /// The CSV columns the record fills.
    public var columns: [String] {
        var keys: [String] = []
        for member in value.members ?? [] {
            if member.key == "quickAdd", !fromCSV {
                keys += ["quickAddName", "calories", "protein", "carbs", "fats"]
            } else if member.key == "recipeNutrition", !fromCSV {
                keys += MealSlotDecoder.csvRecipeNutritionFields
            } else {
                keys.append(member.key)
            }
        }
        return keys
    }
}
