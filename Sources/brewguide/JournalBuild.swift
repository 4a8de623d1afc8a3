import BrewData
import BrewKit
import BrewSite
import Foundation

/// Runs builds of a `JournalSite` and reports them as `build` and `watch` print them.
struct JournalBuild {
    let data: String
    let site: SiteOptions

    var settings: JournalSite.Settings {
        JournalSite.Settings(
            dataDirectory: data, defaultTemplatesDirectory: site.defaultTemplatesDirectory,
            templatesDirectory: site.templates, outputDirectory: site.output, baseURL: site.baseURL)
    }

    /// One full build, reported in full: diagnostics, then a line with the stage times.
    func run() -> JournalSite.Outcome {
        let start = DispatchTime.now().uptimeNanoseconds
        let journal = JournalSite(settings: settings, now: RunClock.provider)
        let outcome = build(journal, full: true, startNanoseconds: start)
        // The journal, its plan and data are left for the process's exit to reclaim: freeing the
        // millions of objects of a 100,000-log journal one by one took 0.4 s of CPU (issue 29),
        // and `build` ends right after this.
        KeptUntilExit.keep(journal)
        finish()
        var shown = ShownWarnings()
        report(outcome, startNanoseconds: start, verbose: true, shown: &shown)
        return outcome
    }

    /// One build of `journal`, with the progress line on a terminal while it renders (`ProgressLine`),
    /// cleared before anything else is printed.
    /// `shouldStop`: see `JournalSite.build(full:progress:shouldStop:)`.
    func build(_ journal: JournalSite, full: Bool, startNanoseconds: UInt64, shouldStop: (() -> Bool)? = nil,
               newerSaveWaiting: (() -> Bool)? = nil) -> JournalSite.Outcome {
        let line = ProgressLine.forStandardError(quiet: site.quiet, startNanoseconds: startNanoseconds)
        let outcome = journal.build(full: full, progress: line?.progress, shouldStop: shouldStop, newerSaveWaiting: newerSaveWaiting)
        line?.clear()
        return outcome
    }

    /// Ends a command that builds: nothing is left beside the output unless `--keep-staging` asks.
    func finish() {
        guard !site.keepStaging else { return }
        if !SiteTransaction.removeStagingCopy(of: site.output) {
            StandardError.write("warning: could not remove \(SiteTransaction.stagingPath(of: site.output)); it is safe to delete\n")
        }
    }

    /// Prints the diagnostics of a build and one line saying what it did. `watch` passes the
    /// warnings it has printed before (`ShownWarnings`): of those only their count is printed again.
    func report(_ outcome: JournalSite.Outcome, startNanoseconds: UInt64, verbose: Bool, shown: inout ShownWarnings) {
        let (printable, repeated) = site.quiet ? (outcome.diagnostics.filter { $0.severity == .error }, 0) : shown.sift(outcome.diagnostics)
        StandardError.write(DiagnosticPrinter.text(printable) + (ShownWarnings.note(repeated: repeated) ?? ""))
        let milliseconds = Int((DispatchTime.now().uptimeNanoseconds - startNanoseconds) / 1_000_000)
        if let failure = outcome.writeFailure {
            StandardError.write("\(failure)\nbuild failed: the site in \(site.output) was left as it was\n")
            return
        }
        guard outcome.succeeded else {
            let kept = FileManager.default.fileExists(atPath: site.output) ? "the site in \(site.output) was left as it was" : "no site was written"
            StandardError.write("build failed: \(DiagnosticPrinter.summary(outcome.diagnostics)); \(kept)\n")
            return
        }
        if !outcome.invalidRecipeIDs.isEmpty && !site.quiet && verbose {
            let invalid = outcome.invalidRecipeIDs
            StandardError.write("note: \(invalid.count) recipe\(invalid.count == 1 ? " is" : "s are") invalid and shown as such: \(invalid.joined(separator: ", "))\n")
        }
        guard !site.quiet else { return }
        let stages = outcome.stages.map { "\($0.name) \(Int($0.milliseconds.rounded())) ms" }.joined(separator: ", ")
        if verbose {
            print("built \(site.output): \(outcome.pagesInSite) pages, \(outcome.files.written) files written, \(outcome.files.unchanged) unchanged, \(outcome.files.removed) removed in \(milliseconds) ms [\(stages)]")
        } else {
            print("rebuilt after \(outcome.change): \(outcome.pagesRendered) pages rendered, \(outcome.files.written) files written, \(outcome.files.removed) removed in \(milliseconds) ms [\(stages)]")
        }
        fflush(nil)
    }
}
