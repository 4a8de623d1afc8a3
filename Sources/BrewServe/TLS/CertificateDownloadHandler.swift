import Foundation

/// What `serve --https` answers over plain HTTP on its port: the CA for a phone to trust, to a
/// holder of the key (`/_ca/?key=…`: a page naming the fingerprint and linking the three forms:
/// `.pem` and `.crt` for Android, `.mobileconfig` for iOS), and for anything else a redirect to
/// the same address on `https://`. The journal itself, its events and writes go over TLS only.
struct CertificateDownloadHandler: Sendable {
    let authority: CertificateAuthority
    let key: String
    /// Host names and addresses taken in `Host` (the certificate's, so the redirect lands on a name it is for).
    let names: ServedNames

    static let pagePath = "/_ca/"
    static let pemPath = "/_ca/brewguide-ca.pem"
    static let crtPath = "/_ca/brewguide-ca.crt"
    static let profilePath = "/_ca/brewguide-ca.mobileconfig"

    func handleRequest(_ request: ServerRequest) -> ServerResponse {
        let hosts = request.headers.values(named: "Host")
        guard hosts.count == 1, let host = hosts.first,
              SiteRequestHandler.isServedHost(host, lanAddresses: names.addresses + names.hostNames) else {
            return Self.text(.forbidden, "Unknown host: use the address serve printed.\n")
        }
        guard request.method == "GET" || request.method == "HEAD" else {
            return Self.redirect(to: "https://\(host)\(request.path)", status: HTTPStatus(code: 308, phrase: "Permanent Redirect"), query: request.query)
        }
        let paths = [Self.pagePath, Self.pemPath, Self.crtPath, Self.profilePath]
        guard paths.contains(request.path) else {
            return Self.redirect(to: "https://\(host)\(request.path)", status: HTTPStatus(code: 301, phrase: "Moved Permanently"), query: request.query)
        }
        guard Self.queryKey(request.query).map({ WriteRequestHandler.sameSecret($0, key) }) == true else {
            return Self.text(.forbidden, "Open the address brewguide serve printed for the CA, with its key.\n")
        }
        switch request.path {
        case Self.pemPath:
            return Self.download(authority.certificatePEM, type: "application/x-pem-file", name: "brewguide-ca.pem")
        case Self.crtPath:
            return Self.download(authority.certificateDER, type: "application/x-x509-ca-cert", name: "brewguide-ca.crt")
        case Self.profilePath:
            return Self.download(profile(), type: "application/x-apple-aspen-config", name: "brewguide-ca.mobileconfig")
        default:
            return page(host: host)
        }
    }

    /// The value of `key=` in a query, if any.
    static func queryKey(_ query: String) -> String? {
        query.split(separator: "&").first { $0.hasPrefix("key=") }.map { String($0.dropFirst(4)) }
    }

    /// An iOS configuration profile holding the CA as a trusted root (`com.apple.security.root`).
    /// Its identifiers come from the fingerprint, so the same CA installed again replaces itself.
    func profile() -> Data {
        let hex = authority.sha256Fingerprint.replacingOccurrences(of: ":", with: "")
        func uuid(_ offset: Int) -> String {
            let digits = Array(hex.dropFirst(offset).prefix(32))
            guard digits.count == 32 else { return UUID().uuidString }
            return [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(digits[$0]) }.joined(separator: "-")
        }
        let root: [String: Any] = [
            "PayloadCertificateFileName": "brewguide-ca.crt",
            "PayloadContent": authority.certificateDER,
            "PayloadDescription": "The certificate authority of brewguide serve --https on your computer.",
            "PayloadDisplayName": authority.commonName,
            "PayloadIdentifier": "org.brewguide.ca.root.\(hex.prefix(16))",
            "PayloadType": "com.apple.security.root",
            "PayloadUUID": uuid(0),
            "PayloadVersion": 1,
        ]
        let profile: [String: Any] = [
            "PayloadContent": [root],
            "PayloadDescription": "Lets this phone open the journal brewguide serves on your network over HTTPS.",
            "PayloadDisplayName": authority.commonName,
            "PayloadIdentifier": "org.brewguide.ca.\(hex.prefix(16))",
            "PayloadRemovalDisallowed": false,
            "PayloadType": "Configuration",
            "PayloadUUID": uuid(32),
            "PayloadVersion": 1,
        ]
        return (try? PropertyListSerialization.data(fromPropertyList: profile, format: .xml, options: 0)) ?? Data()
    }

    private func page(host: String) -> ServerResponse {
        let key = Self.escaped(self.key)
        let https = Self.escaped("https://\(host)/?key=\(self.key)")
        let page = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="color-scheme" content="light dark">
            <title>Trust brewguide's certificate authority</title>
            <style>
            body { font-family: system-ui, sans-serif; line-height: 1.5; max-width: 40rem; margin: 1rem auto; padding: 0 1rem; background: #fdfaf6; color: #1f1a17; }
            a { color: #8a3b12; }
            code { overflow-wrap: anywhere; }
            @media (prefers-color-scheme: dark) { body { background: #171311; color: #efe7df; } a { color: #f0a46c; } }
            </style>
            </head>
            <body>
            <main>
            <h1>Trust brewguide's certificate authority</h1>
            <p>Once this phone trusts it, the journal opens over HTTPS, where the screen can stay awake and Copy works.</p>
            <p>Its SHA-256 fingerprint, which the phone shows too and serve printed:</p>
            <p><code>\(Self.escaped(authority.sha256Fingerprint))</code></p>
            <h2>iPhone and iPad</h2>
            <p><a href="\(Self.profilePath)?key=\(key)">Download the profile</a>, then Settings, Profile Downloaded, Install; then Settings, General, About, Certificate Trust Settings: turn on \(Self.escaped(authority.commonName)).</p>
            <h2>Android</h2>
            <p><a href="\(Self.crtPath)?key=\(key)">Download the certificate (.crt)</a>, then Settings, Security, Encryption and credentials, Install a certificate, CA certificate, and pick it. (<a href="\(Self.pemPath)?key=\(key)">The same as .pem</a>.)</p>
            <h2>Then</h2>
            <p><a href="\(https)">Open the journal over HTTPS</a>.</p>
            </main>
            </body>
            </html>

            """
        return Self.text(.ok, page, type: "text/html; charset=utf-8")
    }

    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    private static func headers(type: String) -> HTTPHeaderFields {
        ["Content-Type": type, "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff"]
    }

    private static func text(_ status: HTTPStatus, _ body: String, type: String = "text/plain; charset=utf-8") -> ServerResponse {
        ServerResponse(status: status, headers: headers(type: type), body: Data(body.utf8))
    }

    private static func download(_ bytes: Data, type: String, name: String) -> ServerResponse {
        var headers = headers(type: type)
        headers["Content-Disposition"] = "attachment; filename=\"\(name)\""
        return ServerResponse(status: .ok, headers: headers, body: bytes)
    }

    private static func redirect(to location: String, status: HTTPStatus, query: String) -> ServerResponse {
        var headers = headers(type: "text/plain; charset=utf-8")
        headers["Location"] = query.isEmpty ? location : location + "?" + query
        return ServerResponse(status: status, headers: headers, body: Data("Served over HTTPS: \(headers["Location"] ?? "")\n".utf8))
    }
}
