import BrewData
import BrewKit
import Foundation

/// A recipe read from another app's export, before it becomes a kitchen recipe: what clipping
/// reads (`ClippedRecipe`, so it goes the same way to the kitchen's file) and what an app adds —
/// its own id for the recipe, ingredients it keeps in parts, a photo, when it was made.
public struct AppRecipe: Sendable {
    /// The app and its id for the recipe: `paprika:0E9F…`, `mealie:beef-stew`, `tandoor:sha256-…`.
    public var sourceId: String

    /// One "I made this" of the app: its own id for it (the cook log's id is made from it, so
    /// importing the same export again adds nothing), when, and its note.
    public struct Cooked: Sendable, Equatable {
        public var id: String
        public var at: Date
        public var note: String?

        public init(id: String, at: Date, note: String? = nil) {
            self.id = id
            self.at = at
            self.note = note
        }
    }
    /// Title, times, servings, category, ingredient lines, steps (section names as lines of
    /// their own), nutrition per serving, the source's web address, the description as caption.
    public var clipped = ClippedRecipe()
    /// Ingredients the app keeps in parts (quantity, unit, food, note); when set, they replace
    /// the split of `clipped.ingredientLines`, one for one.
    public var ingredientParts: [Ingredient]?
    /// The recipe's photo, as the export holds it.
    public var photo: Photo?
    public var createdAt: Date?
    /// The times the app says it was cooked ("I made this"), kept as cook logs (`kitchen/cooked.json`).
    public var cooked: [Cooked] = []
    /// Where in the input the recipe was read: the path to name in messages.
    public var origin: String

    public init(sourceId: String, origin: String) {
        self.sourceId = sourceId
        self.origin = origin
    }

    public struct Ingredient: Sendable, Equatable {
        public var amount: String
        public var name: String
        public var notes: String?

        public init(amount: String, name: String, notes: String? = nil) {
            self.amount = amount
            self.name = name
            self.notes = notes
        }

        /// As one line, for the clipped recipe's summary and the caption-like views.
        public var line: String { [amount, name].filter { !$0.isEmpty }.joined(separator: " ") + (notes.map { ", \($0)" } ?? "") }
    }

    public struct Photo: Sendable {
        public var bytes: [UInt8]
        /// `jpg`, `png`, `webp` …, from the bytes.
        public var fileExtension: String

        public init(bytes: [UInt8], fileExtension: String) {
            self.bytes = bytes
            self.fileExtension = fileExtension
        }

        /// A photo from its bytes, when they are an image the kitchen shows (JPEG, PNG, WebP, GIF).
        public static func sniffing(_ bytes: [UInt8]) -> Photo? {
            if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return Photo(bytes: bytes, fileExtension: "jpg") }
            if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return Photo(bytes: bytes, fileExtension: "png") }
            if bytes.starts(with: Array("GIF8".utf8)) { return Photo(bytes: bytes, fileExtension: "gif") }
            if bytes.count > 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) {
                return Photo(bytes: bytes, fileExtension: "webp")
            }
            return nil
        }
    }
}
