import ArgumentParser

/// How a synthetic data directory stores its records.
enum DataFormat: String, CaseIterable, ExpressibleByArgument, Codable, Sendable {
    /// JSON arrays (logs one file per month), recipes one file each, sessions one file per year.
    case json
    /// CSV with the headers of Data/ (logs one file per month, recipes and steps, sessions and entries).
    case csv
}
