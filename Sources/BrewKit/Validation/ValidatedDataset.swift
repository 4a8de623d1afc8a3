import Foundation

/// A data set with its findings, and the recipes those findings make invalid.
public struct ValidatedDataset: Sendable {
    public var dataset: Dataset
    public var diagnostics: [Diagnostic]

    /// - Parameter today: the day of the run, which bounds the dates the data may hold; the caller
    ///   reads the clock (BrewKit reads none).
    ///   `logFindings`: see `DatasetValidator.diagnostics(for:logFindings:)`.
    public init(dataset: Dataset, readDiagnostics: [Diagnostic], today: Date, logFindings: [Diagnostic]? = nil) {
        self = GiveWay.never { giveWay throws(GaveWay) in
            try ValidatedDataset(dataset: dataset, readDiagnostics: readDiagnostics, today: today, logFindings: logFindings, giveWay: giveWay)
        }
    }

    /// Validated, giving way while the rules are checked (`DatasetValidator.diagnostics(for:logFindings:giveWay:)`).
    public init(dataset: Dataset, readDiagnostics: [Diagnostic], today: Date, logFindings: [Diagnostic]?, giveWay: GiveWay) throws(GaveWay) {
        let found = try DatasetValidator(today: today).diagnostics(for: dataset, logFindings: logFindings, giveWay: giveWay)
        try giveWay.check()
        self.dataset = dataset
        // `found` is sorted already: at 100,000 logs it holds 23,000 findings, sorted again for nothing.
        self.diagnostics = readDiagnostics.isEmpty ? found : (readDiagnostics + found).sortedByLocation()
    }

    /// A data set that could not be read at all: only the findings that say why.
    public init(unreadable diagnostics: [Diagnostic]) {
        self.dataset = Dataset()
        self.diagnostics = diagnostics.sortedByLocation()
    }

    /// The reasons each invalid recipe cannot be brewed, by recipe id.
    /// Only recipes in the data set have reasons: an error naming a recipe that is not there
    /// (a steps CSV row of a recipe nobody kept) is one of the `blockingErrors`.
    public var invalidRecipeReasons: [String: [Diagnostic]] {
        let ids = dataset.recipeIDs
        return Dictionary(grouping: diagnostics.filter { $0.severity == .error && $0.invalidatesRecipeID.map(ids.contains) == true }) { $0.invalidatesRecipeID! }
    }

    /// Errors that are not confined to one recipe of the data: with any of these the data cannot be published.
    public var blockingErrors: [Diagnostic] {
        let ids = dataset.recipeIDs
        return diagnostics.filter { $0.severity == .error && $0.invalidatesRecipeID.map(ids.contains) != true }
    }
}
