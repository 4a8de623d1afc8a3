@testable import BrewServe
import Foundation
import Testing
import TestSupport

/// The server certificate of `serve --https`: for exactly the names and addresses served, a
/// server's profile that openssl verifies against the CA, and made again before it ends.
@Suite("Server certificate")
struct ServerCertificateTests {
    static let lanNames = ServedNames.forServer(hostName: "Kitchen-Laptop", lan: true, addresses: ["192.168.1.20"])

    @Test("names: localhost and 127.0.0.1 always; the host name, its .local and the LAN addresses with --lan; nothing that is not a name")
    func names() {
        #expect(Self.lanNames.hostNames == ["localhost", "kitchen-laptop", "kitchen-laptop.local"])
        #expect(Self.lanNames.addresses == ["127.0.0.1", "192.168.1.20"])
        let editOnly = ServedNames.forServer(hostName: "kitchen-laptop", lan: false, addresses: [])
        #expect(editOnly.hostNames == ["localhost"])
        #expect(editOnly.addresses == ["127.0.0.1"])
        let fullName = ServedNames.forServer(hostName: "laptop.home.arpa", lan: true, addresses: [])
        #expect(fullName.hostNames == ["localhost", "laptop.home.arpa", "laptop.local"])
        // A host name that is no DNS name, and an address that is not IPv4, are never certified.
        let odd = ServedNames(hostNames: ["My Laptop", "-bad", "ok", "a,DNS:evil.example"], addresses: ["::1", "300.1.1.1", "10.0.0.2"])
        #expect(odd.hostNames == ["ok"])
        #expect(odd.addresses == ["10.0.0.2"])
    }

    @Test("openssl verifies it as a server certificate of the CA, for exactly the served names")
    func verifiedByOpenSSL() throws {
        let directory = CertificateAuthorityTests.folder()
        defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
        let authority = try CertificateAuthority.loadOrMake(in: directory, owner: CertificateAuthorityTests.owner)
        let certificate = try authority.issue(for: Self.lanNames)
        let leaf = directory.appendingPathComponent("leaf.pem")
        try certificate.pem.write(to: leaf)
        let verified = try OpenSSLTool.run(["verify", "-CAfile", authority.certificateURL.path, "-purpose", "sslserver", leaf.path])
        #expect(verified.status == 0, "\(verified.output)")
        let text = try OpenSSLTool.run(["x509", "-in", leaf.path, "-noout", "-ext", "subjectAltName,basicConstraints,keyUsage,extendedKeyUsage"]).output
        #expect(text.contains("DNS:localhost, DNS:kitchen-laptop, DNS:kitchen-laptop.local, IP Address:127.0.0.1, IP Address:192.168.1.20\n"), "\(text)")
        #expect(text.contains("CA:FALSE"))
        #expect(text.contains("Digital Signature"))
        #expect(text.contains("TLS Web Server Authentication"))
        #expect(!text.contains("Client Authentication"))
        #expect(abs(certificate.notAfter.timeIntervalSinceNow - ServerCertificate.lifetimeSeconds) < 120)
    }

    @Test("renewed, for the same names, once fewer than ten of its thirty days are left")
    func renewal() throws {
        let directory = CertificateAuthorityTests.folder()
        defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
        let start = Date()
        let authority = try CertificateAuthority.loadOrMake(in: directory, owner: CertificateAuthorityTests.owner, now: start)
        let context = try TLSContext(authority: authority, names: Self.lanNames, now: start)
        let first = context.certificate
        let day: TimeInterval = 86_400
        #expect(try context.renewIfDue(now: start.addingTimeInterval(19 * day)) == false)
        #expect(context.certificate === first)
        #expect(try context.renewIfDue(now: start.addingTimeInterval(21 * day)) == true)
        let renewed = context.certificate
        #expect(renewed !== first)
        #expect(renewed.names == first.names)
        #expect(abs(renewed.notAfter.timeIntervalSince(start) - 51 * day) < 120)
    }
}
