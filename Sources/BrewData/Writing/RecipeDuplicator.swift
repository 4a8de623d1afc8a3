import BrewKit
import Foundation

/// Duplicates a recipe (US-024, 004 `duplicate(_:)`): a custom copy with its own id, written as a
/// new JSON file in `recipes/`; the original stays as it is.
///
/// - The name is NAME, by default "<name> (copy)"; the id is made from it: lower-case letters and
///   digits, other characters as `-` (`My V60!` → `my-v60`), `-2`, `-3` … when it is taken (also
///   ignoring case) or would be a name the site uses, and `recipe` when nothing is left.
/// - `isStarter` false, `origin` custom, `createdAt` and `modifiedAt` now; the steps, defaults,
///   bloom ratio, pour split and card doses are the original's.
public struct RecipeDuplicator: Sendable {
    public struct Refusal: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    public struct Copy: Sendable {
        public var recipe: Recipe
        public var path: String
        public var bytes: [UInt8]
    }

    public let root: String

    public init(root: String) { self.root = root }

    public func duplicate(_ recipeId: String, name: String?, dataset: Dataset, now: Date = Date()) throws(Refusal) -> Copy {
        guard let original = dataset.recipes.first(where: { $0.value.id == recipeId })?.value else {
            var message = "no recipe with id \"\(recipeId)\" in \(root)"
            if let closest = Suggestion.closest(to: recipeId, in: dataset.recipes.map(\.value.id)) { message += "; did you mean \"\(closest)\"?" }
            throw Refusal(description: message)
        }
        let newName = (name ?? "\(original.name) (copy)").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !newName.isEmpty else { throw Refusal(description: "--name must not be empty (a recipe needs a name)") }
        let folder = (root as NSString).appendingPathComponent(RecordKind.recipes.folderName)
        let base = Self.id(from: newName)
        let fresh: FreshRecordID
        do {
            fresh = try FreshRecordID(kind: .recipe, takenIDs: dataset.recipes.map(\.value.id), root: root)
        } catch {
            throw Refusal(description: error.description)
        }
        let id = fresh.make(base: base, suffixed: { "\(base.prefix(RecordID.maximumLength - 4))-\($0)" }, isFreeElsewhere: {
            RecordID.problem(with: $0) == nil && !FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent("\($0).json"))
        })
        let date = Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down))
        var copy = original
        copy.id = id
        copy.name = newName
        copy.isStarter = false
        copy.origin = .custom
        copy.createdAt = date
        copy.modifiedAt = date
        let path = (folder as NSString).appendingPathComponent("\(id).json")
        return Copy(recipe: copy, path: path, bytes: CanonicalJSON.bytes(RecordEncoder.json(copy), sortKeys: false))
    }

    /// An id made from a name: `My V60!` → `my-v60`.
    public static func id(from name: String) -> String {
        var id = ""
        for scalar in name.lowercased().unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                id.unicodeScalars.append(scalar)
            } else if !id.isEmpty, !id.hasSuffix("-") {
                id += "-"
            }
        }
        while id.hasSuffix("-") { id.removeLast() }
        id = String(id.prefix(RecordID.maximumLength - 4))
        while id.hasSuffix("-") { id.removeLast() }
        return id.isEmpty ? "recipe" : id
    }
}
