import Foundation

/// Headline numbers and series for the home and statistics pages. Deterministic: "this month"
/// is the calendar month of the newest log, so the same data always gives the same pages. Months,
/// weeks and days are local to the journal's time zone (`JournalTimeZone`).
public struct JournalStatistics: Sendable {
    public struct Bucket: Sendable, Hashable {
        public var label: String
        public var value: Double
        public var count: Int
        /// The bucket's first day (days since 1970, local), for buckets of time.
        public var startDay: Int? = nil
        /// How many days the bucket spans (7 for a week).
        public var lengthDays: Int = 1
    }

    /// The length of a bucket of time on the statistics page's charts.
    public enum Period: String, Sendable {
        case week, month, year
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
    /// Brews and average ratings per week, month or year (`overTimePeriod`), whichever keeps
    /// a bar at least `minimumBarWidth` of the chart: every period from the first brew's to
    /// the last's, empty ones too (issue 28).
    public var overTimePeriod: Period
    public var brewsOverTime: [Bucket]
    public var ratingOverTime: [Bucket]
    /// Doses (bins of 0.5 g or wider) and ratios (0.1 or wider), outliers apart (`Histogram`).
    public var doseDistribution: Histogram
    public var ratioDistribution: Histogram
    /// Months with brews, newest first: `2026-11` and the count.
    public var months: [(month: String, count: Int)]

    /// - Parameter localTimes: each log's local time in `timeZone`, when the caller has them already.
    public init(logs: [BrewLog], timeZone: JournalTimeZone = .asWritten, localTimes known: [LocalTime]? = nil) {
        self = GiveWay.never { giveWay throws(GaveWay) in try JournalStatistics(logs: logs, timeZone: timeZone, localTimes: known, giveWay: giveWay) }
    }

    /// The statistics, giving way between its passes over the logs (`watch`).
    public init(logs: [BrewLog], timeZone: JournalTimeZone = .asWritten, localTimes known: [LocalTime]? = nil, giveWay: GiveWay) throws(GaveWay) {
        overall = RecipeStatistics(logs: logs)
        try giveWay.check()
        let localTimes = known ?? logs.indices.map { timeZone.local(logs[$0].timestamp, writtenOffsetSeconds: logs[$0].timestampOffsetSeconds) }
        // Counted by year * 100 + month, an integer cheaper to hash than the month's name, which
        // is made once per month.
        var monthCounts: [Int: (count: Int, position: Int)] = [:]
        for (position, time) in localTimes.enumerated() { monthCounts[time.year * 100 + time.month, default: (0, position)].count += 1 }
        months = monthCounts.values.map { (localTimes[$0.position].monthKey, $0.count) }.sorted { $0.0 > $1.0 }
        latestMonth = months.first?.month
        brewsInLatestMonth = months.first?.count ?? 0
        try giveWay.check()

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
        try giveWay.check()

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
        try giveWay.check()
        (overTimePeriod, brewsOverTime, ratingOverTime) = Self.overTime(days: localTimes.map(\.daysSince1970), ratings: logs.indices.map { logs[$0].rating })
        try giveWay.check()
        // As the pages show them: doses to 0.1 g, ratios to 0.1, so that a bar holds what it says.
        doseDistribution = Histogram(logs.indices.map { (logs[$0].doseGrams * 10).rounded() / 10 }, resolution: 0.5)
        ratioDistribution = Histogram(logs.indices.map { (logs[$0].ratio * 10).rounded() / 10 }, resolution: 0.1)
    }

    /// The most periods a chart of brews over time shows: 60 bars of a 344-unit plot are 5.7 units
    /// wide, on a 390 px phone still about 5 px.
    public static let maximumPeriods = 60

    /// Brews and average ratings per period, every period from the first to the last.
    static func overTime(days: [Int], ratings: [Int?]) -> (Period, [Bucket], [Bucket]) {
        guard let first = days.min(), let last = days.max() else { return (.week, [], []) }
        func monthIndex(_ day: Int) -> Int {
            let parts = ISO8601.civil(fromSecondsSince1970: day * 86_400)
            return parts.year * 12 + parts.month - 1
        }
        func yearOf(_ day: Int) -> Int { ISO8601.civil(fromSecondsSince1970: day * 86_400).year }
        let weeks = (last - first) / 7 + 2
        let months = monthIndex(last) - monthIndex(first) + 1
        let period: Period = weeks <= maximumPeriods ? .week : months <= maximumPeriods ? .month : .year
        // The key of a day's period: the Monday of its week, its month, its year.
        func key(_ day: Int) -> Int {
            switch period {
            case .week: return day - ((day + 3) % 7 + 7) % 7  // Mondays: 1970-01-01 was a Thursday
            case .month: return monthIndex(day)
            case .year: return yearOf(day)
            }
        }
        func startDay(_ key: Int) -> Int {
            switch period {
            case .week: return key
            case .month: return ISO8601.daysFromCivil(year: key / 12, month: key % 12 + 1, day: 1)
            case .year: return ISO8601.daysFromCivil(year: key, month: 1, day: 1)
            }
        }
        func next(_ key: Int) -> Int { period == .week ? key + 7 : key + 1 }
        func label(_ key: Int) -> String {
            switch period {
            case .week: return dayLabel(key)
            case .month: return "\(key / 12)-\(key % 12 + 1 < 10 ? "0" : "")\(key % 12 + 1)"
            case .year: return String(key)
            }
        }
        var counts: [Int: Int] = [:]
        var sums: [Int: (sum: Int, count: Int)] = [:]
        for (index, day) in days.enumerated() {
            let bucket = key(day)
            counts[bucket, default: 0] += 1
            if let rating = ratings[index] {
                sums[bucket, default: (0, 0)].sum += rating
                sums[bucket, default: (0, 0)].count += 1
            }
        }
        var brews: [Bucket] = [], rated: [Bucket] = []
        let firstKey = key(first), lastKey = key(last)
        // Every period from the first to the last; years far apart (0001 and 9999) only those
        // with brews, still placed by date, so the buckets stay bounded by the records.
        let keys = period == .year && lastKey - firstKey >= maximumPeriods
            ? counts.keys.sorted() : Array(stride(from: firstKey, through: lastKey, by: period == .week ? 7 : 1))
        for bucket in keys {
            let start = startDay(bucket), length = startDay(next(bucket)) - start
            let count = counts[bucket] ?? 0
            brews.append(Bucket(label: label(bucket), value: Double(count), count: count, startDay: start, lengthDays: length))
            if let entry = sums[bucket] {
                rated.append(Bucket(label: label(bucket), value: Double(entry.sum) / Double(entry.count), count: entry.count, startDay: start, lengthDays: length))
            }
        }
        return (period, brews, rated)
    }

    /// The most buckets a chart shows with its empty ones filled in. Beyond it (values far
    /// apart, such as a dose of 1e9 g beside 15 g) only the non-empty buckets are kept, so the
    /// number of buckets never exceeds the number of values, however large the values are.
    public static let maximumBuckets = 1_000

    static func dayLabel(_ day: Int) -> String {
        let parts = ISO8601.civil(fromSecondsSince1970: day * 86_400)
        return "\(parts.year)-\(parts.month < 10 ? "0" : "")\(parts.month)-\(parts.day < 10 ? "0" : "")\(parts.day)"
    }
}
