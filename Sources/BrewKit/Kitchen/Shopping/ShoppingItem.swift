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

    public init(id: String, name: String, recipeID: String? = nil, recipeName: String? = nil, checked: Bool = false, updatedAt: String? = nil) {
        self.id = id
        self.name = name
        self.recipeID = recipeID
        self.recipeName = recipeName
        self.checked = checked
        self.updatedAt = updatedAt
    }
}
