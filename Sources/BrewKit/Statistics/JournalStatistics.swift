import Foundation

/// Headline numbers and series for the home and statistics pages. Deterministic: "this month"
/// is the calendar month of the newest log, so the same data always gives the same pages. Months,
/// weeks and days are local to the journal's time zone (`JournalTimeZone`).
public struct JournalStatistics: Sendable {
    public struct Bucket: Sendable, Hashable {
        public var label: String
        public var value: Double
        public var count: Int
    }

    public var overall: RecipeStatistics
    /// The month of the newest log, `2026-11`, and the brews in it.
    public var latestMonth: String?
    public var brewsInLatestMonth: Int
    /// The recipe brewed most (by snapshot name when its recipe is gone), with its count.
    public var mostBrewed: (name: String, recipeId: String?, count: Int)?
    /// Average rating per ISO week (Monday start), oldest first: label `2026-08-03`.
    public var ratingByWeek: [Bucket]
    /// Brews per week, same weeks.
    public var brewsByWeek: [Bucket]
    /// Doses in 1 g bins and ratios in 0.5 bins.
    public var doseDistribution: [Bucket]
    public var ratioDistribution: [Bucket]
    /// Months with brews, newest first: `2026-11` and the count.
    public var months: [(month: String, count: Int)]

    public init(logs: [BrewLog], timeZone: JournalTimeZone = .asWritten) {
        overall = RecipeStatistics(logs: logs)
        let localTimes = logs.indices.map { timeZone.local(logs[$0].timestamp, writtenOffsetSeconds: logs[$0].timestampOffsetSeconds) }
        let monthKeys = localTimes.map(\.monthKey)
        var monthCounts: [String: Int] = [:]
        for key in monthKeys { monthCounts[key, default: 0] += 1 }
        months = monthCounts.sorted { $0.key > $1.key }.map { ($0.key, $0.value) }
        latestMonth = months.first?.month
        brewsInLatestMonth = months.first?.count ?? 0

        // Fields are read in place (`logs[index].…`): copying a log retains each of its texts.
        var byRecipe: [String: (name: String, recipeId: String?, count: Int, last: Date)] = [:]
        for index in logs.indices {
            let recipeId = logs[index].recipeId
            let timestamp = logs[index].timestamp
            let key = recipeId ?? "name:" + logs[index].recipeNameAtBrew
            var entry = byRecipe[key] ?? (logs[index].recipeNameAtBrew, recipeId, 0, timestamp)
            entry.count += 1
            if timestamp >= entry.last { entry.last = timestamp; entry.name = logs[index].recipeNameAtBrew }
            byRecipe[key] = entry
        }
        mostBrewed = byRecipe.values.max { a, b in a.count != b.count ? a.count < b.count : a.name > b.name }
            .map { ($0.name, $0.recipeId, $0.count) }

        var weeks: [Int: (sum: Int, count: Int)] = [:]
        var brewsPerWeek: [Int: Int] = [:]
        for index in logs.indices {
            let week = localTimes[index].daysSince1970 - localTimes[index].weekdayFromMonday
            brewsPerWeek[week, default: 0] += 1
            // Unrated (imported) brews count as brews, not in the average rating.
            guard let rating = logs[index].rating else { continue }
            weeks[week, default: (0, 0)].sum += rating
            weeks[week, default: (0, 0)].count += 1
        }
        var rating: [Bucket] = []
        var brews: [Bucket] = []
        if let first = brewsPerWeek.keys.min(), let last = brewsPerWeek.keys.max() {
            // Every week from the first to the last, empty ones too, while that is a readable
            // chart; over a longer span only the weeks with brews (sized by records, not dates).
            let span = (last - first) / 7 + 1
            let days = span <= Self.maximumBuckets ? Array(stride(from: first, through: last, by: 7)) : brewsPerWeek.keys.sorted()
            for day in days {
                let label = Self.dayLabel(day)
                let entry = weeks[day] ?? (0, 0)
                let brewCount = brewsPerWeek[day] ?? 0
                brews.append(Bucket(label: label, value: Double(brewCount), count: brewCount))
                if entry.count > 0 { rating.append(Bucket(label: label, value: Double(entry.sum) / Double(entry.count), count: entry.count)) }
            }
        }
        ratingByWeek = rating
        brewsByWeek = brews
        doseDistribution = Self.histogram(logs.indices.map { logs[$0].doseGrams }, width: 1) { "\(Format.number($0)) g" }
        ratioDistribution = Self.histogram(logs.indices.map { logs[$0].ratio }, width: 0.5) { "1:\(Format.number($0, decimals: 1))" }
    }

    /// The most buckets a chart shows with its empty ones filled in. Beyond it (values far
    /// apart, such as a dose of 1e9 g beside 15 g) only the non-empty buckets are kept, so the
    /// number of buckets never exceeds the number of values, however large the values are.
    public static let maximumBuckets = 1_000

    static func histogram(_ values: [Double], width: Double, label: (Double) -> String) -> [Bucket] {
        var bins: [Int: Int] = [:]
        for value in values where value.isFinite { bins[Int(saturating: (value / width).rounded(.down)), default: 0] += 1 }
        guard let low = bins.keys.min(), let high = bins.keys.max() else { return [] }
        let filled = high - low < Self.maximumBuckets
        return (filled ? Array(low...high) : bins.keys.sorted()).map { bin in
            let count = bins[bin] ?? 0
            return Bucket(label: label(Double(bin) * width), value: Double(count), count: count)
        }
    }

    static func dayLabel(_ day: Int) -> String {
        let parts = ISO8601.civil(fromSecondsSince1970: day * 86_400)
        return "\(parts.year)-\(parts.month < 10 ? "0" : "")\(parts.month)-\(parts.day < 10 ? "0" : "")\(parts.day)"
    }
}
