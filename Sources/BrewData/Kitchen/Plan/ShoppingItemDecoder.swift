import BrewKit

/// Reads one shopping-list item (MOD/DATA/003) from `kitchen/shopping.json` or `.csv`.
enum ShoppingItemDecoder {
    static let fields: Set<String> = ["id", "name", "recipeId", "recipeName", "checked", "updatedAt", "userId",
                                      "ingredient", "amount", "quantity", "quantityMax", "unit"]

    static func decode(_ node: RawNode, diagnostics: inout [Diagnostic]) -> Located<ShoppingItem>? {
        guard case .object = node.value else {
            diagnostics.append(.error("expected a shopping item object, found \(node.summary)", at: node.location))
            return nil
        }
        var reader = FieldReader(node)
        let id = reader.string("id", required: true, what: "the item's id")?.trimmingSpaces
        let name = reader.string("name", required: true, what: "the item, such as \"500g Chicken breast\"")
        if let name, name.trimmingSpaces.isEmpty { reader.error("name: the item is empty", at: "name") }
        // An empty CSV cell is no value.
        let recipeID = reader.node("recipeId") == nil ? nil : reader.string("recipeId", what: "a kitchen recipe's id")?.trimmingSpaces
        let recipeName = reader.node("recipeName") == nil ? nil : reader.string("recipeName")
        let checked = reader.bool("checked") ?? false
        let updatedAt = reader.node("updatedAt") == nil ? nil : reader.string("updatedAt", what: "an ISO 8601 date-time")
        if let updatedAt, ISO8601.date(from: updatedAt.trimmingSpaces) == nil {
            reader.error("updatedAt: expected an ISO 8601 date-time such as 2026-11-24T08:00:00Z, found \"\(updatedAt)\"", at: "updatedAt")
        }
        // What `kitchen shopping --write` keeps beside the shown text (our addition; an empty CSV
        // cell is no value): the ingredient, its amount as written and the exact need.
        func text(_ key: String) -> String? {
            reader.node(key) == nil ? nil : reader.string(key)?.trimmingSpaces.nilIfEmpty
        }
        func number(_ key: String) -> Double? {
            guard reader.node(key) != nil, let value = reader.double(key, what: "a number ≥ 0") else { return nil }
            if value < 0 { reader.error("\(key) must be 0 or more, found \(Format.number(value))", at: key) }
            return value
        }
        let ingredient = text("ingredient"), amount = text("amount"), unit = text("unit")
        let quantity = number("quantity"), quantityMax = number("quantityMax")
        if quantity == nil, quantityMax != nil || unit != nil { reader.error("quantity: expected the exact need with its quantityMax or unit, found none", at: "quantity") }
        if let quantity, let quantityMax, quantityMax < quantity {
            reader.error("quantityMax must not be below quantity (\(Format.number(quantity))), found \(Format.number(quantityMax))", at: "quantityMax")
        }
        reader.warnAboutUnknownFields(known: fields)
        diagnostics += reader.diagnostics
        guard !reader.failed, let id, let name else { return nil }
        let item = ShoppingItem(id: id, name: name.trimmingSpaces, recipeID: recipeID.flatMap { $0.isEmpty ? nil : $0 },
                                recipeName: recipeName, checked: checked, updatedAt: updatedAt?.trimmingSpaces,
                                ingredient: ingredient, amount: amount,
                                need: quantity.map { ShoppingAmount(quantity: $0, quantityMax: quantityMax, unit: unit) })
        return Located(item, source: SourceMap(record: node.location, fields: reader.fieldLocations))
    }
}
