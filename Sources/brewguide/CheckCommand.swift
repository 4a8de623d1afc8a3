import ArgumentParser
import BrewData
import BrewKit

/// `brewguide check`: reads and validates the data, prints every finding, exits 1 on errors.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate the data directory and print every finding.",
        discussion: """
            Exit status: 0 when there are no errors (warnings allowed), 1 when there are errors. \
            A night-out session still active after abandonAfterHours is a warning, measured against \
            now or the ISO 8601 moment in BREWGUIDE_NOW.
            """
    )

    @OptionGroup var dataOptions: DataOptions

    @Option(help: "Output format: text or json.")
    var format: DiagnosticPrinter.Format = .text

    func run() throws {
        // The same findings `build`, `watch` and `serve` print, and merge and import check what
        // they would write with (`JournalFindings`).
        let (result, _, diagnostics) = JournalFindings.reading(root: dataOptions.data, now: RunClock.now())
        // Freed by the kernel at exit, all at once: freeing 100,000 logs one by one was a tenth of `check`.
        KeptUntilExit.keep(result)
        switch format {
        case .text:
            print(DiagnosticPrinter.text(diagnostics), terminator: "")
            let dataset = result.validated.dataset
            let counts = [Format.count(dataset.recipes.count, "recipe"), Format.count(dataset.logs.count, "log"), Format.count(dataset.sessions.count, "session")]
                + (dataset.kitchenRecipes.isEmpty ? [] : [Format.count(dataset.kitchenRecipes.count, "kitchen recipe")])
                + (dataset.beans.isEmpty ? [] : [Format.count(dataset.beans.count, "bag of beans", plural: "bags of beans")])
            StandardError.write("checked \(Format.list(counts)): \(DiagnosticPrinter.summary(diagnostics))\n")
        case .json:
            print(DiagnosticPrinter.json(diagnostics), terminator: "")
        }
        KeptUntilExit.keep(diagnostics)
        if diagnostics.hasErrors { throw ExitCode(1) }
    }
}

extension DiagnosticPrinter.Format: ExpressibleByArgument {}
