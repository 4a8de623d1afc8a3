import Foundation

/// One calendar year of the journal across coffee, the kitchen and nights out: what a
/// year-in-review page shows. The caller says in which year each brew and night fell (in the
/// journal's time zone); plan slots carry their day.
///
/// Rules:
/// - The best-rated recipe is the one with the highest average rating among recipes with at least
///   two rated brews that year (any rated brew when none has two); ties go to more brews, then the
///   name. Its settings are those of its best-rated brew, the latest of equals.
/// - Beans and recipes cooked count brews and planned meals; the five most, ties by name.
/// - A meal counts as cooked when a plan slot of that year names a kitchen recipe.
public struct YearInReview: Sendable, Equatable {
    public struct Count: Sendable, Equatable {
        public var name: String
        public var count: Int

        public init(name: String, count: Int) {
            self.name = name
            self.count = count
        }
    }

    public struct BestRecipe: Sendable, Equatable {
        public var name: String
        public var recipeID: String?
        public var averageRating: Double
        public var ratedBrews: Int
        /// The settings of its best-rated brew.
        public var doseGrams: Double
        public var yieldGrams: Double
        public var waterCelsius: Double
        public var grind: String
        public var bean: String?
    }

    public struct Night: Sendable, Equatable {
        public var sessionID: String
        public var title: String
        public var year: Int
        public var drinks: Int
        public var highestWaterline: Int

        public init(sessionID: String, title: String, year: Int, drinks: Int, highestWaterline: Int) {
            self.sessionID = sessionID
            self.title = title
            self.year = year
            self.drinks = drinks
            self.highestWaterline = highestWaterline
        }
    }

    public var year: Int
    public var brewCount: Int
    public var ratedCount: Int
    public var averageRating: Double?
    public var bestRecipe: BestRecipe?
    public var beans: [Count]
    /// The kitchen recipes planned most on the year's days up to today: a planned meal is not
    /// known to be cooked, and a day still ahead is not counted.
    public var plannedMost: [Count]
    /// The meals planned from the kitchen's recipes on the year's days up to today.
    public var mealsPlanned: Int
    /// The nights of the year, in the order given (newest first on the site).
    public var nights: [Night]
    /// How many cook logs ("I made this", `kitchen/cooked.json`) fell in the year, and the
    /// recipes cooked most by them (the five most, ties by name); set by `withCooks`.
    public var cookLogCount = 0
    public var cookedMostByLogs: [Count] = []

    /// The review with the year's cook logs counted (`day` is the local day it was cooked); a log
    /// naming a recipe the kitchen no longer has is counted under its id.
    public func withCooks(_ cooks: [CookLog], recipeTitles: [String: String]) -> YearInReview {
        var review = self
        let names = cooks.filter { $0.day.hasPrefix("\(year)-") }.map { recipeTitles[$0.recipeID] ?? $0.recipeID }
        review.cookLogCount = names.count
        review.cookedMostByLogs = Self.top(names)
        return review
    }

    /// The years anything happened in, newest first.
    public static func years(logYears: [Int], slots: [MealSlot], nights: [Night]) -> [Int] {
        var years = Set(logYears)
        years.formUnion(nights.map(\.year))
        for slot in slots { if let year = Int(slot.day.prefix(4)), slot.day.count >= 4 { years.insert(year) } }
        return years.sorted(by: >)
    }

    /// - Parameters:
    ///   - logs: every brew with the year it fell in.
    ///   - recipeTitles: the kitchen's recipe titles by id (a slot naming none is not counted).
    ///   - today: the day of the run, `YYYY-MM-DD`: slots of later days are not counted.
    public static func make(year: Int, logs: [(log: BrewLog, year: Int)], slots: [MealSlot],
                            recipeTitles: [String: String], nights: [Night], today: String) -> YearInReview {
        let brews = logs.filter { $0.year == year }.map(\.log)
        let ratings = brews.compactMap(\.rating)
        let planned = slots.filter { $0.day.hasPrefix("\(year)-") && $0.day <= today }.compactMap { slot in slot.recipeID.flatMap { recipeTitles[$0] } }
        return YearInReview(
            year: year, brewCount: brews.count, ratedCount: ratings.count,
            averageRating: ratings.isEmpty ? nil : Double(ratings.reduce(0, +)) / Double(ratings.count),
            bestRecipe: bestRecipe(of: brews),
            beans: top(brews.compactMap { $0.bean?.trimmingSpaces }.filter { !$0.isEmpty }),
            plannedMost: top(planned), mealsPlanned: planned.count,
            nights: nights.filter { $0.year == year })
    }

    static func bestRecipe(of brews: [BrewLog]) -> BestRecipe? {
        // Groups of positions in `brews`, not of copies: copying a log retains each of its texts.
        var byRecipe: [String: [Int]] = [:]
        for index in brews.indices where brews[index].rating != nil {
            byRecipe[brews[index].recipeId ?? "name:" + brews[index].recipeNameAtBrew, default: []].append(index)
        }
        let least = byRecipe.values.contains { $0.count >= 2 } ? 2 : 1
        let candidates = byRecipe.values.filter { $0.count >= least }.map { group -> (group: [Int], average: Double) in
            (group, Double(group.reduce(0) { $0 + (brews[$1].rating ?? 0) }) / Double(group.count))
        }
        guard let best = candidates.min(by: { a, b in
            if a.average != b.average { return a.average > b.average }
            if a.group.count != b.group.count { return a.group.count > b.group.count }
            return brews[a.group[0]].recipeNameAtBrew < brews[b.group[0]].recipeNameAtBrew
        }) else { return nil }
        // Its best brew: the highest rating, the latest of equals.
        let brew = brews[best.group.max { a, b in (brews[a].rating ?? 0, brews[a].timestamp) < (brews[b].rating ?? 0, brews[b].timestamp) }!]
        let latestName = brews[best.group.max { brews[$0].timestamp < brews[$1].timestamp }!].recipeNameAtBrew
        return BestRecipe(
            name: latestName, recipeID: brew.recipeId, averageRating: best.average, ratedBrews: best.group.count,
            doseGrams: brew.doseGrams, yieldGrams: brew.targetYieldGrams, waterCelsius: brew.waterTemperatureCelsius,
            grind: brew.grinderSetting.map { "\(brew.grindLabel.rawValue) (\($0))" } ?? brew.grindLabel.rawValue, bean: brew.bean)
    }

    /// The five names seen most, most first, ties by name.
    static func top(_ names: [String]) -> [Count] {
        var counts: [String: Int] = [:]
        for name in names { counts[name, default: 0] += 1 }
        return counts.map { Count(name: $0.key, count: $0.value) }
            .sorted { $0.count != $1.count ? $0.count > $1.count : $0.name < $1.name }
            .prefix(5).map { $0 }
    }
}
