import Foundation

/// A night out (PRD §9.2, §11 `Session`): a bounded time with its drinks and water.
public struct Session: Hashable, Sendable, Identifiable {
    /// A session still active this long after its start is abandoned (PRD §9.2).
    public static let abandonedAfterSeconds: TimeInterval = 12 * 3600

    public var id: String
    public var startTime: Date
    public var endTime: Date?
    public var isActive: Bool
    /// The settings this session overrides; the rest come from `preferences.json`.
    public var settings: WaterlineSettings.Overrides
    /// In file order; the waterline sorts them by timestamp.
    public var entries: [LogEntry]

    public init(id: String, startTime: Date, endTime: Date? = nil, isActive: Bool = false, settings: WaterlineSettings.Overrides = .init(), entries: [LogEntry] = []) {
        self.id = id
        self.startTime = startTime
        self.endTime = endTime
        self.isActive = isActive
        self.settings = settings
        self.entries = entries
    }

    /// Entries by timestamp; entries at the same moment keep their file order.
    public var entriesInTimeOrder: [LogEntry] {
        entries.enumerated().sorted { a, b in
            a.element.timestamp != b.element.timestamp ? a.element.timestamp < b.element.timestamp : a.offset < b.offset
        }.map(\.element)
    }
}
