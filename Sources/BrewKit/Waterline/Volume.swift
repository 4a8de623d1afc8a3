/// A unit of volume the Waterline settings and entries use.
public enum VolumeUnit: String, Sendable, CaseIterable, Hashable {
    case ml
    case oz

    /// Millilitres in one US fluid ounce (exactly 29.5735295625 ml).
    public static let millilitresPerFluidOunce = 29.5735295625

    public func millilitres(_ amount: Double) -> Double {
        switch self {
        case .ml: amount
        case .oz: amount * Self.millilitresPerFluidOunce
        }
    }

    public func amount(fromMillilitres millilitres: Double) -> Double {
        switch self {
        case .ml: millilitres
        case .oz: millilitres / Self.millilitresPerFluidOunce
        }
    }
}

/// An amount as written in the data: millilitres, fluid ounces, or a bare number in the
/// person's units setting (`unit` nil), resolved when the settings are known.
public struct Volume: Hashable, Sendable {
    public var amount: Double
    public var unit: VolumeUnit?

    public init(_ amount: Double, _ unit: VolumeUnit?) {
        self.amount = amount
        self.unit = unit
    }

    public static func millilitres(_ amount: Double) -> Volume { Volume(amount, .ml) }

    /// The amount in millilitres, reading a bare number in `defaultUnit`.
    public func millilitres(defaultUnit: VolumeUnit) -> Double {
        (unit ?? defaultUnit).millilitres(amount)
    }
}
