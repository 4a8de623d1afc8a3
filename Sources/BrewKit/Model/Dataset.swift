import Foundation

/// Everything read from a data directory, each record with its source locations.
public struct Dataset: Sendable {
    public var recipes: [Located<Recipe>]
    public var logs: [Located<BrewLog>]
    public var preferences: Located<Preferences>?

    public init(recipes: [Located<Recipe>] = [], logs: [Located<BrewLog>] = [], preferences: Located<Preferences>? = nil) {
        self.recipes = recipes
        self.logs = logs
        self.preferences = preferences
    }

    /// Logs newest first (004 `fetchAllLogs`); equal timestamps by id, so the order is stable.
    public var logsNewestFirst: [BrewLog] {
        logs.map(\.value).sorted { a, b in
            a.timestamp != b.timestamp ? a.timestamp > b.timestamp : a.id < b.id
        }
    }

    /// Recipes with starters first, then by name (004 `fetchRecipes`), then id.
    public var recipesInLibraryOrder: [Recipe] {
        recipes.map(\.value).sorted { a, b in
            if a.isStarter != b.isStarter { return a.isStarter }
            let byName = a.name.localizedStandardCompare(b.name)
            if byName != .orderedSame { return byName == .orderedAscending }
            return a.id < b.id
        }
    }
}
