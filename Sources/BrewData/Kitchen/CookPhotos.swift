import BrewKit
import Foundation

/// The photos cook logs name (`kitchen cooked --photo`, kept as `kitchen/images/<log id>.<ext>`):
/// files of the data directory as recipes' thumbnails are, under the same rules (`KitchenImageFiles`),
/// so the site copies them, `check` reports them, and export, import, merge and erase carry them
/// (`KitchenImage`) beside the cook logs of `kitchen/cooked.json`.
public enum CookPhotos {
    /// The photo paths (as files, normalised) `logs` name.
    public static func paths(of logs: [CookLog]) -> Set<String> {
        Set(logs.compactMap { $0.photo.flatMap(path(of:)) })
    }

    /// A `photo` field's file path, normalised; nil when it is not one (`KitchenThumbnail`'s rules).
    static func path(of photo: String) -> String? {
        guard case .file(let path)? = KitchenThumbnail(photo) else { return nil }
        return path
    }

    /// The photo paths the cook logs of `kitchen/cooked.json` under `root` name; none when the file
    /// is not there or does not parse (check reports that).
    public static func named(root: String, source: any DataFileSource = DiskDataFiles()) -> Set<String> {
        let file = (root as NSString).appendingPathComponent(CookLogsKind.file)
        guard case .success(let bytes)? = source.bytesIfPresent(file),
              let value = (try? JSONParser.parse(bytes, file: file)).map(JSONValue.init) else { return [] }
        switch value {
        case .array(let records): return named(inRecords: records)
        case .object: return named(inRecords: [value])
        default: return []
        }
    }

    /// The photo paths the cook logs of the files as the directory's reader read them name
    /// (`kitchen/cooked.json`'s records, kept as read); none when it is not there or does not parse.
    public static func named(inFiles files: [ParsedFile]) -> Set<String> {
        named(inRecords: files.filter { $0.kind == .cookLogs }.flatMap(\.rawRecords).map(JSONValue.init))
    }

    /// The photo paths the cook logs a snapshot carries (its `kitchen/cooked.json`) name.
    public static func named(in snapshot: DataSnapshot) -> Set<String> {
        named(inRecords: CookLogsKind.records(in: snapshot))
    }

    static func named(inRecords records: [JSONValue]) -> Set<String> {
        Set(records.compactMap { $0.text("photo").flatMap(path(of:)) })
    }

    /// The photo files found, by their path in the data directory (and site), to the real path to
    /// read; with a finding at the log's `photo` for each one that cannot be used, as for a
    /// thumbnail: not a file path (an error), not there (a warning: the cook is listed without
    /// it), leading out of the data directory or not a regular file (an error).
    public static func resolve(_ logs: [Located<CookLog>], root: String, source: any DataFileSource = DiskDataFiles(), diagnostics: inout [Diagnostic]) -> [String: String] {
        var found: [String: String] = [:]
        var realRoot: String?
        for located in logs {
            guard let text = located.value.photo else { continue }
            let location = located.source.location(of: "photo")
            guard let path = path(of: text) else {
                let problem = KitchenThumbnail.problem(with: text) ?? "is not an image file in the data directory, found \"\(text.prefix(80))\""
                diagnostics.append(.error("photo \(problem)", at: location))
                continue
            }
            if realRoot == nil { realRoot = source.realPath((root as NSString).standardizingPath) ?? root }
            switch KitchenImageFiles.check(path, root: root, realRoot: realRoot!, source: source) {
            case .found(let real):
                found[path] = real
            case .missing(let looked):
                diagnostics.append(.warning("photo \"\(path)\" is not in the data directory (looked for \(looked)); the cook is shown without it", at: location))
            case .outside(let real):
                diagnostics.append(.error("photo \"\(path)\" leads out of the data directory through a symbolic link (to \(real)); a photo must be a file inside it", at: location))
            case .notAFile:
                diagnostics.append(.error("photo \"\(path)\" is not a regular file (a folder, link to a device or pipe); expected an image file such as kitchen/images/cook-soup-20261112-1900.jpg", at: location))
            }
        }
        return found
    }
}
