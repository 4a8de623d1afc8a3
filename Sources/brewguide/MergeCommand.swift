import BrewKit
import ArgumentParser
import BrewData
import Foundation

/// `brewguide merge`: combines data directories without losing a record. A dry run unless `--yes`.
struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Merge data directories into one (dry run unless --yes).",
        discussion: "Logs are append-only; sessions and drink presets are one per id, last write wins by updatedAt, a session's entries merged entry by entry; the kitchen planner's plan slots, shopping items and snack presets merge by id, the later updatedAt winning and the other copy dropped and reported (inbox entries: the one further along, pending < failed < ready); a recipe edited in two places keeps both versions (the older becomes a \"(Conflicted Copy)\"); an erasure on any side is applied to the target. A merge that would leave the target invalid is refused before anything is written. See docs/DATA-RIGHTS.md."
    )

    @Argument(help: "The data directories to merge from.")
    var sources: [String]

    @Option(name: .long, help: "The data directory to merge into.")
    var into: String

    @Option(name: .customLong("on-conflict"), help: "A recipe or kitchen recipe edited on both sides: both (keep both, the older as a conflicted copy), target (keep local) or source (keep remote).")
    var onConflict: Merger.ConflictPolicy = .both

    @Flag(help: "Write the merge; without it nothing changes.") var yes = false

    @Flag(help: "Show no progress line on a terminal.") var quiet = false

    func run() throws {
        do {
            let lock = yes ? try DataDirectoryLock.acquire(root: into, command: "brewguide merge") : nil
            defer { lock?.release() }
            // A merge killed midway is finished first (`MergeJournal`), so its records are never left twice.
            if yes, let finished = try MergeJournal.finishInterrupted(root: into) {
                print(finished)
            } else if !yes, FileManager.default.fileExists(atPath: MergeJournal.path(root: into)) {
                print("note: an earlier merge into \(into) was interrupted; merge --yes finishes it before merging")
            }
            // Steps: each data directory read, the merge, and its check (with --yes, and writing).
            let line = ProgressLine.forStandardError(quiet: quiet, startNanoseconds: DispatchTime.now().uptimeNanoseconds)
            defer { line?.clear() }
            let steps = sources.count + 3
            var step = 0
            func stepDone() {
                step += 1
                line?.update(step, of: steps, .mergeSteps)
            }
            line?.update(0, of: steps, .mergeSteps)
            // Write stamps ahead of now would win every merge: said, at their place, before the report.
            var warnings: [Diagnostic] = []
            let now = RunClock.now()
            let target = try DataSnapshot.load(root: into, futureStampsAfter: now, warnings: &warnings)
            stepDone()
            var snapshots: [DataSnapshot] = []
            for source in sources {
                snapshots.append(try DataSnapshot.load(root: source, futureStampsAfter: now, warnings: &warnings))
                stepDone()
            }
            let outcome = Merger.leavingOccupiedImagePaths(Merger.merge(snapshots, into: target, onConflict: onConflict), root: into)
            stepDone()
            line?.clear(resumable: true)
            if !warnings.isEmpty { StandardError.write(DiagnosticPrinter.text(warnings)) }
            let report = outcome.report
            for line in report.added { print("added: \(line)") }
            for line in report.updated { print("updated: \(line)") }
            for line in report.conflicted { print("conflicted: \(line)") }
            for line in report.skippedAsErased { print("skipped as erased: \(line)") }
            for line in report.removedAsErased { print("removed as erased on a source: \(line)") }
            for line in report.dropped { print("older on a source: \(line)") }
            for line in report.notes { print("note: \(line)") }
            print("\(report.added.count) added, \(report.updated.count) updated, \(report.identical.count) identical, \(report.conflicted.count) conflicted, \(report.skippedAsErased.count) skipped as erased, \(report.removedAsErased.count) removed as erased"
                + (report.dropped.isEmpty ? "" : ", \(report.dropped.count) older on a source (the target's kept)"))
            line?.update(step, of: steps, .mergeSteps)
            guard yes else {
                if let reason = try Merger.refusal(of: outcome, root: into, now: now) { throw CommandError(reason) }
                line?.clear()
                print("dry run: nothing changed; add --yes to merge")
                return
            }
            try Merger.apply(outcome, target: target, root: into)
            line?.clear()
            print("merged into \(into)")
        }
    }
}

extension Merger.ConflictPolicy: ExpressibleByArgument {}
