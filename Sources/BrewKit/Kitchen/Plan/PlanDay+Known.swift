/// What a day's totals and a week's averages may say about a figure some meals leave unknown.
///
/// Rules (unknown is never 0):
/// - A day's total of a figure is known when some meal gives it; it is the sum of the meals that
///   give it, and `withoutFigure` says how many meals were not counted ("1 meal without calories
///   not counted"). When no meal gives it, the total is unknown ("—"), never 0.
/// - A week's average of a figure is over the days whose every meal gives it (a day with a meal
///   left out would pull the average down as if that meal were 0), and says over how many of the
///   planned days ("over 4 of 7 days"); with no such day the average is unknown.
extension PlanDay {
    /// The day's total of `figure`, nil when no meal gives it (or nothing is planned).
    public func knownTotal(_ figure: NutritionFigure) -> Double? {
        guard !entries.isEmpty, withoutFigure(figure) < entries.count else { return nil }
        switch figure {
        case .calories: return totals.calories
        case .protein: return totals.protein
        case .carbs: return totals.carbs
        case .fats: return totals.fats
        }
    }

    /// How many of the day's meals do not give `figure` and are left out of its total.
    public func withoutFigure(_ figure: NutritionFigure) -> Int {
        entries.filter { $0.nutrition.unknown.contains(figure) }.count
    }

    /// "1 meal without calories not counted", "2 meals without protein not counted", or nil when
    /// every meal gives the figure or none does (the total is then simply known or unknown).
    public func notCountedNote(_ figure: NutritionFigure) -> String? {
        let count = withoutFigure(figure)
        guard count > 0, count < entries.count else { return nil }
        return "\(count) meal\(count == 1 ? "" : "s") without \(figure.rawValue) not counted"
    }

    /// A week's (or any run of days') average of one figure a day.
    public struct Average: Hashable, Sendable {
        /// The average over `days`, nil when no day gives the figure for every meal.
        public var value: Double?
        /// The days counted: those with every meal giving the figure.
        public var days: Int
        /// The days with something planned.
        public var plannedDays: Int

        /// Whether every planned day counted.
        public var isWhole: Bool { days == plannedDays }
    }

    /// The average of `figure` a day over the planned days whose every meal gives it.
    public static func average(_ figure: NutritionFigure, over days: [PlanDay]) -> Average {
        let planned = days.filter { !$0.isEmpty }
        let known = planned.filter { $0.withoutFigure(figure) == 0 }.compactMap { $0.knownTotal(figure) }
        let value = known.isEmpty ? nil : known.reduce(0, +) / Double(known.count)
        return Average(value: value, days: known.count, plannedDays: planned.count)
    }
}
