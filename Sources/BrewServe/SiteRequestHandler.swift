import Foundation

/// Answers every request of the preview server: the live-reload endpoints,
/// then files of the site directory, with a 404 page for anything else.
struct SiteRequestHandler: Sendable {
    /// Finds the file a request path names, refusing paths that leave the site.
    let resolver: SitePathResolver
    /// The build status source for the event stream and the pages' generation.
    let broadcaster: BuildStatusBroadcaster

    /// The writes of `serve --edit`/`--lan`; nil for plain `serve`, which takes none.
    let writes: WriteRequestHandler?
    /// The port listened on, once known (for the `Origin` of writes).
    let boundPort: @Sendable () async -> UInt16?
    /// The manifest, icons and favicon that `serve` adds to the site; nil for none.
    let webApp: WebApp?
    /// The live-reload script served at `LiveReload.scriptPath` (the templates', or the built-in one).
    let liveReloadScript: Data

    init(resolver: SitePathResolver, broadcaster: BuildStatusBroadcaster, writes: WriteRequestHandler? = nil,
         boundPort: @escaping @Sendable () async -> UInt16? = { nil }, webApp: WebApp? = nil,
         liveReloadScript: Data = LiveReload.builtInScript) {
        self.resolver = resolver
        self.broadcaster = broadcaster
        self.writes = writes
        self.boundPort = boundPort
        self.webApp = webApp
        self.liveReloadScript = liveReloadScript
    }

    func handleRequest(_ request: ServerRequest) async -> ServerResponse {
        var request = request
        if request.serverPort == nil { request.serverPort = await boundPort() }
        let hosts = request.headers.values(named: "Host")
        guard hosts.count <= 1, Self.isServedHost(hosts.first, lanAddresses: (writes?.settings.lanAddresses ?? []) + (writes?.settings.hostNames ?? [])) else {
            // A page elsewhere that rebinds its DNS name to 127.0.0.1 must not read the journal.
            if Self.isAPI(request.path) {
                return WriteRequestHandler.json(status: .forbidden, ["errors": ["unknown host: use the address serve printed (127.0.0.1, localhost or a LAN address it listens on)"]])
            }
            return Self.response(status: .forbidden, contentType: "text/plain; charset=utf-8", body: Data("Unknown host\n".utf8))
        }
        // The app's files, to any browser of a served host: no secret, and a manifest is fetched without the key's cookie.
        if request.method == "GET" || request.method == "HEAD", let webApp, let file = webApp.file(at: request.path),
           case .notFound = resolver.resolve(percentEncodedPath: request.path) {
            // The service worker's scope is every page, not only /_app/ where it is served.
            return Self.response(status: .ok, contentType: file.contentType, body: file.body,
                                 extraHeaders: request.path == WebApp.serviceWorkerPath ? ["Service-Worker-Allowed": "/"] : [:])
        }
        if let writes {
            if request.method == "POST", let endpoint = writes.endpoint(at: request.path) {
                return await writes.handle(request, endpoint: endpoint, boundPort: await boundPort())
            }
            if request.method == "GET", let visit = writes.keyVisit(request) {
                return visit
            }
            if request.method == "GET", request.path == EditSettings.statusPath {
                return WriteRequestHandler.json(status: .ok, ["writes": writes.mayWrite(request)])
            }
            if request.method == "GET", let read = writes.settings.reads.first(where: { $0.path == request.path }) {
                return await writes.read(request, endpoint: read)
            }
            if request.method == "GET", request.path == EditSettings.pageScriptPath, writes.hasKey(request) {
                return Self.response(status: .ok, contentType: "text/javascript; charset=utf-8", body: Data(writes.settings.pageScript.utf8))
            }
            // With --lan, another machine reads the journal only with the key, as it writes.
            if !writes.settings.lanAddresses.isEmpty, !WriteRequestHandler.isLoopback(request.peerAddress), !writes.hasKey(request) {
                if Self.isAPI(request.path) {
                    return WriteRequestHandler.json(status: .forbidden, ["errors": ["no key: open the address serve printed, with its ?key=, first"]])
                }
                // A phone whose key is from before `serve --new-key` is told so, in words.
                if writes.holdsStaleKey(request) {
                    return Self.response(status: .forbidden, contentType: "text/html; charset=utf-8", body: Data(WriteRequestHandler.wrongKeyPage.utf8))
                }
                return Self.response(status: .forbidden, contentType: "text/plain; charset=utf-8",
                                     body: Data("Open the address brewguide serve printed, with its key, first.\n".utf8))
            }
            if let refusal = apiRefusal(request, writes: writes) { return refusal }
        }
        guard request.method == "GET" || request.method == "HEAD" else {
            if Self.isAPI(request.path) {
                let words = writes == nil ? "\(request.path.prefix(80)): this serve takes no writes (start it with --edit or --lan)"
                    : "\(request.path.prefix(80)) takes GET only, not \(request.method.prefix(20))"
                var response = WriteRequestHandler.json(status: .methodNotAllowed, ["errors": [words]])
                response.headers["Allow"] = "GET, HEAD"
                return response
            }
            return Self.response(status: .methodNotAllowed, extraHeaders: ["Allow": "GET, HEAD"])
        }
        let path = request.path
        switch path {
        case LiveReload.eventsPath:
            // HEAD learns the stream's headers without subscribing to it.
            return request.method == "HEAD" ? Self.response(status: .ok, contentType: Self.eventStreamType) : await eventStream()
        case LiveReload.scriptPath:
            return Self.response(
                status: .ok,
                contentType: "text/javascript; charset=utf-8",
                body: liveReloadScript
            )
        default:
            let dimNote = writes.map { InsecureContextNote.isDue(for: request, settings: $0.settings) } ?? false
            return await siteFile(at: path, query: request.query, writable: writes.map { $0.hasKey(request) } ?? false,
                                  staleKey: writes.map { $0.holdsStaleKey(request) } ?? false, dimNote: dimNote)
        }
    }

    /// Whether `path` is one of the server's own (`/_api/…`), answered in JSON.
    static func isAPI(_ path: String) -> Bool { path.hasPrefix("/_api/") }

    /// The JSON answer to a request under `/_api/` that no endpoint takes: 405 (with `Allow`) for
    /// a write's path asked with another method than `POST`, or a read's with another than `GET`;
    /// 404 for a path none has. nil for the paths answered otherwise (the status, the pages'
    /// script) and outside `/_api/`.
    private func apiRefusal(_ request: ServerRequest, writes: WriteRequestHandler) -> ServerResponse? {
        let path = request.path
        guard Self.isAPI(path), path != EditSettings.statusPath, path != EditSettings.pageScriptPath else { return nil }
        let allowed: String
        if writes.endpoint(at: path) != nil {
            allowed = "POST"
        } else if writes.settings.reads.contains(where: { $0.path == path }) {
            allowed = "GET"
        } else {
            return WriteRequestHandler.json(status: .notFound, ["errors": ["no endpoint at \(path.prefix(80)) (docs/SERVE.md lists them)"]])
        }
        var response = WriteRequestHandler.json(status: .methodNotAllowed, ["errors": ["\(path) takes \(allowed) only, not \(request.method.prefix(20))"]])
        response.headers["Allow"] = allowed
        return response
    }

    // MARK: Responses

    private static let eventStreamType = "text/event-stream; charset=utf-8"

    private func eventStream() async -> ServerResponse {
        let frames = await broadcaster.subscribe()
        var headers = Self.commonHeaders(contentType: Self.eventStreamType)
        headers["X-Accel-Buffering"] = "no"
        return ServerResponse(status: .ok, headers: headers, stream: frames)
    }

    private func siteFile(at path: String, query: String, writable: Bool, staleKey: Bool = false, dimNote: Bool = false) async -> ServerResponse {
        switch resolver.resolve(percentEncodedPath: path) {
        case .file(let realPath):
            // The file may vanish between resolving and reading while a build swaps the site in.
            guard let contents = FileManager.default.contents(atPath: realPath) else {
                return await notFoundPage()
            }
            let contentType = ContentType.forFile(named: realPath)
            var body = ContentType.isHTML(contentType) ? await withLiveReload(contents) : contents
            if let webApp, ContentType.isHTML(contentType) { body = webApp.namedInHead(of: body) }
            // A browser that holds the key gets the script that turns the page's controls into
            // writes; the built file never names it.
            if writable, ContentType.isHTML(contentType) {
                body = LiveReload.inserting("<script src=\"\(EditSettings.pageScriptPath)\" defer></script>", into: body)
            }
            if staleKey, ContentType.isHTML(contentType) {
                body = LiveReload.inserting(WriteRequestHandler.staleKeyNotice, into: body)
            }
            // Plain `--lan` says once why the screen may dim (`InsecureContextNote`).
            if dimNote, ContentType.isHTML(contentType) {
                return Self.response(status: .ok, contentType: contentType, body: InsecureContextNote.inserting(into: body),
                                     extraHeaders: ["Set-Cookie": InsecureContextNote.setCookie])
            }
            return Self.response(status: .ok, contentType: contentType, body: body)
        case .directoryWithoutSlash:
            // One leading slash, so that "//host" cannot become a redirect elsewhere.
            let directoryPath = "/" + path.drop { $0 == "/" } + "/"
            let location = query.isEmpty ? directoryPath : directoryPath + "?" + query
            return Self.response(status: .found, extraHeaders: ["Location": location])
        case .notFound:
            return await notFoundPage()
        case .forbidden:
            return Self.response(status: .forbidden, contentType: "text/plain; charset=utf-8", body: Data("Forbidden\n".utf8))
        case .badRequest:
            return Self.response(status: .badRequest, contentType: "text/plain; charset=utf-8", body: Data("Bad request\n".utf8))
        }
    }

    /// The site's own `404.html` when it has one, else a small built-in page;
    /// both carry the live-reload script, so a page that appears after a
    /// rebuild shows up by itself.
    private func notFoundPage() async -> ServerResponse {
        var page = Data(Self.builtInNotFoundPage.utf8)
        if case .file(let realPath) = resolver.resolve(percentEncodedPath: "/404.html"),
           let contents = FileManager.default.contents(atPath: realPath) {
            page = contents
        }
        return Self.response(status: .notFound, contentType: ContentType.html, body: await withLiveReload(page))
    }

    private func withLiveReload(_ html: Data) async -> Data {
        LiveReload.injectingScript(into: html, pageGeneration: await broadcaster.lastBuiltGeneration)
    }

    private static let builtInNotFoundPage = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>Not found</title>
        </head>
        <body>
        <h1>Not found</h1>
        <p>The site has no page at this address. <a href="/">Go to the home page</a>.</p>
        </body>
        </html>

        """

    // MARK: Helpers

    /// Whether a `Host` header names this machine: 127.0.0.1, localhost or
    /// [::1], or one of the LAN addresses (`--lan`) or names (`--https`) served, with any port (a
    /// tunnel may change it). HTTP/1.0 clients may leave it out.
    static func isServedHost(_ host: String?, lanAddresses: [String] = []) -> Bool {
        guard let host = host?.lowercased(), !host.isEmpty else { return true }
        let name: Substring
        if host.hasPrefix("[") {
            guard let end = host.firstIndex(of: "]") else { return false }
            name = host[...end]
        } else {
            name = host.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        }
        return ["127.0.0.1", "localhost", "[::1]"].contains(name) || lanAddresses.contains(String(name))
    }

    /// Headers on every response: nothing is cached, since the site changes
    /// under the browser, and types are never sniffed.
    private static func commonHeaders(contentType: String?) -> HTTPHeaderFields {
        var headers: HTTPHeaderFields = [
            "Cache-Control": "no-store",
            "X-Content-Type-Options": "nosniff",
        ]
        if let contentType {
            headers["Content-Type"] = contentType
        }
        return headers
    }

    private static func response(
        status: HTTPStatus,
        contentType: String? = nil,
        body: Data = Data(),
        extraHeaders: KeyValuePairs<String, String> = [:]
    ) -> ServerResponse {
        var headers = commonHeaders(contentType: contentType)
        for (name, value) in extraHeaders {
            headers[name] = value
        }
        return ServerResponse(status: status, headers: headers, body: body)
    }
}
