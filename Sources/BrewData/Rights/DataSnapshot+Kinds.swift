import BrewKit

/// A snapshot by kind: the records of each `RecordKind` it holds, as JSON. Every case answers
/// (no `default:`), so a new kind must say where a snapshot keeps it; the per-kind rights test
/// (`EveryKindIsCarriedTests`) then checks that export, import, merge and erase carry it.
extension DataSnapshot {
    /// The records of `kind`, as JSON; a record that belongs to another carries its owner's id
    /// (`recipeId`, `sessionId`), as its kind's CSV rows do.
    public func records(_ kind: RecordKind) -> [JSONValue] {
        func owned<Owner>(_ owners: [Owner], id: (Owner) -> String, field: String, nested: (Owner) -> [JSONValue]) -> [JSONValue] {
            owners.flatMap { owner in nested(owner).map { $0.setting(field, to: .string(id(owner))) } }
        }
        func elements(_ value: JSONValue?) -> [JSONValue] {
            if case .array(let list)? = value { return list }
            return []
        }
        switch kind {
        case .recipes: return recipes.map(RecordEncoder.json)
        case .recipeSteps: return owned(recipes, id: \.id, field: "recipeId") { $0.steps.map(RecordEncoder.json) }
        case .logs: return logs.map(RecordEncoder.json)
        case .sessions: return sessions.map(\.value)
        case .sessionEntries: return owned(sessions, id: \.id, field: "sessionId") { elements($0.value["entries"]) }
        case .drinkPresets: return drinkPresets.map(\.value)
        case .preferences: return preferences.map { [$0] } ?? []
        case .erasures: return erasures.map(\.json)
        case .flows: return flows.map(FlowFile.json)
        case .kitchenRecipes: return kitchenRecipes.map(KitchenRecordEncoder.json)
        case .kitchenIngredients: return owned(kitchenRecipes, id: \.id, field: "recipeId") { elements(KitchenRecordEncoder.json($0)["ingredients"]) }
        case .kitchenSteps: return owned(kitchenRecipes, id: \.id, field: "recipeId") { elements(KitchenRecordEncoder.json($0)["steps"]) }
        case .mealPlanSlots, .snackPresets, .shoppingItems, .kitchenInbox:
            return kitchenFiles.filter { KitchenPlannerFiles.kind(ofPath: $0.relativePath) == kind }.flatMap(KitchenPlannerFiles.records)
        }
    }

    /// How many records of `kind` the snapshot holds: `records(kind).count`, without encoding
    /// the kinds kept as records (the archive's manifest counts them on every export).
    public func count(_ kind: RecordKind) -> Int {
        switch kind {
        case .recipes: recipes.count
        case .logs: logs.count
        case .sessions: sessions.count
        case .preferences: preferences == nil ? 0 : 1
        case .erasures: erasures.count
        case .flows: flows.count
        case .kitchenRecipes: kitchenRecipes.count
        case .recipeSteps, .sessionEntries, .drinkPresets, .kitchenIngredients, .kitchenSteps,
             .mealPlanSlots, .snackPresets, .shoppingItems, .kitchenInbox: records(kind).count
        }
    }

    /// The ids of the records of `kind` (by `identity.idField`), in the snapshot's order;
    /// `["preferences"]` for the one preferences record.
    public func ids(_ kind: RecordKind) -> [String] {
        guard let field = kind.rules.identity.idField else { return records(kind).isEmpty ? [] : [kind.rawValue] }
        return records(kind).compactMap { $0.text(field) }
    }
}
