import BrewKit
import Foundation

/// Where the journal's reader takes its files from: the disk (`DiskDataFiles`) or the files a
/// merge or an import would write (`InMemoryDataFiles`). Paths are the paths the files have (or
/// will have) in the data directory, so every finding names the place a person will open.
///
/// Everything the reader looks at goes through here: the listing of the kinds' folders, each
/// file's bytes (bounded and named by `DataFileBytes` on disk), the stamps that tell a changed
/// file (`FileSignature`), and what an image path leads to.
public protocol DataFileSource: Sendable {
    /// The bytes at `path`; nil when nothing at all is there; a problem (a folder, a pipe, too
    /// large, …) said in words at the path.
    func bytesIfPresent(_ path: String, expected: String) -> Result<[UInt8], DataFileBytes.Problem>?
    /// The bytes of a data file listed at `path`, as `DataFileBytes.read` gives them (a file
    /// gone since it was listed is a problem).
    func bytes(_ path: String) -> Result<[UInt8], DataFileBytes.Problem>
    /// What is at `path` (a symbolic link is followed), or nil when nothing is.
    func entry(at path: String) -> DataFileEntry?
    /// Whether a plain file, not a symbolic link, is at `path`.
    func isPlainFile(_ path: String) -> Bool
    /// Whether anything, even a symbolic link to nothing, is at `path`.
    func entryExists(_ path: String) -> Bool
    /// The names in the folder at `path`, unsorted; nil when there is no folder.
    func names(inFolder path: String) -> [String]?
    /// Every file and folder under the folder at `path`, relative to it; nil when there is no
    /// folder. Each entry is as it is, not followed (a symbolic link is `.other`). An editor's
    /// dropping (`EditorDroppings`) is listed, but with
    /// `skippingIgnoredFolders` nothing inside an ignored folder is.
    func walk(_ path: String, skippingIgnoredFolders: Bool) -> [DataFileWalkEntry]?
    /// What tells this version of the file at `path` from the next; nil when it is not there.
    func signature(at path: String) -> FileSignature?
    /// The path with every symbolic link followed, or nil when nothing is there.
    func realPath(_ path: String) -> String?
}

/// What is at a path of a `DataFileSource`.
public enum DataFileEntry: Sendable, Equatable {
    case file, folder, other
}

/// One entry of `DataFileSource.walk`: its path relative to the walked folder.
public struct DataFileWalkEntry: Sendable, Equatable {
    public var relativePath: String
    public var entry: DataFileEntry
}

extension DataFileSource {
    func bytesIfPresent(_ path: String) -> Result<[UInt8], DataFileBytes.Problem>? {
        bytesIfPresent(path, expected: DataFileBytes.dataFile)
    }
}
