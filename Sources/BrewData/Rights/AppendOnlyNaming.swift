import BrewKit
import Foundation

/// The ids of append-only records (brew logs) decided from what every copy holds, so that merges
/// in any order end with the same records under the same ids (issue 45: two copies that each
/// logged a brew in the same minute held three logs for two brews after two round trips).
///
/// Rules:
/// - A record is known by its claim: the id it was first written under (its base) and the
///   SHA-256 of its canonical JSON under that id. A `<base>-merged-<8 hex>` copy whose hex is the
///   start of the hash of its content under `<base>` claims `<base>`, at any depth, so a copy that
///   comes back to the copy it was made from is that record again, not a new one.
/// - Of the different records claiming one base, the earliest (its time, then the smaller hash:
///   the same on every copy) keeps the base; each other one is `<base>-merged-<8 hex of its
///   content under the base>`, as `merge` has always named the incoming copy. An id that is already
///   some record's base is never given to a copy: that copy is derived again from the taken id.
/// - The same claim held under two ids (a copy that came back before this rule) is one record.
struct AppendOnlyNaming<Record> {
    struct Claim: Hashable, Comparable {
        /// The id the record claims.
        var base: String
        /// The SHA-256 (hex) of its canonical JSON under `base`.
        var contentHash: String

        static func < (a: Claim, b: Claim) -> Bool { (a.base, a.contentHash) < (b.base, b.contentHash) }
    }

    /// The SHA-256 (hex) of the record's canonical JSON with its id set to the given one.
    let hash: (Record, String) -> String
    /// When the record was made (the earlier keeps a shared base).
    let time: (Record) -> Date

    /// The claim of `record`, held under `id`.
    func claim(of record: Record, id: String) -> Claim {
        var claim = Claim(base: id, contentHash: hash(record, id))
        while let range = claim.base.range(of: "-merged-", options: .backwards), range.lowerBound > claim.base.startIndex {
            let tail = claim.base[range.upperBound...]
            guard tail.count == 8, tail.allSatisfy(\.isHexDigit) else { break }
            let base = String(claim.base[..<range.lowerBound])
            let baseHash = hash(record, base)
            guard baseHash.hasPrefix(tail) else { break }
            claim = Claim(base: base, contentHash: baseHash)
        }
        return claim
    }

    /// The id each claim is kept under (`records`: one record of each claim).
    func ids(of records: [Claim: Record]) -> [Claim: String] {
        let groups = Dictionary(grouping: records.keys, by: \.base)
        var taken = Set(groups.keys)
        var ids: [Claim: String] = [:]
        for base in groups.keys.sorted() {
            let members = groups[base]!.sorted { a, b in
                let (timeA, timeB) = (time(records[a]!), time(records[b]!))
                return timeA != timeB ? timeA < timeB : a.contentHash < b.contentHash
            }
            ids[members[0]] = base
            for claim in members.dropFirst() {
                var id = Merger.derivedID(base, infix: "merged", hash: claim.contentHash)
                while taken.contains(id) { id = Merger.derivedID(id, infix: "merged", hash: hash(records[claim]!, id)) }
                taken.insert(id)
                ids[claim] = id
            }
        }
        return ids
    }
}
