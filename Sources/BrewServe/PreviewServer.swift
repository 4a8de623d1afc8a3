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
    private let listeningState = ListeningState()
    private let httpServer: BoundedHTTPServer
    /// `--https`: the CA and the current server certificate.
    private let tls: TLSContext?

    /// How often event streams get a comment, so that writes to browsers
    /// that went away fail and their connections close.
    private let heartbeatInterval: Duration

    /// A server for `siteDirectory` that will listen on 127.0.0.1 only, on
    /// `port`, once `run()` is called; with `edit`, it takes the writes it names
    /// and listens on its LAN addresses too. With `tls` (`--https`, which needs `edit` for the
    /// key), it serves everything over TLS, and over plain HTTP on the same port only the CA's
    /// download (`CertificateDownloadHandler`) and redirects to https://.
    /// `webApp`'s manifest, icons and favicon are served beside the site and named in its pages.
    /// `liveReloadScript` is the templates' `assets/served/live-reload.js` (`liveReloadScriptName`);
    /// nil serves the built-in one.
    public convenience init(siteDirectory: String, port: UInt16 = 8000, edit: EditSettings? = nil, tls: TLSContext? = nil, webApp: WebApp? = nil,
                            liveReloadScript: Data? = nil) {
        self.init(siteDirectory: siteDirectory, port: port, heartbeatInterval: .seconds(15), edit: edit, tls: tls, webApp: webApp,
                  liveReloadScript: liveReloadScript)
    }

    /// The live-reload script's name among the templates' served scripts (`assets/served/`).
    public static let liveReloadScriptName = LiveReload.scriptName

    /// As the public initialiser, with a heartbeat interval and request limits tests can shorten.
    /// `notice` takes what the server says on the terminal (standard error by default).
    init(siteDirectory: String, port: UInt16, heartbeatInterval: Duration, limits: RequestLimits = .standard, edit: EditSettings? = nil,
         tls: TLSContext? = nil, webApp: WebApp? = nil, liveReloadScript: Data? = nil, notice: (@Sendable (String) -> Void)? = nil) {
        self.siteDirectory = siteDirectory
        self.requestedPort = port
        self.heartbeatInterval = heartbeatInterval
        self.tls = tls
        var edit = edit
        if let tls {
            edit?.hostNames = tls.names.hostNames
            edit?.isHTTPS = true
        }
        let listeningState = self.listeningState
        let handler = SiteRequestHandler(
            resolver: SitePathResolver(siteDirectory: siteDirectory),
            broadcaster: broadcaster,
            writes: edit.map(WriteRequestHandler.init(settings:)),
            boundPort: { await listeningState.knownPort },
            webApp: webApp,
            liveReloadScript: liveReloadScript ?? LiveReload.builtInScript
        )
        let addresses = [Self.loopbackAddress(port: port)] + (edit?.lanAddresses ?? []).compactMap { Self.ipv4Address($0, port: port) }
        let listening = tls.map { tls in
            let downloads = CertificateDownloadHandler(authority: tls.authority, key: edit?.key ?? "", names: tls.names)
            return BoundedHTTPServer.TLSListening(context: tls, plainHandler: { downloads.handleRequest($0) })
        }
        let handle: BoundedHTTPServer.Handler = { request in await handler.handleRequest(request) }
        if let notice {
            self.httpServer = BoundedHTTPServer(addresses: addresses, limits: limits, tls: listening, handler: handle, notice: notice)
        } else {
            self.httpServer = BoundedHTTPServer(addresses: addresses, limits: limits, tls: listening, handler: handle)
        }
    }

    /// How often a running `--https` server looks whether its certificate is due for renewal.
    static let renewalCheckInterval: Duration = .seconds(3600)

    /// The addresses listened on, as `address:port`, once `run()` has bound them.
    public var listeningAddresses: [String] {
        get async { await listeningState.addresses }
    }

    /// How many connections are open (for tests).
    var openConnectionCount: Int { httpServer.openConnectionCount }

    /// Serves until the calling task is cancelled, then closes every
    /// connection and returns. Throws `PreviewServerError.cannotListen` if the
    /// port cannot be bound (another server has it, say).
    public func run() async throws {
        await listeningState.starting()
        do {
            try await httpServer.run { [listeningState, broadcaster, heartbeatInterval, tls] addresses in
                guard let port = Self.port(of: addresses.first) else {
                    throw PreviewServerError.notListening
                }
                await listeningState.listening(on: port, addresses: addresses.map(Self.text(of:)))
                // The server ends only by an error or by cancellation; either ends this too.
                var lastRenewalCheck = ContinuousClock.now
                while true {
                    try await Task.sleep(for: heartbeatInterval)
                    await broadcaster.sendHeartbeat()
                    // The server certificate is made again, for the same names, well before it ends.
                    if let tls, ContinuousClock.now - lastRenewalCheck >= Self.renewalCheckInterval {
                        lastRenewalCheck = .now
                        do {
                            try tls.renewIfDue()
                        } catch {
                            // The current certificate goes on serving until it ends; the next check tries again.
                            FileHandle.standardError.write(Data("\(error)\n".utf8))
                        }
                    }
                }
            }
        } catch where Task.isCancelled {
            await stop(because: PreviewServerError.notListening)
            return
        } catch SocketError.failed(type: "Bind", _, let message) {
            let error = PreviewServerError.cannotListen(address: "127.0.0.1:\(requestedPort)", reason: message)
            await stop(because: error)
            throw error
        } catch {
            await stop(because: error)
            throw error
        }
    }

    /// Sends `status` to every open page and remembers it for pages that
    /// connect later.
    public func publish(_ status: BuildStatus) async {
        await broadcaster.publish(status)
    }

    /// The port the server listens on, waiting for `run()` to bind it;
    /// useful when port 0 was asked for. Throws the reason if `run()` failed
    /// or has stopped.
    public var boundPort: UInt16 {
        get async throws { try await listeningState.port() }
    }

    /// How many pages are connected to the event stream.
    public var connectedPageCount: Int {
        get async { await broadcaster.subscriberCount }
    }

    /// Ends every event stream and tells waiters for `boundPort` why.
    private func stop(because error: any Error) async {
        await broadcaster.finishAll()
        await listeningState.stopped(because: error)
    }

    private static func port(of address: Socket.Address?) -> UInt16? {
        switch address {
        case .ip4(_, let port), .ip6(_, let port): return port
        case .unix, nil: return nil
        }
    }

    private static func text(of address: Socket.Address) -> String {
        switch address {
        case .ip4(let host, let port): return "\(host):\(port)"
        case .ip6(let host, let port): return "[\(host)]:\(port)"
        case .unix(let path): return path
        }
    }

    /// `address` (dotted IPv4) and `port`; nil if it is not an IPv4 address.
    private static func ipv4Address(_ address: String, port: UInt16) -> sockaddr_in? {
        var socketAddress = sockaddr_in.inet(port: port)
        guard inet_pton(AF_INET, address, &socketAddress.sin_addr) == 1 else { return nil }
        return socketAddress
    }

    /// 127.0.0.1:`port`, never a wildcard address: the preview is for this machine only.
    private static func loopbackAddress(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in.inet(port: port)
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
        return address
    }
}
