import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a command may put what it writes: the checks that keep `build --output`, `export
/// --output` and `import --into` from landing on a person's own files.
///
/// Rules (each check answers a refusal in words, or nil when the place is fine):
/// - Paths are compared after resolving symbolic links and `.`/`..`, so `./Data/../Data`, a link to
///   `Data` and its absolute path are one place; a path that does not exist yet is resolved through
///   its nearest existing ancestor.
/// - The root of the file system and the system's own folders (`/etc`, `/usr`, `/home`, …) and the
///   home folder itself are never a target.
/// - A site never goes into the data directory, around it, or onto a folder of templates it reads.
/// - A journal never goes inside another journal (a folder holding `preferences.json`,
///   `erasures.json`, or two of the data directory's folders), where the outer one would read it.
public enum WriteTarget {
    /// The folders of the system no command writes into as a whole.
    static let systemFolders: Set<String> = [
        "/", "/bin", "/boot", "/dev", "/etc", "/home", "/lib", "/lib32", "/lib64", "/libx32", "/media", "/mnt", "/opt",
        "/proc", "/root", "/run", "/sbin", "/srv", "/sys", "/tmp", "/usr", "/var", "/Users", "/System", "/Library",
        "/Applications", "/private", "/Volumes",
    ]

    /// The folders and files whose presence makes a folder a data directory.
    static let journalFiles = ["preferences.json", "erasures.json"]
    static let journalFolders = ["recipes", "logs", "sessions", "kitchen", "flows"]

    /// One absolute spelling of a path: `.`, `..` and symbolic links resolved. A path that does not
    /// exist is its nearest existing ancestor resolved, with the missing part appended.
    public static func resolved(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        let standardized = (absolute as NSString).standardizingPath
        var existing = standardized
        var missing: [String] = []
        while true {
            if let real = realpath(existing, nil) {
                let base = String(cString: real)
                free(real)
                return missing.reversed().reduce(base) { $0 == "/" ? "/" + $1 : $0 + "/" + $1 }
            }
            let parent = (existing as NSString).deletingLastPathComponent
            if parent == existing || parent.isEmpty { return standardized }
            missing.append((existing as NSString).lastPathComponent)
            existing = parent
        }
    }

    /// Whether `path` is `folder` or lies under it (both resolved).
    public static func isSame(_ path: String, orInside folder: String) -> Bool {
        path == folder || folder == "/" || path.hasPrefix(folder + "/")
    }

    /// Why `path` (resolved) may not be a target because the system owns it, or nil.
    public static func systemRefusal(_ path: String) -> String? {
        if path == "/" { return "is the root of the file system" }
        if systemFolders.contains(path) { return "is a folder of the system (\(path))" }
        if let home = ProcessInfo.processInfo.environment["HOME"], !home.isEmpty, resolved(home) == path {
            return "is your home folder"
        }
        return nil
    }

    /// Why `build --output OUTPUT` may not write there, or nil. The output may not exist yet.
    /// - Parameters:
    ///   - data: the data directory the site is built from.
    ///   - templates: the folders of templates the build reads (the user's and the default ones).
    public static func siteRefusal(output: String, data: String, templates: [String]) -> String? {
        if let refusal = placeRefusal(output: output, data: data, what: "the site", suggestion: "a folder for the site, such as Site") {
            return refusal
        }
        let site = resolved(output)
        for folder in templates {
            let templateFolder = resolved(folder)
            if isSame(site, orInside: templateFolder) || isSame(templateFolder, orInside: site) {
                return "the output \(output) \(site == templateFolder ? "is" : isSame(site, orInside: templateFolder) ? "is inside" : "holds") the templates folder \(folder); build into a folder of its own, such as Site"
            }
        }
        return nil
    }

    /// Why `export --output OUTPUT` may not write there, or nil.
    /// - Parameter overwritable: whether an existing file at the output may be replaced (an
    ///   earlier export archive); asked only for a regular file outside the data directory.
    public static func exportRefusal(output: String, data: String, overwritable: (String) -> Bool) -> String? {
        if let refusal = placeRefusal(output: output, data: data, what: "an export", suggestion: "a file such as export.json (or a new folder for csv)") {
            return refusal
        }
        let target = resolved(output)
        var status = stat()
        if lstat(target, &status) == 0, status.st_mode & S_IFMT == S_IFREG, !overwritable(target) {
            return "\(output) already exists and is not an earlier brewguide export; export never writes over other files. Choose a new name, or remove it first"
        }
        return nil
    }

    /// The refusals a site and an export share: an empty path, a system folder, the data directory,
    /// a place inside it or around it.
    static func placeRefusal(output: String, data: String, what: String, suggestion: String) -> String? {
        if output.trimmingCharacters(in: .whitespaces).isEmpty { return "the output path is empty; name \(suggestion)" }
        let target = resolved(output)
        if let system = systemRefusal(target) { return "the output \(output) \(system); name \(suggestion)" }
        let dataFolder = resolved(data)
        if isSame(target, orInside: dataFolder) {
            return "the output \(output) is \(target == dataFolder ? "the data directory" : "inside the data directory \(data)"); \(what) there would replace or mix with your records. Name \(suggestion), beside the data"
        }
        if isSame(dataFolder, orInside: target) {
            return "the output \(output) holds the data directory \(data); \(what) there would replace your records. Name \(suggestion), beside the data"
        }
        return nil
    }

    /// Why `import --into TARGET` (or `init TARGET`) may not make a journal there, or nil.
    public static func journalRefusal(target: String) -> String? {
        if target.trimmingCharacters(in: .whitespaces).isEmpty { return "the folder to import into is empty; name a new folder, such as MyData" }
        let folder = resolved(target)
        if let system = systemRefusal(folder) { return "\(target) \(system); import into a new folder of its own" }
        var ancestor = (folder as NSString).deletingLastPathComponent
        while !ancestor.isEmpty {
            if isJournal(ancestor) {
                return "\(target) is inside the data directory \(ancestor), which would read the imported files as its own. Import into a folder outside it, then combine them with: brewguide merge NEW --into \(ancestor)"
            }
            if ancestor == "/" { break }
            ancestor = (ancestor as NSString).deletingLastPathComponent
        }
        return nil
    }

    /// Whether a folder holds a journal: `preferences.json` or `erasures.json`, or two of the data
    /// directory's folders.
    public static func isJournal(_ folder: String) -> Bool {
        let manager = FileManager.default
        if journalFiles.contains(where: { manager.fileExists(atPath: folder + "/" + $0) }) { return true }
        var isDirectory: ObjCBool = false
        let folders = journalFolders.filter { manager.fileExists(atPath: folder + "/" + $0, isDirectory: &isDirectory) && isDirectory.boolValue }
        return folders.count >= 2
    }
}
