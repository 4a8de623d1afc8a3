import ArgumentParser
import Foundation

/// `brewbench saves`: how long a save from the phone takes to reach its page under
/// `brewguide serve --edit`, in the first seconds after the first build and later (issue 40's
/// target: ≤ 300 ms at 10,000 logs). Each round starts `serve` afresh on a new copy of the journal.
struct SavesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "saves",
        abstract: "Time a brew saved through serve --edit (POST /_api/log) until its page shows it; print a Markdown table."
    )

    @Option(help: "The size of the synthetic journal, in logs (cached in --work as data-N).")
    var logs = 10_000

    @OptionGroup var shape: JournalShapeOptions

    @Option(help: "A journal to copy instead of the synthetic one (only read).")
    var data: String?

    @Option(help: "Rounds, each with a newly started serve; the table pools their saves.")
    var rounds = 3

    @Option(help: "The brewguide binary to measure.")
    var binary = ".build/release/brewguide"

    @Option(help: "Seconds after serve printed the --from line at which the early saves are posted, comma-separated.")
    var at = "0.5,1,2,5"

    @Option(help: "The line of serve the moments count from: built (the first build is served) or watching.")
    var from: ServeStartLines.Moment = .built

    @Option(help: "Saves after the early ones, each --later-gap seconds after the one before appeared.")
    var later = 10

    @Option(help: "Seconds after the --from line before the first later save.")
    var laterStart: Double = 10

    @Option(help: "Seconds between a later save's page appearing and the next save.")
    var laterGap: Double = 1

    @Option(help: "The target, in milliseconds from the POST to the page, each phase's longest save is held to.")
    var targetMilliseconds: Double = 300

    @Option(help: "Where the data (cached as data-N) and the rounds' copies go.")
    var work = "Benchmarks/work"

    @Option(help: "Write every save, with the machine's facts, to this JSON file.")
    var json: String?

    @Flag(help: "Keep the rounds' copies of the data and sites.")
    var keep = false

    var offsets: [Double]? {
        let entries = at.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        return entries.contains(nil) ? nil : entries.compactMap { $0 }
    }

    func validate() throws {
        guard let offsets, offsets.allSatisfy({ $0 >= 0 }), offsets == offsets.sorted() else { throw ValidationError("--at needs seconds in increasing order, like 0.5,1,2,5; found \"\(at)\"") }
        guard rounds > 0, logs > 0, later >= 0 else { throw ValidationError("--rounds and --logs must be at least 1, --later 0 or more") }
        guard FileManager.default.isExecutableFile(atPath: binary) else { throw ValidationError("no brewguide binary at \(binary); build it with swift build -c release --product brewguide") }
    }

    struct Report: Codable {
        var machine: MachineFacts
        var binary: String
        var logs: Int
        var shape: JournalShape
        var data: String
        var rounds: [ServedSaveProbe.Result]
        var phases: [SavePhaseSummary]
    }

    func run() throws {
        let runFolder = try WorkFolders.newRunFolder(under: work, name: "saves")
        var machine = MachineFacts.current(scratch: runFolder, binary: binary)
        Progress.say("brewbench saves: \(machine.processorCount) cores, load \(machine.loadAverageAtStart); brewguide \(machine.brewguideCommit.prefix(10)) (\(binary)); outputs in \(runFolder)")
        let journal: String
        if let data {
            journal = data
        } else {
            journal = WorkFolders.dataFolder(under: work, logs: logs, format: .json, shape: shape.shape)
            try SyntheticDataSet.ensure(logs: logs, seed: 1, format: .json, kitchenRecipes: 0, shape: shape.shape, at: journal)
        }
        var results: [ServedSaveProbe.Result] = []
        for round in 1...rounds {
            let probe = ServedSaveProbe(binary: binary, workFolder: "\(runFolder)/round\(round)", earlyOffsetsSeconds: offsets ?? [],
                                        laterSaves: later, laterStartSeconds: laterStart, laterGapSeconds: laterGap, round: round, from: from)
            let result = try probe.run(dataDirectory: journal)
            let times = result.saves.map { save in
                "\(save.phase): " + (save.pageSeconds.map { "\(Int(($0 * 1000).rounded())) ms" } ?? "never")
            }
            Progress.say("round \(round): \(from.rawValue) after \(String(format: "%.1f", result.startedAfterSeconds)) s; " + times.joined(separator: ", "))
            results.append(result)
            if !keep { try? FileManager.default.removeItem(atPath: "\(runFolder)/round\(round)/site") }
        }
        machine.loadAverageAtEnd = MachineFacts.loadAverage()
        let phases = SavePhaseSummary.summaries(of: results.flatMap(\.saves))
        if let json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try encoder.encode(Report(machine: machine, binary: binary, logs: logs, shape: shape.shape, data: journal, rounds: results, phases: phases))
                .write(to: URL(fileURLWithPath: json))
            Progress.say("wrote \(json)")
        }
        FileHandle.standardOutput.write(Data(SavePhaseSummary.markdown(phases, targetMilliseconds: targetMilliseconds, from: from.rawValue).utf8))
        if !keep { try? FileManager.default.removeItem(atPath: runFolder) }
    }
}

extension ServeStartLines.Moment: ExpressibleByArgument {}
