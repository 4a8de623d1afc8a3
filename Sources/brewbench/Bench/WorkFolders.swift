import Foundation

/// The layout of the benchmark's work folder (`Benchmarks/work/`, ignored by git).
enum WorkFolders {
    /// The cached data directory of a size: `data-10000` (JSON) or `data-10000-csv`.
    static func dataFolder(under work: String, logs: Int, format: DataFormat) -> String {
        "\(work)/data-\(logs)" + (format == .json ? "" : "-\(format.rawValue)")
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
