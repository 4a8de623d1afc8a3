import BrewKit
import Foundation

/// The files a merge or an import would write, held in memory at the paths they will have under
/// `root`: the journal's reader reads them as it reads the disk (`DataFileSource`), so what
/// would be written is checked by `check`'s own code, with no copy laid out anywhere.
///
/// Each file is a plain file within `DataFileBytes.maximumBytes` (over it, the same message as on
/// disk); the folders are those the files' paths pass through, and there are no links.
public struct InMemoryDataFiles: DataFileSource {
    /// The data directory the files are for, as its paths are shown.
    public let root: String
    private let bytesByPath: [String: [UInt8]]
    /// Each folder's names (files and folders), by the folder's path; the root's too.
    private let namesByFolder: [String: Set<String>]

    /// - Parameter files: each file's path relative to `root` and its bytes; a later one at the
    ///   same path replaces an earlier.
    public init(root: String, files: [(relativePath: String, bytes: [UInt8])]) {
        self.root = root
        var bytesByPath: [String: [UInt8]] = [:]
        var namesByFolder: [String: Set<String>] = [Self.key(root): []]
        for file in files {
            let path = (root as NSString).appendingPathComponent(file.relativePath)
            bytesByPath[path] = file.bytes
            var folder = root
            for name in file.relativePath.split(separator: "/").map(String.init) {
                namesByFolder[Self.key(folder), default: []].insert(name)
                folder = (folder as NSString).appendingPathComponent(name)
            }
        }
        self.bytesByPath = bytesByPath
        self.namesByFolder = namesByFolder
    }

    /// The files `DataDirectoryWriter` would write for `snapshot` into `root`.
    public init(root: String, snapshot: DataSnapshot) throws(CommandError) {
        let files: [(relativePath: String, bytes: [UInt8])]
        do {
            files = try DataDirectoryWriter.files(for: snapshot)
        } catch let error as CommandError {
            throw error
        } catch {
            throw CommandError("cannot lay out the data of \(root) to check it: \(error)")
        }
        self.init(root: root, files: files)
    }

    /// A folder's path without the slash it may end with, as folders are kept.
    private static func key(_ path: String) -> String {
        var path = path
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        return path
    }

    public func bytesIfPresent(_ path: String, expected: String) -> Result<[UInt8], DataFileBytes.Problem>? {
        if let bytes = bytesByPath[path] {
            guard bytes.count <= DataFileBytes.maximumBytes else {
                return .failure(DataFileBytes.Problem(diagnostic: .error(
                    "is \(DataFileBytes.sizeText(bytes.count)), more than the \(DataFileBytes.sizeText(DataFileBytes.maximumBytes)) \(expected) may be; split it into several files",
                    at: .file(path))))
            }
            return .success(bytes)
        }
        guard namesByFolder[Self.key(path)] != nil else { return nil }
        return .failure(DataFileBytes.Problem(diagnostic: .error(
            expected == DataFileBytes.dataFile ? "is a directory, not a data file; name folders without .json or .csv" : "is a directory, not \(expected)", at: .file(path))))
    }

    public func bytes(_ path: String) -> Result<[UInt8], DataFileBytes.Problem> {
        bytesIfPresent(path) ?? .failure(DataFileBytes.Problem(diagnostic: .error("is not among the files that would be written", at: .file(path))))
    }

    public func entry(at path: String) -> DataFileEntry? {
        if bytesByPath[path] != nil { return .file }
        return namesByFolder[Self.key(path)] != nil ? .folder : nil
    }

    public func isPlainFile(_ path: String) -> Bool {
        entry(at: path) == .file
    }

    public func entryExists(_ path: String) -> Bool {
        entry(at: path) != nil
    }

    public func names(inFolder path: String) -> [String]? {
        namesByFolder[Self.key(path)].map(Array.init)
    }

    public func walk(_ path: String, skippingIgnoredFolders: Bool) -> [DataFileWalkEntry]? {
        guard namesByFolder[Self.key(path)] != nil else { return nil }
        var found: [DataFileWalkEntry] = []
        func visit(_ folder: String, relative: String) {
            for name in (namesByFolder[Self.key(folder)] ?? []).sorted() {
                let child = (folder as NSString).appendingPathComponent(name)
                let childRelative = relative.isEmpty ? name : relative + "/" + name
                let isFolder = namesByFolder[Self.key(child)] != nil
                found.append(DataFileWalkEntry(relativePath: childRelative, entry: isFolder ? .folder : .file))
                if isFolder, !(skippingIgnoredFolders && EditorDroppings.isIgnored(name)) { visit(child, relative: childRelative) }
            }
        }
        visit(path, relative: "")
        return found
    }

    public func signature(at path: String) -> FileSignature? {
        guard let bytes = bytesByPath[path] else { return nil }
        var hasher = Hasher()
        hasher.combine(bytes)
        return FileSignature(device: 0, inode: UInt64(bitPattern: Int64(hasher.finalize())), sizeBytes: Int64(bytes.count), modifiedNanoseconds: 0, changedNanoseconds: 0)
    }

    /// The path itself when something is there: held in memory, no path passes through a link.
    public func realPath(_ path: String) -> String? {
        entry(at: path) != nil ? path : nil
    }
}
