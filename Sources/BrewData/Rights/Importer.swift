import BrewKit
import Foundation

/// Restores an archive into a data directory. Everything is checked first; the files are
/// written into a hidden staging folder beside the target, synced, and renamed into place,
/// so the target is either untouched or complete.
///
/// Policy: the target must not exist or must be an empty folder. Importing over existing
/// records could silently replace them, so it is refused; import into a new folder and
/// combine with `brewguide merge NEW --into DIR`, which keeps both versions of a conflict.
public enum Importer {
    /// - Parameters:
    ///   - fileMode: the permission bits of the restored files, and the matching folder mode (the
    ///     command gives the archive's own: a 0600 archive restores a 0700 folder of 0600 files);
    ///     nil for the process's default.
    ///   - progress: told how many records are checked, then written (a progress line).
    public static func run(archive bytes: [UInt8], name: String, into target: String, fileMode: mode_t? = nil, progress: WorkProgress? = nil) throws(CommandError) -> DataSnapshot {
        if let refusal = WriteTarget.journalRefusal(target: target) { throw CommandError(refusal) }
        var snapshot = try ArchiveReader.read(bytes, name: name, progress: progress)
        let erased = ErasureSet(snapshot.erasures)
        snapshot.recipes.removeAll { !$0.isStarter && erased.covers(.recipe, $0.id) }
        snapshot.logs.removeAll { erased.covers(.log, $0.id) }

        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: target, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw CommandError("\(target) is a file; import needs a new or empty folder") }
            let entries = (try? manager.contentsOfDirectory(atPath: target)) ?? []
            guard entries.isEmpty else {
                throw CommandError("\(target) is not empty; import never writes over existing data. Import into a new folder, then combine with: brewguide merge NEW --into \(target)")
            }
        }
        // Through URL: NSString's deletingLastPathComponent traps on a one-component relative path on Linux.
        let url = URL(fileURLWithPath: target).standardizedFileURL
        let absolute = url.path
        let parent = url.deletingLastPathComponent().path
        let staging = (parent as NSString).appendingPathComponent(".\(url.lastPathComponent).import-\(getpid())")
        try? manager.removeItem(atPath: staging)
        LeftoverFiles.removeDeadImportStaging(beside: absolute)
        do {
            try manager.createDirectory(atPath: staging, withIntermediateDirectories: true,
                                        attributes: fileMode.map { [.posixPermissions: Int(DataFileMode.folderMode(for: $0))] })
        } catch {
            throw CommandError("cannot create the staging folder \(staging): \(error.localizedDescription)")
        }
        do throws(CommandError) {
            try DataDirectoryWriter.write(snapshot, into: staging, fileMode: fileMode, progress: progress)
            guard rename(staging, absolute) == 0 else {
                throw CommandError("cannot move the imported data into \(target): \(String(cString: strerror(errno)))")
            }
            AtomicFile.syncFolder(parent)
        } catch {
            try? FileManager.default.removeItem(atPath: staging)
            throw error
        }
        return snapshot
    }
}
