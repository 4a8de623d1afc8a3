/// A record merged by id with the last write winning: meal-plan slots and shopping items
/// (issue 15, "Rights and watch").
public protocol LastWriteWinsRecord: Hashable, Sendable {
    var id: String { get }
    /// ISO 8601 (`2026-11-24T08:00:00Z`); nil counts as older than any time.
    var updatedAt: String? { get }
}

extension MealSlot: LastWriteWinsRecord {}
extension ShoppingItem: LastWriteWinsRecord {}

/// How `merge` combines plan slots, shopping items and snack presets (the rule
/// `RecordKind.mealPlanSlots`, `.shoppingItems` and `.snackPresets` state; `Merger` calls it):
/// - Records merge by id. An id only one side has is kept (added when it comes from a source).
/// - An id on both sides with the same content is kept once.
/// - An id on both sides with different content keeps the copy with the later `updatedAt`
///   (compared as instants; a copy without one is the oldest; on a tie the target's copy stays);
///   the other is dropped and reported.
/// - The target's records keep their order; added ones follow in source order.
/// - Merging the result with the same sources again changes nothing.
public enum LastWriteWinsMerge {
    public struct Outcome<Record: LastWriteWinsRecord>: Sendable {
        public var merged: [Record]
        public var added: [String] = []
        /// Ids whose copies differed: which copy was kept and which dropped.
        public var replaced: [(id: String, kept: Record, dropped: Record)] = []
    }

    public static func merge<Record: LastWriteWinsRecord>(_ sources: [[Record]], into target: [Record]) -> Outcome<Record> {
        merge(sources, into: target) { isLater($0.updatedAt, than: $1.updatedAt) }
    }

    /// The same merge with another order of copies: `supersedes(incoming, kept)` says whether the
    /// incoming copy replaces the one kept so far (the inbox: the entry further along wins).
    /// It must be a strict order (false for two equal copies), so that merging twice changes nothing.
    public static func merge<Record: LastWriteWinsRecord>(_ sources: [[Record]], into target: [Record],
                                                          supersedes: (Record, Record) -> Bool) -> Outcome<Record> {
        var outcome = Outcome<Record>(merged: target)
        var index: [String: Int] = [:]
        for (position, record) in target.enumerated() where index[record.id] == nil { index[record.id] = position }
        for source in sources {
            for record in source {
                guard let position = index[record.id] else {
                    index[record.id] = outcome.merged.count
                    outcome.merged.append(record)
                    outcome.added.append(record.id)
                    continue
                }
                let existing = outcome.merged[position]
                guard existing != record else { continue }
                if supersedes(record, existing) {
                    outcome.merged[position] = record
                    outcome.replaced.append((record.id, record, existing))
                } else {
                    outcome.replaced.append((record.id, existing, record))
                }
            }
        }
        return outcome
    }

    /// Whether `a` is strictly later than `b`; a missing or unreadable time is the oldest.
    public static func isLater(_ a: String?, than b: String?) -> Bool {
        let first = a.flatMap(ISO8601.date(from:)), second = b.flatMap(ISO8601.date(from:))
        switch (first, second) {
        case (let x?, let y?): return x > y
        case (.some, nil): return true
        default: return false
        }
    }
}
