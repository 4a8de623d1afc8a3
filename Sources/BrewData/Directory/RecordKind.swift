/// The kinds of record a data directory holds, each in its own folder.
public enum RecordKind: String, Sendable, CaseIterable {
    case recipes
    case logs
    case sessions
    /// Cooking recipes of the kitchen (issue 14), in `kitchen/recipes/`.
    case kitchenRecipes = "kitchen/recipes"

    /// The folder under the data directory.
    public var folderName: String { rawValue }
}
