/// The registry of the kinds of record: every `RecordKindDeclaration`, once, in the order the
/// walks take them (reading, the archive's manifest, the CSV export's files and README, merge).
/// A kind is its line here and its declaration, which names the kind (`RecordKind.beans`, in
/// `BeansKind.swift`); `RecordKindRegistryTests` checks that each is named once, in this order.
public enum RecordKinds {
    public static let all: [any RecordKindDeclaration.Type] = [
        RecipesKind.self, RecipeStepsKind.self, LogsKind.self, SessionsKind.self, SessionEntriesKind.self,
        DrinkPresetsKind.self, PreferencesKind.self, ErasuresKind.self, FlowsKind.self, KitchenRecipesKind.self,
        KitchenIngredientsKind.self, KitchenStepsKind.self, MealPlanSlotsKind.self, KitchenInboxKind.self,
        SnackPresetsKind.self, ShoppingItemsKind.self, CookLogsKind.self, BeansKind.self,
    ]

    /// The registered kinds, in order.
    public static let kinds: [RecordKind] = all.map { $0.kind }

    /// Each declaration by its kind's name.
    private static let byName: [String: any RecordKindDeclaration.Type] = Dictionary(
        all.map { ($0.kind.rawValue, $0) }, uniquingKeysWith: { first, _ in first })

    /// The declaration of `kind`.
    public static func declaration(of kind: RecordKind) -> any RecordKindDeclaration.Type {
        guard let declaration = byName[kind.rawValue] else {
            fatalError("RecordKind \(kind.rawValue) has no declaration in RecordKinds.all")
        }
        return declaration
    }
}
