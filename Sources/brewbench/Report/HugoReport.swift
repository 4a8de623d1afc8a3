import Foundation

/// The numbers of `brewbench hugo`, as written by `--json` and printed as a table.
struct HugoReport: Codable, Sendable {
    var machine: MachineFacts
    var logs: Int
    var runs: Int
    var tools: [HugoComparison.ToolResult]

    /// brewguide's median wall time over Hugo's (the target is at most 0.25).
    var wallRatio: Double? {
        guard let hugo = tools.first(where: { $0.tool == "hugo" })?.run.medianWallSeconds,
              let brewguide = tools.first(where: { $0.tool == "brewguide" })?.run.medianWallSeconds, hugo > 0 else { return nil }
        return brewguide / hugo
    }

    var markdown: String {
        var table = MarkdownTable(header: ["\(Shown.count(logs)) logs", "version", "HTML pages", "files", "output MiB", "wall s", "CPU s", "peak MiB"])
        for tool in tools {
            table.rows.append([
                tool.tool, tool.version, Shown.count(tool.htmlPages), Shown.count(tool.files),
                Shown.mebibytes(Double(tool.outputBytes)), Shown.seconds(tool.run.medianWallSeconds),
                Shown.seconds(tool.run.medianCPUSeconds), Shown.mebibytes(tool.run.medianPeakResidentBytes),
            ])
        }
        return table.text + "\nbrewguide ÷ hugo wall time: \(Shown.ratio(wallRatio)) (medians of \(runs) alternating runs; the issue's target is ≤ 0.25×)\n"
    }

    func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self)
    }
}
