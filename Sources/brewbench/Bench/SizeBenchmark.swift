import Foundation

/// The measurements of one journal size: `runs` rounds of full build, rebuild, check and
/// file-creation floor, alternating their order from round to round, then watch latency.
/// Every output goes to a new folder; nothing is deleted here (see `RunCommand`).
struct SizeBenchmark {
    let binary: String
    let logs: Int
    let kitchenRecipes: Int
    let seed: UInt64
    let format: DataFormat
    let runs: Int
    let dataDirectory: String
    /// A fresh folder for this size's sites, floors and process logs.
    let folder: String
    let watchEdits: Int
    /// When set, each round waits until the machine is at most this busy with other work.
    let quietMaximum: Double?
    let quietTimeoutSeconds: Double
    /// When set, every timed step waits for a quiet disk first (see `DiskSettle`).
    let settle: DiskSettle?
    let progress: (String) -> Void
    /// Seconds spent in `settleDisk()`.
    let settledSeconds = SecondsTally()

    /// The measurements, and the listing of the first site built (for `measureDeleteEffect`).
    func run() throws -> (result: SizeResult, firstSite: SiteInventory?) {
        var result = SizeResult(logs: logs, format: format, kitchenRecipes: kitchenRecipes)
        try FileManager.default.createDirectory(atPath: folder + "/logs", withIntermediateDirectories: true)
        defer {
            if settle != nil { progress(String(format: "  waited %.0f s in all for a quiet disk before the timed steps", settledSeconds.value)) }
        }
        var inventory: SiteInventory?
        for round in 0..<runs {
            let busy = quietMaximum.map { IdleProbe.waitUntilQuiet(maximum: $0, timeoutSeconds: quietTimeoutSeconds, say: progress) } ?? IdleProbe.busyFraction(overSeconds: 0.5)
            result.busyBeforeRounds.append(busy ?? -1)
            progress(String(format: "  round %d/%d: machine %.0f %% busy with other work", round + 1, runs, (busy ?? 0) * 100))
            if round % 2 == 1, let inventory {
                result.floorSeconds.append(try floor(inventory, round: round))
                result.check.samples.append(try check(round: round))
            }
            let site = "\(folder)/site-\(round)"
            let full = try build(site, phase: "build", round: round)
            result.fullBuild.samples.append(ProcessSample(full))
            result.pages = result.pages ?? BuildLine(output: full.standardOutput)?.pages
            result.rebuild.samples.append(ProcessSample(try build(site, phase: "rebuild", round: round)))
            if inventory == nil {
                let listed = try SiteInventory(root: site)
                inventory = listed
                result.output = OutputSize(files: listed.files.count, folders: listed.folders.count,
                                           bytes: listed.totalBytes, allocatedBytes: listed.allocatedBytes)
            }
            if round % 2 == 0, let inventory {
                result.check.samples.append(try check(round: round))
                result.floorSeconds.append(try floor(inventory, round: round))
            }
        }
        try measureWatch(into: &result)
        result.diskSettleSeconds = settledSeconds.value
        result.summarize()
        return (result, inventory)
    }

    /// Deletes the first site copy, then at once creates the floor again: the cost of creating
    /// files right after a large deletion on this file system.
    func measureDeleteEffect(of result: inout SizeResult, firstSite inventory: SiteInventory) throws {
        settleDisk()
        result.diskSettleSeconds = settledSeconds.value
        let deleteClock = MonotonicClock()
        try FileManager.default.removeItem(atPath: "\(folder)/site-0")
        let deleteSeconds = deleteClock.elapsedSeconds
        let seconds = try FileCreationFloor.measure(inventory, into: "\(folder)/floor-after-delete")
        progress("  floor right after deleting a site copy (\(decimal(deleteSeconds)) s): \(decimal(seconds)) s")
        result.deleteEffect = DeleteEffect(
            deleteSeconds: deleteSeconds, floorAfterDeleteSeconds: seconds,
            floorAfterDeleteRatio: result.medianFloorSeconds.map { seconds / $0 })
    }

    private func build(_ site: String, phase: String, round: Int) throws -> ProcessMeasurement {
        settleDisk()
        let measured = try measure([binary, "build", "--data", dataDirectory, "--output", site, "--keep-staging"], name: "\(phase)-\(round)")
        progress("  \(phase) \(round + 1)/\(runs): \(decimal(measured.wallSeconds)) s wall, \(decimal(measured.cpuSeconds)) s CPU, \(measured.peakResidentBytes / 1_048_576) MiB")
        return measured
    }

    private func check(round: Int) throws -> ProcessSample {
        settleDisk()
        let measured = try measure([binary, "check", "--data", dataDirectory], name: "check-\(round)")
        progress("  check \(round + 1)/\(runs): \(decimal(measured.wallSeconds)) s wall, \(measured.peakResidentBytes / 1_048_576) MiB")
        return ProcessSample(measured)
    }

    private func floor(_ inventory: SiteInventory, round: Int) throws -> Double {
        settleDisk()
        let seconds = try FileCreationFloor.measure(inventory, into: "\(folder)/floor-\(round)")
        progress("  file-creation floor \(round + 1)/\(runs): \(decimal(seconds)) s for \(inventory.files.count) files")
        return seconds
    }

    private func settleDisk() {
        guard let settle else { return }
        settledSeconds.add(settle.wait())
    }

    private func measure(_ arguments: [String], name: String) throws -> ProcessMeasurement {
        let prefix = "\(folder)/logs/\(name)"
        let measured = try ChildProcess.measure(arguments, logPrefix: prefix)
        guard measured.exitStatus == 0 else {
            throw BenchError("\(arguments.joined(separator: " ")) exited with \(measured.exitStatus); see \(prefix).err")
        }
        return measured
    }

    private func measureWatch(into result: inout SizeResult) throws {
        guard watchEdits > 0 else {
            result.watchNote = "watch: not measured (--watch-edits 0)"
            return
        }
        guard WatchLatencyProbe.isAvailable(binary: binary, scratch: folder + "/logs") else {
            progress("  watch: not available")
            result.watchNote = "watch: not available (`brewguide watch --help` is not the help of a watch command)"
            return
        }
        let probe = WatchLatencyProbe(binary: binary, journal: SyntheticJournal(logCount: logs, seed: seed),
                                      format: format, workFolder: folder + "/watch", edits: watchEdits)
        try FileManager.default.createDirectory(atPath: folder + "/watch", withIntermediateDirectories: true)
        do {
            let watch = try probe.run(dataDirectory: dataDirectory)
            result.watch = watch
            let shown = watch.medianLatencySeconds.map { "\(Int(($0 * 1000).rounded())) ms" } ?? "none"
            progress("  watch: first build \(decimal(watch.initialBuildSeconds)) s, edit → page median \(shown), \(watch.timedOutEdits) timed out")
        } catch {
            result.watchNote = "watch failed: \(error)"
            progress("  \(result.watchNote ?? "")")
        }
    }

    private func decimal(_ seconds: Double) -> String {
        String(format: "%.3f", seconds)
    }
}
