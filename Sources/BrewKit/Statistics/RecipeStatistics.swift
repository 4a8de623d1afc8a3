import Foundation

/// What a recipe's logs say: how often, how well, what went wrong.
public struct RecipeStatistics: Sendable, Hashable {
    public var brewCount: Int
    /// Brews without a rating (imported ones not rated where they were recorded): counted
    /// as brews, left out of every rating number.
    public var unratedCount: Int
    /// Mean rating of the rated brews, nil without any.
    public var averageRating: Double?
    /// Brews per rating, index 0 for rating 1 through index 4 for rating 5.
    public var ratingCounts: [Int]
    /// Brews per taste tag, in `TasteTag.allCases` order; `untagged` counts brews without a tag.
    public var tasteTagCounts: [TasteTag: Int]
    public var untaggedCount: Int
    public var lastBrewed: Date?

    public init(logs: [BrewLog]) {
        self.init(logs: logs, at: logs.indices)
    }

    /// The statistics of the logs at `positions` in `logs`. Each log's fields are read where it
    /// is: a copy of a log retains each of its texts, and a journal has thousands.
    public init(logs: [BrewLog], at positions: some Sequence<Int>) {
        var count = 0
        var ratingSum = 0
        var ratings = [Int](repeating: 0, count: 5)
        var tags: [TasteTag: Int] = [:]
        var untagged = 0
        var unrated = 0
        var last: Date?
        for position in positions {
            let rating = logs[position].rating
            let timestamp = logs[position].timestamp
            count += 1
            if let rating {
                ratingSum += rating
                if (1...5).contains(rating) { ratings[rating - 1] += 1 }
            } else {
                unrated += 1
            }
            if let tag = logs[position].tasteTag { tags[tag, default: 0] += 1 } else { untagged += 1 }
            if last.map({ timestamp > $0 }) ?? true { last = timestamp }
        }
        brewCount = count
        unratedCount = unrated
        averageRating = count == unrated ? nil : Double(ratingSum) / Double(count - unrated)
        ratingCounts = ratings
        tasteTagCounts = tags
        untaggedCount = untagged
        lastBrewed = last
    }
}
