/// A "Quick Drink" the person set up, such as "12 oz beer" (PRD §9.3, §11 `DrinkPreset`).
/// An entry naming it by `presetId` takes the size, ABV and estimate it does not give itself.
public struct DrinkPreset: Hashable, Sendable, Identifiable {
    public var id: String
    public var name: String
    public var drinkType: DrinkType
    public var size: Volume?
    public var abvPercent: Double?
    public var standardDrinkEstimate: Double?

    public init(id: String, name: String, drinkType: DrinkType, size: Volume? = nil, abvPercent: Double? = nil, standardDrinkEstimate: Double? = nil) {
        self.id = id
        self.name = name
        self.drinkType = drinkType
        self.size = size
        self.abvPercent = abvPercent
        self.standardDrinkEstimate = standardDrinkEstimate
    }
}

extension DrinkPreset {
    /// The presets' shelf of the data set's store (`RecordStore`): their ids are checked as every
    /// kind's (entries name them, exports and merges copy them), then each preset's own rules.
    public static let shelf = RecordShelf<DrinkPreset>(kindName: "drinkPresets", idLabel: "drink preset", id: { $0.id },
                                                       eachRecord: SessionValidator().diagnostics(for:))
}

extension Dataset {
    /// Quick-drink presets (`sessions/presets.json`), in file order: the data set's shelf of them (`DrinkPreset.shelf`).
    public var drinkPresets: [Located<DrinkPreset>] {
        get { store[DrinkPreset.shelf] }
        set { store[DrinkPreset.shelf] = newValue }
    }
}
