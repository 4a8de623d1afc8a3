#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every name and address a server certificate of `serve --https` is for: exactly those the
/// server answers (it listens on the addresses, and takes the names in `Host`), never another.
/// Names that are not DNS names (a host name with a space, say) and addresses that are not IPv4
/// are left out rather than certified.
public struct ServedNames: Sendable, Equatable {
    /// Lower-case DNS names: `localhost`, the machine's host name and `HOST.local`.
    public let hostNames: [String]
    /// Dotted IPv4 addresses listened on: 127.0.0.1 and the LAN addresses.
    public let addresses: [String]

    public init(hostNames: [String], addresses: [String]) {
        var names: [String] = []
        for name in hostNames.map({ $0.lowercased() }) where Self.isDNSName(name) && !names.contains(name) {
            names.append(name)
        }
        var kept: [String] = []
        for address in addresses where Self.isIPv4(address) && !kept.contains(address) {
            kept.append(address)
        }
        self.hostNames = names
        self.addresses = kept
    }

    /// The names of this machine that `serve` answers on: `localhost`, and with `lan` the host
    /// name and `LABEL.local` (its first label, how phones on the network find it by mDNS); the addresses as given.
    public static func forServer(hostName: String?, lan: Bool, addresses: [String]) -> ServedNames {
        var names = ["localhost"]
        if lan, let host = hostName?.lowercased(), !host.isEmpty {
            // mDNS publishes the first label of the host name under .local.
            let label = host.split(separator: ".").first.map(String.init) ?? host
            names += [host, label + ".local"]
        }
        return ServedNames(hostNames: names, addresses: ["127.0.0.1"] + addresses)
    }

    /// The host name of this machine (`gethostname`), nil when the system gives none.
    public static func machineHostName() -> String? {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return nil }
        let name = OpenSSLObjects.string(buffer)
        return name.isEmpty ? nil : name
    }

    /// The certificate's subject alternative names in OpenSSL's syntax ("DNS:a,IP:127.0.0.1").
    var subjectAltNames: String {
        (hostNames.map { "DNS:\($0)" } + addresses.map { "IP:\($0)" }).joined(separator: ",")
    }

    /// Whether `name` is a DNS name: dot-separated labels of letters, digits and inner hyphens,
    /// each 1 to 63 long, 253 in all.
    static func isDNSName(_ name: String) -> Bool {
        guard !name.isEmpty, name.utf8.count <= 253 else { return false }
        return name.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { label in
            let bytes = Array(label.utf8)
            guard (1...63).contains(bytes.count), bytes.first != UInt8(ascii: "-"), bytes.last != UInt8(ascii: "-") else { return false }
            return bytes.allSatisfy { byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
            }
        }
    }

    static func isIPv4(_ address: String) -> Bool {
        var parsed = in_addr()
        return inet_pton(AF_INET, address, &parsed) == 1
    }
}
