#if os(Linux)
import Glibc

/// Watches the roots with inotify: one watch per directory, added as directories appear (and the files
/// already in them reported) and dropped as they vanish. A root that does not exist yet is noticed when it
/// appears: its nearest existing ancestor is watched for that.
final class InotifyBackend: WatchBackend {
    let name = "inotify"

    /// The roots, normalized, as the watcher was given them.
    private let roots: [String]
    /// The inotify instance (internal so that a test can throw queued events away, as an overflow does).
    let inotifyFileDescriptor: Int32
    /// Raised by `stop()`.
    private let wakeUp: WakeUpSignal
    /// Watched directories by watch descriptor: every directory under an existing root, and the nearest
    /// existing ancestor of each missing root.
    private var directoryByWatchDescriptor: [Int32: String] = [:]
    /// The same, the other way round.
    private var watchDescriptorByDirectory: [String: Int32] = [:]
    /// Roots that are not there (yet, or any more); their changes are not reported until they appear.
    private var missingRoots: Set<String> = []
    /// Where `read()` puts records: room for hundreds of events per call.
    private let readBuffer: UnsafeMutableRawBufferPointer
    /// Reads per `waitForChanges` call at most, so a flood of events cannot keep the thread from
    /// returning to its caller (which checks for `stop()` and due batches).
    private let maximumReadsPerWait = 64

    /// Events on files that count as a change to them.
    private static let fileChangeMask = UInt32(
        IN_CREATE | IN_MODIFY | IN_CLOSE_WRITE | IN_ATTRIB | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO
    )
    /// What every directory under a root is watched for.
    private static let directoryWatchMask = fileChangeMask | UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR)
    /// What the ancestor of a missing root is watched for: enough to see the root (or a directory on the
    /// way to it) appear, added to whatever else the directory is watched for.
    private static let ancestorWatchMask = UInt32(
        IN_CREATE | IN_MOVED_TO | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR | IN_MASK_ADD
    )

    /// Names never watched nor reported (`DirectoryWatcher.NameFilter`).
    private let isIgnored: DirectoryWatcher.NameFilter

    /// Starts watching `roots` (normalized). Throws when inotify is unavailable, the watch limit is reached,
    /// or a root cannot be watched for another reason; a missing root is not an error.
    init(roots: [String], wakeUp: WakeUpSignal, isIgnored: @escaping DirectoryWatcher.NameFilter = { _ in false }) throws {
        self.isIgnored = isIgnored
        let descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard descriptor >= 0 else {
            throw WatchError(path: nil, reason: .inotifyUnavailable, errorNumber: errno)
        }
        self.roots = roots
        self.inotifyFileDescriptor = descriptor
        self.wakeUp = wakeUp
        self.readBuffer = .allocate(byteCount: 64 * 1024, alignment: MemoryLayout<inotify_event>.alignment)
        for root in roots {
            if DirectoryListing.isDirectory(root) {
                var ignored = WatchBatch()
                if let failure = watchTree(root, reportingFiles: false, into: &ignored), failure.errorNumber != ENOENT {
                    close()
                    throw failure
                }
            } else {
                missingRoots.insert(root)
            }
        }
        var ignored = WatchBatch()
        establishMissingRoots(into: &ignored)
    }

    deinit {
        close()
        readBuffer.deallocate()
    }

    /// True while the inotify descriptor is open.
    private var isOpen = true

    func close() {
        guard isOpen else { return }
        isOpen = false
        Glibc.close(inotifyFileDescriptor)
    }

    func waitForChanges(timeoutMilliseconds: Int?) -> WatchBatch {
        var batch = WatchBatch()
        guard isOpen else { return batch }
        var descriptors = [
            pollfd(fd: inotifyFileDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wakeUp.readFileDescriptor, events: Int16(POLLIN), revents: 0),
        ]
        let ready = poll(&descriptors, 2, Int32(clamping: timeoutMilliseconds ?? -1))
        if ready < 0 {
            // EINTR: return and be called again. Anything else would repeat at once; pause instead of spinning.
            if errno != EINTR { _ = wakeUp.wait(timeoutMilliseconds: 100) }
            return batch
        }
        if descriptors[1].revents != 0 || descriptors[0].revents == 0 { return batch }
        for _ in 0 ..< maximumReadsPerWait {
            let byteCount = read(inotifyFileDescriptor, readBuffer.baseAddress, readBuffer.count)
            if byteCount < 0 && errno == EINTR { continue }
            if byteCount < 0 && errno != EAGAIN {
                // Readable but failing: pause rather than spin, and say the watcher may have missed something.
                batch.needsRescan = true
                _ = wakeUp.wait(timeoutMilliseconds: 100)
            }
            guard byteCount > 0 else { break }  // EAGAIN: drained
            batch.merge(process(InotifyEvent.events(in: UnsafeRawBufferPointer(rebasing: readBuffer[0 ..< byteCount]))))
        }
        return batch
    }

    /// What `events` (read in one go) say changed; updates the watches as directories come and go.
    func process(_ events: [InotifyEvent]) -> WatchBatch {
        var batch = WatchBatch()
        for event in events {
            handle(event, into: &batch)
        }
        if !missingRoots.isEmpty {
            establishMissingRoots(into: &batch)
        }
        return batch
    }

    // MARK: - Events

    private func handle(_ event: InotifyEvent, into batch: inout WatchBatch) {
        let mask = event.mask
        if mask & UInt32(IN_Q_OVERFLOW) != 0 {
            batch.needsRescan = true
            resynchronizeWatches(into: &batch)
            return
        }
        guard let directory = directoryByWatchDescriptor[event.watchDescriptor] else { return }
        if mask & UInt32(IN_IGNORED) != 0 {
            // The kernel dropped the watch (the directory was deleted or its file system unmounted).
            forgetWatches(inside: directory, into: &batch)
            return
        }
        if event.name.isEmpty {
            if mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_UNMOUNT) != 0 {
                forgetWatches(inside: directory, into: &batch)
            }
            return
        }
        if isIgnored(event.name) { return }
        let path = DirectoryListing.join(directory, event.name)
        let isReported = isInsideExistingRoot(path)
        if mask & UInt32(IN_ISDIR) != 0 {
            if mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
                if isReported { watchTree(path, reportingFiles: true, into: &batch) }
            } else if mask & UInt32(IN_DELETE | IN_MOVED_FROM) != 0 {
                forgetWatches(inside: path, into: &batch)
                if isReported {
                    batch.changedPaths.insert(path)
                    batch.needsRescan = true
                }
            }
        } else if isReported && mask & Self.fileChangeMask != 0 {
            batch.changedPaths.insert(path)
        }
    }

    /// True when `path` is inside a root that exists (as far as the watcher knows).
    private func isInsideExistingRoot(_ path: String) -> Bool {
        roots.contains { !missingRoots.contains($0) && DirectoryListing.isPath(path, inside: $0) }
    }

    // MARK: - Watches

    /// Watches `directory` and every directory below it (skipping ignored names and symbolic links), and
    /// adds the files found to `batch` when `reportingFiles`. Returns the failure for `directory` itself, if
    /// adding its watch failed; failures below it set `needsRescan` instead.
    @discardableResult
    private func watchTree(_ directory: String, reportingFiles: Bool, into batch: inout WatchBatch) -> WatchError? {
        let descriptor = inotify_add_watch(inotifyFileDescriptor, directory, Self.directoryWatchMask)
        guard descriptor >= 0 else {
            let errorNumber = errno
            let reason: WatchError.Reason
            switch errorNumber {
            case ENOSPC: reason = .watchLimitReached
            case ENOTDIR: reason = .notADirectory
            default: reason = .systemCallFailed("inotify_add_watch")
            }
            // A directory that vanished at once is reported by its parent's events; anything else is lost track.
            if errorNumber != ENOENT && errorNumber != ENOTDIR { batch.needsRescan = true }
            return WatchError(path: directory, reason: reason, errorNumber: errorNumber)
        }
        if let previous = watchDescriptorByDirectory[directory], previous != descriptor {
            directoryByWatchDescriptor[previous] = nil
        }
        if let previousDirectory = directoryByWatchDescriptor[descriptor], previousDirectory != directory {
            // The same directory under another spelling (a moved directory whose old watch was not dropped).
            watchDescriptorByDirectory[previousDirectory] = nil
        }
        directoryByWatchDescriptor[descriptor] = directory
        watchDescriptorByDirectory[directory] = descriptor
        for entry in DirectoryListing.entries(ofDirectory: directory) where !isIgnored(entry.name) {
            let path = DirectoryListing.join(directory, entry.name)
            if entry.isDirectory {
                watchTree(path, reportingFiles: reportingFiles, into: &batch)
            } else if reportingFiles {
                batch.changedPaths.insert(path)
            }
        }
        return nil
    }

    /// Drops the watches on `directory` and everything below it. A root among them becomes missing, which
    /// the batch reports as its path and `needsRescan`.
    private func forgetWatches(inside directory: String, into batch: inout WatchBatch) {
        for (path, descriptor) in watchDescriptorByDirectory where DirectoryListing.isPath(path, inside: directory) {
            // Harmless when the kernel already dropped it (deleted directory): EINVAL.
            inotify_rm_watch(inotifyFileDescriptor, descriptor)
            watchDescriptorByDirectory[path] = nil
            directoryByWatchDescriptor[descriptor] = nil
        }
        for root in roots where !missingRoots.contains(root) && DirectoryListing.isPath(root, inside: directory) {
            missingRoots.insert(root)
            batch.changedPaths.insert(root)
            batch.needsRescan = true
        }
    }

    /// Watches every missing root that now exists (reporting its files), and the nearest existing ancestor
    /// of each one that does not, so that its creation wakes the watcher.
    private func establishMissingRoots(into batch: inout WatchBatch) {
        for root in missingRoots.sorted() {
            if DirectoryListing.isDirectory(root) {
                missingRoots.remove(root)
                if watchTree(root, reportingFiles: true, into: &batch) != nil {
                    missingRoots.insert(root)  // vanished again already, or cannot be watched
                }
                continue
            }
            var ancestor = DirectoryListing.parent(of: root)
            while !DirectoryListing.isDirectory(ancestor) && ancestor != "/" && ancestor != "." {
                ancestor = DirectoryListing.parent(of: ancestor)
            }
            let descriptor = inotify_add_watch(inotifyFileDescriptor, ancestor, Self.ancestorWatchMask)
            if descriptor >= 0 && directoryByWatchDescriptor[descriptor] == nil {
                directoryByWatchDescriptor[descriptor] = ancestor
                watchDescriptorByDirectory[ancestor] = descriptor
            }
        }
    }

    /// After a queue overflow: drops the watches of directories that are gone and adds watches for
    /// directories that appeared unseen. Files are not reported: the batch says `needsRescan`.
    private func resynchronizeWatches(into batch: inout WatchBatch) {
        for (path, _) in watchDescriptorByDirectory where !DirectoryListing.isDirectory(path) {
            forgetWatches(inside: path, into: &batch)
        }
        for root in roots where !missingRoots.contains(root) {
            watchTree(root, reportingFiles: false, into: &batch)
        }
        establishMissingRoots(into: &batch)
    }
}
#endif
