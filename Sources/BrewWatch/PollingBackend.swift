
/// Watches the roots by walking them and comparing a stamp (inode, size, modification time in
/// nanoseconds) per file with the previous walk. Used when inotify is unavailable or asked for.
/// A walk costs one `lstat` per file: about 10–20 ms for 10,000 files.
final class PollingBackend: WatchBackend {
    let name = "polling"

    /// The roots, normalized.
    private let roots: [String]
    /// Milliseconds between walks while nothing is changing (at least 10).
    private let idleIntervalMilliseconds: Int
    /// Milliseconds between walks right after a walk found changes, so the end of a burst is seen soon
    /// (the coalescer's quiet period is measured between walks).
    private let activeIntervalMilliseconds: Int
    /// Raised by `stop()`.
    private let wakeUp: WakeUpSignal
    /// Every file and directory under the roots at the last walk, by path (ignored names left out).
    private var snapshot: [String: FileStamp]
    /// Monotonic time of the next walk, in milliseconds.
    private var nextWalkAtMilliseconds: Int64

    /// Names never looked at nor reported (`DirectoryWatcher.NameFilter`).
    private let isIgnored: DirectoryWatcher.NameFilter

    init(roots: [String], idleIntervalMilliseconds: Int, activeIntervalMilliseconds: Int, wakeUp: WakeUpSignal,
         isIgnored: @escaping DirectoryWatcher.NameFilter) {
        self.roots = roots
        self.isIgnored = isIgnored
        self.idleIntervalMilliseconds = max(10, idleIntervalMilliseconds)
        self.activeIntervalMilliseconds = max(1, min(activeIntervalMilliseconds, idleIntervalMilliseconds))
        self.wakeUp = wakeUp
        self.snapshot = Self.walk(roots, ignoring: isIgnored)
        self.nextWalkAtMilliseconds = MonotonicClock.nowMilliseconds() + Int64(self.idleIntervalMilliseconds)
    }

    func close() {}

    func waitForChanges(timeoutMilliseconds: Int?) -> WatchBatch {
        let untilWalkMilliseconds = Int(max(0, nextWalkAtMilliseconds - MonotonicClock.nowMilliseconds()))
        let waitMilliseconds = min(timeoutMilliseconds ?? untilWalkMilliseconds, untilWalkMilliseconds)
        if wakeUp.wait(timeoutMilliseconds: waitMilliseconds) { return WatchBatch() }
        guard MonotonicClock.nowMilliseconds() >= nextWalkAtMilliseconds else { return WatchBatch() }
        let current = Self.walk(roots, ignoring: isIgnored)
        let changes = Self.changes(from: snapshot, to: current)
        snapshot = current
        let intervalMilliseconds = changes.isEmpty ? idleIntervalMilliseconds : activeIntervalMilliseconds
        nextWalkAtMilliseconds = MonotonicClock.nowMilliseconds() + Int64(intervalMilliseconds)
        return changes
    }

    /// Stamps of every file and directory under `roots` (the roots themselves included), skipping ignored
    /// names and not following symbolic links below a root.
    static func walk(_ roots: [String], ignoring isIgnored: DirectoryWatcher.NameFilter) -> [String: FileStamp] {
        var stamps: [String: FileStamp] = [:]
        for root in roots where DirectoryListing.isDirectory(root) {
            if let stamp = FileStamp(atPath: root) { stamps[root] = stamp }
            walk(directory: root, ignoring: isIgnored, into: &stamps)
        }
        return stamps
    }

    private static func walk(directory: String, ignoring isIgnored: DirectoryWatcher.NameFilter, into stamps: inout [String: FileStamp]) {
        for entry in DirectoryListing.entries(ofDirectory: directory) where !isIgnored(entry.name) {
            let path = DirectoryListing.join(directory, entry.name)
            guard let stamp = FileStamp(atPath: path) else { continue }  // vanished meanwhile
            stamps[path] = stamp
            if stamp.isDirectory { walk(directory: path, ignoring: isIgnored, into: &stamps) }
        }
    }

    /// What changed between two walks: files that appeared, vanished or got a different stamp; directories
    /// that vanished (their path, and `needsRescan`). Directories that appeared add nothing of their own:
    /// the files in them appear.
    static func changes(from old: [String: FileStamp], to new: [String: FileStamp]) -> WatchBatch {
        var batch = WatchBatch()
        for (path, stamp) in new {
            guard let previous = old[path] else {
                if !stamp.isDirectory { batch.changedPaths.insert(path) }
                continue
            }
            if stamp.isDirectory && previous.isDirectory { continue }  // a directory's own time changes with its entries
            if stamp != previous { batch.changedPaths.insert(path) }
            if previous.isDirectory != stamp.isDirectory { batch.needsRescan = true }
        }
        for (path, stamp) in old where new[path] == nil {
            batch.changedPaths.insert(path)
            if stamp.isDirectory { batch.needsRescan = true }
        }
        return batch
    }
}
