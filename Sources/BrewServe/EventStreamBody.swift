import FlyingSocks
import Foundation

/// A response body that never ends by itself: the bytes of the frames an
/// `AsyncStream` delivers, as FlyingFox's chunked body wants them.
struct EventStreamBody: AsyncBufferedSequence {
    typealias Element = UInt8

    /// The frames to send, each already in event-stream format.
    let frames: AsyncStream<Data>

    func makeAsyncIterator() -> Iterator {
        Iterator(frames: frames.makeAsyncIterator())
    }

    struct Iterator: AsyncBufferedIteratorProtocol {
        var frames: AsyncStream<Data>.Iterator
        /// Bytes of the current frame not yet handed out.
        var pendingBytes: ArraySlice<UInt8> = []

        mutating func next() async -> UInt8? {
            await nextBuffer(suggested: 1)?.first
        }

        /// Waits for the next frame when none is pending; returns nil once the stream ends.
        mutating func nextBuffer(suggested count: Int) async -> ArraySlice<UInt8>? {
            while pendingBytes.isEmpty {
                guard let frame = await frames.next() else { return nil }
                pendingBytes = ArraySlice(frame)
            }
            let taken = pendingBytes.prefix(Swift.max(1, count))
            pendingBytes = pendingBytes.dropFirst(taken.count)
            return taken
        }
    }
}
