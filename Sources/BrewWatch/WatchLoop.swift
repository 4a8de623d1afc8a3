/// The watcher thread's work: wait for changes from the backend, coalesce them, deliver due batches, until
/// the mailbox is closed. Everything in it is touched only by that thread once `run()` starts, which is
/// why it can be handed to the thread although it holds mutable state. (`@unchecked` for that
/// reason, not for a lock: a lock would guard nothing another thread touches.)
final class WatchLoop: @unchecked Sendable {
    private let backend: any WatchBackend
    private let mailbox: BatchMailbox
    private var coalescer: Coalescer

    init(backend: any WatchBackend, mailbox: BatchMailbox, coalescer: Coalescer) {
        self.backend = backend
        self.mailbox = mailbox
        self.coalescer = coalescer
    }

    /// Runs until the mailbox is closed (by `DirectoryWatcher.stop()`, which also wakes the backend).
    func run() {
        while !mailbox.isClosed {
            let timeoutMilliseconds = coalescer.millisecondsUntilDue(atMilliseconds: MonotonicClock.nowMilliseconds())
            let changes = backend.waitForChanges(timeoutMilliseconds: timeoutMilliseconds)
            let nowMilliseconds = MonotonicClock.nowMilliseconds()
            coalescer.add(changes, atMilliseconds: nowMilliseconds)
            if let batch = coalescer.takeBatchIfDue(atMilliseconds: nowMilliseconds) {
                mailbox.deliver(batch)
            }
        }
        backend.close()
    }
}
