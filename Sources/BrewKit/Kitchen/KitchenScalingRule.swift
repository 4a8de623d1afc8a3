/// How one ingredient's amount scales, as data a page's script can follow for any number of
/// servings with `KitchenScaler`'s rules: the amount at the recipe's servings and the rounding
/// and units that apply after multiplying it (`KitchenScaler.scale` is the definition; a test
/// holds the two equal for every bundled recipe and servings from 1 to 24).
public enum KitchenScalingRule: Hashable, Sendable {
    /// Not scaled ("a pinch", "to taste", unreadable, empty): shown as written.
    case written(String)
    /// A count ("3" eggs, "2–3 cloves"): kitchen fractions, the counted word and its plural
    /// (plural above one), and a package size shown after the count, never scaled.
    case counted(amount: Double, maxAmount: Double?, word: String?, plural: String?, packageSize: String?)
    /// Grams or millilitres by the metric rule, in `large` (1,000 of `small`) from 1,000 rounded.
    case metric(Measured, small: String, large: String)
    /// Kitchen fractions of the first of `units` whose `from` (grams or millilitres, unrounded
    /// upper end) the amount reaches.
    case fractions(Measured, units: [FractionUnit])
    /// Ounces to ¼, shown as pounds and ounces from 16 oz.
    case ounces(Measured, ounce: Double)

    /// An amount of a unit of measure as written, and the unit's size in grams or millilitres:
    /// scaled, it is `amount × factor × unitSize`, multiplied in that order as `KitchenScaler`
    /// does (0.7 l × 1.75 is 1,224.99… ml, not 1,225).
    public struct Measured: Hashable, Sendable {
        public var amount: Double
        public var maxAmount: Double?
        public var unitSize: Double

        public init(amount: Double, maxAmount: Double?, unitSize: Double) {
            self.amount = amount
            self.maxAmount = maxAmount
            self.unitSize = unitSize
        }
    }

    /// A unit amounts are counted in by kitchen fractions: its size in grams or millilitres, and
    /// its symbol for one or less and for more.
    public struct FractionUnit: Hashable, Sendable {
        public var from: Double
        public var size: Double
        public var one: String
        public var many: String
    }

    /// The rule for `amount` in `units`, with the recipe's own servings as factor 1.
    public static func rule(for amount: KitchenAmount, written: String, units: KitchenUnits) -> KitchenScalingRule {
        guard case .quantity(let quantity) = amount else { return .written(written.trimmingWhitespace) }
        switch quantity.unit {
        case .none:
            return .counted(amount: quantity.amount, maxAmount: quantity.maxAmount, word: nil, plural: nil, packageSize: quantity.packageSize)
        case .counted(let word):
            return .counted(amount: quantity.amount, maxAmount: quantity.maxAmount, word: word, plural: AmountGrammar.plural(of: word),
                            packageSize: quantity.packageSize)
        case .measure(let unit):
            return measured(Measured(amount: quantity.amount, maxAmount: quantity.maxAmount, unitSize: unit.baseAmount), source: unit, units: units)
        }
    }

    /// The branches of `KitchenScaler.measured`, as data.
    static func measured(_ measured: Measured, source: KitchenUnit, units: KitchenUnits) -> KitchenScalingRule {
        func fixed(_ unit: KitchenUnit) -> [FractionUnit] {
            [FractionUnit(from: 0, size: unit.baseAmount, one: unit.symbol(forQuantity: 1), many: unit.symbol(forQuantity: 2))]
        }
        switch (source.dimension, units) {
        case (.mass, .metric):
            return .metric(measured, small: KitchenUnit.gram.rawValue, large: KitchenUnit.kilogram.rawValue)
        case (.volume, .metric) where source == .teaspoon || source == .tablespoon:
            return .fractions(measured, units: fixed(source))
        case (.volume, .metric):
            return .metric(measured, small: KitchenUnit.millilitre.rawValue, large: KitchenUnit.litre.rawValue)
        case (.mass, .imperial):
            return .ounces(measured, ounce: KitchenUnit.ounce.baseAmount)
        case (.volume, .imperial):
            switch source {
            case .teaspoon, .tablespoon, .cup, .pint, .quart, .gallon, .fluidOunce:
                return .fractions(measured, units: fixed(source))
            default:
                let cup = fixed(.cup)[0], tablespoon = fixed(.tablespoon)[0], teaspoon = fixed(.teaspoon)[0]
                return .fractions(measured, units: [
                    FractionUnit(from: KitchenUnit.cup.baseAmount / 4, size: cup.size, one: cup.one, many: cup.many),
                    FractionUnit(from: KitchenUnit.tablespoon.baseAmount, size: tablespoon.size, one: tablespoon.one, many: tablespoon.many),
                    teaspoon,
                ])
            }
        }
    }
}
