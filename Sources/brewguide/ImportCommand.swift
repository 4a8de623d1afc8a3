import ArgumentParser
import BrewData
import BrewKit
import Foundation

/// `brewguide import`: restores an archive into a new or empty data directory.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Restore an export archive into a new data directory.",
        discussion: "The archive is checked completely (syntax, schema version, checksum, ids) before anything is written; the data is written to a staging folder and moved into place. An existing, non-empty folder is refused: import into a new one and combine with `brewguide merge`."
    )

    @Argument(help: "The archive written by `brewguide export`.")
    var file: String

    @Option(name: .long, help: "The data directory to create (must not exist or be empty).")
    var into: String

    @Flag(help: "Show no progress line on a terminal.")
    var quiet = false

    func run() throws {
        // Refused before the lock is taken or anything beside the target is touched.
        if let refusal = WriteTarget.journalRefusal(target: into) {
            throw CommandError("\(refusal)\nnothing was written")
        }
        // A CSV export (a folder of tables, for reading) is not an archive: say which one is.
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: file, isDirectory: &isFolder)
        if exists && isFolder.boolValue || file.lowercased().hasSuffix(".csv") {
            throw CommandError.file(file, "is \(isFolder.boolValue ? "a folder" : "a CSV file"); only the JSON archive of `brewguide export` (its default, --format json) can be imported; a CSV export (--format csv) is for reading, not for restoring\nnothing was written")
        }
        guard let data = FileManager.default.contents(atPath: file) else {
            throw CommandError.file(file, exists ? "cannot be read (check its permissions); nothing was written"
                                                 : "no such file; expected the JSON archive that `brewguide export` writes; nothing was written")
        }
        let line = ProgressLine.forStandardError(quiet: quiet, startNanoseconds: DispatchTime.now().uptimeNanoseconds)
        do throws(CommandError) {
            let lock = try DataDirectoryLock.acquire(root: into, command: "brewguide import")
            defer { lock.release() }
            let snapshot: DataSnapshot
            do {
                // Cleared before anything else is printed, the error included.
                defer { line?.clear() }
                snapshot = try Importer.run(archive: [UInt8](data), name: file, into: into, fileMode: DataFileMode.of(file), progress: line?.workProgress)
            }
            let counts = Archive.counts(of: snapshot).filter { $0.kind != "sessionFiles" && $0.kind != "kitchenFiles" }.map { ExportCommand.phrase(count: $0.count, kind: $0.kind) }.joined(separator: ", ")
            // In export's words: "1 session, 1 preferences file, 8 kitchen recipes".
            print("imported \(counts) into \(into)")
        } catch {
            throw CommandError(error.reason + "\nnothing was written to \(into)", at: error.location, findings: error.findings)
        }
    }
}
