@testable import BrewServe
import Foundation
import Testing

/// The live-reload script in pages, and the build statuses on the event stream.
// Serialized: each test starts a server, and FlyingFox parks one libdispatch
// thread per server in epoll_wait; dozens at once slow every test down.
@Suite(.serialized) struct LiveReloadTests {
    static let diagnostics = """
        Data/logs/2026-10.csv:4:3: error: rating: expected a whole number from 1 to 5, found "9"
        Data/recipes/v60.json:12:7: error: doseGrams: expected a number, found "<b>twenty</b>"
        """

    // MARK: The script in pages

    @Test func addsTheScriptBeforeTheClosingBodyTagOfServedPagesOnly() async throws {
        try await withPreviewServer { server, port, site in
            await server.publish(.built(generation: 3, summary: "7 pages"))
            let page = try await LoopbackHTTP.request("/", port: port)
            let expectedTag = #"<script src="/__brewguide/live-reload.js" data-generation="3" data-events="/__brewguide/events"></script>"#
            #expect(page.text.contains(expectedTag + "</body>"))
            #expect(page.text.components(separatedBy: "live-reload.js").count == 2)

            // The file on disk stays as the build wrote it.
            let onDisk = try String(contentsOf: site.siteDirectory.appendingPathComponent("index.html"), encoding: .utf8)
            #expect(onDisk == TestSite.indexHTML)
        }
    }

    @Test(arguments: ["/logs/2026-10.md", "/assets/style.css", "/charts/ratings.svg"])
    func leavesOtherFilesAlone(path: String) async throws {
        try await withPreviewServer { _, port, _ in
            let response = try await LoopbackHTTP.request(path, port: port)
            #expect(response.statusCode == 200)
            #expect(!response.text.contains("__brewguide"))
        }
    }

    @Test func stampsPagesWithTheLastGoodBuildWhileTheLatestFailed() async throws {
        try await withPreviewServer { server, port, _ in
            await server.publish(.built(generation: 4, summary: "7 pages"))
            await server.publish(.failed(generation: 5, diagnostics: Self.diagnostics))
            let page = try await LoopbackHTTP.request("/logs/", port: port)
            #expect(page.text.contains(#"data-generation="4""#))
        }
    }

    @Test func insertsBeforeTheLastClosingBodyTagInAnyCase() {
        let page = Data("<HTML><BODY><pre>&lt;/body&gt; </body> in text</pre></BODY></HTML>".utf8)
        let served = String(decoding: LiveReload.injectingScript(into: page, pageGeneration: 1), as: UTF8.self)
        #expect(served == "<HTML><BODY><pre>&lt;/body&gt; </body> in text</pre>"
            + LiveReload.scriptTag(pageGeneration: 1) + "</BODY></HTML>")
    }

    @Test func appendsTheScriptToAPageWithoutAClosingBodyTag() {
        let page = Data("<!DOCTYPE html><title>Fragment</title><p>Hi".utf8)
        let served = String(decoding: LiveReload.injectingScript(into: page, pageGeneration: 0), as: UTF8.self)
        #expect(served == "<!DOCTYPE html><title>Fragment</title><p>Hi" + LiveReload.scriptTag(pageGeneration: 0))
    }

    @Test func servesTheScriptThatSetsDiagnosticsAsText() async throws {
        try await withPreviewServer { _, port, _ in
            let response = try await LoopbackHTTP.request("/__brewguide/live-reload.js", port: port)
            #expect(response.statusCode == 200)
            #expect(response.headers["content-type"] == "text/javascript; charset=utf-8")
            #expect(response.text.contains("new EventSource(script.dataset.events)"))
            #expect(response.text == String(decoding: LiveReload.builtInScript, as: UTF8.self))
            #expect(response.text.contains("location.textContent = match[1]"))
            #expect(response.text.contains("item.textContent = line"))
            #expect(!response.text.contains("innerHTML"))
            #expect(!response.text.contains("insertAdjacentHTML"))
        }
    }

    // MARK: The event stream

    @Test func streamsABuiltAndThenAFailedBuild() async throws {
        try await withPreviewServer { server, port, _ in
            let events = try await EventStreamReader(port: port)
            #expect(events.statusCode == 200)
            #expect(events.headers["content-type"] == "text/event-stream; charset=utf-8")
            #expect(events.headers["cache-control"] == "no-store")

            await server.publish(.built(generation: 1, summary: "312 pages in 840 ms"))
            let built = try await events.nextEvent()
            #expect(built.name == "built")
            #expect(try built.payload() == StatusPayload(generation: 1, summary: "312 pages in 840 ms"))

            await server.publish(.failed(generation: 2, diagnostics: Self.diagnostics))
            let failed = try await events.nextEvent()
            #expect(failed.name == "failed")
            #expect(!failed.data.contains("\n"))
            #expect(try failed.payload() == StatusPayload(generation: 2, diagnostics: Self.diagnostics))
        }
    }

    @Test func aPageThatConnectsAfterAFailedBuildGetsTheDiagnosticsAtOnce() async throws {
        try await withPreviewServer { server, port, _ in
            await server.publish(.built(generation: 1, summary: "312 pages"))
            await server.publish(.failed(generation: 2, diagnostics: Self.diagnostics))

            let events = try await EventStreamReader(port: port)
            let current = try await events.nextEvent()
            #expect(current.name == "failed")
            #expect(try current.payload().diagnostics == Self.diagnostics)

            await server.publish(.built(generation: 3, summary: "312 pages"))
            let recovered = try await events.nextEvent()
            #expect(recovered.name == "built")
            #expect(try recovered.payload().generation == 3)
        }
    }

    @Test func sendsEveryStatusToEveryConnectedPage() async throws {
        try await withPreviewServer { server, port, _ in
            let first = try await EventStreamReader(port: port)
            let second = try await EventStreamReader(port: port)
            #expect(await server.connectedPageCount == 2)
            await server.publish(.built(generation: 8, summary: "one log"))
            #expect(try await first.nextEvent().name == "built")
            #expect(try await second.nextEvent().name == "built")
        }
    }
}
