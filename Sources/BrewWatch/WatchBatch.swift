/// What changed under the watched roots during one burst of activity: the unit a rebuild works from.
public struct WatchBatch: Sendable, Equatable {
    /// Paths of files that were created, modified, deleted or renamed (either end of a rename), spelt as
    /// the root they are under followed by the relative path (`Data/logs/2024-05-01.json` for the root
    /// `Data`). Editor droppings (`EditorDroppings.isIgnored`) are never included. When a directory
    /// vanishes or is moved away, its own path is included too, and `needsRescan` is set.
    public var changedPaths: Set<String>
    /// True when the watcher lost track of what changed (the inotify queue overflowed, or a watched
    /// directory vanished or was moved away, or a root vanished) and the consumer should rescan the roots.
    /// A directory that appears (created or moved in) does not set it: the files already in it are
    /// reported in `changedPaths`.
    public var needsRescan: Bool

    public init(changedPaths: Set<String> = [], needsRescan: Bool = false) {
        self.changedPaths = changedPaths
        self.needsRescan = needsRescan
    }

    /// True when the batch says nothing: no paths and no rescan.
    public var isEmpty: Bool { changedPaths.isEmpty && !needsRescan }

    /// Adds what `other` says to this batch.
    public mutating func merge(_ other: WatchBatch) {
        changedPaths.formUnion(other.changedPaths)
        needsRescan = needsRescan || other.needsRescan
    }
}
