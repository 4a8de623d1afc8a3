/// Standard drinks from size and ABV, and what an alcoholic entry moves the waterline by.
public enum StandardDrinks {
    /// The most one drink moves the waterline: far above any real drink (a litre of spirits is
    /// about 23 US standard drinks), so that a mistyped size cannot make a chart of a million lines.
    public static let maximumWaterlineDelta = 100

    /// Grams per millilitre of ethanol at 20 °C.
    public static let ethanolDensityGramsPerMl = 0.789

    /// `ml × ABV × 0.789 ÷ grams per standard drink`, ABV as a fraction (5 % → 0.05).
    public static func count(millilitres: Double, abvPercent: Double, standardDrinkGrams: Double) -> Double {
        millilitres * (abvPercent / 100) * ethanolDensityGramsPerMl / standardDrinkGrams
    }

    /// How an alcoholic drink's standard drinks were found.
    public enum Basis: String, Sendable, Hashable {
        /// From its size and ABV (the entry's own, else its preset's).
        case sizeAndABV
        /// From the `standardDrinkEstimate` of the entry, else of its preset.
        case estimate
        /// From its size and the ABV assumed for its type (`DrinkType.assumedABVPercent`): no ABV
        /// and no estimate were given. Said so wherever the drink is shown ("ABV assumed").
        case assumedABV
        /// Size or ABV unknown and no estimate: counted as one.
        case unknown
    }

    /// The standard drinks of an alcoholic entry, in this order: size and ABV (each taken from the
    /// entry, else from its preset); the entry's estimate; the preset's estimate; size and the ABV
    /// assumed for its type (beer 5 %, wine 12 %, liquor 40 %, cocktail 15 %); else 1 (unknown).
    public static func estimate(for meta: AlcoholMeta?, preset: DrinkPreset?, settings: WaterlineSettings) -> (standardDrinks: Double, basis: Basis) {
        let size = meta?.size ?? preset?.size
        let abv = meta?.abvPercent ?? preset?.abvPercent
        if let size, let abv {
            let ml = size.millilitres(defaultUnit: settings.units)
            return (count(millilitres: ml, abvPercent: abv, standardDrinkGrams: settings.standardDrinkGrams), .sizeAndABV)
        }
        if let estimate = meta?.standardDrinkEstimate ?? preset?.standardDrinkEstimate {
            return (estimate, .estimate)
        }
        if let size, let assumed = (meta?.drinkType ?? preset?.drinkType)?.assumedABVPercent {
            let ml = size.millilitres(defaultUnit: settings.units)
            return (count(millilitres: ml, abvPercent: assumed, standardDrinkGrams: settings.standardDrinkGrams), .assumedABV)
        }
        return (1, .unknown)
    }

    /// The waterline step of an alcoholic drink: its standard drinks rounded to a whole number
    /// (halves up), at least 1 and at most `maximumWaterlineDelta`. A double (2 standard drinks) counts +2.
    public static func waterlineDelta(standardDrinks: Double) -> Int {
        guard standardDrinks.isFinite else { return 1 }
        return min(maximumWaterlineDelta, max(1, Int(saturating: standardDrinks.rounded(.toNearestOrAwayFromZero))))
    }
}
