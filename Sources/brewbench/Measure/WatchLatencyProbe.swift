import Foundation

/// Measures `brewguide watch`: starts it on a copy of the data, waits for the first build, then
/// edits one log's note at a time (the month file written beside and renamed over, as an editor
/// saves) and times until the log's page on disk holds the new text.
struct WatchLatencyProbe {
    let binary: String
    let journal: SyntheticJournal
    let format: DataFormat
    /// A fresh folder for the copy of the data, the site and the logs of the run.
    let workFolder: String
    let edits: Int
    var initialBuildTimeoutSeconds = 1800.0
    var editTimeoutSeconds = 60.0

    struct Result: Codable, Sendable {
        var initialBuildSeconds: Double
        var latencySeconds: [Double]
        var timedOutEdits: Int
        var watcherPeakResidentBytes: Int?
        var medianLatencySeconds: Double? { median(latencySeconds) }
    }

    /// Whether `brewguide watch --help` succeeds and is the help of `watch` (ArgumentParser
    /// prints the general help, and exits 0, for a subcommand it does not know).
    static func isAvailable(binary: String, scratch: String) -> Bool {
        let prefix = (scratch as NSString).appendingPathComponent("watch-help")
        guard let help = try? ChildProcess.measure([binary, "watch", "--help"], logPrefix: prefix), help.exitStatus == 0 else { return false }
        return help.standardOutput.split(separator: "\n").contains { $0.contains("USAGE:") && $0.contains(" watch") }
    }

    func run(dataDirectory: String) throws -> Result {
        let data = workFolder + "/data"
        let site = workFolder + "/site"
        try FileManager.default.copyItem(atPath: dataDirectory, toPath: data)
        let months = journal.logsByMonth
        let targets = editTargets(in: months)

        let watcher = ChildProcess([binary, "watch", "--data", data, "--output", site],
                                   standardOutputPath: workFolder + "/watch.out", standardErrorPath: workFolder + "/watch.err")
        try watcher.start()
        do {
            var result = try measure(watcher: watcher, data: data, site: site, months: months, targets: targets)
            result.watcherPeakResidentBytes = watcher.stop()?.peakResidentBytes
            return result
        } catch {
            _ = watcher.stop()
            throw error
        }
    }

    private func measure(watcher: ChildProcess, data: String, site: String, months groups: [(month: String, logs: [SyntheticLog])],
                         targets: [(month: String, index: Int, log: SyntheticLog)]) throws -> Result {
        guard let first = targets.first else { throw BenchError("no log with a note to edit") }
        let clock = MonotonicClock()
        try waitUntil(timeout: initialBuildTimeoutSeconds, what: "the first build line of watch") {
            if watcher.poll() != nil { throw BenchError("watch ended early; see \(workFolder)/watch.err") }
            let printed = FileManager.default.contents(atPath: workFolder + "/watch.out") ?? Data()
            return printed.contains(UInt8(ascii: "\n")) && FileManager.default.fileExists(atPath: pagePath(site, first.log))
        }
        let initialBuild = clock.elapsedSeconds

        var months = Dictionary(uniqueKeysWithValues: groups.map { ($0.month, $0.logs) })
        let layout = DataDirectoryLayout(format: format)
        var latencies: [Double] = []
        var timedOut = 0
        for (number, target) in targets.enumerated() {
            usleep(300_000)  // let the watcher settle, as between two real saves
            if watcher.poll() != nil { throw BenchError("watch ended during the edits; see \(workFolder)/watch.err") }
            let marker = "benchmark\(number)x\(MonotonicClock.nowNanoseconds() % 1_000_000_000)"
            guard var logs = months[target.month] else { continue }
            logs[target.index].note = marker + " " + (logs[target.index].note ?? "")
            months[target.month] = logs
            let editClock = MonotonicClock()
            try FileTree.replace(layout.monthFile(month: target.month, logs: logs), under: data)
            let page = pagePath(site, target.log)
            let markerBytes = Data(marker.utf8)
            do {
                try waitUntil(timeout: editTimeoutSeconds, what: "the edit of \(target.log.id)") {
                    FileManager.default.contents(atPath: page)?.range(of: markerBytes) != nil
                }
                latencies.append(editClock.elapsedSeconds)
            } catch {
                timedOut += 1
            }
        }
        return Result(initialBuildSeconds: initialBuild, latencySeconds: latencies, timedOutEdits: timedOut, watcherPeakResidentBytes: nil)
    }

    /// The log's page: `logs/YYYY/MM/<id>.html` in the month of its brew (the generator writes UTC
    /// timestamps and no time zone, so that is its month file's month); `logs/<id>.html` in a site
    /// built before log pages were sharded by month, so a build of an older revision can be measured too.
    private func pagePath(_ site: String, _ log: SyntheticLog) -> String {
        let sharded = "\(site)/logs/\(log.timestamp.monthKey.replacingOccurrences(of: "-", with: "/"))/\(log.id).html"
        let flat = "\(site)/logs/\(log.id).html"
        return FileManager.default.fileExists(atPath: flat) && !FileManager.default.fileExists(atPath: sharded) ? flat : sharded
    }

    /// Logs with a note, spread over the journal, the last one in its newest month.
    private func editTargets(in groups: [(month: String, logs: [SyntheticLog])]) -> [(month: String, index: Int, log: SyntheticLog)] {
        var candidates: [(month: String, index: Int, log: SyntheticLog)] = []
        for group in groups {
            for (index, log) in group.logs.enumerated() where log.note != nil {
                candidates.append((group.month, index, log))
            }
        }
        // Each log at most once: a second marker on the same note could take it past its length limit.
        let count = min(edits, candidates.count)
        guard count > 0 else { return [] }
        return (1...count).map { step in candidates[min(candidates.count - 1, candidates.count * step / (count + 1))] }
    }

    /// Polls `condition` every millisecond until it holds.
    private func waitUntil(timeout: Double, what: String, _ condition: () throws -> Bool) throws {
        let clock = MonotonicClock()
        while try !condition() {
            if clock.elapsedSeconds > timeout { throw BenchError("timed out after \(Int(timeout)) s waiting for \(what)") }
            usleep(1_000)
        }
    }
}
