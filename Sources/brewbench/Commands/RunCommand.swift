import ArgumentParser
import Foundation

struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Time brewguide build, rebuild, check and watch on synthetic journals; print a Markdown table."
    )

    @Option(help: "Journal sizes in logs, comma-separated.")
    var sizes = "1000,10000,100000"

    @Option(help: "Rounds per size; the tables show medians.")
    var runs = 3

    @Option(help: "The brewguide binary to measure.")
    var binary = ".build/release/brewguide"

    @Option(help: "Write every number, with the machine's facts, to this JSON file.")
    var json: String?

    @Option(help: "The seed of the synthetic data.")
    var seed: UInt64 = 1

    @Option(help: "json or csv data files.")
    var format: DataFormat = .json

    @Option(help: "Where data (cached as data-N) and the runs' output go.")
    var work = "Benchmarks/work"

    @Option(name: .customLong("kitchen-recipes"), help: "Kitchen recipes added to every size's journal (issue 14); 0 for none.")
    var kitchenRecipes = 0

    @Option(help: "Edits timed in watch mode per size (median); 0 skips watch mode.")
    var watchEdits = 5

    @Flag(inversion: .prefixedNo, help: "At the end, time the file-creation floor again right after deleting a site copy.")
    var deleteEffect = true

    @Option(help: ArgumentHelp("Before each round, wait (up to --quiet-timeout s) until other work keeps the machine at most this busy (0–1, e.g. 0.1).", valueName: "fraction"))
    var waitForQuiet: Double?

    @Option(help: "Seconds to wait for a quiet machine before going on anyway.")
    var quietTimeout: Double = 600

    @Flag(inversion: .prefixedNo, help: "Before each timed step, sync and wait until the disk has no writes or discards for 2 s.")
    var settle = true

    @Flag(help: "Keep the built sites and floors instead of deleting them at the end.")
    var keep = false

    /// The sizes asked for; nil when any entry is not a whole number (`10k`).
    var sizeList: [Int]? {
        let entries = sizes.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) }
        return entries.contains(nil) ? nil : entries.compactMap { $0 }
    }

    func validate() throws {
        guard let sizeList, !sizeList.isEmpty, sizeList.allSatisfy({ $0 > 0 }) else { throw ValidationError("--sizes needs positive whole numbers, like 1000,10000; found \"\(sizes)\"") }
        guard kitchenRecipes >= 0 else { throw ValidationError("--kitchen-recipes must be 0 or more") }
        guard runs > 0 else { throw ValidationError("--runs must be at least 1") }
        guard FileManager.default.isExecutableFile(atPath: binary) else { throw ValidationError("no brewguide binary at \(binary); build it with swift build -c release --product brewguide") }
    }

    func run() throws {
        let runFolder = try WorkFolders.newRunFolder(under: work, name: "run")
        var machine = MachineFacts.current(scratch: runFolder, binary: binary)
        Progress.say("brewbench run: \(machine.processorCount) cores, \(machine.cpuModel), load \(machine.loadAverageAtStart); brewguide \(machine.brewguideCommit.prefix(10)); outputs in \(runFolder)")
        var results: [SizeResult] = []
        var benchmarks: [(benchmark: SizeBenchmark, firstSite: SiteInventory?)] = []
        for logs in sizeList ?? [] {  // validate() made sure it parses
            let data = WorkFolders.dataFolder(under: work, logs: logs, format: format, kitchenRecipes: kitchenRecipes)
            let clock = MonotonicClock()
            try SyntheticDataSet.ensure(logs: logs, seed: seed, format: format, kitchenRecipes: kitchenRecipes, at: data)
            Progress.say("\(logs) logs: data in \(data) (ready in \(String(format: "%.1f", clock.elapsedSeconds)) s)")
            let benchmark = SizeBenchmark(
                binary: binary, logs: logs, kitchenRecipes: kitchenRecipes, seed: seed, format: format, runs: runs, dataDirectory: data,
                folder: "\(runFolder)/n\(logs)", watchEdits: watchEdits,
                quietMaximum: waitForQuiet, quietTimeoutSeconds: quietTimeout,
                settle: settle ? DiskSettle(folder: runFolder) : nil, progress: Progress.say)
            let (result, firstSite) = try benchmark.run()
            results.append(result)
            benchmarks.append((benchmark, firstSite))
        }
        if deleteEffect {
            Progress.say("deletion effect: deleting a site copy, then creating the floor again at once")
            for index in results.indices {
                guard let firstSite = benchmarks[index].firstSite else { continue }
                try benchmarks[index].benchmark.measureDeleteEffect(of: &results[index], firstSite: firstSite)
            }
        }
        machine.loadAverageAtEnd = MachineFacts.loadAverage()
        Progress.say("load average at the end: \(machine.loadAverageAtEnd ?? [])")
        let report = BenchmarkReport(machine: machine, binary: binary, runs: runs, seed: seed, sizes: results)
        if let json {
            try report.jsonData().write(to: URL(fileURLWithPath: json))
            Progress.say("wrote \(json)")
        }
        FileHandle.standardOutput.write(Data(ReportTables.markdown(report).utf8))
        if !keep {
            Progress.say("deleting \(runFolder)")
            try? FileManager.default.removeItem(atPath: runFolder)
        }
    }
}
