import Clibssl
import Foundation

/// The certificate authority `serve --https` signs its server certificates with: made once for
/// this person (an ECDSA P-256 key, ten years), kept as `ca.pem` with `ca-key.pem` beside it
/// (both mode 0600, written atomically) in `$XDG_DATA_HOME/brewguide/`, and trusted once by each
/// phone. Its profile follows mkcert's root: a CA with path length 0 that may sign certificates
/// (and CRLs) only. OpenSSL makes the key, signs and reads; nothing here is cryptography.
///
/// A CA that is there but cannot be read, has lost its key, does not match its key or has
/// expired is a `CertificateAuthorityError`, never replaced by a new one: phones trust this one.
public final class CertificateAuthority: @unchecked Sendable {
    public static let certificateFileName = "ca.pem"
    public static let keyFileName = "ca-key.pem"
    /// How long a new CA lasts.
    static let lifetimeSeconds: TimeInterval = 10 * 365 * 24 * 3600

    /// `X509*` and `EVP_PKEY*`, never changed after `init`: OpenSSL reads them from any thread.
    let certificate: OpaquePointer
    let key: OpaquePointer
    /// The folder it is kept in.
    public let directory: URL
    /// The certificate as PEM text (`ca.pem`), as Android and `openssl -CAfile` take it.
    public let certificatePEM: Data
    /// The certificate in DER, as `.crt` and inside the iOS profile.
    public let certificateDER: Data
    /// The SHA-256 of its DER form, "AB:CD:…", as the phones show it.
    public let sha256Fingerprint: String
    /// Its common name, as the phones list it.
    public let commonName: String
    public let notAfter: Date
    /// Whether this run made it (false: it was read from `directory`).
    public let wasMade: Bool

    public var certificateURL: URL { directory.appendingPathComponent(Self.certificateFileName) }
    public var keyURL: URL { directory.appendingPathComponent(Self.keyFileName) }

    private init(certificate: OpaquePointer, key: OpaquePointer, directory: URL, wasMade: Bool) throws {
        self.certificate = certificate
        self.key = key
        self.directory = directory
        self.wasMade = wasMade
        let path = directory.appendingPathComponent(Self.certificateFileName).path
        guard let pem = OpenSSLObjects.pem(ofCertificate: certificate), let der = OpenSSLObjects.der(ofCertificate: certificate),
              let notAfter = OpenSSLObjects.notAfter(of: certificate) else {
            X509_free(certificate)
            EVP_PKEY_free(key)
            throw CertificateAuthorityError(path: path, message: "OpenSSL could not encode the CA certificate (\(OpenSSLObjects.lastError()))")
        }
        certificatePEM = pem
        certificateDER = der
        self.notAfter = notAfter
        sha256Fingerprint = OpenSSLObjects.sha256Fingerprint(of: certificate)
        var name = [CChar](repeating: 0, count: 256)
        let length = X509_NAME_get_text_by_NID(X509_get_subject_name(certificate), NID_commonName, &name, Int32(name.count))
        commonName = length > 0 ? OpenSSLObjects.string(name) : "brewguide CA"
    }

    deinit {
        X509_free(certificate)
        EVP_PKEY_free(key)
    }

    /// Where the CA is kept: `$XDG_DATA_HOME/brewguide` when that is an absolute path (the XDG
    /// rule), else `$HOME/.local/share/brewguide`.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return URL(fileURLWithPath: data).appendingPathComponent("brewguide")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".local/share/brewguide")
    }

    /// The CA kept in `directory`, made there first when neither of its files is (`owner`, as
    /// "user@host", goes into its name). `now` must be before its end by `ServerCertificate`'s
    /// lifetime at least.
    public static func loadOrMake(in directory: URL, owner: String, now: Date = Date()) throws -> CertificateAuthority {
        try PrivateFile.withLock(in: directory) { try loadOrMakeLocked(in: directory, owner: owner, now: now) }
    }

    private static func loadOrMakeLocked(in directory: URL, owner: String, now: Date) throws -> CertificateAuthority {
        let certificateURL = directory.appendingPathComponent(certificateFileName)
        let keyURL = directory.appendingPathComponent(keyFileName)
        let fileManager = FileManager.default
        let hasCertificate = fileManager.fileExists(atPath: certificateURL.path)
        let hasKey = fileManager.fileExists(atPath: keyURL.path)
        let replace = "move \(certificateFileName) and \(keyFileName) out of \(directory.path) to have a new CA made (each phone must then trust the new one)"
        switch (hasCertificate, hasKey) {
        case (false, false):
            return try make(in: directory, owner: owner, now: now)
        case (true, false):
            throw CertificateAuthorityError(path: keyURL.path, message: "not found beside \(certificateFileName); expected the CA's private key brewguide wrote there; restore it, or \(replace)")
        case (false, true):
            throw CertificateAuthorityError(path: certificateURL.path, message: "not found beside \(keyFileName); expected the CA certificate brewguide wrote there; restore it, or \(replace)")
        case (true, true):
            break
        }
        let certificatePEM = try readable(certificateURL, replace: replace)
        let keyPEM = try readable(keyURL, replace: replace)
        guard let certificate = OpenSSLObjects.certificate(pem: certificatePEM) else {
            ERR_clear_error()
            throw CertificateAuthorityError(path: certificateURL.path, message: "holds no PEM certificate (found \(certificatePEM.count) bytes that OpenSSL cannot read as one); expected the CA certificate brewguide wrote; \(replace)")
        }
        guard let key = OpenSSLObjects.privateKey(pem: keyPEM) else {
            ERR_clear_error()
            X509_free(certificate)
            throw CertificateAuthorityError(path: keyURL.path, message: "holds no unencrypted PEM private key (found \(keyPEM.count) bytes that OpenSSL cannot read as one); expected the CA's key brewguide wrote; \(replace)")
        }
        guard X509_check_private_key(certificate, key) == 1 else {
            ERR_clear_error()
            X509_free(certificate)
            EVP_PKEY_free(key)
            throw CertificateAuthorityError(path: keyURL.path, message: "is not the key of \(certificateFileName) beside it; expected the two files brewguide wrote together; \(replace)")
        }
        guard X509_check_ca(certificate) >= 1 else {
            X509_free(certificate)
            EVP_PKEY_free(key)
            throw CertificateAuthorityError(path: certificateURL.path, message: "is a certificate but not of a certificate authority; expected the CA brewguide made; \(replace)")
        }
        let authority = try CertificateAuthority(certificate: certificate, key: key, directory: directory, wasMade: false)
        let needed = now.addingTimeInterval(ServerCertificate.lifetimeSeconds)
        guard authority.notAfter > needed else {
            let formatter = ISO8601DateFormatter()
            throw CertificateAuthorityError(path: certificateURL.path, message: "the CA ends on \(formatter.string(from: authority.notAfter)), too soon for a server certificate of \(Int(ServerCertificate.lifetimeSeconds / 86_400)) days (expected it to last past \(formatter.string(from: needed))); \(replace)")
        }
        return authority
    }

    /// The bytes of a CA file, or the reason it cannot be read, in words.
    private static func readable(_ url: URL, replace: String) throws -> Data {
        do {
            return try Data(contentsOf: url)
        } catch {
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder)
            let open = isFolder.boolValue ? "it is a folder"
                : FileManager.default.isReadableFile(atPath: url.path) ? error.localizedDescription : "permission denied to this user"
            throw CertificateAuthorityError(path: url.path, message: "cannot be read (\(open)); expected the CA file brewguide wrote, readable by you; fix its permissions (chmod 600), or \(replace)")
        }
    }

    /// A new CA in `directory`: the key written first, then the certificate, each atomically.
    private static func make(in directory: URL, owner: String, now: Date) throws -> CertificateAuthority {
        let path = directory.appendingPathComponent(certificateFileName).path
        func failure(_ step: String) -> CertificateAuthorityError {
            CertificateAuthorityError(path: path, message: "OpenSSL could not \(step) for a new CA (\(OpenSSLObjects.lastError()))")
        }
        guard let key = brewguide_new_p256_key() else { throw failure("make a P-256 key") }
        guard let certificate = X509_new() else {
            EVP_PKEY_free(key)
            throw failure("make a certificate")
        }
        let name = X509_get_subject_name(certificate)!
        let commonName = "brewguide CA \(owner)".prefix(64)
        let built = X509_set_version(certificate, Int(X509_VERSION_3)) == 1
            && OpenSSLObjects.setRandomSerial(of: certificate)
            && OpenSSLObjects.addEntries([("O", "brewguide local CA"), ("OU", String(owner.prefix(64))), ("CN", String(commonName))], to: name)
            && X509_set_issuer_name(certificate, name) == 1
            && OpenSSLObjects.setValidity(of: certificate, from: now, until: now.addingTimeInterval(lifetimeSeconds))
            && X509_set_pubkey(certificate, key) == 1
            && brewguide_add_extension(certificate, certificate, NID_basic_constraints, "critical,CA:TRUE,pathlen:0") == 1
            && brewguide_add_extension(certificate, certificate, NID_key_usage, "critical,keyCertSign,cRLSign") == 1
            && brewguide_add_extension(certificate, certificate, NID_subject_key_identifier, "hash") == 1
            && X509_sign(certificate, key, EVP_sha256()) > 0
        guard built else {
            X509_free(certificate)
            EVP_PKEY_free(key)
            throw failure("build and sign the certificate")
        }
        let authority = try CertificateAuthority(certificate: certificate, key: key, directory: directory, wasMade: true)
        guard let keyPEM = OpenSSLObjects.pem(ofPrivateKey: key) else { throw failure("encode the key") }
        try PrivateFile.makeDirectory(directory)
        try PrivateFile.write(keyPEM, to: authority.keyURL)
        try PrivateFile.write(authority.certificatePEM, to: authority.certificateURL)
        return authority
    }

    /// A server certificate for exactly `names`, signed by this CA, from `now` for
    /// `ServerCertificate.lifetimeSeconds` (never past the CA's own end).
    public func issue(for names: ServedNames, now: Date = Date()) throws -> ServerCertificate {
        try ServerCertificate(authority: self, names: names, now: now)
    }
}
