/// Gathers changes into one batch: after the first change it keeps collecting until no change came for
/// `quietMilliseconds`, or `maximumDelayMilliseconds` passed since the first, and then the batch is due.
/// Pure bookkeeping: the caller passes the time in, so it can be tested without a clock.
struct Coalescer {
    /// How long no change must arrive before the batch is due, in milliseconds.
    let quietMilliseconds: Int
    /// The longest a change waits before its batch is due, however busy the file system, in milliseconds.
    let maximumDelayMilliseconds: Int
    /// The changes collected since the last batch was taken.
    private(set) var pending = WatchBatch()
    /// Monotonic time of the first change in `pending`, in milliseconds; nil when nothing is pending.
    private var firstChangeAtMilliseconds: Int64?
    /// Monotonic time of the latest change in `pending`, in milliseconds.
    private var lastChangeAtMilliseconds: Int64 = 0

    init(quietMilliseconds: Int, maximumDelayMilliseconds: Int) {
        self.quietMilliseconds = max(0, quietMilliseconds)
        self.maximumDelayMilliseconds = max(self.quietMilliseconds, maximumDelayMilliseconds)
    }

    /// Records changes seen at `nowMilliseconds`. An empty batch (only editor droppings, say) changes
    /// nothing: it neither starts a batch nor extends the quiet period.
    mutating func add(_ changes: WatchBatch, atMilliseconds nowMilliseconds: Int64) {
        guard !changes.isEmpty else { return }
        pending.merge(changes)
        if firstChangeAtMilliseconds == nil { firstChangeAtMilliseconds = nowMilliseconds }
        lastChangeAtMilliseconds = nowMilliseconds
    }

    /// Milliseconds from `nowMilliseconds` until the pending batch is due (0 when it is due now), or nil
    /// when nothing is pending.
    func millisecondsUntilDue(atMilliseconds nowMilliseconds: Int64) -> Int? {
        guard let firstChangeAtMilliseconds else { return nil }
        let dueAtMilliseconds = min(
            lastChangeAtMilliseconds + Int64(quietMilliseconds),
            firstChangeAtMilliseconds + Int64(maximumDelayMilliseconds)
        )
        return Int(max(0, dueAtMilliseconds - nowMilliseconds))
    }

    /// The pending batch if it is due at `nowMilliseconds`, which starts a new one; nil otherwise.
    mutating func takeBatchIfDue(atMilliseconds nowMilliseconds: Int64) -> WatchBatch? {
        guard millisecondsUntilDue(atMilliseconds: nowMilliseconds) == 0 else { return nil }
        defer {
            pending = WatchBatch()
            firstChangeAtMilliseconds = nil
        }
        return pending
    }
}
