/// The units the shopping list converts between, each with its size in a base unit of its
/// dimension: grams for mass, millilitres for volume. A US cup is 236.6 ml (issue 14);
/// the other factors are exact (1 oz = 28.349523125 g, 1 fl oz = 29.5735295625 ml,
/// 1 tsp = ⅙ fl oz, 1 tbsp = 3 tsp). Counted words (`clove`, `can`) convert only to themselves.
public enum ShoppingUnit {
    public enum Dimension: Hashable, Sendable {
        case mass
        case volume
        /// A counted word, or nil for a bare count.
        case count(String?)
    }

    static let massGrams: [String: Double] = ["g": 1, "kg": 1000, "oz": 28.349523125, "lb": 453.59237]
    static let volumeMillilitres: [String: Double] = [
        "ml": 1, "l": 1000, "tsp": 29.5735295625 / 6, "tbsp": 29.5735295625 / 2, "fl oz": 29.5735295625, "cup": 236.6,
        "pt": 2 * 236.6, "qt": 4 * 236.6, "gal": 16 * 236.6,
    ]
    static let metric: Set<String> = ["g", "kg", "ml", "l"]
    /// Spoons and cups from small to large, for choosing the unit of a merged volume.
    static let kitchenVolumes = ["tsp", "tbsp", "fl oz", "cup", "pt", "qt", "gal"]

    public static func dimension(of unit: String?) -> Dimension {
        guard let unit else { return .count(nil) }
        if massGrams[unit] != nil { return .mass }
        if volumeMillilitres[unit] != nil { return .volume }
        return .count(unit)
    }

    /// The size of one `unit` in its dimension's base unit (1 for counted words).
    public static func baseSize(of unit: String?) -> Double {
        guard let unit else { return 1 }
        return massGrams[unit] ?? volumeMillilitres[unit] ?? 1
    }

    /// The unit a merged total of `units` (one dimension) is shown in: a metric unit when any part
    /// is metric, by the kitchen's unit rule (kg or l from 1000 g or ml up, else g or ml: 375 ml,
    /// never "0.38 l"); else the parts' unit when they share one; otherwise the largest imperial
    /// unit that keeps the total at 1 or more.
    public static func displayUnit(for units: [String?], totalBase: Double) -> String? {
        let distinct = Set(units.map { $0 ?? "" })
        if distinct.count == 1, !metric.contains(units.first.flatMap { $0 } ?? "") { return units.first ?? nil }
        switch dimension(of: units.first ?? nil) {
        case .mass:
            if units.contains(where: { metric.contains($0 ?? "") }) { return totalBase >= 1000 ? "kg" : "g" }
            return totalBase >= massGrams["lb"]! ? "lb" : "oz"
        case .volume:
            if units.contains(where: { metric.contains($0 ?? "") }) { return totalBase >= 1000 ? "l" : "ml" }
            let used = kitchenVolumes.filter { distinct.contains($0) }
            return used.last(where: { totalBase / volumeMillilitres[$0]! >= 1 }) ?? used.first ?? "ml"
        case .count(let word):
            return word
        }
    }
}
