/// A source of changes under the roots: inotify or polling. Used only from the watcher's own thread once
/// the watcher has started, so backends keep their state without locks.
protocol WatchBackend: AnyObject {
    /// "inotify" or "polling".
    var name: String { get }

    /// Waits until changes are seen, the wake-up signal is raised, or `timeoutMilliseconds` pass (nil:
    /// no limit), and returns what was seen, editor droppings removed: often nothing.
    func waitForChanges(timeoutMilliseconds: Int?) -> WatchBatch

    /// Releases the backend's descriptors. Called once, when the watcher thread ends.
    func close()
}
