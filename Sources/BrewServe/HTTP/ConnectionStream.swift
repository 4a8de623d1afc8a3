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
