import BrewKit
import Foundation

/// What `brewguide session edit ENTRY_ID` changes in an entry (PRD §9.3 editing): each field given
/// replaces the entry's; a field not given is kept. A drink's details apply only to a drink and
/// an amount only to water.
public struct SessionEntryChange: Sendable, Hashable {
    public var timestamp: Date?
    public var drinkType: DrinkType?
    public var size: Volume?
    public var abvPercent: Double?
    public var standardDrinkEstimate: Double?
    public var presetId: String?
    public var waterAmount: Volume?

    public init(timestamp: Date? = nil, drinkType: DrinkType? = nil, size: Volume? = nil, abvPercent: Double? = nil,
                standardDrinkEstimate: Double? = nil, presetId: String? = nil, waterAmount: Volume? = nil) {
        self.timestamp = timestamp
        self.drinkType = drinkType
        self.size = size
        self.abvPercent = abvPercent
        self.standardDrinkEstimate = standardDrinkEstimate
        self.presetId = presetId
        self.waterAmount = waterAmount
    }

    var changesDrink: Bool { drinkType != nil || size != nil || abvPercent != nil || standardDrinkEstimate != nil || presetId != nil }
    public var isEmpty: Bool { timestamp == nil && !changesDrink && waterAmount == nil }

    /// `entry` with the change made and `updatedAt` set; a change that does not fit the entry's
    /// type is refused with a sentence that says why.
    func applied(to entry: LogEntry, updatedAt: Date) throws(SessionLogger.Failure) -> LogEntry {
        if isEmpty { throw SessionLogger.Failure(message: "nothing to change: give --at, or a drink's --preset, --type, --size, --abv, --estimate, or water's --amount") }
        var result = entry
        if let timestamp { result.timestamp = timestamp }
        switch entry.type {
        case .alcohol:
            if waterAmount != nil { throw SessionLogger.Failure(message: "entry \(entry.id) is a drink; --amount is for water") }
            var meta = entry.alcoholMeta ?? AlcoholMeta()
            if let drinkType { meta.drinkType = drinkType }
            if let size { meta.size = size }
            if let abvPercent { meta.abvPercent = abvPercent }
            if let standardDrinkEstimate { meta.standardDrinkEstimate = standardDrinkEstimate }
            if let presetId { meta.presetId = presetId }
            if changesDrink { result.alcoholMeta = meta }
        case .water:
            if changesDrink { throw SessionLogger.Failure(message: "entry \(entry.id) is water; --preset, --type, --size, --abv and --estimate are for drinks") }
            if let waterAmount { result.waterMeta = WaterMeta(amount: waterAmount) }
        }
        result.updatedAt = updatedAt
        return result
    }
}
