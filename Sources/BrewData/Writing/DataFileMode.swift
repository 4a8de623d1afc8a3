import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The permission bits a new data file is given: those of the data files already beside it, so a
/// journal a person keeps private (its files 0600: night-out records are drinking records) does
/// not gain a file others can read.
///
/// Rules:
/// - A file that is replaced keeps its own mode and owner (`AtomicFile.write`); this is for a file
///   that does not exist yet (a new month's logs, a new session, an archive, an export).
/// - The mode is the one every data file found shares, or, when they differ, the bits all of them
///   have (0600 and 0644 give 0600): never more open than the most private one.
/// - Data files are the regular, visible files (not `.`-named: temporaries, locks) of the file's
///   folder; when it has none (a new year's folder), of its parent, then of the parent's parent,
///   which covers the data directory from its deepest files (`kitchen/recipes/x.json`).
/// - Nil when none is found: the process's default (0644 less the umask) then applies.
public enum DataFileMode {
    /// How many levels above the file's own folder are looked in.
    static let levelsAbove = 2
    /// How many files of one folder are looked at, so a folder of thousands costs no more.
    static let filesLooked = 16

    /// The mode for a new file in `folder`.
    public static func forNewFile(in folder: String) -> mode_t? {
        var current = folder.isEmpty ? "." : folder
        for _ in 0...levelsAbove {
            if let mode = shared(in: current) { return mode }
            guard let parent = parent(of: current) else { break }
            current = parent
        }
        return nil
    }

    /// The folder above `folder` as written (`Data` for `Data/logs`), nil for one without a `/`
    /// (`Data`) or for `/`: NSString's `deletingLastPathComponent` traps on a one-component
    /// relative path on Linux.
    static func parent(of folder: String) -> String? {
        var trimmed = Substring(folder)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard trimmed != "/", let slash = trimmed.lastIndex(of: "/") else { return nil }
        let parent = trimmed[..<slash]
        return parent.isEmpty ? "/" : String(parent)
    }

    /// The mode of the data directory's own files, for a file written outside it that holds its
    /// records (an export's archive or CSV files, an import's restored files keep the archive's).
    public static func ofDataFiles(in root: String) -> mode_t? {
        if let mode = shared(in: root) { return mode }
        for folder in ["logs", "recipes", "sessions", "kitchen", "kitchen/recipes"] {
            if let mode = shared(in: (root as NSString).appendingPathComponent(folder)) { return mode }
        }
        return nil
    }

    /// The mode of the file at `path` (its permission bits), nil when it cannot be read.
    public static func of(_ path: String) -> mode_t? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return status.st_mode & 0o777
    }

    /// The bits the regular visible files of `folder` all have; nil when it has none.
    static func shared(in folder: String) -> mode_t? {
        guard let directory = opendir(folder) else { return nil }
        defer { closedir(directory) }
        var mode: mode_t?
        var looked = 0
        while looked < filesLooked, let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            guard !name.hasPrefix(".") else { continue }
            var status = stat()
            guard lstat((folder as NSString).appendingPathComponent(name), &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
            looked += 1
            mode = (mode ?? 0o777) & status.st_mode & 0o777
        }
        return mode
    }

    /// A folder's mode for a file mode: each read bit gives the search bit (0600 → 0700, 0644 → 0755).
    public static func folderMode(for fileMode: mode_t) -> mode_t {
        fileMode | ((fileMode & 0o444) >> 2)
    }
}
