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
        let result = DataDirectoryReader(root: dataOptions.data).read()
        // Sessions left active past abandonAfterHours are measured against the run's clock; the meal
        // planner's files (kitchen/plan/, snacks, shopping, goals) are checked against the kitchen.
        // A plan file that cannot be read is told by both readers of kitchen/plan/: said once.
        let diagnostics = (result.validated.diagnostics
            + SessionValidator().abandonedDiagnostics(for: result.validated.dataset, now: RunClock.now())
            + FutureMoment.diagnostics(logs: result.validated.dataset.logs, now: RunClock.now())
            + FutureStamps.diagnostics(result, now: RunClock.now())
            + FutureStamps.plannerDiagnostics(root: dataOptions.data, now: RunClock.now())
            + MealPlanContext.load(root: dataOptions.data, dataset: result.validated.dataset).diagnostics).sortedByLocation()
            .removingDuplicates()
        // Freed by the kernel at exit, all at once: freeing 100,000 logs one by one was a tenth of `check`.
        KeptUntilExit.keep(result)
        switch format {
        case .text:
            print(DiagnosticPrinter.text(diagnostics), terminator: "")
            let dataset = result.validated.dataset
            let counts = [Format.count(dataset.recipes.count, "recipe"), Format.count(dataset.logs.count, "log"), Format.count(dataset.sessions.count, "session")]
                + (dataset.kitchenRecipes.isEmpty ? [] : [Format.count(dataset.kitchenRecipes.count, "kitchen recipe")])
            StandardError.write("checked \(Format.list(counts)): \(DiagnosticPrinter.summary(diagnostics))\n")
        case .json:
            print(DiagnosticPrinter.json(diagnostics), terminator: "")
        }
        KeptUntilExit.keep(diagnostics)
        if diagnostics.hasErrors { throw ExitCode(1) }
    }
}

extension DiagnosticPrinter.Format: ExpressibleByArgument {}
