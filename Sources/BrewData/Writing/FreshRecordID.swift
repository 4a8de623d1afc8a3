import BrewKit

/// The id of a new record: its base (`log-20261121-0805`), or the base with `-2`, `-3` … — the
/// first that no record holds, in any case (so also on a disk that ignores case), and that was
/// never erased.
///
/// Why the erasure ledger counts: an erased id given to a new record is taken by the next merge
/// of an older copy for the erased one ("erased on a source") and removed, and the real record
/// ends up on neither copy (issue 45). So an id in `erasures.json` is never given out again.
public struct FreshRecordID: Sendable {
    public var kind: ErasureRecord.Kind
    /// The file keys (`RecordID.fileKey`) of the ids records hold.
    public var takenKeys: Set<String>
    public var erased: ErasureSet

    public init(kind: ErasureRecord.Kind, takenKeys: Set<String>, erased: ErasureSet) {
        self.kind = kind
        self.takenKeys = takenKeys
        self.erased = erased
    }

    /// Reads the data directory's erasure ledger for `erased`; an unreadable ledger throws, as it
    /// does for erase and merge (going on without it could give out an erased id).
    public init(kind: ErasureRecord.Kind, takenIDs: some Sequence<String>, root: String) throws(CommandError) {
        self.init(kind: kind, takenKeys: Set(takenIDs.map(RecordID.fileKey)), erased: ErasureSet(try ErasureLedger.load(root: root)))
    }

    /// Whether `id` can be given to a new record (`isFreeElsewhere` adds the caller's own rule:
    /// no file of that name).
    public func isFree(_ id: String, _ isFreeElsewhere: (String) -> Bool = { _ in true }) -> Bool {
        !takenKeys.contains(RecordID.fileKey(id)) && !erased.covers(kind, id) && isFreeElsewhere(id)
    }

    /// The first free id of `base`, `base-2`, `base-3` …; `suffixed` makes the numbered ones
    /// (a length bound may shorten the base).
    public func make(base: String, suffixed: (Int) -> String? = { _ in nil }, isFreeElsewhere: (String) -> Bool = { _ in true }) -> String {
        if isFree(base, isFreeElsewhere) { return base }
        var number = 2
        while true {
            let id = suffixed(number) ?? "\(base)-\(number)"
            if isFree(id, isFreeElsewhere) { return id }
            number += 1
        }
    }

    /// Marks `id` as taken, for a command that makes several records in one run.
    public mutating func take(_ id: String) {
        takenKeys.insert(RecordID.fileKey(id))
    }
}
