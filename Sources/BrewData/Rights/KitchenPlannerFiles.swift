import BrewKit
import Foundation

/// The kitchen planner's files as `export`, `import` and `merge` carry them: whole, as written
/// (`DataSnapshot.kitchenFiles`, the archive's `contents.kitchenFiles`), so an imported journal
/// holds the same files, format and member order included.
///
/// Rules:
/// - The files are those of `kinds`: every `.json` and `.csv` under `kitchen/plan/` (at any
///   depth), `kitchen/snacks.json`, `kitchen/shopping.json` and `.csv`, `kitchen/inbox.json`.
///   No other path is carried or accepted from an archive; each part of a plan file's path must
///   be a safe name (`isSafeName`: not empty, not hidden, so never `..`).
/// - A file's records are its JSON array's objects (or the lone object), its CSV rows, or the
///   inbox's `entries` when the inbox is written as `{"entries": [...]}`.
/// - Carried files, of every kind carried, are checked as `check` reads them (`errors(in:)`, with
///   `JournalFindings`) before an import writes them.
public enum KitchenPlannerFiles {
    /// The kinds whose files are carried whole in `DataSnapshot.kitchenFiles`: those whose
    /// declaration names the `kitchenFiles` archive member, in the registry's order.
    public static let kinds: [RecordKind] = RecordKinds.all.filter { $0.archiveMember == .kitchenFiles }.map { $0.kind }

    /// The kind of the file at `relative` (a path under the data directory), or nil when the path
    /// is not a place of the planner's files or is unsafe.
    public static func kind(ofPath relative: String) -> RecordKind? {
        for kind in kinds where kind.filePaths.contains(relative) { return kind }
        let parts = relative.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let lower = relative.lowercased()
        guard lower.hasSuffix(".json") || lower.hasSuffix(".csv") else { return nil }
        // A kind that owns a folder (the plan slots) owns every safe path under it.
        for kind in kinds {
            guard case .folder = kind.rules.place else { continue }
            let folder = kind.folderName.split(separator: "/").map(String.init)
            if parts.count > folder.count, parts.starts(with: folder), parts.dropFirst(folder.count).allSatisfy(isSafeName) { return kind }
        }
        return nil
    }

    /// A file or folder name that stays where it is put: not empty, not hidden (no leading `.`,
    /// which also rules out `.` and `..`), no `\\`, no control characters.
    static func isSafeName(_ name: String) -> Bool {
        !name.isEmpty && !name.hasPrefix(".") && !name.contains("\\") && !name.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }

    /// The planner's one-file kinds' files under `root` (the plan folder's files come from
    /// `RawDataFile.loadAll`), as written.
    static func loadFileKinds(root: String) throws(CommandError) -> [SessionFile] {
        var files: [SessionFile] = []
        for kind in kinds {
            for relative in kind.filePaths {
                let path = (root as NSString).appendingPathComponent(relative)
                guard FileManager.default.fileExists(atPath: path) else { continue }
                let file = try RawDataFile.load(path: path, relativePath: relative, folderKind: kind)
                files.append(SessionFile(relativePath: relative, content: file.content))
            }
        }
        return files
    }

    /// The records of a carried file.
    public static func records(of file: SessionFile) -> [JSONValue] {
        if case .json(let value) = file.content, value.members != nil, case .array(let entries)? = value["entries"],
           kind(ofPath: file.relativePath) == .kitchenInbox {
            return entries
        }
        return file.content.records
    }

    /// The records of a carried file as `PlannerRecord`s (records without an id are left out: `check` refuses them).
    public static func plannerRecords(of file: SessionFile) -> [PlannerRecord] {
        let fromCSV = if case .csv = file.content { true } else { false }
        return records(of: file).compactMap { PlannerRecord($0, fromCSV: fromCSV) }
    }

    /// The file with `records` in place of its records, in its own format: a JSON array (or the
    /// inbox's `entries` kept inside its object), or CSV rows under the file's header widened by
    /// any column a record adds.
    public static func replacingRecords(of file: SessionFile, with records: [PlannerRecord]) -> SessionFile {
        switch file.content {
        case .csv(let header, _):
            var columns = header
            for record in records { for column in record.columns where !columns.contains(column) { columns.append(column) } }
            let rows = records.map { record in columns.map { record.cell($0) } }
            return SessionFile(relativePath: file.relativePath, content: .csv(header: columns, rows: rows))
        case .json(let value):
            let values = JSONValue.array(records.map(\.jsonValue))
            if value.members != nil, value["entries"] != nil, kind(ofPath: file.relativePath) == .kitchenInbox {
                return SessionFile(relativePath: file.relativePath, content: .json(value.setting("entries", to: values)))
            }
            return SessionFile(relativePath: file.relativePath, content: .json(values))
        }
    }

    /// The errors `check` gives for the planner's files of `snapshot`, read with the rest of the
    /// snapshot as `check` reads a data directory (`JournalFindings`, so slots are checked against
    /// its kitchen recipes and snack presets) from the files `DataDirectoryWriter` would write,
    /// held in memory (`InMemoryDataFiles`) under `name`: each error is at its file's path there.
    public static func errors(in snapshot: DataSnapshot, name: String) -> [Diagnostic] {
        guard !snapshot.kitchenFiles.isEmpty else { return [] }
        let files: InMemoryDataFiles
        do throws(CommandError) {
            files = try InMemoryDataFiles(root: name, snapshot: snapshot)
        } catch {
            return [.error("cannot lay out the kitchen planner's files to check them: \(error.message)", at: .file(name))]
        }
        // Every carried file is checked as `check` reads it (`JournalFindings`: the data directory's
        // reader and validator, the planner's reader against the kitchen), whatever its kind.
        let read = JournalFindings.reading(root: name, source: files, now: Date())
        let carried = Set(snapshot.kitchenFiles.map { (name as NSString).appendingPathComponent($0.relativePath) })
        let diagnostics = read.mealPlan.diagnostics + read.findings.filter { carried.contains($0.location.file) }
        return diagnostics.filter { $0.severity == .error }.sortedByLocation().removingDuplicates()
    }
}
