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
