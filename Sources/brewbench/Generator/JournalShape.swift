/// How a synthetic journal is laid out beyond its size: how many recipes it has, and whether its
/// logs are kept by month (`logs/2026-08.json`, the default) or in files of a fixed number of logs
/// (`logs/part-0001.json`, …), as a person who appends to one file until it is long keeps them.
struct JournalShape: Codable, Equatable, Sendable {
    /// The fewest recipes a journal has: the V60 starter and the eleven named custom ones.
    static let namedRecipeCount = 1 + RecipeCatalog.customNames.count

    /// Every recipe of the journal, the named ones included (at least `namedRecipeCount`).
    var recipeCount: Int = namedRecipeCount
    /// Logs per file, in time order; nil keeps a file per month.
    var logsPerFile: Int?

    static let standard = JournalShape()

    var isStandard: Bool { self == .standard }

    /// The suffix of the cached data folder's name: "" for the standard shape, `-r50-f1000` otherwise.
    var folderSuffix: String {
        (recipeCount == Self.namedRecipeCount ? "" : "-r\(recipeCount)") + (logsPerFile.map { "-f\($0)" } ?? "")
    }
}
