import Foundation

/// How much one `kitchen import` may read, counted as the bytes are actually unpacked (an
/// archive's declared sizes are never trusted): a zip bomb, a zip nested in zips without end, or
/// an entry that lies about its size stops the import of that file with a reason, and the rest go on.
public struct AppImportBudget: Sendable {
    /// Every byte read from files and unpacked from archives, all inputs together.
    public var maximumTotalBytes: Int = 512 * 1024 * 1024
    /// One file, or one entry of an archive, unpacked: recipe JSON and photos are far smaller.
    public var maximumFileBytes: Int = 64 * 1024 * 1024
    /// Files and archive entries looked at, all inputs together.
    public var maximumFiles: Int = 20_000
    /// Archives inside archives: Paprika's `.paprikarecipes` inside a zip inside a zip is 2 deep.
    public var maximumNestingDepth: Int = 3
    /// Wall time for the whole import.
    public var maximumSeconds: Double = 120

    public init() {}
}

/// The running count against an `AppImportBudget`.
public final class AppImportMeter: @unchecked Sendable {
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

/// Why a file or a recipe was not imported, with the path it names.
public struct AppImportFailure: Error, CustomStringConvertible, Sendable {
    public var path: String
    public var reason: String

    public init(_ path: String, _ reason: String) {
        self.path = path
        self.reason = reason
    }

    /// In the compiler's form without a line: `path: error: reason`.
    public var description: String { "\(path): error: \(reason)" }
}
