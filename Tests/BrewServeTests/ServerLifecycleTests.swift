@testable import BrewServe
import Foundation
import Testing

/// Starting, where the server listens, and stopping.
// Serialized: each test starts a server, and FlyingFox parks one libdispatch
// thread per server in epoll_wait; dozens at once slow every test down.
@Suite(.serialized) struct ServerLifecycleTests {
    @Test func listensOnTheLoopbackAddressOnly() async throws {
        try await withPreviewServer { _, port, _ in
            let response = try await LoopbackHTTP.request("/", port: port)
            #expect(response.statusCode == 200)
            // Every 127.x.y.z reaches this machine, but a socket bound to
            // 127.0.0.1 alone (not 0.0.0.0) refuses the others.
            #expect(throws: LoopbackError.self) { try LoopbackConnection(host: "127.0.0.2", port: port) }
        }
    }

    @Test(arguments: ["localhost:8000", "127.0.0.1", "LOCALHOST", "[::1]:8000"])
    func answersRequestsForThisMachine(host: String) async throws {
        try await withPreviewServer { _, port, _ in
            let response = try await LoopbackHTTP.request("/", host: host, port: port)
            #expect(response.statusCode == 200)
        }
    }

    @Test(arguments: ["journal.example.com", "journal.example.com:8000", "127.0.0.1.nip.io", "[::2]:8000"])
    func refusesRequestsForOtherHostNamesAgainstDNSRebinding(host: String) async throws {
        try await withPreviewServer { _, port, _ in
            let response = try await LoopbackHTTP.request("/", host: host, port: port)
            #expect(response.statusCode == 403)
            #expect(!response.text.contains("Brew journal"))
        }
    }

    @Test func forgetsPagesThatWentAway() async throws {
        try await withPreviewServer(heartbeatInterval: .milliseconds(50)) { server, port, _ in
            let events = try await EventStreamReader(port: port)
            #expect(await server.connectedPageCount == 1)
            events.disconnect()
            let deadline = ContinuousClock.now + .seconds(10)
            while await server.connectedPageCount > 0, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(20))
            }
            #expect(await server.connectedPageCount == 0)
        }
    }

    @Test func aPortInUseIsReportedAtOnce() async throws {
        try await withPreviewServer { _, port, site in
            let second = PreviewServer(siteDirectory: site.siteDirectory.path, port: port)
            let expected = PreviewServerError.cannotListen(address: "127.0.0.1:\(port)", reason: "Address already in use")
            await #expect(throws: expected) { try await second.run() }
            await #expect(throws: expected) { try await second.boundPort }
            #expect(expected.description == "cannot serve on 127.0.0.1:\(port): Address already in use")
        }
    }

    @Test func stoppingTheServerEndsOpenEventStreams() async throws {
        let site = try TestSite()
        defer { site.remove() }
        let server = PreviewServer(siteDirectory: site.siteDirectory.path, port: 0)
        let serving = Task { try await server.run() }
        let port = try await server.boundPort
        let events = try await EventStreamReader(port: port)

        serving.cancel()
        try await serving.value
        try await events.waitForEnd()
    }
}
