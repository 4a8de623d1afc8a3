import Foundation

/// The parts a shopping list is merged from (`ShoppingListMerger`): the ingredients of the
/// recipes planned in a range of days, of one recipe, or the items stored on the list.
///
/// Rules:
/// - A recipe planned several times in the range counts once, with the servings of all its
///   slots added: its ingredients scale by (servings eaten, summed) ÷ the recipe's servings.
/// - Slots naming a recipe that is not in the kitchen add nothing (and are reported).
/// - A stored item's text is split into amount and ingredient as clipping splits an ingredient
///   line (`AmountGrammar.splitLine`): "500g Chicken breast" is "500g" of "Chicken breast".
public enum ShoppingListBuilder {
    /// The ingredients of the recipes planned from `first` to `last` (inclusive, `yyyy-MM-dd`),
    /// and the ids of the slots whose recipe is missing.
    public static func parts(planned slots: [MealSlot], from first: String, through last: String,
                             recipes: [String: PlannableRecipe]) -> (parts: [ShoppingLine.Part], missing: [MealSlot]) {
        var order: [String] = []
        var servings: [String: Double] = [:]
        var missing: [MealSlot] = []
        for slot in slots where slot.day >= first && slot.day <= last {
            guard let id = slot.recipeID else { continue }
            guard recipes[id] != nil else { missing.append(slot); continue }
            if servings[id] == nil { order.append(id) }
            servings[id, default: 0] += slot.servings
        }
        let found = order.flatMap { id in
            Self.parts(of: recipes[id]!, servings: servings[id]!)
        }
        return (found, missing)
    }

    /// The ingredients of one recipe scaled to `servings` (PUC/007, TC-074).
    public static func parts(of recipe: PlannableRecipe, servings: Double) -> [ShoppingLine.Part] {
        let factor = servings / Double(max(1, recipe.servings))
        return recipe.ingredients.map {
            ShoppingLine.Part(recipeID: recipe.id, recipeName: recipe.title, name: $0.name, amountText: $0.amount, factor: factor)
        }
    }

    /// The stored items as parts. An item `kitchen shopping --write` made keeps its ingredient,
    /// its amount as written and its exact need, and reads back as the part it was made from; any
    /// other item's text is split into amount and ingredient.
    public static func parts(stored items: [ShoppingItem]) -> [ShoppingLine.Part] {
        items.map { item in
            if let ingredient = item.ingredient {
                return ShoppingLine.Part(recipeID: item.recipeID, recipeName: item.recipeName, name: ingredient, amountText: item.amount ?? "",
                                         itemID: item.id, checked: item.checked, need: item.need)
            }
            let (amount, name) = AmountGrammar.splitLine(item.name)
            return ShoppingLine.Part(recipeID: item.recipeID, recipeName: item.recipeName, name: name, amountText: amount,
                                     itemID: item.id, checked: item.checked)
        }
    }

    /// The item a part is stored as (without its id): its text as the list shows the part alone
    /// ("1 lemon (½ needed)", "olive oil, a good glug", "1 can (400 g) chickpeas"), the ingredient,
    /// the amount as written and the exact need, so that it reads back as this part.
    public static func item(of part: ShoppingLine.Part, reading read: ShoppingAmount.Reader) -> ShoppingItem {
        let name = ShoppingListMerger.merge([part], reading: read).first?.text ?? part.name
        return ShoppingItem(id: "", name: name, recipeID: part.recipeID, recipeName: part.recipeName,
                            ingredient: part.name.trimmingCharacters(in: .whitespacesAndNewlines),
                            amount: part.amountText.trimmingCharacters(in: .whitespacesAndNewlines),
                            need: part.scaledAmount(reading: read))
    }
}
