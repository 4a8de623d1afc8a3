/// The kinds of record a data directory holds, each in its own folder.
public enum RecordKind: String, Sendable, CaseIterable {
    case recipes
    case logs
    case sessions
    /// Recorded pours, `flows/<log-id>.json`, each belonging to a log (issue 17).
    case flows

    /// The folder under the data directory.
    public var folderName: String { rawValue }
}
