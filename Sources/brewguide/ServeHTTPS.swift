import BrewKit
import BrewServe
import Foundation

/// `serve --https`: the person's certificate authority (made on first use), the server
/// certificate for this run's names, and the lines that tell how to trust the CA.
struct ServeHTTPS {
    let context: TLSContext

    /// The CA from `$XDG_DATA_HOME/brewguide` (made there when it is not), and a certificate
    /// for 127.0.0.1, `localhost` and, with `lanAddresses`, those and the host name and `HOST.local`.
    /// A CA that cannot be used is a `CommandError` on its file.
    init(lanAddresses: [String]) throws {
        let hostName = ServedNames.machineHostName()
        let owner = "\(NSUserName())@\(hostName ?? "localhost")"
        do {
            let authority = try CertificateAuthority.loadOrMake(in: CertificateAuthority.defaultDirectory(), owner: owner)
            let names = ServedNames.forServer(hostName: hostName, lan: !lanAddresses.isEmpty, addresses: lanAddresses)
            context = try TLSContext(authority: authority, names: names)
        } catch let error as CertificateAuthorityError {
            throw CommandError.file(error.path, error.message)
        }
    }

    /// What `serve` prints about the CA: where it is (and whether it was made now), its
    /// fingerprint, and with a LAN address the plain-HTTP page that downloads it.
    func trustLines(lanAddress: String?, port: UInt16, key: String) -> [String] {
        let authority = context.authority
        var lines = [
            "HTTPS with the certificate authority \(authority.certificateURL.path)\(authority.wasMade ? " (made now; it lasts ten years)" : "")",
            "its SHA-256 fingerprint: \(authority.sha256Fingerprint)",
        ]
        if let lanAddress {
            lines.append("trust it on the phone once (docs/SERVE.md): http://\(lanAddress):\(port)/_ca/?key=\(key)")
        } else {
            lines.append("trust it in this machine's browser once (docs/SERVE.md): import \(authority.certificateURL.path)")
        }
        return lines
    }
}
