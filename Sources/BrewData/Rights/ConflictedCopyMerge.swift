import BrewKit
import Foundation

/// A record merged under `RecordKind.MergeRule.conflictedCopy` (coffee recipes, kitchen recipes).
protocol ConflictedCopyRecord: Equatable, Sendable {
    var id: String { get }
    /// A copy that keeps its id whatever the times say, and is never replaced or erased (the starter recipe).
    var isPinned: Bool { get }
    /// The value of the rule's timestamp field (`modifiedAt`, `updatedAt`); nil counts as the oldest.
    func timestamp(_ field: String) -> Date?
    /// The record as a new one beside this: `<id>-conflict-<8 hex of its canonical JSON>`, named "… (Conflicted Copy)".
    var conflictedCopy: Self { get }
    /// The name the report gives the copy.
    var displayName: String { get }
    /// The record with the stamps of when it was written set aside: two copies equal in this
    /// hold the same content (two fresh journals' starters, made a second apart).
    var withoutWriteTimes: Self { get }
    /// The record with its marks (favourite, archived) and write times set aside: two copies equal
    /// in this differ only in marks a person set on one copy, which the later write decides.
    var withoutMarks: Self { get }
    /// The marks, as the report names them ("favourite, archived"; "no marks").
    var marksDescription: String { get }
    /// The record's canonical JSON, for the tie between two copies stamped alike (`WriteOrder`).
    var canonicalBytes: [UInt8] { get }
}

extension ConflictedCopyRecord {
    var withoutWriteTimes: Self { self }
    var withoutMarks: Self { withoutWriteTimes }
    var marksDescription: String { "no marks" }
}

/// The one routine for records edited on both sides that keep both copies (coffee recipes and
/// kitchen recipes, `RecordKind.MergeRule.conflictedCopy(timestampField:)`).
///
/// Rules:
/// - An id only a source has is added; the same content is kept once (content that differs only
///   in when it was written, `createdAt` and `modifiedAt`, counts as the same: the target's is kept).
/// - Content that differs only in marks (a kitchen recipe's favourite and archive) and write
///   times is one record changed on one copy: the later timestamp's copy is kept whole (on a
///   tie the one `WriteOrder` puts later, the same on every copy), under every `--on-conflict`, and no conflicted copy is made. Without a
///   common base, a mark changed on one copy and a real edit on the other still keep both.
/// - Different content, `--on-conflict both`: the copy with the later timestamp keeps the id (the
///   one `WriteOrder` puts later on a tie, and always the target's when either is pinned); the other becomes its conflicted copy,
///   unless that copy was erased or is already there.
/// - `--on-conflict target` keeps the target's copy; `source` takes the incoming one (never over a pinned one).
/// - An erased id (in any case, any copy of it) is not brought in, and the target loses its own.
enum ConflictedCopyMerge {
    /// - Returns: the records to write (added ones, incoming winners, conflicted copies), sorted by
    ///   id, and the ids of target records that leave the target's files (replaced or erased).
    static func merge<Record: ConflictedCopyRecord>(
        _ kind: RecordKind, timestampField: String, target: [Record], sources: [[Record]],
        policy: Merger.ConflictPolicy, erased: ErasureSet, report: inout MergeReport
    ) -> (written: [Record], replacedIDs: [String]) {
        func isErased(_ id: String) -> Bool {
            guard case .byID(let ledgerKind) = kind.rules.erase else { return false }
            return erased.covers(ledgerKind, id)
        }
        var pool = Dictionary(target.map { ($0.id, $0) }) { a, _ in a }
        let targetIDs = Set(target.map(\.id))
        var written: [String: Record] = [:]
        var replacedIDs: [String] = []
        func keep(_ record: Record) {
            pool[record.id] = record
            written[record.id] = record
        }
        for records in sources {
            for record in records {
                if isErased(record.id) { report.skippedAsErased.append(.init(kind, record.id)); continue }
                guard let existing = pool[record.id] else {
                    keep(record)
                    report.added.append(.init(kind, record.id))
                    continue
                }
                if existing == record || existing.withoutWriteTimes == record.withoutWriteTimes {
                    report.identical.append(.init(kind, record.id))
                    continue
                }
                if !existing.isPinned && !record.isPinned && existing.withoutMarks == record.withoutMarks {
                    // Marks set on one copy (`kitchen favourite`, `archive`): the later write wins.
                    let (incoming, kept) = (record.timestamp(timestampField), existing.timestamp(timestampField))
                    func stamp(_ date: Date?) -> String { date.map { "\(timestampField) \(ISO8601.string(from: $0))" } ?? "no \(timestampField)" }
                    // Each record is said once, by what happened to it: a copy that an earlier
                    // source's later one already replaced or added is not said again.
                    if WriteOrder.isLater(incoming, record.canonicalBytes, than: kept, existing.canonicalBytes) {
                        keep(record)
                        guard targetIDs.contains(record.id) else { continue }
                        if !replacedIDs.contains(record.id) { replacedIDs.append(record.id) }
                        let target = target.first { $0.id == record.id } ?? existing
                        let entry = MergeReport.Entry(kind, record.id, ": the copies differ only in their marks; took the later, incoming one (\(record.marksDescription), \(stamp(incoming))) over \(target.marksDescription) (\(stamp(target.timestamp(timestampField))))")
                        report.updated.removeAll { $0.subject == entry.subject && $0.id == entry.id }
                        report.updated.append(entry)
                        report.dropped.removeAll { $0.subject == entry.subject && $0.id == entry.id }
                    } else if written[record.id] == nil, !report.dropped.contains(where: { $0.subject == .record(kind) && $0.id == record.id }) {
                        report.dropped.append(.init(kind, record.id, ": the copies differ only in their marks; kept the target's copy (\(existing.marksDescription), \(stamp(kept))); dropped the incoming one (\(record.marksDescription), \(stamp(incoming)))"))
                    }
                    continue
                }
                if policy == .target || (policy == .source && existing.isPinned) {
                    report.conflicted.append(.init(kind, record.id, ": kept the target's version (--on-conflict \(policy.rawValue))"))
                    continue
                }
                if policy == .source {
                    keep(record)
                    if targetIDs.contains(record.id) { replacedIDs.append(record.id) }
                    report.conflicted.append(.init(kind, record.id, ": took the incoming version (--on-conflict source)"))
                    continue
                }
                let incomingWins = !existing.isPinned && !record.isPinned
                    && WriteOrder.isLater(record.timestamp(timestampField), record.canonicalBytes, than: existing.timestamp(timestampField), existing.canonicalBytes)
                let copy = (incomingWins ? existing : record).conflictedCopy
                if isErased(copy.id) {
                    report.skippedAsErased.append(.init(kind, record.id, " (its conflicted copy \(copy.id) was erased)"))
                } else if pool[copy.id] == copy {
                    report.identical.append(.init(kind, record.id, " (conflicted copy \(copy.id) already present)"))
                    if !incomingWins { continue }
                } else {
                    keep(copy)
                    report.conflicted.append(.init(kind, record.id, ": kept both; the \(incomingWins ? "target's" : "incoming") version is now \(copy.id) \"\(copy.displayName)\""))
                }
                if incomingWins {
                    keep(record)
                    if targetIDs.contains(record.id) { replacedIDs.append(record.id) }
                }
            }
        }
        for record in target where !record.isPinned && isErased(record.id) {
            report.removedAsErased.append(.init(kind, record.id))
            replacedIDs.append(record.id)
        }
        return (written.values.sorted { $0.id < $1.id }, replacedIDs)
    }
}

extension Recipe: ConflictedCopyRecord {
    var isPinned: Bool { isStarter }

    func timestamp(_ field: String) -> Date? {
        switch field {
        case "modifiedAt": modifiedAt
        case "createdAt": createdAt
        default: nil
        }
    }

    /// A new custom recipe with the same steps.
    var conflictedCopy: Recipe {
        var copy = self
        copy.id = Merger.derivedID(id, infix: "conflict", content: RecordEncoder.json(self))
        copy.name = name + " (Conflicted Copy)"
        copy.origin = .conflictedCopy
        copy.isStarter = false
        return copy
    }

    var displayName: String { name }

    var canonicalBytes: [UInt8] { CanonicalJSON.bytes(RecordEncoder.json(self)) }

    var withoutWriteTimes: Recipe {
        var copy = self
        copy.createdAt = .distantPast
        copy.modifiedAt = .distantPast
        return copy
    }
}

extension KitchenRecipe: ConflictedCopyRecord {
    var isPinned: Bool { false }

    func timestamp(_ field: String) -> Date? {
        switch field {
        case "updatedAt": updatedAt
        case "createdAt": createdAt
        default: nil
        }
    }

    /// The same recipe titled "… (Conflicted Copy)" (within the title's length).
    var conflictedCopy: KitchenRecipe {
        var copy = self
        copy.id = Merger.derivedID(id, infix: "conflict", content: KitchenRecordEncoder.json(self))
        copy.title = String((title + " (Conflicted Copy)").suffix(KitchenRecipe.maximumTitleLength))
        return copy
    }

    var displayName: String { title }

    var canonicalBytes: [UInt8] { CanonicalJSON.bytes(KitchenRecordEncoder.json(self)) }

    var withoutWriteTimes: KitchenRecipe {
        var copy = self
        copy.createdAt = nil
        copy.updatedAt = nil
        return copy
    }

    var withoutMarks: KitchenRecipe {
        var copy = withoutWriteTimes
        copy.isFavourite = false
        copy.isArchived = false
        return copy
    }

    var marksDescription: String {
        [isFavourite ? "favourite" : "not a favourite", isArchived ? "archived" : "not archived"].joined(separator: ", ")
    }
}
