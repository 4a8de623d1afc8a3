extension ShoppingAmount {
    /// Reads an amount with the kitchen's amount grammar (`AmountGrammar`, issue 14): a quantity
    /// becomes a shopping amount (a counted thing with a package size, "1 (400 g) can", counts
    /// as the unit "can (400 g)", so cans of different sizes stay apart); an empty, unmeasured
    /// ("to taste") or unreadable amount is nil.
    public static func kitchen(_ text: String) -> ShoppingAmount? {
        guard let quantity = AmountGrammar.parse(text).quantity else { return nil }
        var unit = quantity.unit.symbol
        if let size = quantity.packageSize, let word = unit { unit = "\(word) (\(size))" }
        return ShoppingAmount(quantity: quantity.amount, quantityMax: quantity.maxAmount, unit: unit)
    }
}
