/// Why the certificate authority of `serve --https` cannot be used, in words a person acts on.
/// A CA that is there but cannot be read is never replaced: the phones that trust it would
/// stop trusting the server, so the person decides.
public struct CertificateAuthorityError: Error, CustomStringConvertible, Equatable {
    /// The file concerned.
    public var path: String
    /// What was found and what was expected.
    public var message: String

    public var description: String { "\(path): error: \(message)" }
}
