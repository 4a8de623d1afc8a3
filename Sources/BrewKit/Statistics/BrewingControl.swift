/// The arithmetic of the SCA brewing control chart (issue 52): strength (TDS %) against
/// extraction (%), the Golden Cup box and the brew-ratio lines. No I/O.
///
/// - Extraction is the share of the dry coffee that ended up in the cup, by the method's formula
///   (Beanconqueror #262): a **percolation** (pour-over, espresso) measures the beverage that came
///   through, `TDS × beverage mass ÷ dose`; an **immersion** (French press, AeroPress, Clever) holds
///   all its water with the grounds, `TDS × water ÷ dose`.
/// - A Brix reading converts to TDS as `TDS ≈ 0.85 × Brix`, the usual approximation for coffee
///   (refractometers calibrated for sucrose read coffee solids about 15 % high); an approximation, said so.
public enum BrewingControl {
    /// The SCA Golden Cup box.
    public static let goldenCupTDSPercent: ClosedRange<Double> = 1.15...1.35
    public static let goldenCupExtractionPercent: ClosedRange<Double> = 18.0...22.0
    /// TDS per Brix degree for coffee (approximate).
    public static let tdsPerBrixDegree = 0.85

    public enum Method: String, Sendable, Hashable {
        case percolation, immersion

        /// Immersion brewers by name (any case, spaces or hyphens): French press, AeroPress,
        /// Clever, siphon, cold brew, cupping; every other method (`v60`, `chemex`, `kalita`,
        /// `espresso`) percolates.
        public init(methodName: String) {
            let key = methodName.lowercased().filter(\.isLetter)
            let immersion = ["frenchpress", "press", "aeropress", "clever", "cleverdripper", "siphon", "syphon", "vacpot", "coldbrew", "cupping", "immersion", "fullimmersion"]
            self = immersion.contains(key) ? .immersion : .percolation
        }
    }

    /// TDS (%) from a Brix reading (°Bx), by `tdsPerBrixDegree`.
    public static func tdsPercent(fromBrix brix: Double) -> Double { brix * tdsPerBrixDegree }

    /// Extraction (%) of a percolation: `TDS × beverage mass ÷ dose`; nil without a positive dose and mass.
    public static func percolationExtractionPercent(tdsPercent: Double, beverageGrams: Double, doseGrams: Double) -> Double? {
        guard doseGrams > 0, beverageGrams > 0, tdsPercent.isFinite, tdsPercent >= 0 else { return nil }
        return tdsPercent * beverageGrams / doseGrams
    }

    /// Extraction (%) of an immersion: `TDS × water ÷ dose`; nil without a positive dose and water.
    public static func immersionExtractionPercent(tdsPercent: Double, waterGrams: Double, doseGrams: Double) -> Double? {
        guard doseGrams > 0, waterGrams > 0, tdsPercent.isFinite, tdsPercent >= 0 else { return nil }
        return tdsPercent * waterGrams / doseGrams
    }

    /// The TDS (%) at `extractionPercent` on the line of a beverage-to-coffee ratio (`ratio` g of
    /// beverage a gram of coffee): `extraction = TDS × ratio`, so `TDS = extraction ÷ ratio`.
    public static func ratioLineTDSPercent(extractionPercent: Double, ratio: Double) -> Double {
        extractionPercent / ratio
    }

    /// Where a value sits against a range: below, in or above it.
    public enum Side: Int, Sendable, Hashable, Comparable {
        case below = -1, inside = 0, above = 1

        public init(_ value: Double, against range: ClosedRange<Double>) {
            self = value < range.lowerBound ? .below : value > range.upperBound ? .above : .inside
        }

        public static func < (a: Side, b: Side) -> Bool { a.rawValue < b.rawValue }
    }
}
