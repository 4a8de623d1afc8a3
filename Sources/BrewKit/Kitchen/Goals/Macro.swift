/// The three macronutrients of a nutrition goal, with the energy in one gram of each
/// (MOD/SYS/012.1: 1 g protein = 4 kcal, 1 g carbs = 4 kcal, 1 g fats = 9 kcal).
public enum Macro: String, Sendable, CaseIterable, Hashable {
    case protein
    case carbs
    case fats

    /// Kilocalories in one gram.
    public var kilocaloriesPerGram: Int {
        switch self {
        case .protein, .carbs: 4
        case .fats: 9
        }
    }

    /// The word shown to people: "protein", "carbs", "fats".
    public var label: String { rawValue }
}
