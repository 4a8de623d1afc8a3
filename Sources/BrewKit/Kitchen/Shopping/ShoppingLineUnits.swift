/// A shopping line's total in one system of units, as `kitchen scale --units` would show that
/// many grams or millilitres (`KitchenScaler`'s units and rounding): the shopping page's units
/// choice (as written / metric / US) shows these.
public enum ShoppingLineUnits {
    /// "1.2 kg flour", "2½ cups milk": the line's text with its total in `units`; nil for a line
    /// that is no mass or volume (counted things, words, no amount), which reads the same in both.
    public static func text(of line: ShoppingLine, in units: KitchenUnits) -> String? {
        guard let quantity = line.quantity, let symbol = line.unit, let unit = KitchenUnit(rawValue: symbol) else { return nil }
        switch ShoppingUnit.dimension(of: symbol) {
        case .mass, .volume:
            let size = ShoppingUnit.baseSize(of: symbol)
            let amount = KitchenScaler.measured(base: quantity * size, baseHigh: line.quantityMax.map { $0 * size }, source: unit, units: units)
            return amount.text + " " + line.name
        case .count:
            return nil
        }
    }
}
