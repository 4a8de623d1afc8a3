/// One of the four figures of a nutrition record: calories and the three macros. A figure a
/// recipe does not give is unknown, never 0 (issue 26): shown as "—" and left out of totals.
public enum NutritionFigure: String, Sendable, CaseIterable, Hashable, Comparable {
    case calories, protein, carbs, fats

    public init(_ macro: Macro) {
        switch macro {
        case .protein: self = .protein
        case .carbs: self = .carbs
        case .fats: self = .fats
        }
    }

    public static func < (lhs: NutritionFigure, rhs: NutritionFigure) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
