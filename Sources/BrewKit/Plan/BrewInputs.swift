/// What the brewer confirms before brewing (PRD 3.6.2). A `nil` value means "the recipe's default".
public struct BrewInputs: Sendable, Hashable {
    public var doseGrams: Double?
    public var targetYieldGrams: Double?
    /// Which of dose and yield was set last; the other is derived. When the value named here is
    /// `nil` but the other is given, the other one is used; when both are `nil`, the default dose.
    public var lastEdited: EditedInput
    public var waterTemperatureCelsius: Double?
    public var grindLabel: GrindLabel?

    public init(
        doseGrams: Double? = nil,
        targetYieldGrams: Double? = nil,
        lastEdited: EditedInput = .dose,
        waterTemperatureCelsius: Double? = nil,
        grindLabel: GrindLabel? = nil
    ) {
        self.doseGrams = doseGrams
        self.targetYieldGrams = targetYieldGrams
        self.lastEdited = lastEdited
        self.waterTemperatureCelsius = waterTemperatureCelsius
        self.grindLabel = grindLabel
    }

    /// The recipe as authored: its default dose, temperature and grind.
    public static let recipeDefaults = BrewInputs()

    /// The dose was set; the yield is derived.
    public static func dose(_ grams: Double) -> BrewInputs { BrewInputs(doseGrams: grams, lastEdited: .dose) }

    /// The target yield was set; the dose is derived.
    public static func yield(_ grams: Double) -> BrewInputs { BrewInputs(targetYieldGrams: grams, lastEdited: .yield) }
}
