import ArgumentParser
import BrewData
import BrewKit
import Foundation

/// `brewguide import-brews beanconqueror FILE…`: brews recorded in another app, as brew logs.
struct ImportBrewsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import-brews",
        abstract: "Import brews from Beanconqueror (shared brews, or its backup: Beanconqueror.json or its .zip).",
        discussion: """
            Each pour-over brew becomes a brew log (logs/beanconqueror/<id>.json) and its scale's weight \
            samples a recorded pour (flows/<id>.json). V60 brews are filed under --recipe, else the V60 recipe \
            closest in dose and ratio, else the starter. Other pour-overs (a Chemex) are kept only with --recipe; \
            espresso and brews without usable numbers are skipped with the reason. A brew already imported \
            (same config.uuid) or erased earlier is not added again. The exit status is 1 when a file or a brew \
            could not be read or would not pass check (printed as an error); a brew left out by a rule (an \
            espresso, a Chemex without --recipe, erased) is not an error. See docs/IMPORT.md.
            """
    )

    @Argument(help: "The app the files come from: beanconqueror.")
    var app: String

    @Argument(help: "Shared brews (.json) or the app's backup (Beanconqueror.json, or the .zip around it).")
    var files: [String]

    @OptionGroup var dataOptions: DataOptions

    @Option(help: "File every brew under this recipe (needed for pour-overs other than the V60).")
    var recipe: String?

    @Option(name: .customLong("rating-scale"), help: "The top of the app's rating scale (its brew_rating setting) when the files do not say; 5 by default.")
    var ratingScale: Double?

    @Flag(name: .customLong("dry-run"), help: "Say what would be imported; write nothing.")
    var dryRun = false

    @Flag(help: "Show no progress line on a terminal.")
    var quiet = false

    func validate() throws {
        guard app == "beanconqueror" else { throw ValidationError("import-brews reads beanconqueror files only, found \"\(app)\"") }
        guard !files.isEmpty else { throw ValidationError("name at least one file to import") }
        if let ratingScale, !(ratingScale >= 1 && ratingScale <= 100) {
            throw ValidationError("--rating-scale must be from 1 to 100, found \(ratingScale)")
        }
    }

    func run() throws {
        let importer = BrewImporter(options: .init(dataRoot: dataOptions.data, recipeId: recipe, ratingScale: ratingScale, dryRun: dryRun, now: RunClock.now()))
        let report: BrewImporter.Report
        do {
            // One writer of the data directory at a time (a dry run writes nothing and takes no lock).
            let lock = dryRun ? nil : try DataDirectoryLock.acquire(root: dataOptions.data, command: "brewguide import-brews")
            defer { lock?.release() }
            let line = ProgressLine.forStandardError(quiet: quiet, startNanoseconds: DispatchTime.now().uptimeNanoseconds)
            defer { line?.clear() }
            report = try importer.run(files: files, progress: line?.workProgress)
        }
        // A brew that could not be read or would not pass check is an error: on standard error, exit status 1.
        for line in report.lines {
            if line.isError { StandardError.write(ShownText.escaped("\(line.file): error: \(line.brew): \(line.message)", limit: .max) + "\n") } else { print(line.description) }
        }
        for diagnostic in report.fileErrors { StandardError.write("\(diagnostic.description)\n") }
        let imported = report.count(.imported), skipped = report.count(.skipped), already = report.count(.alreadyThere)
        func brews(_ count: Int) -> String { "\(count) brew\(count == 1 ? "" : "s")" }
        var summary = "\(dryRun ? "would import" : "imported") \(brews(imported)), skipped \(skipped), already there \(already)"
        if report.errorCount > 0 { summary += "; \(report.errorCount) of the skipped could not be read or would not pass check" }
        if !report.fileErrors.isEmpty { summary += "; \(report.fileErrors.count) file\(report.fileErrors.count == 1 ? "" : "s") could not be read" }
        print(dryRun ? summary + " (dry run: nothing written)" : summary)
        if !report.fileErrors.isEmpty || report.errorCount > 0 { throw ExitCode(1) }
    }
}
