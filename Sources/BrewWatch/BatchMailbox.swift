import Foundation

/// Hands batches from the watcher thread to one consumer, blocking or async. A batch the consumer has not
/// taken yet is merged with the next one, so a consumer busy rebuilding finds one batch with everything
/// that changed meanwhile, never a queue of them.
///
/// It keeps its own `NSCondition` rather than BrewKit's `Locked` (which BrewWatch does not link, and
/// which has no wait): a blocking `take` sleeps on the condition until a batch comes or its time is
/// up. Every stored property is touched only with the condition held (`locked`).
final class BatchMailbox: @unchecked Sendable {
    /// Guards every property below, and wakes blocked `take` calls.
    private let condition = NSCondition()
    /// Delivered and not yet taken.
    private var pending: WatchBatch?
    /// True after `close()`: nothing more is delivered and every `take` returns nil.
    private var closed = false
    /// Async consumers waiting for a batch, first come first served, each with an id for cancellation.
    private var waiters: [(id: UInt64, continuation: CheckedContinuation<WatchBatch?, Never>)] = []
    /// The id the next async waiter gets.
    private var nextWaiterID: UInt64 = 0
    /// The tasks that give up on timed async waits, by waiter id; cancelled when the wait ends sooner.
    private var timeouts: [UInt64: Task<Void, Never>] = [:]

    private func locked<Result>(_ body: () -> Result) -> Result {
        condition.lock()
        defer { condition.unlock() }
        return body()
    }

    /// True after `close()`.
    var isClosed: Bool { locked { closed } }

    /// Whether a batch was delivered and not taken yet.
    var hasPending: Bool { locked { pending != nil } }

    /// Gives `batch` to a waiting consumer, or keeps it (merged with any batch still untaken).
    func deliver(_ batch: WatchBatch) {
        let waiter: CheckedContinuation<WatchBatch?, Never>? = locked {
            if closed { return nil }
            if !waiters.isEmpty {
                let waiter = waiters.removeFirst()
                timeouts.removeValue(forKey: waiter.id)?.cancel()
                return waiter.continuation
            }
            if pending == nil { pending = batch } else { pending!.merge(batch) }
            condition.broadcast()
            return nil
        }
        waiter?.resume(returning: batch)
    }

    /// Ends delivery: untaken batches are dropped and every waiting or later `take` returns nil.
    func close() {
        let waiting = locked {
            closed = true
            pending = nil
            condition.broadcast()
            for timeout in timeouts.values { timeout.cancel() }
            timeouts = [:]
            defer { waiters = [] }
            return waiters
        }
        for waiter in waiting { waiter.continuation.resume(returning: nil) }
    }

    /// The next batch, blocking the calling thread for at most `timeoutMilliseconds` (nil: no limit);
    /// nil when the time passed or the mailbox is closed.
    func take(timeoutMilliseconds: Int?) -> WatchBatch? {
        let deadline = timeoutMilliseconds.map { Date(timeIntervalSinceNow: Double($0) / 1_000) }
        return locked {
            while pending == nil && !closed {
                if let deadline {
                    if !condition.wait(until: deadline) { break }
                } else {
                    condition.wait()
                }
            }
            defer { pending = nil }
            return pending
        }
    }

    /// The next batch, suspending for at most `timeoutMilliseconds` (nil: no limit); nil when the time
    /// passed, the task was cancelled, or the mailbox is closed.
    func take(timeoutMilliseconds: Int?) async -> WatchBatch? {
        let id = locked {
            nextWaiterID += 1
            return nextWaiterID
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<WatchBatch?, Never>) in
                let ready: WatchBatch?? = locked {
                    if let batch = pending {
                        pending = nil
                        return .some(batch)
                    }
                    if closed || Task.isCancelled { return .some(nil) }
                    waiters.append((id, continuation))
                    return .none
                }
                if let ready {
                    continuation.resume(returning: ready)
                } else if let timeoutMilliseconds {
                    let timeout = Task { [self] in
                        try? await Task.sleep(nanoseconds: UInt64(max(0, timeoutMilliseconds)) * 1_000_000)
                        if !Task.isCancelled { giveUp(waiterID: id) }
                    }
                    locked {
                        // Only while still waiting: a batch may have come between the two locks.
                        if waiters.contains(where: { $0.id == id }) { timeouts[id] = timeout } else { timeout.cancel() }
                    }
                }
            }
        } onCancel: {
            giveUp(waiterID: id)
        }
    }

    /// Resumes the async waiter `waiterID` with nil, if it is still waiting.
    private func giveUp(waiterID: UInt64) {
        let waiter = locked { () -> CheckedContinuation<WatchBatch?, Never>? in
            timeouts.removeValue(forKey: waiterID)?.cancel()
            guard let index = waiters.firstIndex(where: { $0.id == waiterID }) else { return nil }
            return waiters.remove(at: index).continuation
        }
        waiter?.resume(returning: nil)
    }
}
