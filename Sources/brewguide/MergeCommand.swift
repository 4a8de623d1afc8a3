import ArgumentParser
import BrewData
import Foundation

/// `brewguide merge`: combines data directories without losing a record. A dry run unless `--yes`.
struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Merge data directories into one (dry run unless --yes).",
        discussion: "Logs and sessions are append-only; a recipe edited in two places keeps both versions (the older becomes a \"(Conflicted Copy)\"); erased ids stay erased. See docs/DATA-RIGHTS.md."
    )

    @Argument(help: "The data directories to merge from.")
    var sources: [String]

    @Option(name: .long, help: "The data directory to merge into.")
    var into: String

    @Option(name: .customLong("on-conflict"), help: "A recipe or kitchen recipe edited on both sides: both (keep both, the older as a conflicted copy), target (keep local) or source (keep remote).")
    var onConflict: Merger.ConflictPolicy = .both

    @Flag(help: "Write the merge; without it nothing changes.") var yes = false

    func run() throws {
        do {
            let target = try DataSnapshot.load(root: into)
            var snapshots: [DataSnapshot] = []
            for source in sources { snapshots.append(try DataSnapshot.load(root: source)) }
            let outcome = Merger.merge(snapshots, into: target, onConflict: onConflict)
            let report = outcome.report
            for line in report.added { print("added: \(line)") }
            for line in report.conflicted { print("conflicted: \(line)") }
            for line in report.skippedAsErased { print("skipped as erased: \(line)") }
            for line in report.notes { print("note: \(line)") }
            print("\(report.added.count) added, \(report.identical.count) identical, \(report.conflicted.count) conflicted, \(report.skippedAsErased.count) skipped as erased")
            guard yes else {
                print("dry run: nothing changed; add --yes to merge")
                return
            }
            try Merger.apply(outcome, root: into)
            print("merged into \(into)")
        } catch {
            StandardError.write("error: \(error.message)\n")
            throw ExitCode(1)
        }
    }
}

extension Merger.ConflictPolicy: ExpressibleByArgument {}
