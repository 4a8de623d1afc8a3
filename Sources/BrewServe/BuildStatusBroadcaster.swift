import Foundation

/// Holds the latest build status and the event streams of connected browsers,
/// and sends every new status to all of them.
actor BuildStatusBroadcaster {
    /// The most recently published status; a new stream starts with it.
    private(set) var currentStatus: BuildStatus?

    /// The generation of the last good build (0 before any): the site on disk
    /// is this build, so pages served now are stamped with it.
    private(set) var lastBuiltGeneration = 0

    /// The open event streams, by subscriber number.
    private var streamsBySubscriber: [Int: AsyncStream<Data>.Continuation] = [:]
    private var nextSubscriber = 0

    /// How many browsers are listening (for tests and logging).
    var subscriberCount: Int { streamsBySubscriber.count }

    /// Opens a stream of event frames: the retry hint, the current status if
    /// any, then every status published until the stream or the server ends.
    func subscribe() -> AsyncStream<Data> {
        // A slow browser only needs the latest statuses, never an unbounded queue.
        let (stream, continuation) = AsyncStream.makeStream(of: Data.self, bufferingPolicy: .bufferingNewest(16))
        continuation.yield(ServerSentEvent.retryFrame)
        if let currentStatus {
            continuation.yield(ServerSentEvent.frame(for: currentStatus))
        }
        let subscriber = nextSubscriber
        nextSubscriber += 1
        streamsBySubscriber[subscriber] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { await self?.unsubscribe(subscriber) }
        }
        return stream
    }

    /// Remembers `status` and sends it to every open stream.
    func publish(_ status: BuildStatus) {
        currentStatus = status
        if case .built(let generation, _) = status {
            lastBuiltGeneration = generation
        }
        let frame = ServerSentEvent.frame(for: status)
        for continuation in streamsBySubscriber.values {
            continuation.yield(frame)
        }
    }

    /// Sends a comment to every stream, so that writes to browsers that went
    /// away fail and their connections are closed.
    func sendHeartbeat() {
        for continuation in streamsBySubscriber.values {
            continuation.yield(ServerSentEvent.heartbeatFrame)
        }
    }

    /// Ends every open stream (the server is stopping).
    func finishAll() {
        let continuations = streamsBySubscriber.values
        streamsBySubscriber.removeAll()
        for continuation in continuations {
            continuation.finish()
        }
    }

    private func unsubscribe(_ subscriber: Int) {
        streamsBySubscriber[subscriber] = nil
    }
}
