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

    /// - Parameter synced: false for a scratch copy that is thrown away (merge's check), which
    ///   needs no fsync.
    public static func write(_ snapshot: DataSnapshot, into root: String, synced: Bool = true) throws(RightsError) {
        do {
            for (relative, bytes) in try files(for: snapshot) {
                let path = (root as NSString).appendingPathComponent(relative)
                if synced {
                    try AtomicFile.write(bytes, to: path)
                } else {
                    try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                    try Data(bytes).write(to: URL(fileURLWithPath: path))
                }
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
            throw RightsError("cannot write \(root): \(error)")
        }
    }
}
