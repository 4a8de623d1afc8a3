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
/// 3. **Written**: the photo checked first (`GridImage.check`: its header's size within the pixel
///    budget, and decoded; else not kept, and said so), written as a pending file
///    (`KitchenPhotoFiles.Pending`), then the recipe to `kitchen/recipes/<id>.json`, atomically,
///    then the photo put in place at `kitchen/images/<id>.<ext>` (never over a file); if the recipe
///    cannot be written, its photo is removed. Every ingredient and step is kept, and the counts
///    said are those of the file written.
public struct KitchenAppImporter {
    public struct Outcome: Sendable {
        public enum Kind: Sendable, Equatable { case imported, alreadyHere, skipped }
        public var kind: Kind
        public var origin: String
        public var title: String
        /// The id written (or that would be), or the recipe already here.
        public var recipeId: String?
        public var message: String
        /// What the person should know about a recipe written: a photo not kept, no ingredients
        /// and no steps. Each a sentence, printed as `origin: warning: …`.
        public var warnings: [String] = []
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

    /// `meter`: the import's budget, whose time is checked while long steps are split.
    public mutating func importRecipe(_ original: AppRecipe, meter: AppImportMeter? = nil) -> Outcome {
        var recipe = original
        // A title is shown on pages and in the terminal: the controls that reorder text around them are left out.
        recipe.clipped.title = recipe.clipped.title.map(AppImportText.withoutBidirectionalControls)
        // The person's own recipe: every ingredient and step is kept (the data file's bounds apply).
        recipe.clipped.keepsEveryLine = true
        let title = recipe.clipped.title ?? "untitled"
        func outcome(_ kind: Outcome.Kind, _ id: String?, _ message: String) -> Outcome {
            Outcome(kind: kind, origin: recipe.origin, title: title, recipeId: id, message: message)
        }
        let fitted: [String]
        do {
            fitted = try recipe.fitBounds(meter: meter)
        } catch {
            return outcome(.skipped, nil, "not imported: \(error.reason)")
        }
        if let existing = sourceIds[recipe.sourceId] {
            return outcome(.alreadyHere, existing, "already here as kitchen recipe \"\(existing)\" (same source id \(recipe.sourceId)); skipped" + cooked(recipe, as: existing))
        }
        if let url = recipe.clipped.sourceUrl, let existing = sourceUrls[Self.urlKey(url)] {
            return outcome(.alreadyHere, existing, "already here as kitchen recipe \"\(existing)\" (same sourceUrl \(url)); skipped")
        }
        var warnings: [String] = []
        if let photo = recipe.photo {
            let size = "\(photo.fileExtension.uppercased()), " + (photo.bytes.count < 1024 ? "\(photo.bytes.count) bytes" : "\(photo.bytes.count / 1024) KB")
            switch GridImage.check(photo) {
            case .failure(let problem):
                recipe.photo = nil
                let kept = recipe.clipped.image.flatMap { KitchenValidator.isWebURL($0) ? $0 : nil }
                warnings.append("the photo in the export (\(size)) is not kept: \(problem.reason); " +
                                (kept.map { "the recipe keeps its web image \($0)" } ?? "the recipe has no photo"))
            case .success(let checked) where !checked.libgdSaid.isEmpty:
                warnings.append("the photo in the export (\(size), \(checked.header.width) × \(checked.header.height) pixels) is damaged but can be shown; kept as it is (libgd said: \(checked.libgdSaid.joined(separator: "; ")))")
            case .success:
                break
            }
        }
        let draft: Draft
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
        // The counts are those of the file written, never of what was read.
        var message = "\(dryRun ? "would write" : "wrote") \(draft.path) (\(Format.count(draft.ingredientCount, "ingredient")), \(Format.count(draft.stepCount, "step"))"
        if let photoPath = draft.photoPath { message += ", photo \(photoPath)" }
        message += ")"
        // What drafting mended or left out (`ClippedRecipe.repaired`), the nutrition figures not given among them.
        for note in fitted + draft.repairs { message += "\n  note: \(note)" }
        for warning in draft.warnings { message += "\n  \(warning)" }
        if draft.ingredientCount == 0, draft.stepCount == 0 {
            warnings.append("the recipe \(dryRun ? "would have" : "has") no ingredients and no steps: the export gave none (is it this app's export?)")
        }
        message += cooked(recipe, as: draft.id)
        var result = outcome(.imported, draft.id, message)
        result.warnings = warnings
        return result
    }

    /// A recipe file ready to write.
    struct Draft {
        var id: String
        var path: String
        var bytes: [UInt8]
        var photoPath: String?
        var warnings: [Diagnostic]
        /// What was mended to pass `check` (`ClippedRecipe.repaired`).
        var repairs: [String]
        var ingredientCount: Int
        var stepCount: Int
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
    func draft(_ recipe: AppRecipe) throws(CommandError) -> Draft {
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
        return Draft(id: kitchen.id, path: base.path, bytes: bytes, photoPath: photoPath, warnings: diagnostics.filter { $0.severity == .warning },
                     repairs: base.repairs, ingredientCount: kitchen.ingredients.count, stepCount: kitchen.steps.count)
    }

    func write(_ bytes: [UInt8], to path: String, photo: AppRecipe.Photo?, photoPath: String?) throws(CommandError) {
        if FileManager.default.fileExists(atPath: path) { throw CommandError("\(path) already exists; nothing was written") }
        // The photo and its small copy for the grid, pending until the recipe is written (`KitchenPhotoFiles`).
        var pending = KitchenPhotoFiles.Pending()
        if let photo, let photoPath { pending = try KitchenPhotoFiles.write(photo, to: photoPath, root: root) }
        do {
            try KitchenClipWriter.write(KitchenClipWriter.Draft(id: "", path: path, bytes: bytes, warnings: []))
        } catch {
            KitchenPhotoFiles.remove(pending.pendingPaths)
            throw error
        }
        try KitchenPhotoFiles.commit(pending)
    }
}

extension KitchenClipWriter {
    /// `draft` as a result, so a caller can keep going after a recipe that does not pass.
    static func draftResult(_ clipped: ClippedRecipe, root: String, category: KitchenCategory?, takenIDs: Set<String>, now: Date) -> Result<Draft, CommandError> {
        do { return .success(try draft(clipped, root: root, category: category, takenIDs: takenIDs, now: now, shell: false)) } catch { return .failure(error) }
    }
}
