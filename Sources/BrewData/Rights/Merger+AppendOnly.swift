import BrewKit
import Foundation

/// Append-only records (`RecordKind.MergeRule.appendOnly`: brew logs): the same id and content is
/// kept once; the same id with different content keeps both, the incoming one under
/// `<id>-merged-<8 hex of its canonical JSON>`. Derived ids depend only on content, so merging
/// the same source again finds them identical.
extension Merger {
    static func appendOnly<Record: Equatable>(
        _ record: Record, id: String, kind: RecordKind, content: JSONValue, erased: ErasureSet,
        pool: inout [String: Record], outcome: inout Outcome, renamed: (String) -> Record
    ) {
        func isErased(_ id: String) -> Bool {
            guard case .byID(let ledgerKind) = kind.rules.erase else { return false }
            return erased.covers(ledgerKind, id)
        }
        if isErased(id) { outcome.report.skippedAsErased.append(.init(kind, id)); return }
        guard let existing = pool[id] else {
            pool[id] = record
            outcome.report.added.append(.init(kind, id))
            return
        }
        if existing == record || canonical(existing) == CanonicalJSON.bytes(content) {
            outcome.report.identical.append(.init(kind, id))
            return
        }
        let derived = derivedID(id, infix: "merged", content: content)
        let copy = renamed(derived)
        if isErased(derived) { outcome.report.skippedAsErased.append(.init(kind, id, " (as \(derived))")); return }
        if let present = pool[derived], present == copy {
            outcome.report.identical.append(.init(kind, id, " (already kept as \(derived))"))
            return
        }
        pool[derived] = copy
        outcome.report.conflicted.append(.init(kind, id, ": a different \(kind.mergeLabel) has this id; kept both, the incoming one as \(derived)"))
    }

    private static func canonical<Record>(_ record: Record) -> [UInt8] {
        switch record {
        case let log as BrewLog: CanonicalJSON.bytes(RecordEncoder.json(log))
        case let session as SessionRecord: CanonicalJSON.bytes(session.value)
        default: []
        }
    }

    /// The conflicted copy of a recipe: a new custom recipe with the same steps.
    public static func conflictedCopy(of recipe: Recipe) -> Recipe { recipe.conflictedCopy }

    /// `<id>-<infix>-<8 hex>`, cut so it stays within `RecordID.maximumLength`.
    public static func derivedID(_ id: String, infix: String, content: JSONValue) -> String {
        let suffix = "-\(infix)-" + Archive.sha256(CanonicalJSON.bytes(content)).prefix(8)
        var base = String(id.prefix(RecordID.maximumLength - suffix.count))
        while base.hasSuffix(".") { base.removeLast() }
        return base + suffix
    }
}
