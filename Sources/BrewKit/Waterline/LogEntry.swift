import Foundation

/// What was poured: PRD §9.3's drink types.
public enum DrinkType: String, Sendable, CaseIterable, Hashable {
    case beer, wine, liquor, cocktail, other

    /// The ABV assumed for a drink of this type given with a size and no ABV (PRD §8C, Q1: "a
    /// double should count as +2"): beer 5 %, wine 12 %, liquor 40 %, cocktail 15 %; nil for
    /// `other`. The first three are the strengths NIAAA's standard drink is defined on (12 fl oz
    /// of 5 % beer, 5 fl oz of 12 % wine, 1.5 fl oz of 40 % spirits); see docs/SESSIONS.md.
    public var assumedABVPercent: Double? {
        switch self {
        case .beer: 5
        case .wine: 12
        case .liquor: 40
        case .cocktail: 15
        case .other: nil
        }
    }
}

/// Where an entry was logged (PRD §11).
public enum EntrySource: String, Sendable, CaseIterable, Hashable {
    case phone, watch, widget
    case liveActivity = "live_activity"
}

/// The details of an alcoholic drink (PRD §11 `alcoholMeta`); every field is optional:
/// a quick "+ Drink" tap logs none of them.
public struct AlcoholMeta: Hashable, Sendable {
    public var drinkType: DrinkType?
    public var size: Volume?
    /// Alcohol by volume in percent: 5 means 5 %.
    public var abvPercent: Double?
    public var standardDrinkEstimate: Double?
    public var presetId: String?

    public init(drinkType: DrinkType? = nil, size: Volume? = nil, abvPercent: Double? = nil, standardDrinkEstimate: Double? = nil, presetId: String? = nil) {
        self.drinkType = drinkType
        self.size = size
        self.abvPercent = abvPercent
        self.standardDrinkEstimate = standardDrinkEstimate
        self.presetId = presetId
    }
}

/// The details of a glass of water (PRD §11 `waterMeta`).
public struct WaterMeta: Hashable, Sendable {
    /// Nil when only "+ Water" was tapped: the settings' default amount stands in.
    public var amount: Volume?

    public init(amount: Volume? = nil) {
        self.amount = amount
    }
}

/// One timestamped event of a session: an alcoholic drink or water (PRD §11 `LogEntry`).
public struct LogEntry: Hashable, Sendable, Identifiable {
    public enum Kind: String, Sendable, CaseIterable, Hashable {
        case alcohol, water
    }

    public var id: String
    public var timestamp: Date
    public var type: Kind
    public var alcoholMeta: AlcoholMeta?
    public var waterMeta: WaterMeta?
    public var source: EntrySource?
    /// When the entry was last edited (PRD §9.3 editing, §11 last write wins); nil when never recorded.
    public var updatedAt: Date?

    public init(id: String, timestamp: Date, type: Kind, alcoholMeta: AlcoholMeta? = nil, waterMeta: WaterMeta? = nil, source: EntrySource? = nil, updatedAt: Date? = nil) {
        self.updatedAt = updatedAt
        self.id = id
        self.timestamp = timestamp
        self.type = type
        self.alcoholMeta = alcoholMeta
        self.waterMeta = waterMeta
        self.source = source
    }

    public static func alcohol(_ id: String, at timestamp: Date, _ meta: AlcoholMeta? = nil) -> LogEntry {
        LogEntry(id: id, timestamp: timestamp, type: .alcohol, alcoholMeta: meta)
    }

    public static func water(_ id: String, at timestamp: Date, millilitres: Double? = nil) -> LogEntry {
        LogEntry(id: id, timestamp: timestamp, type: .water, waterMeta: WaterMeta(amount: millilitres.map(Volume.millilitres)))
    }
}
