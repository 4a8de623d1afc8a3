import Foundation

/// That a kitchen recipe was cooked ("I made this"): one record of `kitchen/cooked.json`.
///
/// Rules:
/// - `recipeId` names a kitchen recipe; `check` refuses one no recipe has (with the closest id),
///   and warns, keeping the log, when the recipe was erased or archived.
/// - `cookedAt` is a moment (ISO 8601 with its offset, as a brew log's `timestamp`); a moment
///   after the time of writing is refused by `kitchen cooked` (a log records what happened).
/// - `servings` is above 0, `rating` 1 to 5; each is unknown when not given, never 0.
/// - `note` is the cook's text, shown escaped; `photo` a path inside the data directory.
public struct CookLog: Hashable, Sendable, Identifiable {
    public var id: String
    public var recipeID: String
    public var cookedAt: Date
    /// The offset `cookedAt` was written with, in seconds east of UTC.
    public var offsetSeconds: Int
    public var servings: Double?
    public var rating: Int?
    public var note: String?
    public var photo: String?

    public init(id: String, recipeID: String, cookedAt: Date, offsetSeconds: Int = 0, servings: Double? = nil,
                rating: Int? = nil, note: String? = nil, photo: String? = nil) {
        self.id = id
        self.recipeID = recipeID
        self.cookedAt = cookedAt
        self.offsetSeconds = offsetSeconds
        self.servings = servings
        self.rating = rating
        self.note = note
        self.photo = photo
    }

    /// The local day it was cooked, `yyyy-MM-dd`, in the offset it was written with.
    public var day: String { String(LocalTime(cookedAt, offsetSeconds: offsetSeconds).iso8601.prefix(10)) }

    /// The allowed ratings.
    public static let ratings = 1...5

    /// What is wrong with a rating, or nil.
    public static func ratingProblem(_ rating: Int) -> String? {
        ratings.contains(rating) ? nil : "rating: expected a whole number from 1 to 5, found \(rating)"
    }

    /// What is wrong with a number of servings, or nil.
    public static func servingsProblem(_ servings: Double) -> String? {
        servings > 0 && servings.isFinite ? nil : "servings: expected a number above 0, found \(servings == servings.rounded() && abs(servings) < 1e15 ? String(Int(servings)) : String(servings))"
    }

    /// Findings that need the kitchen: two logs with one id, a recipe id no kitchen recipe has (an
    /// error with the closest id), an erased recipe (a warning: the log is kept).
    public static func validate(_ logs: [Located<CookLog>], recipes: [String: PlannableRecipe], erasedRecipeIDs: Set<String> = []) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var firstByID: [String: SourceLocation] = [:]
        for located in logs {
            let log = located.value
            if let first = firstByID[log.id] {
                diagnostics.append(.error("two cook logs have the id \"\(log.id)\"; the other is at \(first)", at: located.source.location(of: "id")))
            } else {
                firstByID[log.id] = located.source.record
            }
            guard recipes[log.recipeID] == nil else { continue }
            let location = located.source.location(of: "recipeId")
            if erasedRecipeIDs.contains(log.recipeID) {
                diagnostics.append(.warning("recipeId: the kitchen recipe \"\(log.recipeID)\" was erased; the cook log is kept", at: location))
            } else if let finding = recipeReference.finding(naming: log.recipeID, at: location, isKnown: { recipes[$0] != nil }, known: recipes.keys.sorted()) {
                diagnostics.append(finding)
            }
        }
        return diagnostics
    }

    /// "recipeId: no kitchen recipe has the id "x"; did you mean "y"?"
    public static func unknownRecipe(_ id: String, known: [String]) -> String {
        recipeReference.message(naming: id, known: known)
    }

    /// A cook log's `recipeId` names a kitchen recipe (`CookLogsKind.references`); an erased one is a warning of its own.
    public static let recipeReference = IDReference(field: "recipeId", severity: .error, offer: .afterSemicolon) { id, _ in
        "recipeId: no kitchen recipe has the id \"\(id)\""
    }
}

/// How often and when one recipe was cooked, from its cook logs.
public struct CookHistory: Sendable, Equatable {
    /// The recipe's logs, latest first.
    public var logs: [CookLog]

    public init(_ logs: [CookLog]) {
        self.logs = logs.sorted { ($0.cookedAt, $0.id) > ($1.cookedAt, $1.id) }
    }

    public var count: Int { logs.count }
    public var last: CookLog? { logs.first }
    /// The average of the ratings given; nil when none is (unknown is never 0).
    public var averageRating: Double? {
        let ratings = logs.compactMap(\.rating)
        return ratings.isEmpty ? nil : Double(ratings.reduce(0, +)) / Double(ratings.count)
    }

    /// Every recipe's history, by recipe id.
    public static func byRecipe(_ logs: [CookLog]) -> [String: CookHistory] {
        Dictionary(grouping: logs, by: \.recipeID).mapValues(CookHistory.init)
    }
}
