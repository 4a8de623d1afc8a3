/// Scales a kitchen recipe's amounts by servings and shows them in metric or imperial units.
///
/// Every readable quantity is multiplied by `servings ÷ recipe.servings`, both ends of a range
/// alike; amounts that are unmeasured ("a pinch"), unreadable or empty are shown as written.
/// Units:
/// - metric: masses in g (kg from 1,000 g), volumes in ml (l from 1,000 ml); teaspoons and
///   tablespoons stay spoons, since that is how a cook measures them in either system;
/// - imperial: masses in oz, shown as pounds and ounces from 16 oz; volumes written in spoons,
///   cups or fl oz keep their unit, millilitres and litres become cups (from ¼ cup),
///   tablespoons (from 1) or teaspoons.
/// Mass never becomes volume or the reverse. Rounding is `KitchenRounding`'s.
public enum KitchenScaler {
    /// The recipe scaled to `servings` (≥ 1) in `units`.
    public static func scale(_ recipe: KitchenRecipe, servings: Int, units: KitchenUnits) -> ScaledKitchenRecipe {
        let factor = Double(servings) / Double(max(1, recipe.servings))
        let ingredients = recipe.ingredients.map { ingredient in
            ScaledIngredient(name: ingredient.name, notes: ingredient.notes,
                             amount: scale(ingredient.parsedAmount, written: ingredient.amount, by: factor, units: units))
        }
        let total = recipe.nutrition?.scaled(by: factor)
        return ScaledKitchenRecipe(
            recipeId: recipe.id, title: recipe.title, servings: servings, baseServings: recipe.servings, units: units,
            ingredients: ingredients, nutritionTotal: total, nutritionPerServing: recipe.nutritionPerServing,
            servingsGiven: recipe.servingsGiven, servingsAssumption: recipe.servingsAssumption)
    }

    /// One amount scaled by `factor` in `units`; `written` is shown when nothing can be scaled.
    public static func scale(_ amount: KitchenAmount, written: String, by factor: Double, units: KitchenUnits) -> ScaledAmount {
        guard case .quantity(let quantity) = amount else {
            return ScaledAmount(text: written.trimmingWhitespace, quantity: nil, quantityMax: nil, unit: nil, scaled: false)
        }
        return scale(quantity, by: factor, units: units)
    }

    public static func scale(_ quantity: KitchenQuantity, by factor: Double, units: KitchenUnits) -> ScaledAmount {
        let low = quantity.amount * factor
        let high = quantity.maxAmount.map { $0 * factor }
        switch quantity.unit {
        case .none, .counted:
            let roundedLow = KitchenRounding.kitchenFraction(low)
            let roundedHigh = high.map { max(roundedLow, KitchenRounding.kitchenFraction($0)) }
            var text = KitchenRounding.fractionText(roundedLow)
            if let roundedHigh, roundedHigh != roundedLow { text += "–" + KitchenRounding.fractionText(roundedHigh) }
            if let size = quantity.packageSize { text += " (\(size))" }
            if case .counted(let word) = quantity.unit {
                text += " " + ((roundedHigh ?? roundedLow) > 1 ? AmountGrammar.plural(of: word) : word)
            }
            return ScaledAmount(text: text, quantity: roundedLow, quantityMax: roundedHigh == roundedLow ? nil : roundedHigh,
                                unit: quantity.unit.symbol, scaled: true)
        case .measure(let unit):
            let base = low * unit.baseAmount
            let baseHigh = high.map { $0 * unit.baseAmount }
            return measured(base: base, baseHigh: baseHigh, source: unit, units: units)
        }
    }

    /// The display unit and rounding for an amount of `base` grams or millilitres.
    static func measured(base: Double, baseHigh: Double?, source: KitchenUnit, units: KitchenUnits) -> ScaledAmount {
        let largest = baseHigh ?? base
        switch (source.dimension, units) {
        case (.mass, .metric):
            return metric(base: base, baseHigh: baseHigh, small: .gram, large: .kilogram, useLarge: KitchenRounding.metric(largest) >= 1000)
        case (.volume, .metric) where source == .teaspoon || source == .tablespoon:
            return fractions(base: base, baseHigh: baseHigh, unit: source)
        case (.volume, .metric):
            return metric(base: base, baseHigh: baseHigh, small: .millilitre, large: .litre, useLarge: KitchenRounding.metric(largest) >= 1000)
        case (.mass, .imperial):
            return ounces(base: base, baseHigh: baseHigh)
        case (.volume, .imperial):
            switch source {
            case .teaspoon, .tablespoon, .cup, .pint, .quart, .gallon:
                return fractions(base: base, baseHigh: baseHigh, unit: source)
            case .fluidOunce:
                return fractions(base: base, baseHigh: baseHigh, unit: .fluidOunce)
            default:
                let unit: KitchenUnit = largest >= KitchenUnit.cup.baseAmount / 4 ? .cup
                    : largest >= KitchenUnit.tablespoon.baseAmount ? .tablespoon : .teaspoon
                return fractions(base: base, baseHigh: baseHigh, unit: unit)
            }
        }
    }

    static func metric(base: Double, baseHigh: Double?, small: KitchenUnit, large: KitchenUnit, useLarge: Bool) -> ScaledAmount {
        let low = KitchenRounding.metric(base)
        let high = baseHigh.map { max(low, KitchenRounding.metric($0)) }
        let unit = useLarge ? large : small
        let divisor = useLarge ? large.baseAmount : 1
        let shownLow = low / divisor
        let shownHigh = high.map { $0 / divisor }
        var text = Format.number(shownLow, decimals: 3)
        if let shownHigh, shownHigh != shownLow { text += "–" + Format.number(shownHigh, decimals: 3) }
        return ScaledAmount(text: text + " " + unit.rawValue, quantity: shownLow, quantityMax: shownHigh == shownLow ? nil : shownHigh,
                            unit: unit.rawValue, scaled: true, baseQuantity: low, baseQuantityMax: high == low ? nil : high)
    }

    static func fractions(base: Double, baseHigh: Double?, unit: KitchenUnit) -> ScaledAmount {
        let low = KitchenRounding.kitchenFraction(base / unit.baseAmount)
        let high = baseHigh.map { max(low, KitchenRounding.kitchenFraction($0 / unit.baseAmount)) }
        var text = KitchenRounding.fractionText(low)
        if let high, high != low { text += "–" + KitchenRounding.fractionText(high) }
        let symbol = unit.symbol(forQuantity: high ?? low)
        return ScaledAmount(text: text + " " + symbol, quantity: low, quantityMax: high == low ? nil : high, unit: unit.rawValue, scaled: true,
                            baseQuantity: low * unit.baseAmount, baseQuantityMax: high == low ? nil : high.map { $0 * unit.baseAmount })
    }

    /// Ounces to ¼; from 16 oz shown as pounds and ounces ("1 lb 2 oz") and reported in pounds.
    static func ounces(base: Double, baseHigh: Double?) -> ScaledAmount {
        let ounce = KitchenUnit.ounce.baseAmount
        let low = KitchenRounding.quarter(base / ounce)
        let high = baseHigh.map { max(low, KitchenRounding.quarter($0 / ounce)) }
        let inPounds = (high ?? low) >= 16
        func text(_ ounces: Double) -> String {
            guard inPounds else { return KitchenRounding.fractionText(ounces) + " oz" }
            let pounds = (ounces / 16).rounded(.down)
            let rest = ounces - pounds * 16
            let poundsText = pounds > 0 ? "\(Format.number(pounds, decimals: 0)) lb" : ""
            let restText = rest > 0 ? KitchenRounding.fractionText(rest) + " oz" : ""
            return [poundsText, restText].filter { !$0.isEmpty }.joined(separator: " ")
        }
        var shown = text(low)
        if let high, high != low { shown += "–" + text(high) }
        let divisor = inPounds ? 16.0 : 1
        return ScaledAmount(text: shown, quantity: low / divisor, quantityMax: high == low ? nil : high.map { $0 / divisor },
                            unit: inPounds ? KitchenUnit.pound.rawValue : KitchenUnit.ounce.rawValue, scaled: true,
                            baseQuantity: low * ounce, baseQuantityMax: high == low ? nil : high.map { $0 * ounce })
    }
}

/// An amount as shown after scaling.
public struct ScaledAmount: Hashable, Sendable {
    /// As shown: "1½ cups", "2–3 cloves", "1 lb 2 oz", or the amount as written when not scaled.
    public var text: String
    /// The quantity in `unit`, and the range's upper end; nil when nothing could be scaled.
    public var quantity: Double?
    public var quantityMax: Double?
    /// A canonical symbol (`g`, `cup`, `fl oz` …), a counted word, or nil.
    public var unit: String?
    /// Whether the amount was read and scaled.
    public var scaled: Bool
    /// For a unit of measure: the shown quantity in grams or millilitres.
    public var baseQuantity: Double?
    public var baseQuantityMax: Double?

    public init(text: String, quantity: Double?, quantityMax: Double?, unit: String?, scaled: Bool,
                baseQuantity: Double? = nil, baseQuantityMax: Double? = nil) {
        self.text = text
        self.quantity = quantity
        self.quantityMax = quantityMax
        self.unit = unit
        self.scaled = scaled
        self.baseQuantity = baseQuantity
        self.baseQuantityMax = baseQuantityMax
    }
}

/// One ingredient of a scaled recipe.
public struct ScaledIngredient: Hashable, Sendable {
    public var name: String
    public var notes: String?
    public var amount: ScaledAmount
}

/// A recipe scaled to some servings in some units, with its nutrition.
public struct ScaledKitchenRecipe: Hashable, Sendable {
    public var recipeId: String
    public var title: String
    public var servings: Int
    public var baseServings: Int
    public var units: KitchenUnits
    public var ingredients: [ScaledIngredient]
    /// For all `servings`; nil when the recipe gives no nutrition.
    public var nutritionTotal: KitchenNutrition?
    public var nutritionPerServing: KitchenNutrition?
    /// Whether the source gave the servings; false when `baseServings` is an assumption (`KitchenRecipe.servingsGiven`).
    public var servingsGiven: Bool = true
    /// What the base servings assume, when the source gave none or a range (`KitchenRecipe.servingsAssumption`).
    public var servingsAssumption: String? = nil
}
