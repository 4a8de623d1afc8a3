import Foundation

/// What a recipe's logs say: how often, how well, what went wrong.
public struct RecipeStatistics: Sendable, Hashable {
    public var brewCount: Int
    /// Mean rating, nil without brews.
    public var averageRating: Double?
    /// Brews per rating, index 0 for rating 1 through index 4 for rating 5.
    public var ratingCounts: [Int]
    /// Brews per taste tag, in `TasteTag.allCases` order; `untagged` counts brews without a tag.
    public var tasteTagCounts: [TasteTag: Int]
    public var untaggedCount: Int
    public var lastBrewed: Date?

    public init(logs: some Sequence<BrewLog>) {
        var count = 0
        var ratingSum = 0
        var ratings = [Int](repeating: 0, count: 5)
        var tags: [TasteTag: Int] = [:]
        var untagged = 0
        var last: Date?
        for log in logs {
            count += 1
            ratingSum += log.rating
            if (1...5).contains(log.rating) { ratings[log.rating - 1] += 1 }
            if let tag = log.tasteTag { tags[tag, default: 0] += 1 } else { untagged += 1 }
            if last.map({ log.timestamp > $0 }) ?? true { last = log.timestamp }
        }
        brewCount = count
        averageRating = count == 0 ? nil : Double(ratingSum) / Double(count)
        ratingCounts = ratings
        tasteTagCounts = tags
        untaggedCount = untagged
        lastBrewed = last
    }
}
