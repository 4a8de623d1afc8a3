/// The person's preferences (`preferences.json`): the last selected recipe (PRD 3.2.2)
/// and journal settings.
public struct Preferences: Hashable, Sendable {
    public var lastSelectedRecipeId: String?
    /// Doses in grams for extra printed cards of every recipe (issue 4).
    public var cardDosesGrams: [Double]

    public init(lastSelectedRecipeId: String? = nil, cardDosesGrams: [Double] = []) {
        self.lastSelectedRecipeId = lastSelectedRecipeId
        self.cardDosesGrams = cardDosesGrams
    }
}
