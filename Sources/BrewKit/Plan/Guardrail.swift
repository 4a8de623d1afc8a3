/// A recommended range for an input (PRD 3.7.4, V60). Outside it the plan warns; it never clamps.
public struct Guardrail: Sendable, Hashable {
    /// The field a warning names: `doseGrams`, `targetYieldGrams`, `ratio`, `waterTemperatureCelsius`.
    public var field: String
    /// The words a brewer reads: "dose", "target yield".
    public var name: String
    public var range: ClosedRange<Double>
    private var style: Style

    enum Style: Hashable { case grams, ratio, celsius }

    init(field: String, name: String, range: ClosedRange<Double>, style: Style) {
        self.field = field
        self.name = name
        self.range = range
        self.style = style
    }

    public static let dose = Guardrail(field: "doseGrams", name: "dose", range: 12...40, style: .grams)
    public static let targetYield = Guardrail(field: "targetYieldGrams", name: "target yield", range: 180...720, style: .grams)
    /// Yield ÷ dose: 1:14 to 1:18.
    public static let ratio = Guardrail(field: "ratio", name: "ratio", range: 14...18, style: .ratio)
    public static let waterTemperature = Guardrail(field: "waterTemperatureCelsius", name: "water temperature", range: 90...96, style: .celsius)

    public static let all: [Guardrail] = [.dose, .targetYield, .ratio, .waterTemperature]

    /// Small enough to ignore the floating-point noise of a ratio such as 270 ÷ 15.
    static let tolerance = 1e-9

    /// Whether a value is inside the range; the ends are inside.
    public func allows(_ value: Double) -> Bool {
        value >= range.lowerBound - Self.tolerance && value <= range.upperBound + Self.tolerance
    }

    /// `nil` inside the range, else a warning naming the field, the value and the range.
    public func warning(for value: Double) -> PlanWarning? {
        guard !allows(value) else { return nil }
        let side = value < range.lowerBound ? "below" : "above"
        return PlanWarning(
            field: field, value: value,
            message: "\(name) \(formatted(value)) is \(side) the recommended range \(rangeText)")
    }

    /// `12–40 g`, `1:14–1:18`, `90–96 °C`.
    public var rangeText: String {
        let low = range.lowerBound, high = range.upperBound
        switch style {
        case .grams: return "\(Format.number(low))–\(Format.number(high)) g"
        case .ratio: return "\(Format.ratio(low))–\(Format.ratio(high))"
        case .celsius: return "\(Format.number(low))–\(Format.number(high)) °C"
        }
    }

    func formatted(_ value: Double) -> String {
        switch style {
        case .grams: Format.grams(value)
        case .ratio: Format.ratio(value)
        case .celsius: "\(Format.number(value, decimals: 1)) °C"
        }
    }
}
