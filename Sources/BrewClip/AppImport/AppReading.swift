import Foundation

/// What reading an export gave: recipes, and recipes (or files) skipped with their reason.
public struct AppReading: Sendable {
    public var recipes: [AppRecipe] = []
    public var skipped: [AppImportFailure] = []

    public init(recipes: [AppRecipe] = [], skipped: [AppImportFailure] = []) {
        self.recipes = recipes
        self.skipped = skipped
    }

    mutating func append(_ other: AppReading) {
        recipes += other.recipes
        skipped += other.skipped
    }
}
