import BrewData
import BrewKit
import Foundation

/// Turns recipes read from other apps into kitchen recipe files, one at a time, each whole or
/// not at all.
///
/// For each recipe, in order:
/// 1. **Already here?** A kitchen recipe with the same `sourceId`, or the same `sourceUrl`, is there
///    (or came earlier in this import): skipped, naming it. Nothing is ever overwritten.
/// 2. **Drafted as clipping drafts** (`KitchenClipWriter.draft`: a new id from the title, the
///    ingredient lines split into amount, name and notes, nutrition per serving × servings, the
///    category mapped, `check`'s rules), then the app's own parts put in: ingredients it keeps in
///    parts, `sourceId`, the photo's path, `createdAt`; encoded by `KitchenRecordEncoder` and
///    checked again as `check` would. A recipe that would not pass is skipped with the errors.
/// 3. **Written**: the photo to `kitchen/images/<id>.<ext>` (never over a file), then the recipe
///    to `kitchen/recipes/<id>.json`, atomically; if the recipe cannot be written, its photo is removed.
public struct KitchenAppImporter {
    public struct Outcome: Sendable {
        public enum Kind: Sendable, Equatable { case imported, alreadyHere, skipped }
        public var kind: Kind
        public var origin: String
        public var title: String
        /// The id written (or that would be), or the recipe already here.
        public var recipeId: String?
        public var message: String
    }

    public let root: String
    public let dryRun: Bool
    public let now: Date
    private var taken: Set<String>
    private var sourceIds: [String: String]
    private var sourceUrls: [String: String]

    public init(root: String, existing: [KitchenRecipe], dryRun: Bool, now: Date = Date()) {
        self.root = root
        self.dryRun = dryRun
        self.now = now
        taken = Set(existing.map(\.id))
        sourceIds = Dictionary(existing.compactMap { recipe in recipe.sourceId.map { ($0, recipe.id) } }) { first, _ in first }
        sourceUrls = Dictionary(existing.compactMap { recipe in recipe.sourceUrl.map { (Self.urlKey($0), recipe.id) } }) { first, _ in first }
    }

    /// A web address compared without its scheme, a `www.` or a trailing slash.
    static func urlKey(_ url: String) -> String {
        var key = url.lowercased()
        for prefix in ["https://", "http://"] where key.hasPrefix(prefix) { key.removeFirst(prefix.count) }
        if key.hasPrefix("www.") { key.removeFirst(4) }
        while key.hasSuffix("/") { key.removeLast() }
        return key
    }

    public mutating func importRecipe(_ original: AppRecipe) -> Outcome {
        var recipe = original
        let fitted = recipe.fitBounds()
        let title = recipe.clipped.title ?? "untitled"
        func outcome(_ kind: Outcome.Kind, _ id: String?, _ message: String) -> Outcome {
            Outcome(kind: kind, origin: recipe.origin, title: title, recipeId: id, message: message)
        }
        if let existing = sourceIds[recipe.sourceId] {
            return outcome(.alreadyHere, existing, "already here as kitchen recipe \"\(existing)\" (same source id \(recipe.sourceId)); skipped" + cooked(recipe, as: existing))
        }
        if let url = recipe.clipped.sourceUrl, let existing = sourceUrls[Self.urlKey(url)] {
            return outcome(.alreadyHere, existing, "already here as kitchen recipe \"\(existing)\" (same sourceUrl \(url)); skipped")
        }
        let draft: (id: String, path: String, bytes: [UInt8], photoPath: String?, warnings: [Diagnostic])
        do {
            draft = try self.draft(recipe)
        } catch {
            return outcome(.skipped, nil, "not imported: " + error.message.replacingOccurrences(of: "\n", with: "\n  "))
        }
        if !dryRun {
            do {
                try write(draft.bytes, to: draft.path, photo: recipe.photo, photoPath: draft.photoPath)
            } catch {
                return outcome(.skipped, nil, "not imported: \(error.message)")
            }
        }
        taken.insert(draft.id)
        sourceIds[recipe.sourceId] = draft.id
        if let url = recipe.clipped.sourceUrl { sourceUrls[Self.urlKey(url)] = draft.id }
        let ingredients = recipe.ingredientParts?.count ?? recipe.clipped.ingredientLines.count
        var message = "\(dryRun ? "would write" : "wrote") \(draft.path) (\(ingredients) ingredients, \(recipe.clipped.steps.count) steps"
        if let photoPath = draft.photoPath { message += ", photo \(photoPath)" }
        message += ")"
        for note in fitted { message += "\n  note: \(note)" }
        if let note = recipe.clipped.nutritionPerServing?.missingNote { message += "\n  note: \(note)" }
        for warning in draft.warnings { message += "\n  \(warning)" }
        message += cooked(recipe, as: draft.id)
        return outcome(.imported, draft.id, message)
    }

    /// The recipe's "I made this" events added to `kitchen/cooked.json` as cook logs of `id`
    /// (`cook-<app>-<event id>`: those already there are not added again); the line saying so.
    func cooked(_ recipe: AppRecipe, as id: String) -> String {
        guard !recipe.cooked.isEmpty else { return "" }
        let app = recipe.sourceId.split(separator: ":").first.map(String.init) ?? "app"
        let logs = recipe.cooked.map { made in
            CookLog(id: String("cook-\(app)-\(made.id)".prefix(RecordID.maximumLength)), recipeID: id, cookedAt: made.at, note: made.note)
        }
        if dryRun { return "\n  would add \(logs.count) cook log\(logs.count == 1 ? "" : "s") (made this)" }
        do {
            let added = try CookLogsKind.append(logs, root: root)
            return "\n  \(added.count) cook log\(added.count == 1 ? "" : "s") added (made this)\(added.count < logs.count ? ", \(logs.count - added.count) already there" : "")"
        } catch {
            return "\n  the cook logs (made this) were not added: \(error.message)"
        }
    }

    /// The recipe's file (and its photo's path), checked as `check` checks it.
    func draft(_ recipe: AppRecipe) throws(CommandError) -> (id: String, path: String, bytes: [UInt8], photoPath: String?, warnings: [Diagnostic]) {
        let clipped = KitchenClipWriter.draftResult(recipe.clipped, root: root, category: nil, takenIDs: taken, now: now)
        let base = try clipped.get()
        let parsed = RecordFileParser.parse(base.bytes, path: base.path, kind: .kitchenRecipes)
        guard var kitchen = parsed.kitchen.locatedRecipes.first?.value else { throw CommandError("the recipe could not be drafted") }
        if let parts = recipe.ingredientParts {
            kitchen.ingredients = parts.enumerated().map { index, part in
                KitchenIngredient(id: "i\(index + 1)", name: part.name, amount: part.amount, notes: part.notes?.nilIfEmpty)
            }
        }
        kitchen.sourceId = recipe.sourceId
        if let createdAt = recipe.createdAt { kitchen.createdAt = createdAt }
        var photoPath: String?
        if let photo = recipe.photo {
            photoPath = KitchenPhotoFiles.freePath(for: kitchen.id, fileExtension: photo.fileExtension, root: root)
            kitchen.thumbnail = photoPath
        }
        let bytes = FileContent.json(KitchenRecordEncoder.json(kitchen)).bytesOrEmpty
        let reparsed = RecordFileParser.parse(bytes, path: base.path, kind: .kitchenRecipes)
        var diagnostics = reparsed.diagnostics
        diagnostics += KitchenValidator().diagnostics(for: reparsed.kitchen.locatedRecipes)
        // The photo is not written yet: check's "file missing" warning does not apply.
        let errors = diagnostics.filter { $0.severity == .error }
        if !errors.isEmpty || reparsed.kitchen.locatedRecipes.count != 1 {
            throw CommandError("the recipe would not pass check; nothing was written", findings: errors)
        }
        return (kitchen.id, base.path, bytes, photoPath, diagnostics.filter { $0.severity == .warning })
    }

    func write(_ bytes: [UInt8], to path: String, photo: AppRecipe.Photo?, photoPath: String?) throws(CommandError) {
        if FileManager.default.fileExists(atPath: path) { throw CommandError("\(path) already exists; nothing was written") }
        var written: [String] = []
        // The photo and its small copy for the grid (`KitchenPhotoFiles`).
        if let photo, let photoPath { written = try KitchenPhotoFiles.write(photo, to: photoPath, root: root) }
        do {
            try KitchenClipWriter.write(KitchenClipWriter.Draft(id: "", path: path, bytes: bytes, warnings: []))
        } catch {
            KitchenPhotoFiles.remove(written)
            throw error
        }
    }
}

extension KitchenClipWriter {
    /// `draft` as a result, so a caller can keep going after a recipe that does not pass.
    static func draftResult(_ clipped: ClippedRecipe, root: String, category: KitchenCategory?, takenIDs: Set<String>, now: Date) -> Result<Draft, CommandError> {
        do { return .success(try draft(clipped, root: root, category: category, takenIDs: takenIDs, now: now, shell: false)) } catch { return .failure(error) }
    }
}
