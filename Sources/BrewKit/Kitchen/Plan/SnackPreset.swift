/// A quick-add snack a slot names by `snackId` (MOD/SYS/009.1): the eight of the seed ship
/// built in, and `kitchen/snacks.json` adds presets or overrides them by id.
public struct SnackPreset: Hashable, Sendable, Identifiable {
    public var id: String
    public var name: String
    /// The portion the figures are for, in words: "1 medium (118 g)".
    public var portion: String?
    /// Where the figures come from.
    public var source: String?
    public var calories: Int
    public var protein: Int
    public var carbs: Int
    public var fats: Int

    public init(id: String, name: String, portion: String? = nil, source: String? = nil,
                calories: Int, protein: Int, carbs: Int, fats: Int) {
        self.id = id
        self.name = name
        self.portion = portion
        self.source = source
        self.calories = calories
        self.protein = protein
        self.carbs = carbs
        self.fats = fats
    }

    public var nutrition: MealNutrition {
        MealNutrition(calories: Double(calories), protein: Double(protein), carbs: Double(carbs), fats: Double(fats))
    }

    /// The presets `presets` leaves after `overrides` replace or add theirs by id, built-ins first.
    public static func merged(_ presets: [SnackPreset], overriddenBy overrides: [SnackPreset]) -> [SnackPreset] {
        var result = presets
        for preset in overrides {
            if let index = result.firstIndex(where: { $0.id == preset.id }) { result[index] = preset } else { result.append(preset) }
        }
        return result
    }
}

extension SnackPreset {
    static let fdc = "USDA FoodData Central, SR Legacy"

    /// The eight snacks of MOD/SYS/009.1. Figures are USDA FoodData Central (SR Legacy) values
    /// per 100 g multiplied out to the portion and rounded to whole kcal and grams; each source
    /// names the FDC food by its description. The protein bar is not a single FDC food: bars differ by
    /// brand, so it is a typical 60 g bar's label; override it in `kitchen/snacks.json`.
    public static let builtIn: [SnackPreset] = [
        SnackPreset(id: "banana", name: "Banana", portion: "1 medium, 7–8\" long (118 g)",
                    source: "\(fdc), Bananas, raw", calories: 105, protein: 1, carbs: 27, fats: 0),
        SnackPreset(id: "apple", name: "Apple", portion: "1 medium, 3\" across (182 g)",
                    source: "\(fdc), Apples, raw, with skin", calories: 95, protein: 0, carbs: 25, fats: 0),
        SnackPreset(id: "greek-yogurt", name: "Greek Yogurt", portion: "1 container, plain nonfat (170 g)",
                    source: "\(fdc), Yogurt, Greek, plain, nonfat", calories: 100, protein: 17, carbs: 6, fats: 1),
        SnackPreset(id: "protein-bar", name: "Protein Bar", portion: "1 bar (60 g)",
                    source: "a typical label (bars differ by brand; not one FDC food)", calories: 210, protein: 20, carbs: 22, fats: 7),
        SnackPreset(id: "handful-of-nuts", name: "Handful of Nuts", portion: "1 oz mixed nuts, dry roasted (28 g)",
                    source: "\(fdc), Nuts, mixed nuts, dry roasted, with peanuts", calories: 168, protein: 5, carbs: 7, fats: 15),
        SnackPreset(id: "hard-boiled-egg", name: "Hard Boiled Egg", portion: "1 large (50 g)",
                    source: "\(fdc), Egg, whole, cooked, hard-boiled", calories: 78, protein: 6, carbs: 1, fats: 5),
        SnackPreset(id: "rice-cake", name: "Rice Cake", portion: "1 cake, plain brown rice (9 g)",
                    source: "\(fdc), Snacks, rice cakes, brown rice, plain", calories: 35, protein: 1, carbs: 7, fats: 0),
        SnackPreset(id: "orange", name: "Orange", portion: "1 medium, 2⅝\" across (131 g)",
                    source: "\(fdc), Oranges, raw, all commercial varieties", calories: 62, protein: 1, carbs: 15, fats: 0),
    ]
}
