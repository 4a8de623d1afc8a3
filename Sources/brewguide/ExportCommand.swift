import ArgumentParser
import BrewData
import BrewKit
import Foundation

/// `brewguide export`: everything the person owns as one JSON archive, or as CSV files.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export recipes, logs, sessions, the kitchen (recipes, plans, snacks, shopping list, inbox), preferences and erasure records (GDPR Art. 15 and 20).",
        discussion: "The JSON archive can be restored with `brewguide import`. The same data gives the same bytes apart from manifest.createdAt (set SOURCE_DATE_EPOCH to fix it too)."
    )

    enum Format: String, ExpressibleByArgument { case json, csv }

    @OptionGroup var dataOptions: DataOptions

    @Option(name: .long, help: "The archive file to write (json), or a new folder (csv).")
    var output: String

    @Option(help: "json (one archive) or csv (a folder of CSV files with a README).")
    var format: Format = .json

    func run() throws {
        if let refusal = WriteTarget.exportRefusal(output: output, data: dataOptions.data, overwritable: Self.isEarlierArchive) {
            throw CommandError("\(refusal)\nnothing was written")
        }
        do {
            // Read under the data directory's shared lock: never half of a merge or an erase.
            let lock = try DataDirectoryLock.acquireForReading(root: dataOptions.data, command: "brewguide export")
            let snapshot = try DataSnapshot.load(root: dataOptions.data)
            lock.release()
            switch format {
            case .json:
                let createdAt = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"].flatMap(Double.init).map(Date.init(timeIntervalSince1970:)) ?? Date()
                // The archive is as private as the data files it holds.
                try AtomicFile.write(Archive.bytes(for: snapshot, toolVersion: BrewGuide.version, createdAt: createdAt), to: output,
                                     newFileMode: DataFileMode.ofDataFiles(in: dataOptions.data))
            case .csv:
                try CSVExport.write(snapshot, to: output, fileMode: DataFileMode.ofDataFiles(in: dataOptions.data))
            }
            let counts = Archive.counts(of: snapshot).filter { $0.kind != "sessionFiles" && $0.kind != "kitchenFiles" }.map { Self.phrase(count: $0.count, kind: $0.kind) }.joined(separator: ", ")
            print("exported \(counts) to \(output)")
        } catch let error as AtomicFile.Failure {
            throw error.commandError()
        }
    }

    /// Whether the file at `path` is an archive an earlier export wrote, which a new export may
    /// replace: a JSON object whose manifest (the last member, keys being sorted) names the format.
    static func isEarlierArchive(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 1), head.first == UInt8(ascii: "{"),
              let size = try? handle.seekToEnd() else { return false }
        try? handle.seek(toOffset: size > 8192 ? size - 8192 : 0)
        guard let tail = try? handle.readToEnd() else { return false }
        let text = String(decoding: tail, as: UTF8.self)
        return text.range(of: #""manifest"\s*:\s*\{\s*(.|\n)*"format"\s*:\s*"brewguide-archive""#, options: .regularExpression) != nil
    }
}

extension ExportCommand {
    /// A count of a kind in words, as a person reads it: `1 recipe`, `8 kitchen recipes`,
    /// `0 kitchen inbox entries` (the kinds are named in the archive as `kitchenRecipes`).
    static func phrase(count: Int, kind: String) -> String {
        let (singular, plural): (String, String)
        switch kind {
        case "kitchenInbox": (singular, plural) = ("kitchen inbox entry", "kitchen inbox entries")
        case "preferences": (singular, plural) = ("preferences file", "preferences files")
        case "beans": (singular, plural) = ("bag of beans", "bags of beans")
        default:
            var words = ""
            for character in kind {
                if character.isUppercase { words += " " + character.lowercased() } else { words.append(character) }
            }
            plural = words
            singular = words.hasSuffix("s") ? String(words.dropLast()) : words
        }
        return "\(count) \(count == 1 ? singular : plural)"
    }
}
