import Foundation

/// The machine and source tree a measurement was taken on.
struct MachineFacts: Codable, Sendable {
    var processorCount: Int
    var cpuModel: String
    var kernel: String
    var memoryTotalBytes: Int
    var date: String
    /// The commit the timed binary was built from, as its `--version` says (`c54290e21644`, with
    /// `-modified` when its tree had changes); where it says none, the last commit that changed
    /// brewguide's sources here (everything but Sources/brewbench).
    var brewguideCommit: String
    /// The commit checked out when measuring, and whether the work tree had changes.
    var headCommit: String
    var workTreeDirty: Bool
    /// `/proc/loadavg`'s 1, 5 and 15 minute averages when the run started and when it ended:
    /// other work on the machine (builds, tests) shows here and skews every time.
    var loadAverageAtStart: [Double]
    var loadAverageAtEnd: [Double]?

    static func loadAverage() -> [Double] {
        let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? ""
        return text.split(separator: " ").prefix(3).compactMap { Double($0) }
    }

    /// The commit in a `brewguide --version` line: `brewguide 0.1.0 (commit c54290e21644, static
    /// Swift runtime)` gives `c54290e21644`; nil when the line names none.
    static func commit(inVersionLine line: String) -> String? {
        guard let match = line.firstMatch(of: #/\(commit ([0-9a-f]{7,40}(?:-modified)?)[,)]/#) else { return nil }
        return String(match.output.1)
    }

    /// - Parameter binary: the brewguide binary timed, asked for the commit it was built from.
    static func current(scratch: String, binary: String) -> MachineFacts {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model = cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }?
            .split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown"
        let meminfo = (try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8)) ?? ""
        let memoryKiB = meminfo.split(separator: "\n").first { $0.hasPrefix("MemTotal:") }?
            .split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        let kernel = ((try? String(contentsOfFile: "/proc/sys/kernel/osrelease", encoding: .utf8)) ?? "unknown")
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let formatter = ISO8601DateFormatter()
        let git = { (arguments: [String]) in Self.output(["git"] + arguments, scratch: scratch) }
        return MachineFacts(
            processorCount: ProcessInfo.processInfo.activeProcessorCount,
            cpuModel: model, kernel: kernel, memoryTotalBytes: memoryKiB * 1024,
            date: formatter.string(from: Date()),
            brewguideCommit: commit(inVersionLine: output([binary, "--version"], scratch: scratch))
                ?? git(["log", "-1", "--format=%H", "--", "Sources", ":(exclude)Sources/brewbench", "Templates"]),
            headCommit: git(["rev-parse", "HEAD"]),
            workTreeDirty: !git(["status", "--porcelain", "--untracked-files=no"]).isEmpty,
            loadAverageAtStart: loadAverage(), loadAverageAtEnd: nil)
    }

    private static func output(_ arguments: [String], scratch: String) -> String {
        let prefix = (scratch as NSString).appendingPathComponent("git")
        guard let result = try? ChildProcess.measure(arguments, logPrefix: prefix), result.exitStatus == 0 else { return "unknown" }
        return result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
