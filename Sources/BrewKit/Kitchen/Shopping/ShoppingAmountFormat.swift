import Foundation

/// How a merged shopping amount is shown: grams and millilitres to one decimal below 10 and
/// whole above; kilograms, litres, pounds and ounces to two decimals at most; spoons, cups and
/// counts to two decimals at most (trailing zeros dropped). A counted word takes an s above 1.
/// A range shows its ends with an en dash: "2–3 cloves".
public enum ShoppingAmountFormat {
    public static func text(quantity: Double, quantityMax: Double?, unit: String?) -> String {
        var number = format(quantity, unit: unit)
        if let quantityMax, format(quantityMax, unit: unit) != number { number += "–" + format(quantityMax, unit: unit) }
        guard let unit else { return number }
        if case .count = ShoppingUnit.dimension(of: unit) {
            guard (quantityMax ?? quantity) > 1 else { return "\(number) \(unit)" }
            // "can (400 g)" → "cans (400 g)".
            if let space = unit.firstIndex(of: " ") {
                return "\(number) \(AmountGrammar.plural(of: String(unit[..<space])))\(unit[space...])"
            }
            return "\(number) \(AmountGrammar.plural(of: unit))"
        }
        if unit == "cup", (quantityMax ?? quantity) > 1 { return "\(number) cups" }
        return "\(number) \(unit)"
    }

    static func format(_ value: Double, unit: String?) -> String {
        let decimals: Int
        switch unit {
        case "g", "ml": decimals = value < 10 ? 1 : 0
        default: decimals = 2
        }
        return Format.number(value, decimals: decimals)
    }
}
