import Clibssl
import Foundation
import Synchronization

/// What `serve --https` serves TLS with: the person's CA, the names of this run, and the
/// OpenSSL server context holding the current `ServerCertificate`. The certificate is made at
/// start and made again, for the same names, once fewer than `renewBeforeSeconds` of it are left
/// (`renewIfDue`, which the server calls every hour); connections already open keep theirs.
public final class TLSContext: Sendable {
    /// A certificate is renewed when this little of it is left (a third of its 30 days).
    static let renewBeforeSeconds: TimeInterval = 10 * 24 * 3600

    public let authority: CertificateAuthority
    public let names: ServedNames
    private let current: Mutex<ServerContext>

    /// A server context for `names`, with a certificate made now. Throws a
    /// `CertificateAuthorityError` when OpenSSL cannot make one.
    public init(authority: CertificateAuthority, names: ServedNames, now: Date = Date()) throws {
        self.authority = authority
        self.names = names
        current = Mutex(try ServerContext(certificate: authority.issue(for: names, now: now)))
    }

    /// The certificate served now.
    public var certificate: ServerCertificate { current.withLock { $0.certificate } }

    /// Makes a new certificate when the current one has fewer than `renewBeforeSeconds` left at
    /// `now`; whether it did.
    @discardableResult
    public func renewIfDue(now: Date = Date()) throws -> Bool {
        guard certificate.notAfter.timeIntervalSince(now) < Self.renewBeforeSeconds else { return false }
        let renewed = try ServerContext(certificate: authority.issue(for: names, now: now))
        current.withLock { $0 = renewed }
        return true
    }

    /// A new server-side TLS session on the current certificate (`SSL*`, the caller frees it).
    func newSession() -> OpaquePointer? {
        current.withLock { SSL_new($0.context) }
    }
}
