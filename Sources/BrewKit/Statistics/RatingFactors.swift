import Foundation

/// What the ratings of one recipe's brews show (issue 17, PRD 4.2: descriptive only): each
/// rating against what a brewer varies, the best-rated brews and what they shared, and the
/// ratings over time. Unrated brews, and values an import took from the recipe, are left out.
public struct RatingFactors: Sendable, Hashable {
    /// One brew as a point: the value it had and its rating.
    public struct Point: Sendable, Hashable {
        public var value: Double
        public var rating: Int

        public init(value: Double, rating: Int) {
            self.value = value
            self.rating = rating
        }
    }

    public enum Variable: String, Sendable, Hashable, CaseIterable {
        case grind, temperature, dose, ratio, brewTime

        public var title: String {
            switch self {
            case .grind: "Grind"
            case .temperature: "Water temperature"
            case .dose: "Dose"
            case .ratio: "Ratio"
            case .brewTime: "Brew time"
            }
        }

        /// How a value of the variable reads: `medium`, `96 °C`, `18 g`, `1:16.5`, `3:20`.
        public func text(_ value: Double) -> String {
            switch self {
            case .grind: GrindLabel.allCases[min(max(Int(value), 0), 2)].rawValue
            case .temperature: "\(Format.number(value, decimals: 1)) °C"
            case .dose: Format.grams(value)
            case .ratio: Format.ratio(value)
            case .brewTime: Format.clock(value)
            }
        }
    }

    public struct Factor: Sendable, Hashable {
        public var variable: Variable
        public var points: [Point]
    }

    /// Only variables that took at least two values among at least two rated brews.
    public var factors: [Factor]
    /// The highest rating and the brews that got it, newest first.
    public var bestRating: Int?
    public var bestLogIDs: [String]
    /// What every best-rated brew had in common: "medium grind", "96 °C", "18–18.5 g".
    public var bestShared: [String]
    /// Rated brews in time order.
    public var trend: [(date: Date, rating: Int)]
    public var ratedCount: Int

    public static func == (a: RatingFactors, b: RatingFactors) -> Bool {
        a.factors == b.factors && a.bestRating == b.bestRating && a.bestLogIDs == b.bestLogIDs && a.bestShared == b.bestShared
            && a.trend.map(\.date) == b.trend.map(\.date) && a.trend.map(\.rating) == b.trend.map(\.rating)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(factors)
        hasher.combine(bestLogIDs)
    }

    /// - Parameter positions: where the recipe's logs are in `logs`.
    public init(logs: [BrewLog], at positions: some Sequence<Int>) {
        // One list per variable, not a dictionary of them: five appends a brew, no hashing.
        var grind: [Point] = [], temperature: [Point] = [], dose: [Point] = [], ratio: [Point] = [], brewTime: [Point] = []
        var rated: [Int] = []
        // Fields are read in place (`logs[position].…`): copying a log retains each of its texts.
        for position in positions {
            guard let rating = logs[position].rating else { continue }
            rated.append(position)
            if let label = logs[position].recordedGrindLabel { grind.append(Point(value: Double(GrindLabel.allCases.firstIndex(of: label) ?? 1), rating: rating)) }
            if let celsius = logs[position].recordedTemperatureCelsius { temperature.append(Point(value: celsius, rating: rating)) }
            dose.append(Point(value: logs[position].doseGrams, rating: rating))
            let brewRatio = logs[position].ratio
            if brewRatio.isFinite { ratio.append(Point(value: (brewRatio * 10).rounded() / 10, rating: rating)) }
            if let seconds = logs[position].brewTimeSeconds { brewTime.append(Point(value: seconds.rounded(), rating: rating)) }
        }
        ratedCount = rated.count
        factors = Variable.allCases.compactMap { variable in
            let points = switch variable {
            case .grind: grind
            case .temperature: temperature
            case .dose: dose
            case .ratio: ratio
            case .brewTime: brewTime
            }
            // At least two brews, and two different values (as a set of them would count).
            guard points.count >= 2, points.contains(where: { $0.value != points[0].value }) else { return nil }
            return Factor(variable: variable, points: points)
        }
        trend = rated.map { (logs[$0].timestamp, logs[$0].rating ?? 0) }.sorted { $0.0 < $1.0 }
        let best = rated.compactMap { logs[$0].rating }.max()
        bestRating = best
        let bestPositions = rated.filter { logs[$0].rating == best }.sorted { logs[$0].timestamp > logs[$1].timestamp }
        bestLogIDs = bestPositions.map { logs[$0].id }
        bestShared = bestPositions.count >= 2 ? Self.shared(bestPositions.map { logs[$0] }) : []
    }

    /// What a group of brews had in common: one grind, one temperature, doses and ratios
    /// within a narrow range (±0.5 g, ±0.5), no taste tag.
    static func shared(_ brews: [BrewLog]) -> [String] {
        var phrases: [String] = []
        let grinds = Set(brews.map(\.recordedGrindLabel))
        if grinds.count == 1, let grind = grinds.first ?? nil { phrases.append("\(grind.rawValue) grind") }
        let temperatures = brews.compactMap(\.recordedTemperatureCelsius)
        if temperatures.count == brews.count, let low = temperatures.min(), let high = temperatures.max(), high - low <= 1 {
            phrases.append(low == high ? "\(Format.number(low, decimals: 1)) °C" : "\(Format.number(low, decimals: 1))–\(Format.number(high, decimals: 1)) °C")
        }
        let doses = brews.map(\.doseGrams)
        if let low = doses.min(), let high = doses.max(), high - low <= 1 {
            phrases.append(low == high ? "\(Format.grams(low)) of coffee" : "\(Format.number(low, decimals: 1))–\(Format.grams(high)) of coffee")
        }
        let ratios = brews.map(\.ratio)
        if let low = ratios.min(), let high = ratios.max(), high - low <= 1 {
            phrases.append(abs(high - low) < 0.05 ? "a ratio of \(Format.ratio(low))" : "ratios \(Format.ratio(low))–\(Format.ratio(high))")
        }
        if brews.allSatisfy({ $0.tasteTag == nil }) && brews.contains(where: { !$0.isImported }) { phrases.append("no taste tag") }
        return phrases
    }
}

/// Per bean, where beans are known: brews, average rating, the recipe with the best average.
public struct BeanSummary: Sendable, Hashable {
    public var bean: String
    public var roaster: String?
    public var brewCount: Int
    public var averageRating: Double?
    public var bestRecipe: (id: String?, name: String, average: Double)?

    public static func == (a: BeanSummary, b: BeanSummary) -> Bool {
        a.bean == b.bean && a.roaster == b.roaster && a.brewCount == b.brewCount && a.averageRating == b.averageRating
            && a.bestRecipe?.name == b.bestRecipe?.name && a.bestRecipe?.average == b.bestRecipe?.average
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(bean); hasher.combine(brewCount) }

    /// Beans by name, most brewed first; brews without a bean are left out.
    public static func summaries(_ logs: [BrewLog]) -> [BeanSummary] {
        var groups: [String: [Int]] = [:]
        for index in logs.indices { if let bean = logs[index].bean { groups[bean, default: []].append(index) } }
        return groups.map { bean, positions in
            let ratings = positions.compactMap { logs[$0].rating }
            var byRecipe: [String: (id: String?, name: String, sum: Int, count: Int)] = [:]
            for position in positions {
                guard let rating = logs[position].rating else { continue }
                let key = logs[position].recipeId ?? "name:" + logs[position].recipeNameAtBrew
                var entry = byRecipe[key] ?? (logs[position].recipeId, logs[position].recipeNameAtBrew, 0, 0)
                entry.sum += rating
                entry.count += 1
                byRecipe[key] = entry
            }
            let best = byRecipe.values.max { a, b in
                let left = Double(a.sum) / Double(a.count), right = Double(b.sum) / Double(b.count)
                return left != right ? left < right : (a.count != b.count ? a.count < b.count : a.name > b.name)
            }
            return BeanSummary(
                bean: bean, roaster: positions.lazy.compactMap { logs[$0].roaster }.first, brewCount: positions.count,
                averageRating: ratings.isEmpty ? nil : Double(ratings.reduce(0, +)) / Double(ratings.count),
                bestRecipe: best.map { ($0.id, $0.name, Double($0.sum) / Double($0.count)) })
        }.sorted { $0.brewCount != $1.brewCount ? $0.brewCount > $1.brewCount : $0.bean < $1.bean }
    }
}
