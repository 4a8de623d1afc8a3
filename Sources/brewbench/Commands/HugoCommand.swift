import ArgumentParser
import Foundation

struct HugoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hugo",
        abstract: "Time hugo and brewguide build on the same synthetic journal (apt-get install -y hugo)."
    )

    @Option(help: "Logs in the journal.")
    var logs = 10_000

    @Option(help: "Rounds; each runs both tools, alternating which goes first.")
    var runs = 3

    @Option(help: "The brewguide binary.")
    var binary = ".build/release/brewguide"

    @Option(help: "The hugo binary.")
    var hugo = "hugo"

    @Option(help: "The seed of the synthetic data.")
    var seed: UInt64 = 1

    @Option(help: "Where data, the Hugo source and the outputs go.")
    var work = "Benchmarks/work"

    @Option(help: "Write every number to this JSON file.")
    var json: String?

    @Flag(inversion: .prefixedNo, help: "Before each timed run, sync and wait until the disk has no writes or discards for 2 s.")
    var settle = true

    @Flag(help: "Keep the built sites instead of deleting them at the end.")
    var keep = false

    func validate() throws {
        guard logs > 0 else { throw ValidationError("--logs must be at least 1") }
        guard runs > 0 else { throw ValidationError("--runs must be at least 1") }
    }

    func run() throws {
        let runFolder = try WorkFolders.newRunFolder(under: work, name: "hugo")
        let scratch = runFolder + "/versions"
        guard let hugoVersion = try? ChildProcess.measure([hugo, "version"], logPrefix: scratch), hugoVersion.exitStatus == 0 else {
            throw BenchError("hugo is not installed (apt-get install -y hugo), or --hugo names no program")
        }
        let data = WorkFolders.dataFolder(under: work, logs: logs, format: .json)
        try SyntheticDataSet.ensure(logs: logs, seed: seed, format: .json, kitchenRecipes: 0, at: data)
        let source = "\(work)/hugo-site-\(logs)"
        try HugoComparison.ensureSource(SyntheticJournal(logCount: logs, seed: seed), at: source)

        var machine = MachineFacts.current(scratch: runFolder, binary: binary)
        let hugoLine = hugoVersion.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        Progress.say("brewbench hugo: \(logs) logs, \(hugoLine), load \(machine.loadAverageAtStart); outputs in \(runFolder)")
        let absolute = { (path: String) in URL(fileURLWithPath: path).standardizedFileURL.path }
        let comparison = HugoComparison(hugo: hugo, binary: binary, dataDirectory: absolute(data), hugoSource: absolute(source),
                                        folder: absolute(runFolder), runs: runs,
                                        settle: settle ? DiskSettle(folder: runFolder) : nil, progress: Progress.say)
        let tools = try comparison.run(hugoVersion: Self.shortVersion(hugoLine), brewguideVersion: String(machine.brewguideCommit.prefix(10)))
        machine.loadAverageAtEnd = MachineFacts.loadAverage()
        let report = HugoReport(machine: machine, logs: logs, runs: runs, tools: tools)
        if let json { try report.jsonData().write(to: URL(fileURLWithPath: json)) }
        FileHandle.standardOutput.write(Data(report.markdown.utf8))
        if !keep { try? FileManager.default.removeItem(atPath: runFolder) }
    }

    /// `v0.111.3+extended` from `hugo v0.111.3+extended linux/amd64 BuildDate=…`.
    static func shortVersion(_ line: String) -> String {
        line.split(separator: " ").first { $0.hasPrefix("v") }.map(String.init) ?? line
    }
}
