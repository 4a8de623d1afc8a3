/// An ingredient amount as the shopping list merges it: a quantity (or a range) and a unit.
/// `unit` is a canonical symbol (`g`, `kg`, `ml`, `l`, `tsp`, `tbsp`, `cup`, `oz`, `lb`,
/// `fl oz`), a counted word in the singular (`clove`, `can`), or nil for a bare count ("2").
public struct ShoppingAmount: Hashable, Sendable {
    public var quantity: Double
    public var quantityMax: Double?
    public var unit: String?

    public init(quantity: Double, quantityMax: Double? = nil, unit: String? = nil) {
        self.quantity = quantity
        self.quantityMax = quantityMax
        self.unit = unit
    }

    /// Reads an amount as written ("500g", "2-3 cloves"); nil when it cannot be read. The
    /// kitchen's amount grammar stands behind it (`ShoppingAmount+Kitchen.swift`).
    public typealias Reader = @Sendable (String) -> ShoppingAmount?

    /// The same amount times `factor`.
    public func scaled(by factor: Double) -> ShoppingAmount {
        ShoppingAmount(quantity: quantity * factor, quantityMax: quantityMax.map { $0 * factor }, unit: unit)
    }
}
