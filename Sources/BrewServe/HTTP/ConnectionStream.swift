#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import FlyingSocks
import Foundation

/// The bytes of one accepted connection, as `ClientConnection` reads and writes them: the socket
/// itself (`PlainStream`) or TLS over it (`TLSStream`). One reader-writer at a time: a
/// connection's reads and writes follow one another, never overlap.
protocol ConnectionStream: Sendable {
    /// Up to `count` bytes, at least one, as they arrive; throws when the peer has gone.
    func read(atMost count: Int) async throws -> [UInt8]
    func write(_ bytes: Data) async throws
    /// No more bytes will be sent (the peer reads the end), while reading goes on.
    func finishWriting() async
    /// Ends the connection (over TLS, after saying so to the peer, as TLS asks).
    func close() async
}

/// A connection without TLS: the socket as it is.
struct PlainStream: ConnectionStream {
    let socket: AsyncSocket

    func read(atMost count: Int) async throws -> [UInt8] { try await socket.read(atMost: count) }
    func write(_ bytes: Data) async throws { try await socket.write(bytes) }
    func finishWriting() async { _ = shutdown(socket.socket.file.rawValue, Int32(SHUT_WR)) }
    func close() async { try? socket.close() }
}
