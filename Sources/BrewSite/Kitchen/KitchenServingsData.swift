import BrewKit

/// What `assets/servings.js` needs to show a kitchen recipe (its page and cook mode) for any
/// number of servings with `kitchen scale`'s rounding: a JSON block in the page's head, each
/// ingredient's `KitchenScalingRule` at the recipe's own servings, by the ingredient's place
/// (null for a group name), once for each units choice (`written`, `metric`, `us`), and which
/// of them the page shows (`shown`). The amounts on the page carry `data-amount` with that place.
///
/// ```json
/// {"metric":[{"as":"count","many":"cloves","one":"clove","q":[2]},null,{"as":"written","text":"to taste"}],
///  "recipe":"pasta","servings":4,"shown":"written","us":[…],"written":[…]}
/// ```
enum KitchenServingsData {
    static let asset = "servings.js"
    /// The id of the JSON block the script reads.
    static let elementID = "servings-data"

    /// The units choice and the temperatures in step text.
    static let unitsAsset = "units.js"

    /// The JSON block and the scripts' tags, for a page whose root is `root`.
    static func head(for recipe: KitchenRecipe, units: KitchenUnits?, root: String) -> String {
        "<script type=\"application/json\" id=\"\(elementID)\">\(HTMLEscaping.scriptSafeJSON(object(for: recipe, units: units).serialized))</script>"
            + KitchenScript.tag(asset, root: root) + KitchenScript.tag(unitsAsset, root: root)
    }

    static func object(for recipe: KitchenRecipe, units: KitchenUnits?) -> JSONLDValue {
        func rules(_ system: KitchenUnits?) -> JSONLDValue {
            .array(recipe.ingredients.map { ingredient in
                guard !ingredient.isHeading else { return .null }
                let amount = ingredient.parsedAmount
                return value(of: KitchenScalingRule.rule(for: amount, written: ingredient.amount, units: system ?? amount.writtenSystem))
            })
        }
        // The amounts for each choice of `assets/units.js` (as written: each amount in the system
        // it was written in; US: `KitchenUnits.imperial`), and which of them the page shows.
        return .object([
            "recipe": .string(recipe.id),
            "servings": .int(max(1, recipe.servings)),
            "shown": .string(units.map { $0 == .metric ? "metric" : "us" } ?? "written"),
            "written": rules(nil),
            "metric": rules(.metric),
            "us": rules(.imperial),
        ])
    }

    static func value(of rule: KitchenScalingRule) -> JSONLDValue {
        func pair(_ low: Double, _ high: Double?) -> JSONLDValue { .array([.number(low)] + (high.map { [.number($0)] } ?? [])) }
        func quantity(_ measured: KitchenScalingRule.Measured) -> JSONLDValue { pair(measured.amount, measured.maxAmount) }
        switch rule {
        case .written(let text):
            return .object(["as": .string("written"), "text": .string(text)])
        case .counted(let amount, let maxAmount, let word, let plural, let packageSize):
            var object: [String: JSONLDValue] = ["as": .string("count"), "q": pair(amount, maxAmount)]
            if let word, let plural { object["one"] = .string(word); object["many"] = .string(plural) }
            if let packageSize { object["package"] = .string(packageSize) }
            return .object(object)
        case .metric(let measured, let small, let large):
            let size = KitchenUnit(rawValue: large)?.baseAmount ?? 1000
            return .object(["as": .string("metric"), "q": quantity(measured), "unitSize": .number(measured.unitSize),
                            "small": .string(small), "large": .string(large), "largeSize": .number(size)])
        case .fractions(let measured, let units):
            return .object(["as": .string("fractions"), "q": quantity(measured), "unitSize": .number(measured.unitSize), "units": .array(units.map { unit in
                .object(["from": .number(unit.from), "size": .number(unit.size), "one": .string(unit.one), "many": .string(unit.many)])
            })])
        case .ounces(let measured, let ounce):
            return .object(["as": .string("ounces"), "q": quantity(measured), "unitSize": .number(measured.unitSize), "ounce": .number(ounce)])
        }
    }
}
