import BrewKit
import Foundation

/// That a record was erased: its kind, its id and when. Nothing else about it is kept.
public struct ErasureRecord: Hashable, Sendable {
    public enum Kind: String, Sendable, CaseIterable, Comparable {
        case recipe, log, session, preferences, drinkPreset
        case kitchenRecipe = "kitchen-recipe"
        public static func < (a: Kind, b: Kind) -> Bool { a.rawValue < b.rawValue }
    }

    public var kind: Kind
    public var id: String
    public var erasedAt: Date

    public init(kind: Kind, id: String, erasedAt: Date) {
        self.kind = kind
        self.id = id
        self.erasedAt = erasedAt
    }

    public var key: String { "\(kind.rawValue)/\(id)" }

    public var json: JSONValue {
        .object([
            JSONMember("kind", .string(kind.rawValue)),
            JSONMember("id", .string(id)),
            JSONMember("erasedAt", .string(ISO8601.string(from: erasedAt))),
        ])
    }

    public init(json: JSONValue, context: String) throws(RightsError) {
        guard let kindText = json.text("kind"), let kind = Kind(rawValue: kindText) else {
            throw RightsError("\(context): an erasure needs a kind (recipe, log, session, drinkPreset, kitchen-recipe or preferences)")
        }
        guard let id = json.text("id") else { throw RightsError("\(context): an erasure needs an id") }
        if kind != .preferences, let problem = RecordID.problem(with: id) { throw RightsError("\(context): \(problem)") }
        guard let time = json.text("erasedAt"), let date = ISO8601.date(from: time) else {
            throw RightsError("\(context): an erasure needs erasedAt as an ISO 8601 time")
        }
        self.init(kind: kind, id: id, erasedAt: date)
    }

    /// Erasures without repeats (the earliest time of each), in kind then id order.
    public static func normalized(_ records: [ErasureRecord]) -> [ErasureRecord] {
        var byKey: [String: ErasureRecord] = [:]
        for record in records where byKey[record.key].map({ record.erasedAt < $0.erasedAt }) ?? true {
            byKey[record.key] = record
        }
        return byKey.values.sorted { ($0.kind, $0.id) < ($1.kind, $1.id) }
    }
}
