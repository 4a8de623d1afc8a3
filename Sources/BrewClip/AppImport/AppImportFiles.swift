import BrewData
import Foundation

/// Reads what the user named — files, folders (walked, links not followed), zips (nested ones
/// unpacked) — into files in memory, within the import's budget. The only I/O of reading an export.
public enum AppImportFiles {
    /// The files read, and those that could not be (with the reason); a path that is neither file
    /// nor folder throws.
    public static func read(_ path: String, meter: AppImportMeter) throws(AppImportFailure) -> (files: [AppImportFile], skipped: [AppImportFailure]) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw AppImportFailure(path, "no such file or folder")
        }
        if isFolder.boolValue {
            var files: [AppImportFile] = []
            var skipped: [AppImportFailure] = []
            let base = URL(fileURLWithPath: path)
            guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: [.isRegularFileKey, .isSymbolicLinkKey]) else {
                throw AppImportFailure(path, "cannot list the folder")
            }
            for case let url as URL in walker {
                let relative = String(url.path.dropFirst(base.path.count)).trimmingCharacters(in: CharacterSet(charactersIn: "/"))
                let values = try? url.resourceValues(forKeys: [.isRegularFileKey, .isSymbolicLinkKey])
                if values == nil, !AppArchive.isClutter(relative) {
                    // Foundation shows a name's bytes that are not UTF-8 as U+FFFD, and cannot open it by that name.
                    let reason = relative.contains("\u{FFFD}") ? "cannot be read: its name is not UTF-8 (the bytes that are not are shown as \u{FFFD}); rename it and import again" : "cannot be read"
                    skipped.append(AppImportFailure((path as NSString).appendingPathComponent(relative), reason))
                    continue
                }
                guard values?.isRegularFile == true, values?.isSymbolicLink != true, !AppArchive.isClutter(relative) else { continue }
                do {
                    files += try file((path as NSString).appendingPathComponent(relative), meter: meter)
                } catch {
                    skipped.append(error)
                }
            }
            return (files, skipped)
        }
        return (try file(path, meter: meter), [])
    }

    /// One file; a zip is unpacked into its files.
    static func file(_ path: String, meter: AppImportMeter) throws(AppImportFailure) -> [AppImportFile] {
        try meter.countFile(path)
        let limit = meter.budget.maximumFileBytes
        guard let handle = FileHandle(forReadingAtPath: path) else { throw AppImportFailure(path, "cannot be read") }
        defer { try? handle.close() }
        // Read one byte past the limit: the size the file system gives is not trusted either.
        let data = (try? handle.read(upToCount: limit + 1)) ?? Data()
        if data.count > limit { throw AppImportFailure(path, "is larger than the \(limit / 1_048_576) MB one file may hold; not read") }
        try meter.count(bytes: data.count, in: path)
        let bytes = [UInt8](data)
        if AppArchive.isZip(bytes) { return try AppArchive.files(inZip: bytes, path: path, meter: meter) }
        return [AppImportFile(path: path, bytes: bytes)]
    }
}
