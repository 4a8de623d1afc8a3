/// Synthetic kitchen recipes (issue 14) for the benchmark: `count` recipes in one
/// `kitchen/recipes/kitchen.json`, with amounts in every form the grammar reads (grams,
/// fractions of cups, ranges, package sizes, pounds and ounces, a pinch) and one amount in
/// fifty it cannot read; every tenth archived, every seventh a favourite. The same seed gives
/// the same file.
enum KitchenCatalog {
    static let dishes = ["Lentil soup", "Chicken traybake", "Banana bread", "Shakshuka", "Pasta al limone", "Hummus",
                         "Pancakes", "Greek salad", "Fish pie", "Veggie chilli", "Flapjacks", "Risotto"]
    static let categories = ["Breakfast", "Lunch", "Dinner", "Snack"]
    static let amounts = ["500 g", "1½ cups", "1 1/2 tbsp", "2-3 cloves", "1 (400 g) can", "a pinch", "1 lb 2 oz", "0.5 l", "¾ tsp", "4", "250ml", "2–3"]
    static let names = ["flour", "stock", "olive oil", "garlic", "chopped tomatoes", "salt", "beef mince", "milk", "cumin", "eggs", "water", "lemons"]

    static func file(count: Int, seed: UInt64) -> GeneratedFile {
        var random = SplitMix64(seed: seed).derived(7)
        var recipes: [JSONText] = []
        for index in 0..<count {
            let dish = dishes[Int(random.next() % UInt64(dishes.count))]
            let ingredientCount = 4 + Int(random.next() % 8)
            var ingredients: [JSONText] = []
            for position in 0..<ingredientCount {
                let pick = Int(random.next() % UInt64(amounts.count))
                let amount = (index * 13 + position) % 50 == 0 ? "a good glug" : amounts[pick]
                ingredients.append(.members([("id", .string("i\(position + 1)")), ("name", .string(names[pick])), ("amount", .string(amount))]))
            }
            let stepCount = 2 + Int(random.next() % 5)
            let steps: [JSONText] = (0..<stepCount).map { step in
                .members([("id", .string("s\(step + 1)")), ("order", .number(Double(step + 1))),
                          ("text", .string("Step \(step + 1) of the \(dish.lowercased()): stir and simmer \(5 + step * 5) minutes."))])
            }
            let servings = 1 + Int(random.next() % 8)
            recipes.append(.members([
                ("id", .string("kitchen-\(index + 1)")),
                ("title", .string("\(dish) no. \(index + 1)")),
                ("prepTime", .string("\(5 + index % 20) min")),
                ("cookTime", .string("\(10 + index % 50) min")),
                ("servings", .number(Double(servings))),
                ("category", .string(categories[index % categories.count])),
                ("ingredients", .array(ingredients)),
                ("steps", .array(steps)),
                ("nutrition", .members([("calories", .number(Double(300 * servings))), ("protein", .number(Double(15 * servings))),
                                        ("carbs", .number(Double(40 * servings))), ("fats", .number(Double(10 * servings)))])),
                ("isArchived", .bool(index % 10 == 9)),
                ("isFavourite", .bool(index % 7 == 0)),
                ("createdAt", .string("2026-10-01T12:00:00Z")),
            ]))
        }
        return GeneratedFile(path: "kitchen/recipes/kitchen.json", text: JSONText.array(recipes).rendered())
    }
}
