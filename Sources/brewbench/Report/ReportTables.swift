import Foundation

/// The Markdown the runner prints: the main table, the stages of the full build and of the
/// rebuild, and the floor right after a deletion.
enum ReportTables {
    static func markdown(_ report: BenchmarkReport) -> String {
        var out = main(report.sizes).text
        out += "\n" + stages(report.sizes, title: "full build", phase: \.fullBuild).text
        out += "\n" + stages(report.sizes, title: "rebuild", phase: \.rebuild).text
        if report.sizes.contains(where: { $0.deleteEffect != nil }) {
            out += "\n" + deleteEffect(report.sizes).text
        }
        let notes = report.sizes.compactMap { size in size.watchNote.map { "- \(size.label) logs: \($0)" } }
        if !notes.isEmpty { out += "\n" + notes.joined(separator: "\n") + "\n" }
        return out
    }

    static func main(_ sizes: [SizeResult]) -> MarkdownTable {
        var table = MarkdownTable(header: [
            "logs", "pages", "build wall s", "build CPU s", "build peak MiB", "rebuild wall s", "rebuild CPU s",
            "rebuild peak MiB", "check wall s", "check peak MiB", "output files", "output MiB", "floor s",
            "build ÷ floor", "watch edit→page ms", "other work %",
        ])
        for size in sizes {
            table.rows.append([
                size.label, Shown.count(size.pages),
                Shown.seconds(size.fullBuild.medianWallSeconds), Shown.seconds(size.fullBuild.medianCPUSeconds),
                Shown.mebibytes(size.fullBuild.medianPeakResidentBytes),
                Shown.seconds(size.rebuild.medianWallSeconds), Shown.seconds(size.rebuild.medianCPUSeconds),
                Shown.mebibytes(size.rebuild.medianPeakResidentBytes),
                Shown.seconds(size.check.medianWallSeconds), Shown.mebibytes(size.check.medianPeakResidentBytes),
                Shown.count(size.output?.files), Shown.mebibytes(size.output.map { Double($0.bytes) }),
                Shown.seconds(size.medianFloorSeconds), Shown.ratio(size.buildToFloorRatio),
                size.watch.map { Shown.milliseconds($0.medianLatencySeconds) } ?? "n/a",
                median(size.busyBeforeRounds.filter { $0 >= 0 }).map { String(format: "%.0f", $0 * 100) } ?? "–",
            ])
        }
        return table
    }

    static func stages(_ sizes: [SizeResult], title: String, phase: KeyPath<SizeResult, PhaseResult>) -> MarkdownTable {
        var names: [String] = []
        for size in sizes {
            for stage in size[keyPath: phase].medianStages where !names.contains(stage.name) { names.append(stage.name) }
        }
        var table = MarkdownTable(header: ["logs (\(title), median ms)"] + names)
        for size in sizes {
            let stages = size[keyPath: phase].medianStages
            table.rows.append([size.label] + names.map { name in
                stages.first { $0.name == name }.map { String(format: "%.0f", $0.milliseconds) } ?? "–"
            })
        }
        return table
    }

    static func deleteEffect(_ sizes: [SizeResult]) -> MarkdownTable {
        var table = MarkdownTable(header: ["logs", "floor s", "rm -rf of a site copy s", "floor right after it s", "slowdown"])
        for size in sizes {
            guard let effect = size.deleteEffect else { continue }
            table.rows.append([
                size.label, Shown.seconds(size.medianFloorSeconds), Shown.seconds(effect.deleteSeconds),
                Shown.seconds(effect.floorAfterDeleteSeconds), Shown.ratio(effect.floorAfterDeleteRatio),
            ])
        }
        return table
    }
}
