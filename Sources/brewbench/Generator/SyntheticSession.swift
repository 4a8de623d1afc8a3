/// A finished Waterline night-out session (docs/SESSIONS.md) with its entries.
struct SyntheticSession: Sendable {
    var id: String
    var startTime: CivilTime
    var endTime: CivilTime
    var waterEveryNDrinks: Int?
    var entries: [SyntheticSessionEntry]
}

/// One drink or glass of water of a session.
struct SyntheticSessionEntry: Sendable {
    enum Drink: Sendable {
        case preset(drinkType: String, presetId: String)
        case measured(drinkType: String, sizeMl: Int, abv: Double)
        case estimated(drinkType: String, standardDrinks: Double)
    }

    var id: String
    var timestamp: CivilTime
    /// nil for water.
    var drink: Drink?
    /// For water: the millilitres, or nil for the default amount of the settings.
    var waterMl: Int?
    var source: String
}
