import ArgumentParser
import BrewData
import BrewKit
import Foundation

/// `brewguide kitchen day`: one day's meals and totals against the goals.
struct KitchenDayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "day",
        abstract: "Print one day's planned meals and its totals against the nutrition goals.",
        discussion: """
            With no day, today in the journal's time zone (preferences.json timeZone, else UTC; \
            BREWGUIDE_NOW stands in for the clock). Exit status 1 for a day that is not yyyy-MM-dd. \
            Findings about the plan are printed to standard error.
            """
    )

    @Argument(help: "The day, yyyy-MM-dd (for example 2026-11-24); default today in the journal's time zone.")
    var day: String?

    @OptionGroup var dataOptions: DataOptions

    @Option(help: "Output format: text or json.")
    var format: DiagnosticPrinter.Format = .text

    /// Today's date in the journal's time zone (`preferences.json` `timeZone`, else UTC).
    static func today(data: String, now: Date) -> String {
        let zone = DataDirectoryReader(root: data).journalTimeZone()
        let local = zone.local(now)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
        return "\(local.year)-\(two(local.month))-\(two(local.day))"
    }

    func run() throws {
        let day = self.day ?? Self.today(data: dataOptions.data, now: RunClock.now())
        if let problem = PlanDay.problem(with: day) {
            throw CommandError(problem)
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
