/// How scaled amounts round, so that they read as a cook measures (issue 14):
/// - counted things, spoons and cups to kitchen fractions (⅛ ¼ ⅓ ½ ⅔ ¾);
/// - grams and millilitres to 0.1 below 10, to 1 below 100, to 5 up to 1,000, then to 10;
/// - ounces to ¼;
/// and never to 0 for an amount that was not 0 (the smallest step is kept instead).
public enum KitchenRounding {
    /// The fractional parts a kitchen amount may have, as numerator and glyph.
    static let fractions: [(value: Double, glyph: String)] = [
        (0, ""), (1.0 / 8, "⅛"), (1.0 / 4, "¼"), (1.0 / 3, "⅓"), (1.0 / 2, "½"), (2.0 / 3, "⅔"), (3.0 / 4, "¾"), (1, ""),
    ]

    /// The nearest whole number plus a kitchen fraction; ⅛ for a positive amount below ¹⁄₁₆.
    public static func kitchenFraction(_ value: Double) -> Double {
        guard value.isFinite, value > 0 else { return max(0, value.isFinite ? value : 0) }
        let whole = value.rounded(.down)
        let part = value - whole
        var best = fractions[0].value
        for fraction in fractions where abs(part - fraction.value) < abs(part - best) { best = fraction.value }
        let rounded = whole + best
        return rounded > 0 ? rounded : 1.0 / 8
    }

    /// Grams or millilitres by the metric rule; 0.1 for a positive amount that would round to 0.
    public static func metric(_ value: Double) -> Double {
        guard value.isFinite, value > 0 else { return max(0, value.isFinite ? value : 0) }
        let step = metricStep(value)
        let rounded = (value / step).rounded() * step
        // Decimal steps leave binary dust (0.30000000000000004): cut it at a tenth.
        let clean = (rounded * 10).rounded() / 10
        return clean > 0 ? clean : 0.1
    }

    /// The step the metric rule rounds a value to: 0.1, 1, 5 or 10.
    public static func metricStep(_ value: Double) -> Double {
        if value < 9.95 { return 0.1 }
        if value < 99.5 { return 1 }
        if value <= 1000 { return 5 }
        return 10
    }

    /// Ounces to the nearest quarter; ¼ for a positive amount that would round to 0.
    public static func quarter(_ value: Double) -> Double {
        guard value.isFinite, value > 0 else { return max(0, value.isFinite ? value : 0) }
        let rounded = (value * 4).rounded() / 4
        return rounded > 0 ? rounded : 0.25
    }

    /// A kitchen amount as a cook writes it: `1½`, `⅓`, `2`, `2¼`; anything off the fractions
    /// with up to two decimals.
    public static func fractionText(_ value: Double) -> String {
        let whole = value.rounded(.down)
        let part = value - whole
        for fraction in fractions where abs(part - fraction.value) < 1e-9 {
            if fraction.value == 1 { return Format.number(whole + 1, decimals: 0) }
            if fraction.glyph.isEmpty { return Format.number(whole, decimals: 0) }
            return (whole > 0 ? Format.number(whole, decimals: 0) : "") + fraction.glyph
        }
        return Format.number(value, decimals: 2)
    }
}
