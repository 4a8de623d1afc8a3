import ArgumentParser
import BrewData
import BrewKit

/// `brewguide kitchen day`: one day's meals and totals against the goals.
struct KitchenDayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "day",
        abstract: "Print one day's planned meals and its totals against the nutrition goals.",
        discussion: "Exit status 1 for a day that is not yyyy-MM-dd. Findings about the plan are printed to standard error."
    )

    @Argument(help: "The day, yyyy-MM-dd (for example 2026-11-24).")
    var day: String

    @OptionGroup var dataOptions: DataOptions

    @Option(help: "Output format: text or json.")
    var format: DiagnosticPrinter.Format = .text

    func run() throws {
        guard PlanDay.date(from: day) != nil else {
            StandardError.write("error: expected a day as yyyy-MM-dd (such as 2026-11-24), found \"\(day)\"\n")
            throw ExitCode(1)
        }
        let context = MealPlanContext.load(root: dataOptions.data)
        let relevant = context.diagnostics.filter { $0.severity == .error }
        if !relevant.isEmpty { StandardError.write(DiagnosticPrinter.text(relevant)) }
        let planDay = context.day(day)
        switch format {
        case .text: print(MealPlanPrinter.dayText(planDay), terminator: "")
        case .json: print(CanonicalJSON.string(MealPlanPrinter.dayJSON(planDay), sortKeys: false), terminator: "")
        }
    }
}
