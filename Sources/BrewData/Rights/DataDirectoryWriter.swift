import BrewKit
import Foundation

/// Writes a snapshot as a fresh data directory in one layout: `recipes/recipes.json`,
/// `logs/logs.json`, session files and the kitchen planner's files at their own paths,
/// `preferences.json`, `erasures.json`.
/// Every file is synced before this returns.
public enum DataDirectoryWriter {
    /// Every member's files (`ArchiveMember.files(of:)`).
    public static func files(for snapshot: DataSnapshot) throws -> [(relativePath: String, bytes: [UInt8])] {
        try ArchiveMember.allCases.flatMap { try $0.files(of: snapshot) }
    }

    /// - Parameters:
    ///   - synced: false for a scratch copy that is thrown away (merge's check), which needs no fsync.
    ///   - progress: told after each member's files how many records are written (`.writingRecords`).
    ///   - fileMode: the permission bits of every file (an import gives the archive's: a private
    ///     archive restores a private journal); nil for the process's default.
    public static func write(_ snapshot: DataSnapshot, into root: String, synced: Bool = true, fileMode: mode_t? = nil, progress: WorkProgress? = nil) throws(CommandError) {
        do {
            let total = ArchiveMember.allCases.reduce(0) { $0 + $1.elementCount(in: snapshot) }
            var written = 0
            progress?(.writingRecords, 0, total)
            // Member by member (`files(for:)`), so that the count moves as the files are made.
            for member in ArchiveMember.allCases {
                for (relative, bytes) in try member.files(of: snapshot) {
                    let path = (root as NSString).appendingPathComponent(relative)
                    if synced {
                        try AtomicFile.write(bytes, to: path, newFileMode: fileMode)
                    } else {
                        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                        try Data(bytes).write(to: URL(fileURLWithPath: path))
                    }
                }
                written += member.elementCount(in: snapshot)
                progress?(.writingRecords, written, total)
            }
            guard synced else { return }
            let fileFolders = RecordKind.fileKinds.map { $0.kind.folderName }.filter { !$0.isEmpty }
            for folder in Set(RecordKind.folderKinds.map(\.folderName) + fileFolders).sorted() {
                let path = (root as NSString).appendingPathComponent(folder)
                if FileManager.default.fileExists(atPath: path) { AtomicFile.syncFolder(path) }
            }
            AtomicFile.syncFolder(root)
        } catch let error as AtomicFile.Failure {
            throw error.commandError()
        } catch {
            throw CommandError("cannot write \(root): \(error)")
        }
    }
}
