import ArgumentParser
import Foundation

struct TableCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "table",
        abstract: "Print the Markdown tables of a JSON file written by run --json or hugo --json."
    )

    @Argument(help: "The JSON file.")
    var file: String

    func run() throws {
        guard let data = FileManager.default.contents(atPath: file) else { throw BenchError("cannot read \(file)") }
        let decoder = JSONDecoder()
        if let report = try? decoder.decode(BenchmarkReport.self, from: data) {
            FileHandle.standardOutput.write(Data(ReportTables.markdown(report).utf8))
        } else {
            let report = try decoder.decode(HugoReport.self, from: data)
            FileHandle.standardOutput.write(Data(report.markdown.utf8))
        }
    }
}
