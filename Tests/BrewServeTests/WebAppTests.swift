@testable import BrewServe
import Foundation
import Testing
import TestSupport

/// What `serve` adds to the pages it serves and the built site has not: the web app manifest,
/// the touch icon and `/favicon.ico` (named in each page's head, answered to any browser of a
/// served host, a site file of the same name first), and plain `--lan`'s one-time note that the
/// screen may dim.
@Suite("Served web app and the plain-HTTP note")
struct WebAppTests {
    static let key = "k3y-for-the-web-app-tests-0123456789"
    static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3])
    static let webApp = WebApp(name: "brewguide journal", shortName: "Journal", themeColour: "#8a3b12", backgroundColour: "#fdfaf6",
                               pngIcons: [180: png, 192: png, 512: png], favicon: Data([0, 0, 1, 0, 1, 0]))

    static func handler(site: TestSite, webApp: WebApp? = webApp, lan: Bool = true, https: Bool = false) -> SiteRequestHandler {
        var settings = EditSettings(key: key, lanAddresses: lan ? ["192.168.1.20"] : [], endpoints: [])
        settings.isHTTPS = https
        return SiteRequestHandler(resolver: SitePathResolver(siteDirectory: site.siteDirectory.path), broadcaster: BuildStatusBroadcaster(),
                                  writes: WriteRequestHandler(settings: settings), webApp: webApp)
    }

    static func get(_ target: String, _ handler: SiteRequestHandler, from peer: String = "192.168.1.31", cookie: String? = "brewguide_key=\(key)") async -> ServerResponse {
        var fields: HTTPHeaderFields = ["Host": "192.168.1.20:8000"]
        if let cookie { fields["Cookie"] = cookie }
        return await handler.handleRequest(ServerRequest(head: HTTPRequestHead(method: "GET", target: target, minorVersion: 1, headers: fields), body: Data(), peerAddress: peer))
    }

    /// The key cookie a browser holds under HTTPS (a handler outside a server knows no port).
    static let secureCookie = "__Host-brewguide_key=\(key)"

    static func body(_ response: ServerResponse) -> Data {
        if case .bytes(let data) = response.body { return data }
        return Data()
    }

    @Test("under HTTPS the key cookie is a __Host- cookie set Secure, named for the port, and only that name is a key there")
    func httpsKeyCookie() async throws {
        var settings = EditSettings(key: Self.key, lanAddresses: ["192.168.1.20"], endpoints: [])
        settings.isHTTPS = true
        let writes = WriteRequestHandler(settings: settings)
        func request(_ target: String, cookie: String? = nil) -> ServerRequest {
            var fields: HTTPHeaderFields = ["Host": "192.168.1.20:8000"]
            if let cookie { fields["Cookie"] = cookie }
            var request = ServerRequest(head: HTTPRequestHead(method: "GET", target: target, minorVersion: 1, headers: fields), body: Data(), peerAddress: "192.168.1.31")
            request.serverPort = 8000
            return request
        }
        let visit = try #require(writes.keyVisit(request("/?key=\(Self.key)")))
        #expect(visit.headers["Set-Cookie"] == "__Host-brewguide_key_8000=\(Self.key); Path=/; HttpOnly; SameSite=Strict; Secure")
        #expect(writes.hasKey(request("/", cookie: "__Host-brewguide_key_8000=\(Self.key)")))
        // A plain-HTTP server on the same host could set these; under HTTPS they are not the key.
        #expect(!writes.hasKey(request("/", cookie: "brewguide_key_8000=\(Self.key)")))
        #expect(!writes.hasKey(request("/", cookie: "brewguide_key=\(Self.key)")))
    }

    @Test("the manifest, icons and favicon answer, even to a phone without the key's cookie (a manifest is fetched without it)")
    func appFiles() async throws {
        let site = try TestSite()
        defer { site.remove() }
        let handler = Self.handler(site: site)
        let manifest = await Self.get(WebApp.manifestPath, handler, cookie: nil)
        #expect(manifest.status == .ok)
        #expect(manifest.headers["Content-Type"] == "application/manifest+json")
        let json = try #require(try JSONSerialization.jsonObject(with: Self.body(manifest)) as? [String: Any])
        #expect(json["name"] as? String == "brewguide journal")
        #expect(json["start_url"] as? String == "/")
        #expect(json["display"] as? String == "standalone")
        #expect(json["theme_color"] as? String == "#8a3b12")
        let icons = try #require(json["icons"] as? [[String: String]])
        #expect(icons.map { $0["sizes"] } == ["192x192", "512x512"])
        #expect(icons.map { $0["src"] } == ["/_app/icon-192.png", "/_app/icon-512.png"])
        for path in ["/_app/icon-192.png", "/_app/icon-512.png", WebApp.touchIconPath] {
            let icon = await Self.get(path, handler, cookie: nil)
            #expect(icon.status == .ok, "\(path)")
            #expect(icon.headers["Content-Type"] == "image/png")
            #expect(Self.body(icon) == Self.png)
        }
        let favicon = await Self.get(WebApp.faviconPath, handler, cookie: nil)
        #expect(favicon.headers["Content-Type"] == "image/x-icon")
        #expect(Self.body(favicon) == Self.webApp.favicon)
        // The pages themselves still need the key.
        #expect(await Self.get("/", handler, cookie: nil).status == .forbidden)
    }

    @Test("every page served names the manifest, touch icon and theme colour in its head; without a web app, none and no favicon")
    func namedInHead() async throws {
        let site = try TestSite()
        defer { site.remove() }
        let page = String(decoding: Self.body(await Self.get("/", Self.handler(site: site, https: true), cookie: Self.secureCookie)), as: UTF8.self)
        let head = try #require(page.range(of: "</head>"))
        let link = try #require(page.range(of: "<link rel=\"manifest\" href=\"/_app/manifest.webmanifest\">"))
        #expect(link.lowerBound < head.lowerBound)
        #expect(page.contains("<link rel=\"apple-touch-icon\" href=\"/apple-touch-icon.png\">"))
        #expect(page.contains("<meta name=\"theme-color\" content=\"#8a3b12\">"))
        let plain = Self.handler(site: site, webApp: nil, https: true)
        #expect(!String(decoding: Self.body(await Self.get("/", plain, cookie: Self.secureCookie)), as: UTF8.self).contains("manifest"))
        #expect(await Self.get(WebApp.faviconPath, plain, cookie: Self.secureCookie).status == .notFound)
    }

    @Test("a site's own favicon.ico wins over serve's")
    func siteFaviconFirst() async throws {
        let site = try TestSite()
        defer { site.remove() }
        try site.write("the site's icon", to: "Site/favicon.ico")
        let favicon = await Self.get(WebApp.faviconPath, Self.handler(site: site))
        #expect(String(decoding: Self.body(favicon), as: UTF8.self) == "the site's icon")
    }

    @Test("plain --lan says once, at the top of the first page a phone gets, that the screen may dim and why; not over HTTPS, nor on this machine")
    func dimNoteOnce() async throws {
        let site = try TestSite()
        defer { site.remove() }
        let handler = Self.handler(site: site)
        let first = await Self.get("/", handler)
        let page = String(decoding: Self.body(first), as: UTF8.self)
        #expect(page.contains("<body><aside class=\"served-note\" aria-label=\"About this connection\"><p>This page came over plain HTTP"))
        #expect(page.contains("the screen dim"))
        #expect(first.headers["Set-Cookie"] == "brewguide_dim_note=1; Path=/; SameSite=Strict")
        let second = await Self.get("/", handler, cookie: "brewguide_key=\(Self.key); brewguide_dim_note=1")
        #expect(!String(decoding: Self.body(second), as: UTF8.self).contains("served-note"))
        #expect(second.headers["Set-Cookie"] == nil)
        let secure = await Self.get("/", Self.handler(site: site, https: true), cookie: Self.secureCookie)
        #expect(!String(decoding: Self.body(secure), as: UTF8.self).contains("served-note"))
        let here = await Self.get("/", handler, from: "127.0.0.1")
        #expect(!String(decoding: Self.body(here), as: UTF8.self).contains("served-note"))
        let editOnly = await Self.get("/", Self.handler(site: site, lan: false), from: "127.0.0.1")
        #expect(!String(decoding: Self.body(editOnly), as: UTF8.self).contains("served-note"))
    }

    @Test("the note goes right after <body …>, whatever its attributes and case")
    func noteAfterBody() {
        let page = Data("<html><BODY class=\"x\"><h1>Hi</h1></BODY></html>".utf8)
        let noted = String(decoding: InsecureContextNote.inserting(into: page), as: UTF8.self)
        #expect(noted.hasPrefix("<html><BODY class=\"x\"><aside class=\"served-note\""))
        #expect(noted.hasSuffix("</aside><h1>Hi</h1></BODY></html>"))
    }
}
