/// One item of the shopping list (MOD/DATA/003 `ShoppingItem`), as `kitchen/shopping.json`
/// (or `.csv`) stores it: "500g Chicken breast", from a recipe or typed in, checked or not.
public struct ShoppingItem: Hashable, Sendable, Identifiable {
    public var id: String
    /// The item as shown: amount and ingredient together ("500g Chicken breast", "2 lemons").
    public var name: String
    public var recipeID: String?
    public var recipeName: String?
    public var checked: Bool
    /// When the item was last changed (ISO 8601), for merges; nil when never recorded.
    public var updatedAt: String?
    /// Our addition, written by `kitchen shopping --write`: the ingredient ("olive oil") and its
    /// amount as the recipe writes it ("a good glug", "1 can (400 g)"), so that the stored list
    /// reads back as the list that was shown, not from the rounded `name`. Nil on an item typed in
    /// or written before: its `name` is then split into amount and ingredient.
    public var ingredient: String?
    public var amount: String?
    /// The exact need, scaled to the servings planned and never rounded (`quantity`,
    /// `quantityMax`, `unit` in the file); nil when the amount is not a quantity ("to taste").
    public var need: ShoppingAmount?

    public init(id: String, name: String, recipeID: String? = nil, recipeName: String? = nil, checked: Bool = false, updatedAt: String? = nil,
                ingredient: String? = nil, amount: String? = nil, need: ShoppingAmount? = nil) {
        self.id = id
        self.name = name
        self.recipeID = recipeID
        self.recipeName = recipeName
        self.checked = checked
        self.updatedAt = updatedAt
        self.ingredient = ingredient
        self.amount = amount
        self.need = need
    }
}
