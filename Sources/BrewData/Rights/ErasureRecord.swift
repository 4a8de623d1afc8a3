import BrewKit
import Foundation

/// That a record was erased: its kind, its id and when. Nothing else about it is kept.
public struct ErasureRecord: Hashable, Sendable {
    /// The ledger's name of a kind erased by id, and whether its erasures are timed. A kind's
    /// ledger name is declared with the kind (`RecordKind.Rules.erase`: `.byID(ledgerKind:)`,
    /// beside the declaration when the kind is new, `bean` in `BeansKind.swift`); the ledger reads
    /// the names the registry's kinds declare (`allCases`).
    public struct Kind: Sendable, Hashable, Comparable, CustomStringConvertible {
        /// Its name in the ledger, in `erase`'s options and in messages.
        public let rawValue: String
        /// Whether an erasure of this kind covers only the copies of its id not changed after it
        /// (`PlannerErasures`): a record made again later under the same id is a new record.
        /// The ledger keeps the latest erasure of such an id, the earliest of any other.
        public let isTimed: Bool

        /// - Parameter timed: true for a kind whose ids the commands make again (`item-1`,
        ///   `<day>-<meal>`), so that a record made later under an erased id is kept.
        public init(_ rawValue: String, timed: Bool) {
            self.rawValue = rawValue
            self.isTimed = timed
        }

        /// The kind the ledger names `rawValue`, among those the registry's kinds declare; nil for another name.
        public init?(rawValue: String) {
            guard let known = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
            self = known
        }

        public static let recipe = Kind("recipe", timed: false)
        public static let log = Kind("log", timed: false)
        public static let session = Kind("session", timed: false)
        public static let preferences = Kind("preferences", timed: false)
        public static let drinkPreset = Kind("drinkPreset", timed: false)
        public static let kitchenRecipe = Kind("kitchen-recipe", timed: false)
        /// The kitchen planner's records (issue 15). Their ids are made again by the commands
        /// (`item-1`, `<day>-<meal>`), so their erasures are timed.
        public static let planSlot = Kind("plan-slot", timed: true)
        public static let shoppingItem = Kind("shopping-item", timed: true)
        public static let snackPreset = Kind("snack-preset", timed: true)
        public static let inboxEntry = Kind("inbox-entry", timed: true)
        /// An entry deleted from a session (`session delete`), by `<sessionId>/<entryId>`: timed,
        /// so that an entry changed on another copy after the deletion is kept (last write wins).
        /// Not a kind's erase rule (entries are erased with their session), so named here.
        public static let sessionEntry = Kind("session-entry", timed: true)
        /// A cook log (`kitchen cooked`); its id is made once, so its erasure is not timed.
        public static let cookLog = Kind("cook-log", timed: false)

        /// Every ledger kind: those the registry's kinds declare in their erase rules, in the
        /// registry's order, and the session entry's.
        public static let allCases: [Kind] = {
            var kinds: [Kind] = []
            for kind in RecordKinds.kinds {
                switch kind.rules.erase {
                case .byID(let ledgerKind), .withEverything(let ledgerKind?):
                    if !kinds.contains(ledgerKind) { kinds.append(ledgerKind) }
                default: break
                }
            }
            return kinds.contains(.sessionEntry) ? kinds : kinds + [.sessionEntry]
        }()

        public static func < (a: Kind, b: Kind) -> Bool { a.rawValue < b.rawValue }
        public static func == (a: Kind, b: Kind) -> Bool { a.rawValue == b.rawValue }
        public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
        public var description: String { rawValue }

        /// Every kind's name, for messages.
        static var names: String {
            Format.list(allCases.map(\.rawValue).sorted(), "or")
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
