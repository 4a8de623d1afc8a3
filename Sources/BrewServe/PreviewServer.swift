import FlyingFox
import FlyingSocks
import Foundation

/// The HTTP server behind `brewguide serve`: serves the built site from
/// 127.0.0.1 and tells open pages about every build, so they reload after a
/// good one and show the diagnostics after a failed one.
///
/// ```swift
/// let server = PreviewServer(siteDirectory: "Site", port: 8000)
/// let serving = Task { try await server.run() }
/// print("Serving on http://127.0.0.1:\(try await server.boundPort)/")
/// await server.publish(.built(generation: 1, summary: "312 pages"))
/// ```
public final class PreviewServer: Sendable {
    /// The directory served, as given; resolved again on every request.
    public let siteDirectory: String
    /// The port asked for; 0 lets the system choose one (see `boundPort`).
    public let requestedPort: UInt16

    private let broadcaster = BuildStatusBroadcaster()
    private let httpServer: HTTPServer

    /// How often idle event streams get a comment, to notice closed browsers.
    private static let heartbeatInterval = Duration.seconds(15)

    /// A server for `siteDirectory` that will listen on 127.0.0.1 only, on
    /// `port`, once `run()` is called.
    public init(siteDirectory: String, port: UInt16 = 8000) {
        self.siteDirectory = siteDirectory
        self.requestedPort = port
        let handler = SiteRequestHandler(resolver: SitePathResolver(siteDirectory: siteDirectory), broadcaster: broadcaster)
        self.httpServer = HTTPServer(
            address: Self.loopbackAddress(port: port),
            timeout: 30,
            logger: .disabled,
            handler: handler
        )
    }

    /// Serves until the calling task is cancelled, then closes every
    /// connection and returns. Throws if the port cannot be bound.
    public func run() async throws {
        defer {
            Task { [broadcaster] in await broadcaster.finishAll() }
        }
        do {
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { [httpServer] in
                    try await httpServer.run()
                }
                group.addTask { [broadcaster] in
                    while true {
                        try await Task.sleep(for: Self.heartbeatInterval)
                        await broadcaster.sendHeartbeat()
                    }
                }
                // The HTTP server ends only by an error or by cancellation;
                // either way, stop the heartbeat too.
                defer { group.cancelAll() }
                try await group.next()
            }
        } catch where Task.isCancelled {
            return
        }
    }

    /// Sends `status` to every open page and remembers it for pages that
    /// connect later.
    public func publish(_ status: BuildStatus) async {
        await broadcaster.publish(status)
    }

    /// The port the server listens on, waiting (up to 10 seconds) for `run()`
    /// to bind it; useful when port 0 was asked for. Throws if the server is
    /// not listening by then.
    public var boundPort: UInt16 {
        get async throws {
            try await httpServer.waitUntilListening(timeout: 10)
            switch await httpServer.listeningAddress {
            case .ip4(_, let port), .ip6(_, let port):
                return port
            case .unix, nil:
                throw PreviewServerError.notListening
            }
        }
    }

    /// How many pages are connected to the event stream.
    public var connectedPageCount: Int {
        get async { await broadcaster.subscriberCount }
    }

    /// 127.0.0.1:`port`, never a wildcard address: the preview is for this machine only.
    private static func loopbackAddress(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in.inet(port: port)
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
        return address
    }
}

/// Why the preview server cannot say where it listens.
public enum PreviewServerError: Error, Equatable, CustomStringConvertible {
    /// `run()` has not bound the port (yet), or has stopped.
    case notListening

    public var description: String {
        switch self {
        case .notListening: return "the preview server is not listening"
        }
    }
}
