import BrewKit
import Foundation

/// The data directory's files as they are on disk: every read bounded and named by
/// `DataFileBytes`, listings by `FileManager`, stamps by `FileSignature`.
public struct DiskDataFiles: DataFileSource {
    public init() {}

    public func bytesIfPresent(_ path: String, expected: String) -> Result<[UInt8], DataFileBytes.Problem>? {
        DataFileBytes.readIfPresent(path, expected: expected)
    }

    public func bytes(_ path: String) -> Result<[UInt8], DataFileBytes.Problem> {
        DataFileBytes.read(path)
    }

    public func entry(at path: String) -> DataFileEntry? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .folder
        default: return .other
        }
    }

    public func isPlainFile(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
    }

    public func entryExists(_ path: String) -> Bool {
        DataFileBytes.entryExists(path)
    }

    public func names(inFolder path: String) -> [String]? {
        try? FileManager.default.contentsOfDirectory(atPath: path)
    }

    public func walk(_ path: String, skippingIgnoredFolders: Bool) -> [DataFileWalkEntry]? {
        guard let enumerator = FileManager.default.enumerator(atPath: path) else { return nil }
        var found: [DataFileWalkEntry] = []
        while let relative = enumerator.nextObject() as? String {
            // `lstat`, as the enumerator sees entries (a link is neither a file nor a folder here),
            // and cheaper than its `fileAttributes`, which looks up the owner's name too.
            var status = stat()
            let mode = lstat((path as NSString).appendingPathComponent(relative), &status) == 0 ? status.st_mode & S_IFMT : 0
            let entry: DataFileEntry = mode == S_IFDIR ? .folder : mode == S_IFREG ? .file : .other
            found.append(DataFileWalkEntry(relativePath: relative, entry: entry))
            if skippingIgnoredFolders, entry == .folder, EditorDroppings.isIgnored((relative as NSString).lastPathComponent) { enumerator.skipDescendants() }
        }
        return found
    }

    public func signature(at path: String) -> FileSignature? {
        FileSignature(path: path)
    }

    public func realPath(_ path: String) -> String? {
        KitchenImageFiles.realPath(path)
    }
}
