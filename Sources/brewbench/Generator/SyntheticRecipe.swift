/// A recipe of the synthetic journal, valid by the rules of docs/DATA-FORMAT.md.
struct SyntheticRecipe: Sendable {
    var id: String
    var name: String
    var isStarter: Bool
    var doseGrams: Double
    var targetYieldGrams: Double
    var waterTemperatureCelsius: Double
    var grindLabel: String
    var grindDescriptor: String
    var createdAt: CivilTime
    var modifiedAt: CivilTime
    var bloomRatio: Double
    var pourSplit: String?
    var cardDosesGrams: [Double]
    var steps: [SyntheticStep]

    var origin: String { isStarter ? "starterTemplate" : "custom" }
}

/// One step of a recipe; water is the cumulative amount on the scale.
struct SyntheticStep: Sendable {
    var stepId: String
    var kind: String
    var instructionText: String?
    var durationSeconds: Int?
    var targetElapsedSeconds: Int?
    var targetElapsedMaxSeconds: Int?
    var waterAmountGrams: Double?
}
