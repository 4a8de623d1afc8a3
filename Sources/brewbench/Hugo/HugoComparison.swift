import Foundation

/// `hugo` and `brewguide build` on the same synthetic journal, alternating which goes first,
/// each into a fresh output folder.
struct HugoComparison {
    let hugo: String
    let binary: String
    let dataDirectory: String
    let hugoSource: String
    let folder: String
    let runs: Int
    /// When set, each timed run waits for a quiet disk first (see `DiskSettle`).
    let settle: DiskSettle?
    let progress: (String) -> Void

    struct ToolResult: Codable, Sendable {
        var tool: String
        var version: String
        var run = PhaseResult()
        var htmlPages = 0
        var files = 0
        var outputBytes = 0
    }

    func run(hugoVersion: String, brewguideVersion: String) throws -> [ToolResult] {
        try FileManager.default.createDirectory(atPath: folder + "/logs", withIntermediateDirectories: true)
        var hugoResult = ToolResult(tool: "hugo", version: hugoVersion)
        var brewguideResult = ToolResult(tool: "brewguide", version: brewguideVersion)
        for round in 0..<runs {
            let hugoFirst = round % 2 == 0
            for tool in hugoFirst ? ["hugo", "brewguide"] : ["brewguide", "hugo"] {
                let output = "\(folder)/\(tool)-\(round)"
                let arguments = tool == "hugo"
                    ? [hugo, "--quiet", "--source", hugoSource, "-d", output]
                    : [binary, "build", "--data", dataDirectory, "--output", output, "--keep-staging"]
                _ = settle?.wait()
                let measured = try ChildProcess.measure(arguments, logPrefix: "\(folder)/logs/\(tool)-\(round)")
                guard measured.exitStatus == 0 else {
                    throw BenchError("\(tool) exited with \(measured.exitStatus); see \(folder)/logs/\(tool)-\(round).err")
                }
                progress(String(format: "  %@ %d/%d: %.3f s wall, %.3f s CPU, %d MiB", tool, round + 1, runs,
                                measured.wallSeconds, measured.cpuSeconds, measured.peakResidentBytes / 1_048_576))
                if tool == "hugo" { hugoResult.run.samples.append(ProcessSample(measured)) } else { brewguideResult.run.samples.append(ProcessSample(measured)) }
            }
        }
        for index in 0..<2 {
            let tool = index == 0 ? "hugo" : "brewguide"
            let inventory = try SiteInventory(root: "\(folder)/\(tool)-0")
            let pages = inventory.files.filter { $0.relativePath.hasSuffix(".html") }.count
            if index == 0 {
                (hugoResult.htmlPages, hugoResult.files, hugoResult.outputBytes) = (pages, inventory.files.count, inventory.totalBytes)
            } else {
                (brewguideResult.htmlPages, brewguideResult.files, brewguideResult.outputBytes) = (pages, inventory.files.count, inventory.totalBytes)
            }
        }
        return [hugoResult, brewguideResult]
    }

    /// The `hugo` site for a journal, in `source`, made unless a matching one is there.
    static func ensureSource(_ journal: SyntheticJournal, at source: String) throws {
        let stamp = "generator \(SyntheticJournal.generatorVersion), \(journal.logCount) logs, seed \(journal.seed)\n"
        let stampPath = source + "/.brewbench-stamp"
        if (try? String(contentsOfFile: stampPath, encoding: .utf8)) == stamp { return }
        let partial = source + ".partial"
        try? FileManager.default.removeItem(atPath: partial)
        try FileTree.write(HugoSiteWriter.files(for: journal), under: partial)
        try stamp.write(toFile: partial + "/.brewbench-stamp", atomically: false, encoding: .utf8)
        try? FileManager.default.removeItem(atPath: source)
        try FileManager.default.moveItem(atPath: partial, toPath: source)
    }
}
