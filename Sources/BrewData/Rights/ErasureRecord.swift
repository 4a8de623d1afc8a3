import BrewKit
import Foundation

/// That a record was erased: its kind, its id and when. Nothing else about it is kept.
public struct ErasureRecord: Hashable, Sendable {
    public enum Kind: String, Sendable, CaseIterable, Comparable {
        case recipe, log, session, preferences, drinkPreset
        case kitchenRecipe = "kitchen-recipe"
        /// The kitchen planner's records (issue 15). Their ids are made again by the commands
        /// (`item-1`, `<day>-<meal>`), so their erasures are timed (`isTimed`).
        case planSlot = "plan-slot"
        case shoppingItem = "shopping-item"
        case snackPreset = "snack-preset"
        case inboxEntry = "inbox-entry"
        /// An entry deleted from a session (`session delete`), by `<sessionId>/<entryId>`: timed,
        /// so that an entry changed on another copy after the deletion is kept (last write wins).
        case sessionEntry = "session-entry"
        /// A cook log (`kitchen cooked`); its id is made once, so its erasure is not timed.
        case cookLog = "cook-log"
        /// A bag of beans (`bean add`): its id is made once, so its erasure is not timed.
        case bean
        public static func < (a: Kind, b: Kind) -> Bool { a.rawValue < b.rawValue }

        /// Whether an erasure of this kind covers only the copies of its id not changed after it
        /// (`PlannerErasures`): a record made again later under the same id is a new record.
        /// The ledger keeps the latest erasure of such an id, the earliest of any other.
        public var isTimed: Bool {
            switch self {
            case .planSlot, .shoppingItem, .snackPreset, .inboxEntry, .sessionEntry: true
            case .recipe, .log, .session, .preferences, .drinkPreset, .kitchenRecipe, .cookLog, .bean: false
            }
        }

        /// Every kind's name, for messages.
        static var names: String {
            Format.list(allCases.map(\.rawValue), "or")
        }
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

    public init(json: JSONValue, context: String) throws(CommandError) {
        guard let kindText = json.text("kind"), let kind = Kind(rawValue: kindText) else {
            throw CommandError("\(context): an erasure needs a kind (\(Kind.names))")
        }
        guard let id = json.text("id") else { throw CommandError("\(context): an erasure needs an id") }
        if kind.isTimed {
            // A planner record's id names no file, and the planner's files accept any text as an id.
            if id.isEmpty || id.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                throw CommandError("\(context): an erasure's id must be non-empty text without control characters")
            }
        } else if kind != .preferences, let problem = RecordID.problem(with: id) { throw CommandError("\(context): \(problem)") }
        guard let time = json.text("erasedAt"), let date = ISO8601.date(from: time) else {
            throw CommandError("\(context): an erasure needs erasedAt as an ISO 8601 time")
        }
        self.init(kind: kind, id: id, erasedAt: date)
    }

    /// Erasures without repeats (the earliest time of each; the latest for a timed kind, whose
    /// later erasure covers more), in kind then id order.
    public static func normalized(_ records: [ErasureRecord]) -> [ErasureRecord] {
        var byKey: [String: ErasureRecord] = [:]
        for record in records where byKey[record.key].map({ record.kind.isTimed ? record.erasedAt > $0.erasedAt : record.erasedAt < $0.erasedAt }) ?? true {
            byKey[record.key] = record
        }
        return byKey.values.sorted { ($0.kind, $0.id) < ($1.kind, $1.id) }
    }
}
