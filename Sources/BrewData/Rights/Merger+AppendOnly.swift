import BrewKit
import Foundation

/// The ids merge derives for copies: `<id>-merged-<8 hex>` (append-only records, whose ids
/// `AppendOnlyNaming` decides) and `<id>-conflict-<8 hex>` (conflicted copies). Derived ids
/// depend only on content, so merging the same source again finds them identical.
extension Merger {
    /// The conflicted copy of a recipe: a new custom recipe with the same steps.
    public static func conflictedCopy(of recipe: Recipe) -> Recipe { recipe.conflictedCopy }

    /// `<id>-<infix>-<8 hex>`, cut so it stays within `RecordID.maximumLength`.
    public static func derivedID(_ id: String, infix: String, content: JSONValue) -> String {
        derivedID(id, infix: infix, hash: Archive.sha256(CanonicalJSON.bytes(content)))
    }

    /// `<id>-<infix>-<first 8 hex of hash>`, cut so it stays within `RecordID.maximumLength`.
    static func derivedID(_ id: String, infix: String, hash: String) -> String {
        let suffix = "-\(infix)-" + hash.prefix(8)
        var base = String(id.prefix(RecordID.maximumLength - suffix.count))
        while base.hasSuffix(".") { base.removeLast() }
        return base + suffix
    }
}
