/// The person's preferences (`preferences.json`): the last selected recipe (PRD 3.2.2)
/// and journal settings.
public struct Preferences: Hashable, Sendable {
    public var lastSelectedRecipeId: String?
    /// Doses in grams for extra printed cards of every recipe (issue 4).
    public var cardDosesGrams: [Double]
    /// `kitchen.units`: the units kitchen amounts are shown in (MOD/SYS/012); metric when absent.
    public var kitchenUnits: KitchenUnits?
    /// `kitchen.cardServings`: extra servings for every kitchen recipe's scaling table.
    public var kitchenCardServings: [Int] = []

    public init(lastSelectedRecipeId: String? = nil, cardDosesGrams: [Double] = []) {
        self.lastSelectedRecipeId = lastSelectedRecipeId
        self.cardDosesGrams = cardDosesGrams
    }
}
