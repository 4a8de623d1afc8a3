/// Something with the four figures of a nutrition record, any of which may be unknown: a
/// kitchen recipe's whole numbers (`KitchenNutrition`) or what a meal plan counts (`MealNutrition`).
public protocol NutritionFigures {
    associatedtype Number
    var calories: Number { get }
    var protein: Number { get }
    var carbs: Number { get }
    var fats: Number { get }
    /// The figures not given; their numbers mean nothing.
    var unknown: Set<NutritionFigure> { get }
}

extension NutritionFigures {
    /// The figure, nil when it is unknown.
    public func known(_ figure: NutritionFigure) -> Number? {
        if unknown.contains(figure) { return nil }
        switch figure {
        case .calories: return calories
        case .protein: return protein
        case .carbs: return carbs
        case .fats: return fats
        }
    }
}
