import BrewKit

/// One brew as Beanconqueror keeps it, with its bean, grinder and preparation resolved: what
/// `BeanconquerorFile` reads from a shared brew or a backup, before any decision is made.
/// Numbers the app leaves at 0 ("not entered") are kept as they are; the mapping decides.
public struct BeanconquerorBrew: Sendable {
    /// `config.uuid`.
    public var uuid: String
    /// `config.unix_timestamp`, seconds since 1970.
    public var unixTimestamp: Double?
    /// Where the brew object starts, for messages.
    public var location: SourceLocation

    public var preparationName: String?
    /// `PREPARATION.type`: `V60`, `CHEMEX`, `SANREMO_YOU`, `CUSTOM_PREPARATION`…
    public var preparationType: String?
    /// `PREPARATION.style_type`: `POUR OVER`, `ESPRESSO`, `FULL IMMERSION`, `PERCOLATION`.
    public var styleType: String?
    public var beanName: String?
    public var roaster: String?
    public var millName: String?
    /// The bean's `config.uuid` (a backup's BEANS), `roastingDate` and `buyDate` (ISO 8601, "" when
    /// not entered), `weight` (grams) and `cost` (in the app's currency, which it does not say).
    public var beanUUID: String?
    public var beanRoastingDate: String?
    public var beanBuyDate: String?
    public var beanWeight: Double?
    public var beanCost: Double?

    /// `grind_size`: text or a number, as the person typed it.
    public var grindSize: String?
    /// `grind_weight`: grams of coffee.
    public var grindWeight: Double?
    /// `brew_quantity` and its unit (`GR`, `ML`, `OZ`…): the water poured.
    public var brewQuantity: Double?
    public var brewQuantityType: String?
    /// `brew_beverage_quantity` and its unit (`brew_beverage_quantity_type`): the drink's weight,
    /// what is in the cup once the dripper is lifted.
    public var beverageQuantity: Double?
    public var beverageQuantityType: String?
    /// `brew_temperature`, °C; 0 when not entered.
    public var temperature: Double?
    /// `brew_time` plus `brew_time_milliseconds`, seconds.
    public var brewSeconds: Double?
    /// `coffee_blooming_time` plus its milliseconds.
    public var bloomSeconds: Double?
    public var tds: Double?
    /// `ey`, percent (newer versions).
    public var extractionYield: Double?
    /// `rating` on the app's scale (`SETTINGS.brew_rating`, 5 unless changed); 0 when not rated.
    public var rating: Double?
    public var note: String?

    /// `brewFlow.weight`, on the brew clock; empty when the brew has none.
    public var weightSamples: [BrewFlow.Sample]
    /// Why samples that were there could not be read, if so.
    public var flowProblem: String?

    public init(uuid: String, location: SourceLocation) {
        self.uuid = uuid
        self.location = location
        self.weightSamples = []
    }
}
