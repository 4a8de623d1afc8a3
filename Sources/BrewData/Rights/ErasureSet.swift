import Foundation

/// The ids an erasure covers, for asking whether a record is erased.
///
/// Rules: an erasure of `kind/id` covers the id in every case (`Log-1` and `log-1` are one id to
/// a person, and a case twin from an old copy must not come back), and every copy `merge` made
/// of it: `<id>-merged-<hex>` and `<id>-conflict-<hex>`, at any depth.
public struct ErasureSet: Sendable {
    private var keys: Set<String> = []

    public init(_ records: [ErasureRecord]) {
        for record in records { keys.insert(Self.key(record.kind, record.id)) }
    }

    public init(kind: ErasureRecord.Kind, ids: some Sequence<String>) {
        for id in ids { keys.insert(Self.key(kind, id)) }
    }

    public var isEmpty: Bool { keys.isEmpty }

    /// Whether the record `kind/id` is erased: the id itself in any case, or a merge copy of an erased id.
    public func covers(_ kind: ErasureRecord.Kind, _ id: String) -> Bool {
        var candidate = id.lowercased()
        while true {
            if keys.contains("\(kind.rawValue)/\(candidate)") { return true }
            guard let base = Self.originalID(ofCopy: candidate) else { return false }
            candidate = base
        }
    }

    /// The id a merge copy was made from (`x-merged-1a2b3c4d` → `x`), nil for an id that is not a copy.
    public static func originalID(ofCopy id: String) -> String? {
        for infix in ["-merged-", "-conflict-"] {
            guard let range = id.range(of: infix, options: .backwards) else { continue }
            let tail = id[range.upperBound...]
            if tail.count == 8, tail.allSatisfy(\.isHexDigit), range.lowerBound > id.startIndex { return String(id[..<range.lowerBound]) }
        }
        return nil
    }

    private static func key(_ kind: ErasureRecord.Kind, _ id: String) -> String { "\(kind.rawValue)/\(id.lowercased())" }
}
