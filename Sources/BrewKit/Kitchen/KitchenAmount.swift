/// An ingredient's amount as the grammar reads it (`AmountGrammar`).
public enum KitchenAmount: Hashable, Sendable {
    /// No amount written ("salt and pepper").
    case empty
    /// A number or range, with a unit, a counted word or neither: scaled with the servings.
    case quantity(KitchenQuantity)
    /// Words that name no quantity ("a pinch", "to taste"): read, shown as written, never scaled.
    case unmeasured(String)
    /// Text the grammar cannot read: kept and shown verbatim, never scaled, and `check` warns.
    case unreadable(String)

    /// The measuring system the amount was written in: metric for g, kg, ml and l, imperial for
    /// spoons, cups, ounces and pounds, metric for counted things and words (nothing to convert).
    public var writtenSystem: KitchenUnits {
        guard case .quantity(let quantity) = self, case .measure(let unit) = quantity.unit else { return .metric }
        switch unit {
        case .gram, .kilogram, .millilitre, .litre: return .metric
        case .teaspoon, .tablespoon, .cup, .ounce, .pound, .fluidOunce, .pint, .quart, .gallon: return .imperial
        }
    }

    public var quantity: KitchenQuantity? {
        if case .quantity(let quantity) = self { return quantity }
        return nil
    }
}

/// A quantity: `amount`, or the range `amount`–`maxAmount`, of a unit.
public struct KitchenQuantity: Hashable, Sendable {
    public var amount: Double
    /// The upper end of a range ("2-3 cloves"); nil for a single amount.
    public var maxAmount: Double?
    public var unit: KitchenQuantityUnit
    /// The size of one counted thing as written, such as "400 g" in "1 (400 g) can": shown, never scaled.
    public var packageSize: String?

    public init(amount: Double, maxAmount: Double? = nil, unit: KitchenQuantityUnit = .none, packageSize: String? = nil) {
        self.amount = amount
        self.maxAmount = maxAmount
        self.unit = unit
        self.packageSize = packageSize
    }
}

/// What a quantity counts: a unit of measure, a counted thing ("clove"), or nothing ("3" eggs).
public enum KitchenQuantityUnit: Hashable, Sendable {
    case none
    case measure(KitchenUnit)
    /// A counted word in the singular ("clove", "can"), with the plural shown for more than one.
    case counted(String)

    /// The canonical symbol (`g`, `cup`, `fl oz`) or the counted word; nil for none.
    public var symbol: String? {
        switch self {
        case .none: nil
        case .measure(let unit): unit.rawValue
        case .counted(let word): word
        }
    }
}
