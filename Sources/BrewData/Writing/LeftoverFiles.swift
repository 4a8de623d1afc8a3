import Foundation
import BrewKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a killed brewguide leaves behind: `AtomicFile`'s temporaries (`.NAME.PID-RANDOM.tmp`,
/// or `.NAME.PID.tmp`) and import's staging folders (`.TARGET.import-PID`). The next command
/// that writes there removes those whose process is gone.
///
/// Rules: only in a folder that is a journal (`WriteTarget.isJournal`), only once the command holds
/// its lock, only in the folders commands write into (`writtenFolders`), and only names of exactly
/// these shapes around a name brewguide writes there (`isWrittenName`: in the root the root's own
/// files, elsewhere a data file or a photo) are touched; a name whose pid is alive (or that the
/// system will not say about) stays; nothing outside the data directory is looked at. So
/// `.bashrc.4000002-7.tmp` in a home folder given as `--data` is never removed.
public enum LeftoverFiles {
    /// Whether a process with this id exists (signal 0 checks without signalling).
    public static func isAlive(_ pid: Int32) -> Bool {
        guard pid > 0 else { return false }
        return kill(pid, 0) == 0 || errno == EPERM
    }

    /// The pid in an `AtomicFile` temporary's name (`.NAME.PID-RANDOM.tmp`), or nil for any other name.
    /// - Parameter inRoot: whether the name is in the data directory's root, where NAME must be
    ///   one of the root's own files; nil to accept any NAME.
    public static func pidOfTemporary(_ name: String, inRoot: Bool? = nil) -> Int32? {
        guard name.hasPrefix("."), name.hasSuffix(".tmp") else { return nil }
        let stem = name.dropLast(4)
        guard let dot = stem.lastIndex(of: "."), dot > stem.index(after: stem.startIndex) else { return nil }
        let tail = stem[stem.index(after: dot)...]
        let parts = tail.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.count <= 10 && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              UInt32(parts[1]) != nil else { return nil }
        if let inRoot, !isWrittenName(String(stem[stem.index(after: stem.startIndex)..<dot]), inRoot: inRoot) { return nil }
        return Int32(parts[0])
    }

    /// Whether brewguide writes a file of this name (through `AtomicFile`): in the data
    /// directory's root its own files (`preferences.json`, `erasures.json`, the merge journal),
    /// in a folder a data file (`.json`, `.csv`) or a photo (`KitchenThumbnail.imageExtensions`).
    public static func isWrittenName(_ name: String, inRoot: Bool) -> Bool {
        if inRoot { return rootFileNames.contains(name) }
        let lower = name.lowercased()
        let fileExtension = (lower as NSString).pathExtension
        return lower.count > fileExtension.count + 1 && (["json", "csv"].contains(fileExtension) || KitchenThumbnail.imageExtensions.contains(fileExtension))
    }

    /// The files brewguide writes in the data directory's root.
    static var rootFileNames: Set<String> {
        var names: Set<String> = [MergeJournal.fileName]
        for kind in RecordKind.allCases {
            switch kind.rules.place {
            case .file(let file) where !file.contains("/"): names.insert(file)
            case .files(let files): names.formUnion(files.filter { !$0.contains("/") })
            case .file, .folder, .within: break
            }
        }
        return names
    }

    /// The folders of a data directory that commands write files into (`AtomicFile`), relative to
    /// it: its root ("") and each kind's folder and the folders of its files (`RecordKind`).
    public static var writtenFolders: [String] {
        var folders: [String] = [""]
        for kind in RecordKind.allCases {
            switch kind.rules.place {
            case .folder(let folder): folders.append(folder)
            case .file(let file): folders.append((file as NSString).deletingLastPathComponent)
            case .files(let files): folders += files.map { ($0 as NSString).deletingLastPathComponent }
            case .within: break
            }
        }
        // Merge and erase write the kitchen's thumbnails wherever under kitchen/ recipes name them.
        folders.append("kitchen")
        var seen: Set<String> = []
        let unique = folders.filter { seen.insert($0).inserted }
        // A folder under another listed one is scanned with it.
        return unique.filter { folder in folder.isEmpty || !unique.contains { !$0.isEmpty && folder.hasPrefix($0 + "/") } }
    }

    /// Removes the temporaries of dead processes from the folders of a data directory that
    /// commands write into (`writtenFolders`; a kind's folder with the folders under it, the root
    /// alone). Symbolic links are not followed; nothing else is looked at.
    /// - Returns: the paths removed.
    @discardableResult
    public static func removeDeadTemporaries(ofJournal root: String) -> [String] {
        guard WriteTarget.isJournal(root) else { return [] }
        var removed: [String] = []
        for folder in writtenFolders {
            let path = folder.isEmpty ? root : (root as NSString).appendingPathComponent(folder)
            removed += removeDeadTemporaries(in: path, recursive: !folder.isEmpty)
        }
        return removed
    }

    static func removeDeadTemporaries(in folder: String, recursive: Bool) -> [String] {
        var status = stat()
        guard lstat(folder, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { return [] }
        var removed: [String] = []
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return removed }
        for name in names {
            let path = (folder as NSString).appendingPathComponent(name)
            guard lstat(path, &status) == 0 else { continue }
            switch status.st_mode & S_IFMT {
            case S_IFDIR where recursive && !name.hasPrefix("."):
                removed += removeDeadTemporaries(in: path, recursive: true)
            case S_IFREG:
                guard let pid = pidOfTemporary(name, inRoot: !recursive), !isAlive(pid) else { continue }
                if unlink(path) == 0 { removed.append(path) }
            default:
                continue
            }
        }
        return removed
    }

    /// Removes the staging folders that dead imports into `target` left beside it.
    /// - Returns: the paths removed.
    @discardableResult
    public static func removeDeadImportStaging(beside target: String) -> [String] {
        let absolute = URL(fileURLWithPath: target).standardizedFileURL
        let folder = absolute.deletingLastPathComponent().path
        let prefix = ".\(absolute.lastPathComponent).import-"
        var removed: [String] = []
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where name.hasPrefix(prefix) {
            let digits = name.dropFirst(prefix.count)
            guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let pid = Int32(digits), !isAlive(pid) else { continue }
            let path = (folder as NSString).appendingPathComponent(name)
            if (try? FileManager.default.removeItem(atPath: path)) != nil { removed.append(path) }
        }
        return removed
    }
}
