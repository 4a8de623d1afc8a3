import BrewKit
import Foundation

/// The day of the run, as the data directory's readers validate against it: `BREWGUIDE_TODAY`
/// (`2026-11-23`) when set, else the moment of `BREWGUIDE_NOW` (the run's clock, which sessions are
/// measured against too), else now; so that one variable fixes the whole run's clock for tests.
/// BrewKit reads no environment and no clock: this is where the day comes from.
public enum RunDay {
    public static var today: Date {
        let environment = ProcessInfo.processInfo.environment
        for variable in ["BREWGUIDE_TODAY", "BREWGUIDE_NOW"] {
            if let text = environment[variable], let date = ISO8601.date(from: text.trimmingCharacters(in: .whitespaces)) { return date }
        }
        return Date()
    }
}

extension ValidatedDataset {
    /// Validated against the day of the run (`RunDay.today`).
    public init(dataset: Dataset, readDiagnostics: [Diagnostic], logFindings: [Diagnostic]? = nil) {
        self.init(dataset: dataset, readDiagnostics: readDiagnostics, today: RunDay.today, logFindings: logFindings)
    }

    /// Validated against the day of the run, giving way while the rules are checked (`watch`).
    public init(dataset: Dataset, readDiagnostics: [Diagnostic], logFindings: [Diagnostic]?, giveWay: GiveWay) throws(GaveWay) {
        try self.init(dataset: dataset, readDiagnostics: readDiagnostics, today: RunDay.today, logFindings: logFindings, giveWay: giveWay)
    }
}
