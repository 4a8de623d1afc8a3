@testable import BrewServe
import Foundation
import Testing
import TestSupport

/// The CA of `serve --https`: made once with both files 0600 in a 0700 folder, read back the
/// same the next time, and never replaced when it is there but cannot be used: each such case
/// is an error naming the file, what was found and what to do, and leaves the files as they were.
@Suite("Certificate authority")
struct CertificateAuthorityTests {
    static let owner = "cook@kitchen"

    static func folder() -> URL { TestPaths.temporary("brewguide-ca").appendingPathComponent("brewguide") }

    static func mode(_ url: URL) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test("a new CA: both files 0600, its folder 0700, read back with the same fingerprint")
    func madeOnceThenRead() throws {
        let directory = Self.folder()
        defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
        let made = try CertificateAuthority.loadOrMake(in: directory, owner: Self.owner)
        #expect(made.wasMade)
        #expect(try Self.mode(made.certificateURL) == 0o600)
        #expect(try Self.mode(made.keyURL) == 0o600)
        #expect(try Self.mode(directory) == 0o700)
        #expect(made.commonName == "brewguide CA cook@kitchen")
        #expect(made.sha256Fingerprint.split(separator: ":").count == 32)
        // Ten years, give or take the hour it is backdated.
        #expect(abs(made.notAfter.timeIntervalSinceNow - CertificateAuthority.lifetimeSeconds) < 120)
        // Nothing but the two files and the lock is left behind (no temporary file of the atomic write).
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == [".ca.lock", "ca-key.pem", "ca.pem"])
        let read = try CertificateAuthority.loadOrMake(in: directory, owner: "someone@else")
        #expect(!read.wasMade)
        #expect(read.sha256Fingerprint == made.sha256Fingerprint)
        #expect(read.certificatePEM == made.certificatePEM)
    }

    @Test("openssl reads the CA as a CA that signs certificates only")
    func profile() throws {
        let directory = Self.folder()
        defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
        let authority = try CertificateAuthority.loadOrMake(in: directory, owner: Self.owner)
        let text = try OpenSSLTool.run(["x509", "-in", authority.certificateURL.path, "-noout", "-text", "-fingerprint", "-sha256"]).output
        #expect(text.contains("CA:TRUE, pathlen:0"))
        #expect(text.contains("Certificate Sign, CRL Sign"))
        #expect(text.contains("ASN1 OID: prime256v1"))
        #expect(text.contains("sha256 Fingerprint=\(authority.sha256Fingerprint)") || text.contains("SHA256 Fingerprint=\(authority.sha256Fingerprint)"))
    }

    /// Each broken state, made from a good CA, and the words its error must have.
    enum Broken: CaseIterable {
        case certificateUnreadable, certificateNotPEM, keyMissing, certificateMissing, keyOfAnotherCA
    }

    @Test("a CA that cannot be used is an error in words, and its files are left as they were", arguments: Broken.allCases)
    func brokenIsNeverReplaced(_ broken: Broken) throws {
        let directory = Self.folder()
        defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
        let authority = try CertificateAuthority.loadOrMake(in: directory, owner: Self.owner)
        let (certificate, key) = (authority.certificateURL, authority.keyURL)
        let files = FileManager.default
        let expected: (file: URL, words: String)
        switch broken {
        case .certificateUnreadable:
            // The tests may run as root, whom no mode stops reading: a folder in its place cannot be read either.
            try files.removeItem(at: certificate)
            try files.createDirectory(at: certificate, withIntermediateDirectories: false)
            expected = (certificate, "cannot be read")
        case .certificateNotPEM:
            try Data("not a certificate\n".utf8).write(to: certificate)
            expected = (certificate, "holds no PEM certificate (found 18 bytes")
        case .keyMissing:
            try files.removeItem(at: key)
            expected = (key, "not found beside ca.pem")
        case .certificateMissing:
            try files.removeItem(at: certificate)
            expected = (certificate, "not found beside ca-key.pem")
        case .keyOfAnotherCA:
            let other = Self.folder()
            defer { try? files.removeItem(at: other.deletingLastPathComponent()) }
            let otherAuthority = try CertificateAuthority.loadOrMake(in: other, owner: Self.owner)
            try files.removeItem(at: key)
            try files.copyItem(at: otherAuthority.keyURL, to: key)
            expected = (key, "is not the key of ca.pem")
        }
        let before = try Self.snapshot(directory)
        do {
            _ = try CertificateAuthority.loadOrMake(in: directory, owner: Self.owner)
            Issue.record("\(broken): the CA was used")
        } catch let error as CertificateAuthorityError {
            #expect(error.path == expected.file.path)
            #expect(error.message.contains(expected.words), "\(error)")
            #expect(error.message.contains("to have a new CA made"), "\(error)")
            #expect(error.description.hasPrefix("\(expected.file.path): error: "))
        }
        #expect(try Self.snapshot(directory) == before, "\(broken): the files changed")
    }

    /// The names and contents of the folder's files (a folder as "<folder>").
    static func snapshot(_ directory: URL) throws -> [String: Data] {
        var contents: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
            let url = directory.appendingPathComponent(name)
            contents[name] = (try? Data(contentsOf: url)) ?? Data("<folder>".utf8)
        }
        return contents
    }

    @Test("two starts at once make one CA, which both use")
    func concurrentStartsMakeOne() async throws {
        let directory = Self.folder()
        defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
        let fingerprints = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<8 {
                group.addTask { try CertificateAuthority.loadOrMake(in: directory, owner: Self.owner).sha256Fingerprint }
            }
            return try await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        #expect(fingerprints.count == 1)
        #expect(fingerprints.first == (try CertificateAuthority.loadOrMake(in: directory, owner: Self.owner)).sha256Fingerprint)
    }

    @Test("the CA's folder: $XDG_DATA_HOME/brewguide when absolute, else ~/.local/share/brewguide")
    func defaultFolder() {
        #expect(CertificateAuthority.defaultDirectory(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/cook"]).path == "/data/brewguide")
        #expect(CertificateAuthority.defaultDirectory(environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/cook"]).path == "/home/cook/.local/share/brewguide")
        #expect(CertificateAuthority.defaultDirectory(environment: ["HOME": "/home/cook"]).path == "/home/cook/.local/share/brewguide")
    }
}
