/// What `serve --edit` and `serve --lan` open: the key every write needs, the machine's LAN
/// addresses to listen on as well (none with `--edit` alone), and the writes allowed.
public struct EditSettings: Sendable {
    /// The secret of this run (or of `--key-file`): at least 128 random bits, as URL-safe text.
    public var key: String
    /// IPv4 addresses of this machine to listen on besides 127.0.0.1 (`--lan`); empty for `--edit`,
    /// which takes writes from this machine only.
    public var lanAddresses: [String]
    /// Host names taken in `Host` and `Origin` besides the addresses: with `--https`, the names its
    /// certificate is for (`localhost`, the host name, `HOST.local`); set by `PreviewServer`.
    public var hostNames: [String] = []
    /// Whether pages are served over TLS (`--https`): their `Origin` is then `https://`.
    public var isHTTPS = false
    public var endpoints: [WriteEndpoint]
    /// The reads the pages' script makes besides `statusPath` (`GET`, with the key).
    public var reads: [ReadEndpoint] = []
    /// The script that turns the served pages' controls into writes (the shopping list's ticks,
    /// the brew-along page's "Save this brew"); served at `pageScriptPath` and named by every
    /// page served to a browser that holds the key, never by the built site.
    public var pageScript = ""
    /// A short name of the journal this server writes into (`journalScope(ofRealPath:)` of the
    /// data folder's real path), carried by the key cookie's name; nil outside a `serve`.
    public var journal: String?
    /// Writes allowed in a burst, then one more each `refillSeconds`.
    public var burstWrites = 20
    public var refillSeconds: Duration = .seconds(1)

    public init(key: String, lanAddresses: [String], endpoints: [WriteEndpoint]) {
        self.key = key
        self.lanAddresses = lanAddresses
        self.endpoints = endpoints
    }

    /// The cookie that carries the key after the first visit, before its scope is added
    /// (`cookieName(port:journal:secure:)`).
    static let cookieBaseName = "brewguide_key"

    /// The name of the key cookie of the server listening on `port` (issue 45): a browser sends a
    /// cookie to every port of its host, so the name carries the port, and another `serve` on
    /// another port of the same machine (which may hold the same kept key) does not take this
    /// one's cookie as its own. Under HTTPS (`secure`) the name has the `__Host-` prefix, which a
    /// browser keeps only for a cookie set `Secure` with `Path=/` and no `Domain`. The name carries
    /// the journal too (`journal`, 8 hex digits of its data folder's real path): the key is kept
    /// across runs for the person, not the journal, so a later `serve` of another journal on the
    /// same port does not take a cookie given for this one as its own. With no port known (a
    /// handler outside a server) the name is the base name alone.
    public static func cookieName(port: UInt16?, journal: String? = nil, secure: Bool = false) -> String {
        var scoped = port.map { "\(cookieBaseName)_\($0)" } ?? cookieBaseName
        if port != nil, let journal, !journal.isEmpty { scoped += "_\(journal)" }
        return secure ? "__Host-" + scoped : scoped
    }

    /// The journal's part of the cookie's name: 8 hex digits of the FNV-1a hash of the data
    /// folder's real path (the same for every spelling of the path, different for another folder).
    public static func journalScope(ofRealPath path: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in path.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        let folded = UInt32(truncatingIfNeeded: hash ^ (hash >> 32))
        let hex = String(folded, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }
    /// The header a script may send the key in instead.
    static let keyHeader = "X-Brewguide-Key"
    /// Where the pages' write script is served, to key holders only.
    public static let pageScriptPath = "/_api/pages.js"
    /// `GET`: `{"writes": true}` when this browser may write (it holds the key), else false.
    public static let statusPath = "/_api/status"
}
