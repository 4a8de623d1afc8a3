/// The registry of the kinds of record: every `RecordKindDeclaration`, once, in the order the
/// walks take them (reading, the archive's manifest, the CSV export's files and README, merge).
/// `RecordKindRegistryTests` checks that it names every `RecordKind` once, in the enum's order.
public enum RecordKinds {
    public static let all: [any RecordKindDeclaration.Type] = [
        RecipesKind.self, RecipeStepsKind.self, LogsKind.self, SessionsKind.self, SessionEntriesKind.self,
        DrinkPresetsKind.self, PreferencesKind.self, ErasuresKind.self, FlowsKind.self, KitchenRecipesKind.self,
        KitchenIngredientsKind.self, KitchenStepsKind.self, MealPlanSlotsKind.self, KitchenInboxKind.self,
        SnackPresetsKind.self, ShoppingItemsKind.self, CookLogsKind.self, BeansKind.self,
    ]

    /// The registered kinds, in order.
    public static let kinds: [RecordKind] = all.map { $0.kind }

    /// Each declaration by its kind's position in `RecordKind.allCases`.
    private static let byCase: [any RecordKindDeclaration.Type] = RecordKind.allCases.map { kind in
        guard let declaration = all.first(where: { $0.kind == kind }) else {
            fatalError("RecordKind.\(kind.rawValue) has no declaration in RecordKinds.all")
        }
        return declaration
    }
    private static let positions: [RecordKind: Int] = Dictionary(uniqueKeysWithValues: RecordKind.allCases.enumerated().map { ($1, $0) })

    /// The declaration of `kind`.
    public static func declaration(of kind: RecordKind) -> any RecordKindDeclaration.Type {
        byCase[positions[kind]!]
    }
}
