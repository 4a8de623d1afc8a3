#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import FlyingSocks
import Foundation
import Synchronization

/// A small HTTP/1.1 server on FlyingSocks' non-blocking sockets: it listens on the given IPv4
/// addresses, reads each connection's requests within `RequestLimits` (`ClientConnection`) and
/// answers them with `handler`.
///
/// With `tls`, each port takes both: a connection whose first byte starts a TLS handshake
/// (0x16) is served over TLS (`TLSStream`) with `handler`; any other is plain HTTP, answered by
/// `tls.plainHandler` (the CA's download and redirects to https://). One port, so the address
/// printed for the CA and the HTTPS one differ only by their scheme.
///
/// It is ours rather than FlyingFox's `HTTPServer` because that one reads a request line and
/// its header fields with no bound and in time quadratic in their length (a 128 KB line took
/// 7 s, four 1 MB lines stalled it), and gives no way to put a reader in front of its parser.
/// FlyingSocks (its socket layer) is kept: sockets, the epoll pool, accepting.
final class BoundedHTTPServer: Sendable {
    typealias Handler = @Sendable (ServerRequest) async -> ServerResponse

    let addresses: [sockaddr_in]
    let limits: RequestLimits
    let handler: Handler
    let tls: TLSListening?
    /// What the server says on the terminal (a client refused); standard error unless a test listens.
    let notice: @Sendable (String) -> Void
    private let connections = Mutex(OpenConnections())

    /// The connections open now: in all, and per client address; when each kind of refusal (the
    /// server full: key nil; a client at its bound: its address) was last made, to say each burst
    /// of them once on the terminal.
    private struct OpenConnections {
        var total = 0
        var perClient: [String: Int] = [:]
        var lastRefusals: [String?: ContinuousClock.Instant] = [:]
    }

    /// What a server with TLS serves it with, and how it answers plain HTTP on the same port.
    struct TLSListening: Sendable {
        let context: TLSContext
        let plainHandler: Handler
    }

    /// The first byte of every TLS connection: a handshake record.
    static let tlsHandshakeByte: UInt8 = 0x16

    init(addresses: [sockaddr_in], limits: RequestLimits, tls: TLSListening? = nil, handler: @escaping Handler,
         notice: @escaping @Sendable (String) -> Void = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }) {
        self.addresses = addresses
        self.limits = limits
        self.tls = tls
        self.handler = handler
        self.notice = notice
    }

    /// How many connections are open now.
    var openConnectionCount: Int { connections.withLock { $0.total } }

    /// Binds every address, calls `listening` with the addresses bound (in order; a port 0
    /// asked for is the one the system chose), then serves until cancelled. Throws
    /// FlyingSocks' `SocketError.failed(type: "Bind", …)` when an address cannot be bound.
    func run(listening: @Sendable ([Socket.Address]) async throws -> Void) async throws {
        let pool = Self.makePool()
        try await pool.prepare()
        var sockets: [Socket] = []
        defer { for socket in sockets { try? socket.close() } }
        var firstPort: UInt16?
        for var address in addresses {
            // Port 0 lets the system choose for the first address; the others take the same one.
            if address.sin_port == 0, let firstPort { address.sin_port = firstPort.bigEndian }
            let socket = try Self.listeningSocket(on: address)
            sockets.append(socket)
            if firstPort == nil, case .ip4(_, let port) = try socket.sockname() { firstPort = port }
        }
        let listeners = try sockets.map { try AsyncSocket(socket: $0, pool: pool) }
        try await withThrowingDiscardingTaskGroup { group in
            group.addTask { try await pool.run() }
            for listener in listeners {
                group.addTask { try await self.acceptConnections(on: listener) }
            }
            try await listening(try sockets.map { try $0.sockname() })
        }
    }

    /// Accepts connections until cancelled, serving each in a task of its own.
    private func acceptConnections(on listener: AsyncSocket) async throws {
        try await withThrowingDiscardingTaskGroup { group in
            while true {
                try Task.checkCancellation()
                let client: AsyncSocket
                do {
                    client = try await listener.accept()
                } catch let error as SocketError where !Self.isRetryable(error) {
                    throw error
                } catch is CancellationError {
                    throw CancellationError()
                } catch {
                    // Out of descriptors, say: wait a moment rather than spin or stop serving.
                    try await Task.sleep(for: .milliseconds(20))
                    continue
                }
                let peerAddress = Self.peerAddress(of: client)
                switch reserveConnection(for: peerAddress) {
                case .reserved: break
                case .refused(let reason, let startsBurst):
                    try? client.close()
                    if startsBurst { notice(Self.refusalNotice(reason, limits: limits)) }
                    continue
                }
                group.addTask { [self] in
                    if let tls {
                        await serveTLSOrPlain(client, peerAddress: peerAddress, tls: tls)
                    } else {
                        await ClientConnection(stream: PlainStream(socket: client), limits: limits, peerAddress: peerAddress, handler: handler, isCrowded: isCrowded).serve()
                    }
                    releaseConnection(for: peerAddress)
                }
            }
        }
    }

    /// Reads the connection's first bytes (within `idleSeconds`), then serves it over TLS after
    /// a handshake within `headSeconds`, or as plain HTTP with the plain handler.
    private func serveTLSOrPlain(_ client: AsyncSocket, peerAddress: String?, tls: TLSListening) async {
        let plain = PlainStream(socket: client)
        guard let first = try? await ClientConnection.firstBytes(from: plain, limits: limits, isCrowded: isCrowded),
              let firstByte = first.first else {
            await plain.close()
            return
        }
        guard firstByte == Self.tlsHandshakeByte else {
            await ClientConnection(stream: plain, limits: limits, peerAddress: peerAddress, handler: tls.plainHandler, isCrowded: isCrowded).serve(received: first)
            return
        }
        guard let secure = try? TLSStream(socket: client, context: tls.context, received: first),
              (try? await ClientConnection.within(limits.headSeconds, { try await secure.handshake() })) != nil else {
            // A client that does not trust the CA closes here; nothing to answer it.
            await plain.close()
            return
        }
        await ClientConnection(stream: secure, limits: limits, peerAddress: peerAddress, handler: handler, isCrowded: isCrowded).serve()
    }

    /// Whether over three quarters of the server's places are taken now (`RequestLimits.isCrowded`).
    private var isCrowded: @Sendable () -> Bool {
        { [self] in connections.withLock { limits.isCrowded(openConnections: $0.total) } }
    }

    /// What the terminal is told at the first refusal of a burst.
    static func refusalNotice(_ reason: Refusal, limits: RequestLimits) -> String {
        switch reason {
        case .full:
            "serve: refusing new connections: \(limits.openConnections) are open, the server's bound; idle ones are closed after \(limits.crowdedIdleSeconds.components.seconds) s while over three quarters of it are taken, to make room"
        case .clientAtBound(let address):
            "serve: refusing connections from \(address.prefix(64)): it holds \(limits.connectionsPerClient) open already (the bound per client; others are still served)"
        }
    }

    /// Why a connection was refused.
    enum Refusal: Sendable, Equatable {
        /// Every place of the server is taken.
        case full
        /// The client at this address holds its bound of connections.
        case clientAtBound(String)
    }

    private enum Reservation { case reserved, refused(Refusal, startsBurst: Bool) }

    /// Takes a place for a connection from `client`: refused past the server's bound, or past the
    /// bound per client (so that one client cannot hold every place). `startsBurst` when no
    /// refusal of its kind was made in the last `refusalBurstSeconds`, to be said once a burst.
    private func reserveConnection(for client: String?) -> Reservation {
        connections.withLock { open in
            func refuse(_ reason: Refusal, key: String?) -> Reservation {
                let now = ContinuousClock.now
                let last = open.lastRefusals.updateValue(now, forKey: key)
                return .refused(reason, startsBurst: last.map { now - $0 > limits.refusalBurstSeconds } ?? true)
            }
            guard open.total < limits.openConnections else { return refuse(.full, key: nil) }
            if let client {
                let held = open.perClient[client, default: 0]
                guard held < limits.connectionsPerClient else { return refuse(.clientAtBound(client), key: client) }
                open.perClient[client] = held + 1
            }
            open.total += 1
            return .reserved
        }
    }

    private func releaseConnection(for client: String?) {
        connections.withLock { open in
            open.total -= 1
            if let client {
                let held = open.perClient[client, default: 1] - 1
                open.perClient[client] = held > 0 ? held : nil
            }
        }
    }

    /// Whether accepting may be tried again after `error` (anything but the listener closing).
    private static func isRetryable(_ error: SocketError) -> Bool {
        if case .disconnected = error { return false }
        return true
    }

    private static func peerAddress(of client: AsyncSocket) -> String? {
        switch try? client.socket.remotePeer() {
        case .ip4(let address, _), .ip6(let address, _): return address
        case .unix, nil: return nil
        }
    }

    private static func listeningSocket(on address: sockaddr_in) throws -> Socket {
        let socket = try Socket(domain: AF_INET)
        do {
            try socket.setValue(true, for: .localAddressReuse)
            try socket.bind(to: address)
        } catch {
            try? socket.close()
            throw error
        }
        // `listen` closes the socket itself when it fails.
        try socket.listen(maxPendingConnection: SOMAXCONN)
        return socket
    }

    private static func makePool() -> some AsyncSocketPool {
        #if canImport(Darwin)
        return .kQueue(maxEvents: 256)
        #else
        return .ePoll(maxEvents: 256)
        #endif
    }
}
