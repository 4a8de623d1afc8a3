import Foundation

/// How a merged shopping amount is shown, with the kitchen's rounding (`KitchenRounding`):
/// grams and millilitres by the metric rule, ounces to ¼, counts, spoons and cups to kitchen
/// fractions (3½), kilograms, litres, pounds and fluid ounces to two decimals at most. A counted
/// word takes its plural above 1 ("3 cloves"). Only the text rounds, never the quantity.
/// A range shows its ends with an en dash: "2–3 cloves". From 16 oz, pounds and ounces: "1 lb 2 oz".
public enum ShoppingAmountFormat {
    public static func text(quantity: Double, quantityMax: Double?, unit: String?) -> String {
        // From 16 oz, pounds and ounces, as `kitchen scale` and the recipe pages show them ("1 lb 2 oz").
        if unit == "oz", (quantityMax ?? quantity) >= 16 {
            let ounce = KitchenUnit.ounce.baseAmount
            return KitchenScaler.ounces(base: quantity * ounce, baseHigh: quantityMax.map { $0 * ounce }).text
        }
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
        switch unit {
        case "g", "ml": Format.number(KitchenRounding.metric(value), decimals: 1)
        case "oz": KitchenRounding.fractionText(KitchenRounding.quarter(value))
        case "kg", "l", "lb", "fl oz": Format.number(value, decimals: 2)
        default: KitchenRounding.fractionText(KitchenRounding.kitchenFraction(value))
        }
    }
}
