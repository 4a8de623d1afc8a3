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
        do {
            let snapshot = try DataSnapshot.load(root: dataOptions.data)
            switch format {
            case .json:
                let createdAt = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"].flatMap(Double.init).map(Date.init(timeIntervalSince1970:)) ?? Date()
                try AtomicFile.write(Archive.bytes(for: snapshot, toolVersion: BrewGuide.version, createdAt: createdAt), to: output)
            case .csv:
                try CSVExport.write(snapshot, to: output)
            }
            let counts = Archive.counts(of: snapshot).filter { $0.kind != "sessionFiles" && $0.kind != "kitchenFiles" }.map { "\($0.count) \($0.kind)" }.joined(separator: ", ")
            print("exported \(counts) to \(output)")
        } catch let error as RightsError {
            StandardError.write("error: \(error.message)\n")
            throw ExitCode(1)
        } catch let error as AtomicFile.Failure {
            StandardError.write("error: \(error.description)\n")
            throw ExitCode(1)
        }
    }

}
