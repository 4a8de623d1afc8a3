/// The aisle a shopping line is found in, for the shopping page's grouping (issue 26): a small
/// built-in table of common ingredients, and the person's own in `preferences.json`
/// `kitchen.aisles` (`{"Bakery": ["sourdough", "pitta"]}`, aisle → ingredients, as cookcli's
/// aisle file has them), which win over the table.
///
/// An ingredient's aisle: the person's table, else the built-in one, matched on the line's name
/// key (`ShoppingListMerger.nameKey`: case, spaces and a plural s ignored), first the whole name,
/// then its last word ("red lentils" → "lentil"), then its first ("chicken thighs" → "chicken");
/// else "Other". Aisles are shown in the built-in order, the person's own after them, "Other" last.
public struct ShoppingAisles: Hashable, Sendable {
    public static let other = "Other"

    static let builtIn: [(aisle: String, ingredients: [String])] = [
        ("Fruit and vegetables", ["lemon", "lime", "orange", "apple", "banana", "berry", "berries", "onion", "red onion", "shallot",
                                  "garlic", "carrot", "potato", "new potato", "sweet potato", "tomato", "cherry tomato", "pepper",
                                  "chilli", "spinach", "lettuce", "cucumber", "courgette", "zucchini", "aubergine", "mushroom",
                                  "broccoli", "cauliflower", "cabbage", "kale", "celery", "leek", "ginger", "avocado", "herb",
                                  "thyme", "parsley", "coriander", "cilantro", "basil", "mint", "rosemary", "spring onion"]),
        ("Meat and fish", ["chicken", "chicken thigh", "chicken breast", "beef", "mince", "pork", "bacon", "sausage", "lamb",
                           "ham", "salmon", "cod", "tuna", "prawn", "shrimp", "fish"]),
        ("Dairy and eggs", ["egg", "large egg", "milk", "butter", "cream", "yoghurt", "yogurt", "cheese", "parmesan", "feta",
                            "mozzarella", "cheddar", "ricotta", "crème fraîche"]),
        ("Bakery", ["bread", "loaf", "sourdough", "pitta", "tortilla", "bun", "roll", "bagel"]),
        ("Pantry", ["flour", "sugar", "rice", "pasta", "spaghetti", "noodle", "lentil", "red lentil", "chickpea", "bean", "oat",
                    "stock", "vegetable stock", "chicken stock", "tahini", "oil", "olive oil", "vinegar", "honey", "tinned tomato",
                    "chopped tomato", "passata", "coconut milk", "soy sauce", "nut", "peanut butter", "baking powder"]),
        ("Spices", ["salt", "pepper flake", "black pepper", "cumin", "ground cumin", "paprika", "turmeric", "cinnamon",
                    "chilli flake", "oregano", "bay leaf", "nutmeg", "curry powder", "salt and pepper"]),
        ("Frozen", ["frozen pea", "pea", "ice cream"]),
        ("Household", ["dish soap", "washing-up liquid", "kitchen roll", "foil", "bin bag", "sponge"]),
    ]

    /// Ingredient name key → aisle, from the person's table.
    public var overrides: [String: String]
    /// The person's aisles in the order they gave them.
    public var ownAisles: [String]

    public init(overrides: [(aisle: String, ingredients: [String])] = []) {
        var map: [String: String] = [:]
        var own: [String] = []
        for (aisle, ingredients) in overrides {
            if !own.contains(aisle) { own.append(aisle) }
            for ingredient in ingredients { map[ShoppingListMerger.nameKey(ingredient)] = aisle }
        }
        self.overrides = map
        self.ownAisles = own
    }

    static let builtInMap: [String: String] = {
        var map: [String: String] = [:]
        for (aisle, ingredients) in builtIn {
            for ingredient in ingredients where map[ShoppingListMerger.nameKey(ingredient)] == nil { map[ShoppingListMerger.nameKey(ingredient)] = aisle }
        }
        return map
    }()

    /// The aisle of an ingredient named `name`.
    public func aisle(for name: String) -> String {
        let key = ShoppingListMerger.nameKey(name)
        let words = key.split(separator: " ").map(String.init)
        var candidates = [key]
        if let last = words.last { candidates.append(ShoppingListMerger.nameKey(last)) }
        if let first = words.first { candidates.append(ShoppingListMerger.nameKey(first)) }
        // "tomatoes" keys as "tomatoe": try "tomato" too.
        candidates += candidates.filter { $0.hasSuffix("oe") }.map { String($0.dropLast()) }
        for candidate in candidates { if let aisle = overrides[candidate] { return aisle } }
        for candidate in candidates { if let aisle = Self.builtInMap[candidate] { return aisle } }
        return Self.other
    }

    /// The order aisles are shown in: the built-in ones, the person's own, then "Other".
    public var order: [String] {
        var result = Self.builtIn.map(\.aisle)
        for aisle in ownAisles where !result.contains(aisle) { result.append(aisle) }
        result.append(Self.other)
        return result
    }
}
