@testable import BrewServe
import Foundation
import Testing
import TestSupport

/// The app's scripts `serve` adds (`WebApp.scripts`): the service worker at `/_app/sw.js`, as
/// JavaScript with `Service-Worker-Allowed: /` so that its scope is every page, and the page
/// scripts (`wake.js`, `offline.js`) named in the head of every page served; none without them.
@Suite("Served app scripts: the service worker, offline.js and wake.js")
struct ServedAppScriptsTests {
    static var webApp: WebApp {
        var app = WebAppTests.webApp
        app.scripts = ["sw.js": Data("// the worker".utf8), "offline.js": Data("// offline".utf8), "wake.js": Data("// wake".utf8)]
        return app
    }

    @Test("the service worker answers as JavaScript with scope / allowed, to a phone without the key too; the page scripts as JavaScript")
    func serviceWorkerServed() async throws {
        let site = try TestSite()
        defer { site.remove() }
        let handler = WebAppTests.handler(site: site, webApp: Self.webApp, https: true)
        let worker = await WebAppTests.get(WebApp.serviceWorkerPath, handler, cookie: nil)
        #expect(worker.status == .ok)
        #expect(worker.headers["Content-Type"] == "text/javascript; charset=utf-8")
        #expect(worker.headers["Service-Worker-Allowed"] == "/")
        #expect(worker.headers["Cache-Control"] == "no-store")
        #expect(String(decoding: WebAppTests.body(worker), as: UTF8.self) == "// the worker")
        for (path, text) in [("/_app/offline.js", "// offline"), ("/_app/wake.js", "// wake")] {
            let script = await WebAppTests.get(path, handler, cookie: nil)
            #expect(script.status == .ok, "\(path)")
            #expect(script.headers["Content-Type"] == "text/javascript; charset=utf-8")
            #expect(script.headers["Service-Worker-Allowed"] == nil, "\(path)")
            #expect(String(decoding: WebAppTests.body(script), as: UTF8.self) == text)
        }
        #expect(await WebAppTests.get("/_app/other.js", handler, cookie: nil).status != .ok)
        // Without the scripts (a templates folder that has none), no worker.
        #expect(await WebAppTests.get(WebApp.serviceWorkerPath, WebAppTests.handler(site: site, https: true), cookie: nil).status != .ok)
    }

    @Test("every page served names wake.js and offline.js, deferred, in its head; a web app without them names neither")
    func pageScriptsNamed() async throws {
        let site = try TestSite()
        defer { site.remove() }
        let page = String(decoding: WebAppTests.body(await WebAppTests.get("/", WebAppTests.handler(site: site, webApp: Self.webApp, https: true), cookie: WebAppTests.secureCookie)), as: UTF8.self)
        let head = try #require(page.range(of: "</head>"))
        let wake = try #require(page.range(of: "<script src=\"/_app/wake.js\" defer></script>"))
        let offline = try #require(page.range(of: "<script src=\"/_app/offline.js\" defer></script>"))
        #expect(wake.lowerBound < offline.lowerBound && offline.upperBound <= head.lowerBound)
        #expect(!page.contains("/_app/sw.js"), "the worker is registered by offline.js, not named as a page script")
        let without = String(decoding: WebAppTests.body(await WebAppTests.get("/", WebAppTests.handler(site: site, https: true), cookie: WebAppTests.secureCookie)), as: UTF8.self)
        #expect(without.contains("manifest") && !without.contains("/_app/wake.js") && !without.contains("/_app/offline.js"))
    }
}
