/// One line of the merged shopping list: an ingredient with its total amount and the recipes it
/// comes from (what `kitchen shopping` prints and the shopping page shows).
public struct ShoppingLine: Hashable, Sendable {
    /// One ingredient of one recipe (or one free item), scaled to the servings planned.
    public struct Part: Hashable, Sendable {
        public var recipeID: String?
        public var recipeName: String?
        public var name: String
        /// The amount as written in the recipe, before scaling.
        public var amountText: String
        /// Servings planned ÷ the recipe's servings (1 for a free item).
        public var factor: Double
        /// Set when the part comes from a stored shopping item.
        public var itemID: String?
        public var checked: Bool
        /// The exact need already scaled, as a stored item keeps it: used in place of reading
        /// `amountText` and scaling it by `factor`.
        public var need: ShoppingAmount?

        public init(recipeID: String? = nil, recipeName: String? = nil, name: String, amountText: String,
                    factor: Double = 1, itemID: String? = nil, checked: Bool = false, need: ShoppingAmount? = nil) {
            self.recipeID = recipeID
            self.recipeName = recipeName
            self.name = name
            self.amountText = amountText
            self.factor = factor
            self.itemID = itemID
            self.checked = checked
            self.need = need
        }

        /// The amount this part needs: the stored exact need, else the written amount read and
        /// scaled by `factor`; nil when the amount is not a quantity.
        public func scaledAmount(reading read: ShoppingAmount.Reader) -> ShoppingAmount? {
            if let need { return need }
            return read(amountText.trimmingCharacters(in: .whitespacesAndNewlines))?.scaled(by: factor)
        }
    }

    /// The ingredient as the first part names it.
    public var name: String
    /// The total as shown ("700 g", "2–3 cloves"), the text as written for an amount that
    /// cannot be read, or empty when no part gives an amount.
    public var amount: String
    /// The total in `unit`; nil when the amount cannot be read or is not given.
    public var quantity: Double?
    public var quantityMax: Double?
    public var unit: String?
    public var parts: [Part]
    /// For counted things rounded up to buy whole: the exact need ("⅛ needed"); else nil.
    /// `amount` then shows the whole number to buy, `quantity` stays the exact need.
    public var needed: String?

    /// The recipes the line comes from, in order of first appearance, without repeats.
    public var recipeIDs: [String] {
        var seen = Set<String>()
        return parts.compactMap(\.recipeID).filter { seen.insert($0).inserted }
    }

    /// Every part is checked.
    public var checked: Bool { !parts.isEmpty && parts.allSatisfy(\.checked) }

    /// The line as a shopping item's name would say it: "700 g onion"; an amount that is not a
    /// quantity follows the name: "salt, to taste".
    /// Counted things bought whole say the exact need: "1 large egg (⅛ needed)".
    public var text: String {
        if amount.isEmpty { return name }
        if quantity == nil { return "\(name), \(amount)" }
        return "\(amount) \(name)" + (needed.map { " (\($0))" } ?? "")
    }
}
