import Foundation

/// One request as the handler sees it: its head, its whole body (bounded by
/// `RequestLimits.bodyBytes`) and where it came from.
struct ServerRequest: Sendable {
    var head: HTTPRequestHead
    var body: Data
    /// The peer's IP address ("127.0.0.1", "::1", "192.168.1.20"), when the system told it.
    var peerAddress: String?
    /// The port the server listens on (it names the key cookie), once the server knows it.
    var serverPort: UInt16? = nil

    var method: String { head.method }
    var path: String { head.path }
    var query: String { head.query }
    var headers: HTTPHeaderFields { head.headers }
}
