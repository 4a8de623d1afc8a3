import Foundation

/// A saved brew: a snapshot of what was brewed, so it stays readable after its recipe
/// is edited or deleted (004 `BrewLog`).
public struct BrewLog: Hashable, Sendable, Identifiable {
    public static let maximumNoteCharacters = 280

    public var id: String
    public var timestamp: Date
    /// The UTC offset written with the timestamp, in seconds east (0 for `Z`): where no journal
    /// time zone is set, the brew's day and hour are read at this offset (`JournalTimeZone`).
    public var timestampOffsetSeconds: Int
    public var method: BrewMethod
    /// For "brew again" only; the log outlives its recipe.
    public var recipeId: String?
    public var recipeNameAtBrew: String
    public var doseGrams: Double
    public var targetYieldGrams: Double
    public var waterTemperatureCelsius: Double
    public var grindLabel: GrindLabel
    public var rating: Int
    public var tasteTag: TasteTag?
    /// Markdown, rendered in cmark's safe mode.
    public var note: String?

    public init(
        id: String,
        timestamp: Date,
        timestampOffsetSeconds: Int = 0,
        method: BrewMethod = .v60,
        recipeId: String?,
        recipeNameAtBrew: String,
        doseGrams: Double,
        targetYieldGrams: Double,
        waterTemperatureCelsius: Double,
        grindLabel: GrindLabel,
        rating: Int,
        tasteTag: TasteTag? = nil,
        note: String? = nil
    ) {
        self.id = id
        self.timestamp = timestamp
        self.timestampOffsetSeconds = timestampOffsetSeconds
        self.method = method
        self.recipeId = recipeId
        self.recipeNameAtBrew = recipeNameAtBrew
        self.doseGrams = doseGrams
        self.targetYieldGrams = targetYieldGrams
        self.waterTemperatureCelsius = waterTemperatureCelsius
        self.grindLabel = grindLabel
        self.rating = rating
        self.tasteTag = tasteTag
        self.note = note
    }

    /// Yield over dose.
    public var ratio: Double { targetYieldGrams / doseGrams }
}
