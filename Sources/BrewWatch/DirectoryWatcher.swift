import Foundation

/// Watches directory trees (the data and template directories) and hands out batches of changed file
/// paths, one per burst of activity: after the first change it keeps collecting until no change came for
/// `quietMilliseconds`, or `maximumDelayMilliseconds` passed since the first, then delivers one batch.
///
/// The watching runs on a thread of its own, started by `init` once the roots are watched (so a change made
/// after `init` returns is always seen). Take batches from one consumer, with `batches()` or `nextBatch`;
/// a batch not taken yet is merged with the next one. `stop()` (or releasing the watcher) ends it.
///
///     let watcher = try DirectoryWatcher(roots: ["Data", "Templates"])
///     for await batch in watcher.batches() {
///         rebuild(batch.needsRescan ? nil : batch.changedPaths)
///     }
public final class DirectoryWatcher: Sendable {
    /// How changes are noticed.
    public enum Backend: Sendable, Equatable {
        /// inotify on Linux; polling every `DirectoryWatcher.defaultPollingIntervalMilliseconds` when
        /// inotify is unavailable or its watch limit is reached, and on other systems.
        case automatic
        /// inotify, or an error.
        case inotify
        /// A walk of the roots every `intervalMilliseconds`, comparing inode, size and modification time.
        case polling(intervalMilliseconds: Int)
    }

    /// Whether a file or folder name is never watched nor reported (an editor's swap file, a hidden
    /// file): the caller's rule, so that this module knows nothing of the data directory.
    public typealias NameFilter = @Sendable (_ name: String) -> Bool

    /// The polling interval `.automatic` falls back to, in milliseconds.
    public static let defaultPollingIntervalMilliseconds = 500

    /// The watched roots, as given (trailing slashes removed). Changed paths are spelt under them.
    public let roots: [String]
    /// "inotify" or "polling": what `.automatic` chose, or what was asked for.
    public let backendInUse: String
    /// Batches on their way to the consumer.
    private let mailbox = BatchMailbox()
    /// Wakes the watcher thread out of its wait when `stop()` is called.
    private let wakeUp: WakeUpSignal

    /// Starts watching `roots` (directories; one that does not exist yet is watched for from when it
    /// appears, and its files are then reported). Throws `WatchError` when a root is a file, when
    /// `.inotify` was asked for and cannot be had, or when a root cannot be watched.
    public init(
        roots: [String],
        backend: Backend = .automatic,
        quietMilliseconds: Int = 30,
        maximumDelayMilliseconds: Int = 500,
        ignoring isIgnored: @escaping NameFilter = { _ in false }
    ) throws {
        let roots = roots.map(DirectoryListing.normalized)
        for root in roots where DirectoryListing.exists(root) && !DirectoryListing.isDirectory(root) {
            throw WatchError(path: root, reason: .notADirectory, errorNumber: 0)
        }
        let wakeUp = try WakeUpSignal()
        let chosen = try Self.makeBackend(backend, roots: roots, quietMilliseconds: quietMilliseconds, wakeUp: wakeUp, isIgnored: isIgnored)
        self.roots = roots
        self.wakeUp = wakeUp
        self.backendInUse = chosen.name
        let loop = WatchLoop(
            backend: chosen,
            mailbox: mailbox,
            coalescer: Coalescer(quietMilliseconds: quietMilliseconds, maximumDelayMilliseconds: maximumDelayMilliseconds)
        )
        let thread = Thread { loop.run() }
        thread.name = "BrewWatch"
        thread.start()
    }

    deinit {
        stop()
    }

    private static func makeBackend(
        _ backend: Backend, roots: [String], quietMilliseconds: Int, wakeUp: WakeUpSignal, isIgnored: @escaping NameFilter
    ) throws -> any WatchBackend {
        func polling(everyMilliseconds intervalMilliseconds: Int) -> PollingBackend {
            PollingBackend(
                roots: roots,
                idleIntervalMilliseconds: intervalMilliseconds,
                activeIntervalMilliseconds: max(5, quietMilliseconds / 2),
                wakeUp: wakeUp,
                isIgnored: isIgnored
            )
        }
        switch backend {
        case .polling(let intervalMilliseconds):
            return polling(everyMilliseconds: intervalMilliseconds)
        case .inotify:
            #if os(Linux)
            return try InotifyBackend(roots: roots, wakeUp: wakeUp, isIgnored: isIgnored)
            #else
            throw WatchError(path: nil, reason: .inotifyUnavailable, errorNumber: 0)
            #endif
        case .automatic:
            #if os(Linux)
            do {
                return try InotifyBackend(roots: roots, wakeUp: wakeUp, isIgnored: isIgnored)
            } catch let error as WatchError where error.reason == .inotifyUnavailable || error.reason == .watchLimitReached {
                return polling(everyMilliseconds: defaultPollingIntervalMilliseconds)
            }
            #else
            return polling(everyMilliseconds: defaultPollingIntervalMilliseconds)
            #endif
        }
    }

    /// The batches, as they become due, until `stop()`. Meant for one consumer at a time: batches are
    /// shared between every stream and `nextBatch` call, each going to whichever asks first.
    public func batches() -> AsyncStream<WatchBatch> {
        let mailbox = self.mailbox
        return AsyncStream(unfolding: { await mailbox.take(timeoutMilliseconds: nil) })
    }

    /// The next batch, suspending for at most `timeoutMilliseconds` (nil: until one comes); nil when the
    /// time passed, the task was cancelled, or the watcher was stopped.
    public func nextBatch(timeoutMilliseconds: Int? = nil) async -> WatchBatch? {
        await mailbox.take(timeoutMilliseconds: timeoutMilliseconds)
    }

    /// The next batch, blocking the calling thread for at most `timeoutMilliseconds` (nil: until one
    /// comes); nil when the time passed or the watcher was stopped. For a thread of your own; from async
    /// code the `async` overload is chosen.
    public func nextBatch(timeoutMilliseconds: Int? = nil) -> WatchBatch? {
        mailbox.take(timeoutMilliseconds: timeoutMilliseconds)
    }

    /// Whether a batch is due and not taken yet: a consumer busy with the previous one can give
    /// up work that the next batch makes moot, without taking it.
    public var hasPendingBatch: Bool { mailbox.hasPending }

    /// Stops watching: every stream ends and every waiting or later `nextBatch` returns nil at once
    /// (batches not taken yet are dropped). The watcher thread then closes its descriptors. Safe to call
    /// more than once, from any thread.
    public func stop() {
        mailbox.close()
        wakeUp.signal()
    }
}
