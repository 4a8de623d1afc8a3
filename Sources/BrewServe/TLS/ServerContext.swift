import Clibssl

/// An OpenSSL `SSL_CTX` for one server certificate. `SSL_new` takes its own reference, so a
/// session outlives the context it came from being replaced.
final class ServerContext: @unchecked Sendable {
    let context: OpaquePointer
    let certificate: ServerCertificate

    init(certificate: ServerCertificate) throws {
        self.certificate = certificate
        let path = certificate.names.hostNames.first ?? "server certificate"
        guard let context = SSL_CTX_new(TLS_server_method()) else {
            throw CertificateAuthorityError(path: path, message: "OpenSSL could not make a TLS context (\(OpenSSLObjects.lastError()))")
        }
        guard brewguide_configure_server_context(context) == 1,
              SSL_CTX_use_certificate(context, certificate.certificate) == 1,
              SSL_CTX_use_PrivateKey(context, certificate.key) == 1,
              SSL_CTX_check_private_key(context) == 1 else {
            SSL_CTX_free(context)
            throw CertificateAuthorityError(path: path, message: "OpenSSL refused the server certificate (\(OpenSSLObjects.lastError()))")
        }
        self.context = context
    }

    deinit { SSL_CTX_free(context) }
}
