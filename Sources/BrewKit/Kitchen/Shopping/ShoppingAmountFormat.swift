import Foundation

/// How a merged shopping amount is shown, with the kitchen's rounding (`KitchenRounding`):
/// grams and millilitres by the metric rule, ounces to ¼, counts, spoons and cups to kitchen
/// fractions (3½), kilograms, litres, pounds and fluid ounces to two decimals at most. A counted
/// word takes its plural above 1 ("3 cloves"). Only the text rounds, never the quantity.
/// A range shows its ends with an en dash: "2–3 cloves". Pounds and ounces as docs/KITCHEN.md
/// promises for every mass in ounces or pounds: ounces to ¼, from 16 oz pounds and ounces
/// ("1 lb 2 oz", never "1.13 lb"); a pound total under a pound in ounces ("12 oz").
///
/// Counted things are bought whole (`wholeToBuy`): a bare count or a counted word (egg, can,
/// cube, clove …, not a pinch, dash, drop, splash or handful) rounds up, and the line says the
/// exact need beside it (`neededText`: "1 large egg (⅛ needed)").
public enum ShoppingAmountFormat {
    /// Counted words that are not bought one by one: they keep their fraction.
    static let notBoughtWhole: Set<String> = ["pinch", "dash", "drop", "splash", "handful", "knob", "sprinkle", "drizzle"]

    /// Whether a total in `unit` is bought as whole things.
    public static func isBoughtWhole(unit: String?) -> Bool {
        guard case .count(let word) = ShoppingUnit.dimension(of: unit) else { return false }
        guard let word else { return true }
        let first = word.split(separator: " ").first.map(String.init) ?? word
        return !notBoughtWhole.contains(AmountGrammar.singular(of: first.lowercased()))
    }

    /// The whole numbers to buy for an exact need: each end rounded up (a hair over a whole
    /// number, from adding fractions, is that whole number). Nil when the need is already whole.
    public static func wholeToBuy(quantity: Double, quantityMax: Double?, unit: String?) -> (quantity: Double, quantityMax: Double?)? {
        guard isBoughtWhole(unit: unit), quantity > 0 else { return nil }
        func up(_ value: Double) -> Double { (value - 1e-9).rounded(.up) }
        let low = up(quantity), high = quantityMax.map(up)
        let isWhole = abs(low - quantity) < 1e-9 && (quantityMax.map { abs(high! - $0) < 1e-9 } ?? true)
        if isWhole { return nil }
        return (low, high.flatMap { $0 == low ? nil : $0 })
    }

    /// "⅛ needed", "1½–2¼ needed": the exact need of a counted line that is rounded up to buy.
    public static func neededText(quantity: Double, quantityMax: Double?) -> String {
        var number = format(quantity, unit: nil)
        if let quantityMax, format(quantityMax, unit: nil) != number { number += "–" + format(quantityMax, unit: nil) }
        return "\(number) needed"
    }

    public static func text(quantity: Double, quantityMax: Double?, unit: String?) -> String {
        // From 16 oz, pounds and ounces, as `kitchen scale` and the recipe pages show them ("1 lb 2 oz");
        // pounds the same way, so that a merged 1 lb + 2 oz is never "1.13 lb".
        let ounce = KitchenUnit.ounce.baseAmount
        if unit == "oz", (quantityMax ?? quantity) >= 16 {
            return KitchenScaler.ounces(base: quantity * ounce, baseHigh: quantityMax.map { $0 * ounce }).text
        }
        if unit == "lb" {
            let pound = KitchenUnit.pound.baseAmount
            return KitchenScaler.ounces(base: quantity * pound, baseHigh: quantityMax.map { $0 * pound }).text
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
        case "kg", "l", "fl oz": Format.number(value, decimals: 2)
        default: KitchenRounding.fractionText(KitchenRounding.kitchenFraction(value))
        }
    }
}
