import Foundation

/// A unit of measure an amount can be written in, by its canonical symbol.
///
/// Conversions go through Foundation's `Measurement` where they are exact (g, kg, oz, lb;
/// ml, l, tsp, tbsp, fl oz in US measures). A cup is the US cup of 236.6 ml, which
/// `UnitVolume.cups` (a metric 240 ml cup) is not; a pint, quart and gallon are 2, 4 and 16 of
/// those cups (US measures, as the cup). Mass never converts to volume or back:
/// the tool does not guess how much a cup of flour weighs.
public enum KitchenUnit: String, Hashable, Sendable, CaseIterable {
    case gram = "g"
    case kilogram = "kg"
    case millilitre = "ml"
    case litre = "l"
    case teaspoon = "tsp"
    case tablespoon = "tbsp"
    case cup = "cup"
    case ounce = "oz"
    case pound = "lb"
    case fluidOunce = "fl oz"
    /// US liquid measures (issue 50): a pint is 2 cups, a quart 4, a gallon 16.
    case pint = "pt"
    case quart = "qt"
    case gallon = "gal"

    public enum Dimension: Sendable { case mass, volume }

    public var dimension: Dimension {
        switch self {
        case .gram, .kilogram, .ounce, .pound: .mass
        default: .volume
        }
    }

    /// Millilitres in a US cup (issue 14).
    public static let cupMillilitres = 236.6

    /// How many grams (mass) or millilitres (volume) one of this unit is; worked out once.
    public var baseAmount: Double { Self.baseAmounts[self] ?? 1 }

    private static let baseAmounts: [KitchenUnit: Double] = Dictionary(uniqueKeysWithValues: allCases.map { ($0, $0.measuredBaseAmount) })

    private var measuredBaseAmount: Double {
        switch self {
        case .gram: 1
        case .kilogram: Measurement(value: 1, unit: UnitMass.kilograms).converted(to: .grams).value
        case .ounce: Measurement(value: 1, unit: UnitMass.ounces).converted(to: .grams).value
        case .pound: Measurement(value: 1, unit: UnitMass.pounds).converted(to: .grams).value
        case .millilitre: 1
        case .litre: Measurement(value: 1, unit: UnitVolume.liters).converted(to: .milliliters).value
        case .teaspoon: Measurement(value: 1, unit: UnitVolume.teaspoons).converted(to: .milliliters).value
        case .tablespoon: Measurement(value: 1, unit: UnitVolume.tablespoons).converted(to: .milliliters).value
        case .fluidOunce: Measurement(value: 1, unit: UnitVolume.fluidOunces).converted(to: .milliliters).value
        case .cup: Self.cupMillilitres
        case .pint: 2 * Self.cupMillilitres
        case .quart: 4 * Self.cupMillilitres
        case .gallon: 16 * Self.cupMillilitres
        }
    }

    /// The symbol shown after a quantity: `cups` for more than one cup, the symbol otherwise.
    public func symbol(forQuantity quantity: Double) -> String {
        self == .cup && quantity > 1 ? "cups" : rawValue
    }

    /// The unit a word names: `g`, `grams`, `Tbsp.`, `tablespoons`, `fl. oz` …; nil for any other word.
    public static func named(_ word: String) -> KitchenUnit? {
        var key = word.lowercased()
        if key.hasSuffix(".") { key.removeLast() }
        if key.utf8.contains(UInt8(ascii: ".")) { key = key.replacingOccurrences(of: ".", with: "") }
        return names[key] ?? (word == "T" ? .tablespoon : word == "t" ? .teaspoon : nil)
    }

    private static let names: [String: KitchenUnit] = {
        var names: [String: KitchenUnit] = [:]
        // English, then Swedish, German, French, Italian, Spanish, Dutch, Hungarian, Portuguese, Danish and Norwegian names and their
        // abbreviations (msk, EL, c. à soupe, cucchiaio, cucharada, el …); phrases of several words
        // are matched whole, their dots dropped ("c. à soupe" is "c à soupe").
        let words: [KitchenUnit: [String]] = [
            .gram: ["g", "gr", "gm", "gms", "grm", "grms", "gram", "grams", "gramme", "grammes", "gramm", "gramos", "gramo", "grammi", "grammo"],
            .kilogram: ["kg", "kgs", "kilo", "kilos", "kilogram", "kilograms", "kilogramme", "kilogrammes", "kilogramm", "kilogramos"],
            .millilitre: ["ml", "mls", "millilitre", "millilitres", "milliliter", "milliliters", "millilitri", "mililitros", "millilitres"],
            .litre: ["l", "litre", "litres", "liter", "liters", "ltr", "litro", "litros", "litri"],
            .teaspoon: ["tsp", "tsps", "teaspoon", "teaspoons", "tspn",
                        "tsk", "tesked", "teskedar", "tl", "teelöffel", "teeloeffel", "theelepel", "theelepels", "thl",
                        "cuillère à café", "cuillères à café", "cuillere a cafe", "c à café", "c à c", "càc", "cac", "c a c",
                        "cucchiaino", "cucchiaini", "cucharadita", "cucharaditas", "cdta", "cdtas", "cdita",
                        // Hungarian, Portuguese, Danish and Norwegian (issue 50).
                        "teáskanál", "tk", "kiskanál", "colher de chá", "colheres de chá", "colher (chá)", "colheres (chá)", "c de chá", "colher chá",
                        "teske", "teskeer", "ts", "teskje", "teskjeer"],
            .tablespoon: ["tbsp", "tbsps", "tbs", "tbl", "tablespoon", "tablespoons", "tbspn",
                          "msk", "matsked", "matskedar", "el", "esslöffel", "essloeffel", "eetlepel", "eetlepels", "eßl",
                          "cuillère à soupe", "cuillères à soupe", "cuillere a soupe", "c à soupe", "c à s", "càs", "cas", "c a s",
                          "cucchiaio", "cucchiai", "cucharada", "cucharadas", "cda", "cdas",
                          "evőkanál", "ek", "colher de sopa", "colheres de sopa", "colher (sopa)", "colheres (sopa)", "c de sopa", "colher sopa",
                          "spsk", "spiseske", "spiseskeer", "ss", "spiseskje", "spiseskjeer"],
            .cup: ["cup", "cups", "c", "tasse", "tassen", "tasses", "taza", "tazas", "tazza", "tazze", "kopje", "kopjes",
                   "csésze", "xícara", "xícaras", "xícara de chá", "xícaras de chá", "xícara (chá)", "xícaras (chá)", "chávena", "chávenas"],
            .ounce: ["oz", "ozs", "ounce", "ounces"],
            .pound: ["lb", "lbs", "pound", "pounds"],
            .fluidOunce: ["fl oz", "floz", "fluid ounce", "fluid ounces", "fl ounce", "fl ounces"],
            .pint: ["pt", "pts", "pint", "pints"],
            .quart: ["qt", "qts", "quart", "quarts"],
            .gallon: ["gal", "gals", "gallon", "gallons"],
        ]
        for (unit, list) in words { for word in list { names[word] = unit } }
        return names
    }()
}

/// The measuring system amounts are shown in (`preferences.json` `kitchen.units`, MOD/SYS/012).
public enum KitchenUnits: String, Hashable, Sendable, CaseIterable {
    case metric
    case imperial
}
