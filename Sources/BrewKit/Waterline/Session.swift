import Foundation

/// A night out (PRD §9.2, §11 `Session`): a bounded time with its drinks and water.
public struct Session: Hashable, Sendable, Identifiable {
    public var id: String
    /// What the person called it ("Sam's birthday"); nil: the pages name it by its weekday and time.
    public var name: String?
    public var startTime: Date
    public var endTime: Date?
    public var isActive: Bool
    /// The settings this session overrides; the rest come from `preferences.json`.
    public var settings: WaterlineSettings.Overrides
    /// In file order; the waterline sorts them by timestamp.
    public var entries: [LogEntry]
    /// When the session record was last edited (PRD §11: last write wins); nil when never recorded.
    public var updatedAt: Date?

    public init(id: String, name: String? = nil, startTime: Date, endTime: Date? = nil, isActive: Bool = false, settings: WaterlineSettings.Overrides = .init(), entries: [LogEntry] = [], updatedAt: Date? = nil) {
        self.id = id
        self.name = name
        self.updatedAt = updatedAt
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

extension Session {
    /// The sessions' shelf of the data set's store (`RecordStore`), put on it whole by
    /// `DatasetAssembler` once their entries are joined (`SessionFileParser.assemble`: an entries
    /// CSV may give a session of another file its entries). Their ids are checked as every kind's,
    /// then the sessions' rules (`SessionValidator.sessionDiagnostics`).
    public static let shelf = RecordShelf<Session>(kindName: "sessions", idLabel: "session", id: { $0.id }) { sessions, dataset in
        SessionValidator().sessionDiagnostics(sessions, in: dataset)
    }
}

extension Dataset {
    /// Waterline night-out sessions (`sessions/`), with their entries, in file order: the data
    /// set's shelf of them (`Session.shelf`).
    public var sessions: [Located<Session>] {
        get { store[Session.shelf] }
        set { store[Session.shelf] = newValue }
    }
}
