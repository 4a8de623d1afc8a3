import BrewKit
import Foundation

/// Which of two different copies of one record is the later write, by a rule that is the same on
/// every copy, so that copies merged in any order agree (issue 45: stamps have whole seconds, and
/// a tie that went to the target let three copies written in one second end differently by
/// merge order).
///
/// Rules:
/// - The later stamp wins, compared as instants, to the fraction of a second a stamp carries
///   (`2026-11-24T08:00:00.250Z` is later than `…08:00:00Z`); a copy without a stamp is the oldest.
/// - On equal stamps (or none on either), the copy whose canonical bytes have the greater
///   SHA-256 wins: not the copy that happens to be the target.
/// - Two copies with the same bytes are the same write: neither is later.
enum WriteOrder {
    /// Whether the copy `a`, stamped `stampA`, is a later write than `b`, stamped `stampB`.
    static func isLater(_ stampA: Date?, _ a: @autoclosure () -> [UInt8], than stampB: Date?, _ b: @autoclosure () -> [UInt8]) -> Bool {
        let (first, second) = (stampA ?? .distantPast, stampB ?? .distantPast)
        if first != second { return first > second }
        return Archive.sha256(a()) > Archive.sha256(b())
    }

    /// The same for records held as JSON values: their canonical bytes.
    static func isLater(_ stampA: Date?, _ a: JSONValue, than stampB: Date?, _ b: JSONValue) -> Bool {
        isLater(stampA, CanonicalJSON.bytes(a), than: stampB, CanonicalJSON.bytes(b))
    }

    /// The same for ISO 8601 stamps as written; an unreadable one is missing.
    static func isLater(_ stampA: String?, _ a: JSONValue, than stampB: String?, _ b: JSONValue) -> Bool {
        isLater(stampA.flatMap(ISO8601.date(from:)), a, than: stampB.flatMap(ISO8601.date(from:)), b)
    }
}
