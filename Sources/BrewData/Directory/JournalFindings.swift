import BrewKit
import Foundation

/// Every finding about a data directory, as `check` prints it: one function of what was read, so
/// that `check`, `build`, `watch` and `serve` print the same findings, each once.
///
/// They are the data set's own findings (reading and `DatasetValidator`), the sessions left active
/// past `abandonAfterHours`, brews and write stamps dated ahead of `now` (the planner's too), and the meal planner's
/// files checked against the kitchen (`MealPlanContext`), sorted by place. A finding made twice (a
/// plan file that cannot be read is told by the directory's reader and again by the planner, which
/// reads the slots from the files it parsed) is said once.
public enum JournalFindings {
    /// - Parameters:
    ///   - result: the data directory as read (in full or by `IncrementalDataReader`).
    ///   - mealPlan: the planner's files read from the same directory against `result`'s data set.
    ///   - now: the run's clock (`BREWGUIDE_NOW`), which active sessions and future dates are measured against.
    /// Reads the journal at `root` from `source` (the disk, or what a merge or an import would
    /// write) as `check` reads it, and gives every finding, with what was read.
    public static func reading(root: String, source: any DataFileSource = DiskDataFiles(), now: Date) -> (result: DataDirectoryReader.Result, mealPlan: MealPlanContext, findings: [Diagnostic]) {
        let result = DataDirectoryReader(root: root, source: source).read()
        let mealPlan = MealPlanContext.load(root: root, read: result, source: source)
        return (result, mealPlan, of(result, mealPlan: mealPlan, now: now))
    }

    public static func of(_ result: DataDirectoryReader.Result, mealPlan: MealPlanContext, now: Date) -> [Diagnostic] {
        let dataset = result.validated.dataset
        let others = SessionValidator().abandonedDiagnostics(for: dataset, now: now)
            + FutureMoment.diagnostics(logs: dataset.logs, now: now)
            + FutureStamps.diagnostics(result, now: now)
            + FutureStamps.plannerDiagnostics(mealPlan, now: now)
            + mealPlan.diagnostics
        // The data's findings are sorted already (23,000 of them at 100,000 logs): sorted again only with others.
        let all = others.isEmpty ? result.validated.diagnostics : (result.validated.diagnostics + others).sortedByLocation()
        return all.removingDuplicates()
    }
}
