import BrewKit
import Foundation

/// The data directory as it will be once a merge's planned changes are made: the files on disk,
/// with each planned file's bytes in its place and each file the merge removes gone. The
/// journal's reader reads it as it reads the disk (`DataFileSource`), so a merge is checked by
/// `check`'s own code, at the places its files will have, before anything is written.
public struct PlannedDataFiles: DataFileSource {
    private let disk = DiskDataFiles()
    private let written: InMemoryDataFiles
    private let writtenPaths: Set<String>
    private let removedPaths: Set<String>

    /// - Parameter changes: each file's path relative to `root` and the bytes it is left with
    ///   (nil: the file is removed), in the order they are made; a later change to a path wins.
    public init(root: String, changes: [(relativePath: String, bytes: [UInt8]?)]) {
        var latest: [String: [UInt8]?] = [:]
        for change in changes { latest[change.relativePath] = .some(change.bytes) }
        let kept = latest.compactMap { path, bytes in bytes.map { (relativePath: path, bytes: $0) } }
        written = InMemoryDataFiles(root: root, files: kept)
        writtenPaths = Set(kept.map { (root as NSString).appendingPathComponent($0.relativePath) })
        removedPaths = Set(latest.filter { $0.value == nil }.map { (root as NSString).appendingPathComponent($0.key) })
    }

    public func bytesIfPresent(_ path: String, expected: String) -> Result<[UInt8], DataFileBytes.Problem>? {
        if writtenPaths.contains(path) { return written.bytesIfPresent(path, expected: expected) }
        if removedPaths.contains(path) { return nil }
        return disk.bytesIfPresent(path, expected: expected)
    }

    public func bytes(_ path: String) -> Result<[UInt8], DataFileBytes.Problem> {
        if writtenPaths.contains(path) || removedPaths.contains(path) { return written.bytes(path) }
        return disk.bytes(path)
    }

    public func entry(at path: String) -> DataFileEntry? {
        if writtenPaths.contains(path) { return .file }
        if removedPaths.contains(path) { return nil }
        return disk.entry(at: path) ?? written.entry(at: path)
    }

    public func isPlainFile(_ path: String) -> Bool {
        if writtenPaths.contains(path) { return true }
        return !removedPaths.contains(path) && disk.isPlainFile(path)
    }

    public func entryExists(_ path: String) -> Bool {
        if writtenPaths.contains(path) { return true }
        return !removedPaths.contains(path) && (disk.entryExists(path) || written.entryExists(path))
    }

    public func names(inFolder path: String) -> [String]? {
        let onDisk = disk.names(inFolder: path), planned = written.names(inFolder: path)
        guard onDisk != nil || planned != nil else { return nil }
        let names = Set(onDisk ?? []).union(planned ?? [])
        return names.filter { !removedPaths.contains((path as NSString).appendingPathComponent($0)) }
    }

    public func walk(_ path: String, skippingIgnoredFolders: Bool) -> [DataFileWalkEntry]? {
        let onDisk = disk.walk(path, skippingIgnoredFolders: skippingIgnoredFolders)
        let planned = written.walk(path, skippingIgnoredFolders: skippingIgnoredFolders)
        guard onDisk != nil || planned != nil else { return nil }
        var seen: Set<String> = []
        var entries: [DataFileWalkEntry] = []
        for entry in (onDisk ?? []) + (planned ?? []) where seen.insert(entry.relativePath).inserted {
            if removedPaths.contains((path as NSString).appendingPathComponent(entry.relativePath)) { continue }
            entries.append(entry)
        }
        return entries
    }

    public func signature(at path: String) -> FileSignature? {
        if writtenPaths.contains(path) { return written.signature(at: path) }
        return removedPaths.contains(path) ? nil : disk.signature(at: path)
    }

    /// On disk, the real path; for a file or folder only the merge makes, the real path of the
    /// nearest folder on disk above it with the rest of the path after it.
    public func realPath(_ path: String) -> String? {
        if removedPaths.contains(path) { return nil }
        if let real = disk.realPath(path) { return real }
        guard written.entryExists(path) else { return nil }
        var folder = path
        var rest: [String] = []
        while !folder.isEmpty, folder != "/", disk.realPath(folder) == nil {
            rest.insert((folder as NSString).lastPathComponent, at: 0)
            folder = (folder as NSString).deletingLastPathComponent
        }
        guard let real = disk.realPath(folder.isEmpty ? "." : folder) else { return nil }
        return rest.reduce(real) { ($0 as NSString).appendingPathComponent($1) }
    }
}
