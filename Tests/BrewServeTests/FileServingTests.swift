import Foundation
import Testing

/// Files of the site directory, with the right types, and nothing cached.
// Serialized: each test starts a server, and FlyingFox parks one libdispatch
// thread per server in epoll_wait; dozens at once slow every test down.
@Suite(.serialized) struct FileServingTests {
    @Test func servesTheIndexPageForTheRoot() async throws {
        try await withPreviewServer { _, port, _ in
            let response = try await LoopbackHTTP.request("/", port: port)
            #expect(response.statusCode == 200)
            #expect(response.headers["content-type"] == "text/html; charset=utf-8")
            #expect(response.headers["cache-control"] == "no-store")
            #expect(response.text.contains("<h1>Brew journal</h1>"))
        }
    }

    @Test func servesTheIndexPageOfANestedDirectory() async throws {
        try await withPreviewServer { _, port, _ in
            let response = try await LoopbackHTTP.request("/logs/", port: port)
            #expect(response.statusCode == 200)
            #expect(response.headers["content-type"] == "text/html; charset=utf-8")
            #expect(response.text.contains("<h1>Brews</h1>"))
        }
    }

    @Test func redirectsADirectoryWithoutItsSlashSoRelativeLinksWork() async throws {
        try await withPreviewServer { _, port, _ in
            let response = try await LoopbackHTTP.request("/logs?sort=date", port: port)
            #expect(response.statusCode == 302)
            #expect(response.headers["location"] == "/logs/?sort=date")
        }
    }

    @Test func redirectsToASingleLeadingSlashOnly() async throws {
        try await withPreviewServer { _, port, _ in
            let response = try await LoopbackHTTP.request("//logs", port: port)
            #expect(response.statusCode == 302)
            #expect(response.headers["location"] == "/logs/")
        }
    }

    @Test(arguments: [
        ("/logs/2026-10.md", "text/markdown; charset=utf-8", TestSite.logMarkdown),
        ("/assets/style.css", "text/css; charset=utf-8", TestSite.styleCSS),
        ("/assets/app.js", "text/javascript; charset=utf-8", "console.log(1)\n"),
        ("/feed.xml", "application/xml", "<?xml version=\"1.0\"?><feed/>\n"),
        ("/search.json", "application/json", "{\"logs\": 1}\n"),
        ("/charts/ratings.svg", "image/svg+xml", "<svg xmlns=\"http://www.w3.org/2000/svg\"></svg>\n"),
    ])
    func servesOtherFilesByteForByteWithTheirType(path: String, contentType: String, contents: String) async throws {
        try await withPreviewServer { _, port, _ in
            let response = try await LoopbackHTTP.request(path, port: port)
            #expect(response.statusCode == 200)
            #expect(response.headers["content-type"] == contentType)
            #expect(response.headers["cache-control"] == "no-store")
            #expect(response.text == contents)
        }
    }

    @Test func servesAPercentEncodedNameAndIgnoresTheQuery() async throws {
        try await withPreviewServer { _, port, site in
            try site.write("<p>spaced</p>\n", to: "Site/logs/first brew.html")
            let response = try await LoopbackHTTP.request("/logs/first%20brew.html?v=2", port: port)
            #expect(response.statusCode == 200)
            #expect(response.text.contains("<p>spaced</p>"))
        }
    }

    @Test func answersAMissingPageWithA404PageThatReloads() async throws {
        try await withPreviewServer { _, port, _ in
            let response = try await LoopbackHTTP.request("/logs/2031-01.html", port: port)
            #expect(response.statusCode == 404)
            #expect(response.headers["content-type"] == "text/html; charset=utf-8")
            #expect(response.text.contains("/__brewguide/live-reload.js"))
        }
    }

    @Test func usesTheSitesOwn404PageWhenItHasOne() async throws {
        try await withPreviewServer { _, port, site in
            try site.write("<html><body><p>No such brew.</p></body></html>\n", to: "Site/404.html")
            let response = try await LoopbackHTTP.request("/nothing-here", port: port)
            #expect(response.statusCode == 404)
            #expect(response.text.contains("No such brew."))
        }
    }

    @Test func answersHeadWithTheLengthAndNoBody() async throws {
        try await withPreviewServer { _, port, _ in
            let get = try await LoopbackHTTP.request("/assets/style.css", port: port)
            let head = try await LoopbackHTTP.request("/assets/style.css", method: "HEAD", port: port)
            #expect(head.statusCode == 200)
            #expect(head.headers["content-length"] == String(get.body.count))
            #expect(head.body.isEmpty)
        }
    }

    @Test func refusesMethodsOtherThanGetAndHead() async throws {
        try await withPreviewServer { _, port, _ in
            let response = try await LoopbackHTTP.request("/index.html", method: "DELETE", port: port)
            #expect(response.statusCode == 405)
            #expect(response.headers["allow"] == "GET, HEAD")
        }
    }

    @Test func resolvesTheSiteDirectoryAnewForEveryRequest() async throws {
        try await withPreviewServer { _, port, site in
            let before = try await LoopbackHTTP.request("/", port: port)
            #expect(before.text.contains("Brew journal"))

            // A build swaps a freshly written directory in under the same name.
            let files = FileManager.default
            try site.write("<html><body><h1>Rebuilt</h1></body></html>\n", to: "Site.new/index.html")
            try files.moveItem(at: site.siteDirectory, to: site.root.appendingPathComponent("Site.old"))
            try files.moveItem(at: site.root.appendingPathComponent("Site.new"), to: site.siteDirectory)

            let after = try await LoopbackHTTP.request("/", port: port)
            #expect(after.statusCode == 200)
            #expect(after.text.contains("<h1>Rebuilt</h1>"))
        }
    }

    @Test func answers404WhileTheSiteDirectoryIsMissing() async throws {
        try await withPreviewServer { _, port, site in
            try FileManager.default.removeItem(at: site.siteDirectory)
            let response = try await LoopbackHTTP.request("/", port: port)
            #expect(response.statusCode == 404)
        }
    }
}
