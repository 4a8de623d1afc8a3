@testable import BrewServe
import Foundation
import Testing
import TestSupport

/// A preview server with TLS (`serve --https`), checked from outside with `openssl s_client
/// -verify_return_error -CAfile ca.pem`: the site over TLS for 127.0.0.1 and the host name, a
/// failed check for a name it does not serve, and on the same port over plain HTTP only the
/// CA's download (with the key) and redirects to https://.
@Suite("HTTPS serving", .serialized, .enabled(if: OpenSSLTool.executable != nil, "openssl is not installed (apt-get install openssl)"))
struct HTTPSServingTests {
    static let key = "k3y-for-the-https-tests-0123456789"
    static let hostName = "kitchen-laptop"

    /// Runs a server with TLS for `hostName` and 127.0.0.1 (as `serve --edit --https` on a
    /// machine of that name) for `body`, then stops it.
    static func withHTTPSServer(_ body: (_ port: UInt16, _ authority: CertificateAuthority) async throws -> Void) async throws {
        let directory = CertificateAuthorityTests.folder()
        defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
        let authority = try CertificateAuthority.loadOrMake(in: directory, owner: CertificateAuthorityTests.owner)
        let names = ServedNames.forServer(hostName: hostName, lan: true, addresses: [])
        let tls = try TLSContext(authority: authority, names: names)
        let site = try TestSite()
        defer { site.remove() }
        let edit = EditSettings(key: key, lanAddresses: [], endpoints: [])
        let server = PreviewServer(siteDirectory: site.siteDirectory.path, port: 0, heartbeatInterval: .seconds(15), edit: edit, tls: tls)
        let serving = Task { try await server.run() }
        let outcome: Result<Void, any Error>
        do {
            try await body(try await server.boundPort, authority)
            outcome = .success(())
        } catch {
            outcome = .failure(error)
        }
        serving.cancel()
        try await serving.value
        try outcome.get()
    }

    /// `openssl s_client` to 127.0.0.1:`port`, checking the certificate for `name` (a host
    /// name, or an IP address), sending one GET of `/` with that `Host`.
    static func sClient(port: UInt16, name: String, authority: CertificateAuthority) async throws -> (output: String, status: Int32) {
        let isAddress = name.first?.isNumber == true
        let check = isAddress ? ["-verify_ip", name] : ["-servername", name, "-verify_hostname", name]
        let arguments = ["s_client", "-connect", "127.0.0.1:\(port)", "-verify_return_error", "-CAfile", authority.certificateURL.path, "-ign_eof"] + check
        let request = "GET / HTTP/1.1\r\nHost: \(name):\(port)\r\nConnection: close\r\n\r\n"
        return try await Task.detached { try OpenSSLTool.run(arguments, input: request) }.value
    }

    @Test("openssl s_client -verify_return_error -CAfile ca.pem gets the site for 127.0.0.1 and for the host name")
    func verifiedForAddressAndHostName() async throws {
        try await Self.withHTTPSServer { port, authority in
            for name in ["127.0.0.1", Self.hostName, "\(Self.hostName).local", "localhost"] {
                let answer = try await Self.sClient(port: port, name: name, authority: authority)
                #expect(answer.status == 0, "\(name): \(answer.output)")
                #expect(answer.output.contains("Verify return code: 0 (ok)"), "\(name): \(answer.output)")
                #expect(answer.output.contains("HTTP/1.1 200 OK"), "\(name): \(answer.output)")
                #expect(answer.output.contains("<h1>Brew journal</h1>"), "\(name)")
            }
        }
    }

    @Test("a name the server does not answer fails the check: no certificate is for it")
    func otherNameRefused() async throws {
        try await Self.withHTTPSServer { port, authority in
            for name in ["example.org", "192.168.1.99"] {
                let answer = try await Self.sClient(port: port, name: name, authority: authority)
                #expect(answer.status != 0, "\(name): \(answer.output)")
                #expect(answer.output.contains("mismatch"), "\(name): \(answer.output)")
                #expect(!answer.output.contains("Brew journal"))
            }
        }
    }

    @Test("a write over HTTPS takes an https:// Origin of a served name, and refuses http:// and other names")
    func writeOrigins() async {
        let log = WriteAccessTests.FakeLog()
        var settings = EditSettings(key: Self.key, lanAddresses: ["192.168.1.20"], endpoints: [log.endpoint])
        settings.hostNames = ["localhost", Self.hostName, "\(Self.hostName).local"]
        settings.isHTTPS = true
        let writes = WriteRequestHandler(settings: settings)
        func post(origin: String) async -> Int {
            let head = HTTPRequestHead(method: "POST", target: "/_api/log", minorVersion: 1, headers: [
                "Host": "\(Self.hostName):8000", "Content-Type": "application/x-www-form-urlencoded", "X-Brewguide-Key": Self.key, "Origin": origin,
            ])
            return await writes.handle(ServerRequest(head: head, body: Data("recipe=v60&rating=4".utf8), peerAddress: "192.168.1.31"),
                                       endpoint: log.endpoint, boundPort: 8000).status.code
        }
        #expect(await post(origin: "https://\(Self.hostName):8000") == 201)
        #expect(await post(origin: "https://\(Self.hostName).local:8000") == 201)
        #expect(await post(origin: "https://192.168.1.20:8000") == 201)
        #expect(await post(origin: "http://\(Self.hostName):8000") == 403)
        #expect(await post(origin: "https://example.org:8000") == 403)
        #expect(log.count == 3)
    }

    @Test("a handshake that is no TLS, or cut short, closes only its own connection; the server goes on over TLS and HTTP")
    func brokenHandshakes() async throws {
        try await Self.withHTTPSServer { port, authority in
            var random = SplitMix64(seed: 47)
            for length in [1, 5, 40, 600, 5000] {
                // A handshake record's first byte, then bytes that are no ClientHello.
                let bytes = [UInt8(0x16)] + (1..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }
                let connection = try LoopbackConnection(port: port)
                try await connection.send(bytes)
                if length < 40 { connection.disconnect() } else { _ = try? await connection.readToEnd() }
            }
            let answer = try await Self.sClient(port: port, name: "127.0.0.1", authority: authority)
            #expect(answer.status == 0, "\(answer.output)")
            #expect(try await LoopbackHTTP.request("/_ca/?key=\(Self.key)", port: port).statusCode == 200)
        }
    }

    @Test("plain HTTP on the same port: the CA's page and its three forms with the key, 403 without, a redirect to https:// for the rest")
    func plainHTTPDownloadsTheCA() async throws {
        try await Self.withHTTPSServer { port, authority in
            let page = try await LoopbackHTTP.request("/_ca/?key=\(Self.key)", port: port)
            #expect(page.statusCode == 200)
            #expect(page.text.contains(authority.sha256Fingerprint))
            #expect(page.text.contains("href=\"/_ca/brewguide-ca.mobileconfig?key=\(Self.key)\""))
            let pem = try await LoopbackHTTP.request("/_ca/brewguide-ca.pem?key=\(Self.key)", port: port)
            #expect(pem.body == authority.certificatePEM)
            #expect(pem.headers["content-disposition"] == "attachment; filename=\"brewguide-ca.pem\"")
            let crt = try await LoopbackHTTP.request("/_ca/brewguide-ca.crt?key=\(Self.key)", port: port)
            #expect(crt.body == authority.certificateDER)
            #expect(crt.headers["content-type"] == "application/x-x509-ca-cert")
            let profile = try await LoopbackHTTP.request("/_ca/brewguide-ca.mobileconfig?key=\(Self.key)", port: port)
            #expect(profile.headers["content-type"] == "application/x-apple-aspen-config")
            let plist = try PropertyListSerialization.propertyList(from: profile.body, format: nil) as? [String: Any]
            let payload = (plist?["PayloadContent"] as? [[String: Any]])?.first
            #expect(payload?["PayloadType"] as? String == "com.apple.security.root")
            #expect(payload?["PayloadContent"] as? Data == authority.certificateDER)

            #expect(try await LoopbackHTTP.request("/_ca/brewguide-ca.pem", port: port).statusCode == 403)
            #expect(try await LoopbackHTTP.request("/_ca/brewguide-ca.pem?key=wrong", port: port).statusCode == 403)
            let journal = try await LoopbackHTTP.request("/logs/?key=\(Self.key)", port: port)
            #expect(journal.statusCode == 301)
            #expect(journal.headers["location"] == "https://127.0.0.1/logs/?key=\(Self.key)")
            #expect(!journal.text.contains("Brews"))
            let elsewhere = try await LoopbackHTTP.request("/", host: "attacker.example", port: port)
            #expect(elsewhere.statusCode == 403)
        }
    }
}
