import Foundation

/// How much one `kitchen import` may read, counted as the bytes are actually unpacked (an
/// archive's declared sizes are never trusted): a zip bomb, a zip nested in zips without end, or
/// an entry that lies about its size stops the import of that file with a reason, and the rest go on.
public struct AppImportBudget: Sendable {
    /// Every byte read from files and unpacked from archives, all inputs together.
    public var maximumTotalBytes: Int = 512 * 1024 * 1024
    /// One file, or one entry of an archive, unpacked: recipe JSON and photos are far smaller.
    public var maximumFileBytes: Int = 64 * 1024 * 1024
    /// Files and archive entries looked at, all inputs together.
    public var maximumFiles: Int = 20_000
    /// Archives inside archives: Paprika's `.paprikarecipes` inside a zip inside a zip is 2 deep.
    public var maximumNestingDepth: Int = 3
    /// Wall time for the whole import.
    public var maximumSeconds: Double = 120

    public init() {}
}
