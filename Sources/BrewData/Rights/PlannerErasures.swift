import BrewKit
import Foundation

/// The erasures of the kitchen planner's records, for asking whether a copy is erased.
///
/// Rules: an erasure `plan-slot/x` made at time T covers a copy of slot `x` whose time (its kind's
/// merge timestamp: `updatedAt`, the inbox's `createdAt`) is missing or not after T. A copy changed
/// after T is a new record that reuses the id (`kitchen shopping --add` makes `item-1` again after
/// the list was erased) and is never covered. Ids compare exactly, as the planner's files do.
public struct PlannerErasures: Sendable {
    private var erasedAt: [String: Date] = [:]

    public init(_ records: [ErasureRecord]) {
        for record in records where record.kind.isTimed {
            let key = "\(record.kind.rawValue)/\(record.id)"
            if erasedAt[key].map({ record.erasedAt > $0 }) ?? true { erasedAt[key] = record.erasedAt }
        }
    }

    public var isEmpty: Bool { erasedAt.isEmpty }

    /// The ledger kind of a planner kind (its `EraseRule`), nil for other kinds.
    public static func ledgerKind(of kind: RecordKind) -> ErasureRecord.Kind? {
        if case .withEverything(let ledgerKind?) = kind.rules.erase, ledgerKind.isTimed { return ledgerKind }
        return nil
    }

    /// The member that dates a copy of `kind`: its merge rule's timestamp.
    public static func timestampField(of kind: RecordKind) -> String {
        switch kind.rules.merge {
        case .lastWriteWins(let field), .conflictedCopy(let field): field
        case .furthestAlong(_, _, let field): field
        case .appendOnly, .withOwner, .targetKeeps, .union: "updatedAt"
        }
    }

    /// Whether `record` of `kind` is covered by an erasure.
    public func covers(_ record: PlannerRecord, kind: RecordKind) -> Bool {
        guard let ledgerKind = Self.ledgerKind(of: kind), let time = erasedAt["\(ledgerKind.rawValue)/\(record.id)"] else { return false }
        guard let text = record.value.text(Self.timestampField(of: kind)), let changed = ISO8601.date(from: text.trimmingSpaces) else { return true }
        return changed <= time
    }
}
