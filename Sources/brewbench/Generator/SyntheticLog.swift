/// A brew log of the synthetic journal (docs/DATA-FORMAT.md, "Brew logs").
struct SyntheticLog: Sendable {
    var id: String
    var timestamp: CivilTime
    /// nil for a brew of a recipe that was deleted since.
    var recipeId: String?
    var recipeNameAtBrew: String
    var doseGrams: Double
    var targetYieldGrams: Double
    var waterTemperatureCelsius: Double
    var grindLabel: String
    var rating: Int
    var tasteTag: String?
    /// Markdown, at most 280 characters.
    var note: String?
}
