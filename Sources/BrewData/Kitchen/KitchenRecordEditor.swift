import BrewKit
import Foundation

/// Changes fields of one kitchen recipe in the file that holds it (JSON or a CSV row), keeping
/// the rest of the file as it was, and writes the file atomically, or refuses with `check`'s
/// messages when the file would no longer pass it. Used by `kitchen archive`, `restore` and
/// `favourite` (MOD/SYS/013, TC-014, TC-120/121).
public enum KitchenRecordEditor {
    public struct Outcome: Sendable {
        /// The file rewritten.
        public var path: String
        /// Whether anything changed (false when the fields already had these values).
        public var changed: Bool
    }

    /// Sets `fields` (with `updatedAt` set to `now`) on the kitchen recipe `id` under `root`.
    public static func set(_ fields: [String: Bool], onRecipe id: String, root: String, now: Date = Date()) throws(CommandError) -> Outcome {
        let result = DataDirectoryReader(root: root).read()
        guard let located = result.validated.dataset.kitchenRecipes.first(where: { $0.value.id == id }) else {
            var message = "no kitchen recipe with id \"\(id)\" in \(root)/kitchen/recipes"
            if let near = Suggestion.closest(to: id, in: result.validated.dataset.kitchenRecipes.map(\.value.id)) { message += "; did you mean \"\(near)\"?" }
            throw CommandError(message)
        }
        let path = located.source.record.file
        let file = try RawDataFile.load(path: path, relativePath: path, folderKind: .kitchenRecipes)
        let current = located.value
        let unchanged = fields.allSatisfy { key, value in
            (key == "isArchived" && current.isArchived == value) || (key == "isFavourite" && current.isFavourite == value)
        }
        if unchanged { return Outcome(path: path, changed: false) }
        let stamp = ISO8601.string(from: now)
        let content: FileContent
        switch file.content {
        case .json(let value):
            func edit(_ record: JSONValue) -> JSONValue {
                guard record.text("id") == id else { return record }
                var edited = record
                for (key, flag) in fields.sorted(by: { $0.key < $1.key }) { edited = edited.setting(key, to: .bool(flag)) }
                return edited.setting("updatedAt", to: .string(stamp))
            }
            if case .array(let elements) = value { content = .json(.array(elements.map(edit))) } else { content = .json(edit(value)) }
        case .csv(var header, var rows):
            for key in fields.keys.sorted() + ["updatedAt"] where !header.contains(key) {
                header.append(key)
                for index in rows.indices { rows[index].append("") }
            }
            guard let idColumn = header.firstIndex(of: "id") else { throw CommandError.file(path, "the CSV has no id column") }
            for index in rows.indices where rows[index].count > idColumn && rows[index][idColumn] == id {
                for (key, flag) in fields { rows[index][header.firstIndex(of: key)!] = flag ? "true" : "false" }
                rows[index][header.firstIndex(of: "updatedAt")!] = stamp
            }
            content = .csv(header: header, rows: rows)
        }
        let bytes: [UInt8]
        do { bytes = try content.bytes() } catch { throw CommandError.file(path, "cannot write the file: \(error)") }
        // The file as it would be, read and checked on its own: any error refuses the change.
        let parsed = RecordFileParser.parse(bytes, path: path, kind: .kitchenRecipes)
        var diagnostics = parsed.diagnostics
        let drafts = parsed.kitchen.recipes.map { Located($0.recipe, source: $0.source) }
        diagnostics += KitchenValidator().diagnostics(for: drafts)
        let errors = diagnostics.filter { $0.severity == .error }
        if !errors.isEmpty {
            throw CommandError("the change would leave \(path) with errors; nothing was written", findings: errors)
        }
        do { try AtomicFile.write(bytes, to: path) } catch { throw error.commandError(then: "nothing was changed") }
        return Outcome(path: path, changed: true)
    }
}
