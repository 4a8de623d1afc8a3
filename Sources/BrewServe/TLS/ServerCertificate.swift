import Clibssl
import Foundation

/// A certificate for the names and addresses `serve --https` answers on, with its own new P-256
/// key, signed by the person's `CertificateAuthority`. Kept in memory only (a new one each run
/// and at each renewal, so its names are always those of this run). Its profile follows mkcert's
/// leaf: not a CA, digital signature only, server authentication, the names as subject
/// alternative names; 30 days, which iOS and Android take for a certificate of a CA the user added.
public final class ServerCertificate: @unchecked Sendable {
    static let lifetimeSeconds: TimeInterval = 30 * 24 * 3600

    /// `X509*` and `EVP_PKEY*`, never changed after `init`.
    let certificate: OpaquePointer
    let key: OpaquePointer
    public let names: ServedNames
    public let notAfter: Date

    init(authority: CertificateAuthority, names: ServedNames, now: Date) throws {
        self.names = names
        let path = authority.certificateURL.path
        func failure(_ step: String) -> CertificateAuthorityError {
            CertificateAuthorityError(path: path, message: "OpenSSL could not \(step) for the server certificate (\(OpenSSLObjects.lastError()))")
        }
        guard !names.hostNames.isEmpty || !names.addresses.isEmpty else {
            throw CertificateAuthorityError(path: path, message: "no name or address to make a server certificate for")
        }
        guard let key = brewguide_new_p256_key() else { throw failure("make a P-256 key") }
        guard let certificate = X509_new() else {
            EVP_PKEY_free(key)
            throw failure("make a certificate")
        }
        let end = min(now.addingTimeInterval(Self.lifetimeSeconds), authority.notAfter)
        let subject = X509_get_subject_name(certificate)!
        let commonName = names.hostNames.first ?? names.addresses[0]
        let built = X509_set_version(certificate, Int(X509_VERSION_3)) == 1
            && OpenSSLObjects.setRandomSerial(of: certificate)
            && OpenSSLObjects.addEntries([("O", "brewguide serve"), ("CN", String(commonName.prefix(64)))], to: subject)
            && X509_set_issuer_name(certificate, X509_get_subject_name(authority.certificate)) == 1
            && OpenSSLObjects.setValidity(of: certificate, from: now, until: end)
            && X509_set_pubkey(certificate, key) == 1
            && brewguide_add_extension(certificate, authority.certificate, NID_basic_constraints, "critical,CA:FALSE") == 1
            && brewguide_add_extension(certificate, authority.certificate, NID_key_usage, "critical,digitalSignature") == 1
            && brewguide_add_extension(certificate, authority.certificate, NID_ext_key_usage, "serverAuth") == 1
            && brewguide_add_extension(certificate, authority.certificate, NID_subject_key_identifier, "hash") == 1
            && brewguide_add_extension(certificate, authority.certificate, NID_authority_key_identifier, "keyid:always") == 1
            && brewguide_add_extension(certificate, authority.certificate, NID_subject_alt_name, names.subjectAltNames) == 1
            && X509_sign(certificate, authority.key, EVP_sha256()) > 0
        guard built else {
            X509_free(certificate)
            EVP_PKEY_free(key)
            throw failure("build and sign")
        }
        self.certificate = certificate
        self.key = key
        notAfter = end
    }

    deinit {
        X509_free(certificate)
        EVP_PKEY_free(key)
    }

    /// The certificate as PEM text (for tests and `openssl x509`).
    public var pem: Data { OpenSSLObjects.pem(ofCertificate: certificate) ?? Data() }
}
