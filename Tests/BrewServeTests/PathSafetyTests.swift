import Foundation
import Testing

/// Only files inside the site directory are served: no `..` in any spelling,
/// no encoded separators or NUL, no symbolic links out.
// Serialized: each test starts a server, and FlyingFox parks one libdispatch
// thread per server in epoll_wait; dozens at once slow every test down.
@Suite(.serialized) struct PathSafetyTests {
    @Test(arguments: [
        "/../etc/passwd",
        "/../outside/secret.txt",
        "/logs/../../outside/secret.txt",
        "/%2e%2e/outside/secret.txt",
        "/%2E%2E/%2E%2E/etc/passwd",
        "/.%2e/outside/secret.txt",
        "/logs/..%2f..%2foutside%2fsecret.txt",
        "/logs/..%2F..%2Foutside%2Fsecret.txt",
        "/..%5c..%5coutside%5csecret.txt",
        "/%2fetc%2fpasswd",
        "/index.html%00.md",
        "/%252e%252e/outside/secret.txt",
        "//etc/passwd",
        "http://127.0.0.1/../outside/secret.txt",
        "../outside/secret.txt",
    ])
    func refusesTraversalAttempts(target: String) async throws {
        try await withPreviewServer { _, port, _ in
            let response = try await LoopbackHTTP.request(target, port: port)
            #expect([400, 403, 404].contains(response.statusCode), "\(target) answered \(response.statusCode)")
            #expect(!response.text.contains(TestSite.secretMarker))
            #expect(!response.text.contains("root:"))
        }
    }

    @Test(arguments: ["/leak.txt", "/elsewhere/secret.txt", "/elsewhere/", "/passwd"])
    func refusesSymbolicLinksThatLeadOutOfTheSite(target: String) async throws {
        try await withPreviewServer { _, port, _ in
            let response = try await LoopbackHTTP.request(target, port: port)
            #expect(response.statusCode == 403, "\(target) answered \(response.statusCode)")
            #expect(!response.text.contains(TestSite.secretMarker))
            #expect(!response.text.contains("root:"))
        }
    }

    @Test func servesASymbolicLinkThatStaysInsideTheSite() async throws {
        try await withPreviewServer { _, port, _ in
            let response = try await LoopbackHTTP.request("/home.html", port: port)
            #expect(response.statusCode == 200)
            #expect(response.text.contains("Brew journal"))
        }
    }

    @Test func refusesAnIndexPageThatIsALinkOutOfTheSite() async throws {
        try await withPreviewServer { _, port, site in
            let drafts = site.siteDirectory.appendingPathComponent("drafts")
            try FileManager.default.createDirectory(at: drafts, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(
                atPath: drafts.appendingPathComponent("index.html").path,
                withDestinationPath: site.outsideDirectory.appendingPathComponent("index.html").path
            )
            let response = try await LoopbackHTTP.request("/drafts/", port: port)
            #expect(response.statusCode == 403)
            #expect(!response.text.contains(TestSite.secretMarker))
        }
    }
}
