/// The person's preferences (`preferences.json`): the last selected recipe (PRD 3.2.2)
/// and journal settings.
public struct Preferences: Hashable, Sendable {
    public var lastSelectedRecipeId: String?
    /// Doses in grams for extra printed cards of every recipe (issue 4).
    public var cardDosesGrams: [Double]
    /// The journal's time zone, an IANA name such as `Asia/Tokyo` (issue 16): days, months and
    /// weeks of the journal are made in it. See `JournalTimeZone`.
    public var timeZone: String?
    /// `kitchen.units`: the units kitchen amounts are shown in (MOD/SYS/012); metric when absent.
    public var kitchenUnits: KitchenUnits?
    /// `kitchen.cardServings`: extra servings for every kitchen recipe's scaling table.
    public var kitchenCardServings: [Int] = []

    public init(lastSelectedRecipeId: String? = nil, cardDosesGrams: [Double] = [], timeZone: String? = nil) {
        self.lastSelectedRecipeId = lastSelectedRecipeId
        self.cardDosesGrams = cardDosesGrams
        self.timeZone = timeZone
    }
}
