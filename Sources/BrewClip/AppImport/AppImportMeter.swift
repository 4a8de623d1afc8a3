import Foundation

/// The running count against an `AppImportBudget`.
public final class AppImportMeter {
    public let budget: AppImportBudget
    private(set) var totalBytes = 0
    private(set) var files = 0
    private let started = Date()

    public init(budget: AppImportBudget = AppImportBudget()) {
        self.budget = budget
    }

    /// Counts `count` more bytes read; throws once the whole import has read too much or taken too long.
    func count(bytes count: Int, in path: String) throws(AppImportFailure) {
        totalBytes += count
        if totalBytes > budget.maximumTotalBytes {
            throw AppImportFailure(path, "the import has unpacked more than \(budget.maximumTotalBytes / 1_048_576) MB in all; stopped reading (a zip bomb?)")
        }
        try checkTime(in: path)
    }

    /// Counts one more file or archive entry.
    func countFile(_ path: String) throws(AppImportFailure) {
        files += 1
        if files > budget.maximumFiles {
            throw AppImportFailure(path, "more than \(budget.maximumFiles) files and archive entries; stopped reading")
        }
        try checkTime(in: path)
    }

    func checkTime(in path: String) throws(AppImportFailure) {
        if Date().timeIntervalSince(started) > budget.maximumSeconds {
            throw AppImportFailure(path, "the import took more than \(Int(budget.maximumSeconds)) s; stopped reading")
        }
    }
}
