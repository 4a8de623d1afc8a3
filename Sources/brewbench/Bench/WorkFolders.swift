import Foundation

/// The layout of the benchmark's work folder (`Benchmarks/work/`, ignored by git).
enum WorkFolders {
    /// The cached data directory of a size: `data-10000` (JSON), `data-10000-csv`, or
    /// `data-1000-k1000` with a kitchen of 1,000 recipes, `data-10000-r50-f1000` with 50 recipes and
    /// logs in files of 1,000.
    static func dataFolder(under work: String, logs: Int, format: DataFormat, kitchenRecipes: Int = 0, shape: JournalShape = .standard) -> String {
        "\(work)/data-\(logs)" + (format == .json ? "" : "-\(format.rawValue)") + (kitchenRecipes > 0 ? "-k\(kitchenRecipes)" : "") + shape.folderSuffix
    }

    /// A new, uniquely named folder for one run's outputs, so that no timed step writes where
    /// something was just deleted.
    static func newRunFolder(under work: String, name: String) throws -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        formatter.timeZone = TimeZone(identifier: "UTC")
        let folder = "\(work)/\(name)-\(formatter.string(from: Date()))-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }
}
