import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Whether a URL's host is this machine or its local network, in every spelling `curl` would
/// connect to: `localhost` and names under `.localhost`; IPv4 as dotted quads and as the short,
/// octal, hexadecimal and single-number forms `inet_aton` reads (`127.1`, `0x7f.0.0.1`,
/// `2130706433`); IPv6 in brackets or not, IPv4-mapped ones by their IPv4 address.
///
/// Local means: unspecified (0.0.0.0/8, ::), loopback (127.0.0.0/8, ::1), private (10/8,
/// 172.16/12, 192.168/16, fc00::/7), shared (100.64/10), link-local (169.254/16, fe80::/10),
/// multicast and broadcast (224/4 and above, ff00::/8).
enum LocalAddress {
    static func isLocal(_ rawHost: String) -> Bool {
        var host = (rawHost.removingPercentEncoding ?? rawHost).lowercased()
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        while host.hasSuffix(".") { host.removeLast() }
        if host.isEmpty || host == "localhost" || host.hasSuffix(".localhost") { return true }
        if let zone = host.firstIndex(of: "%") { host = String(host[..<zone]) }
        var v6 = in6_addr()
        if host.contains(":") {
            guard inet_pton(AF_INET6, host, &v6) == 1 else { return false }
            return isLocal(v6)
        }
        var v4 = in_addr()
        guard inet_aton(host, &v4) != 0 else { return false }
        return isLocal(UInt32(bigEndian: v4.s_addr))
    }

    /// An IPv4 address in host order.
    static func isLocal(_ address: UInt32) -> Bool {
        let first = address >> 24, second = (address >> 16) & 0xFF
        switch first {
        case 0, 10, 127: return true
        case 100: return (64...127).contains(second)
        case 169: return second == 254
        case 172: return (16...31).contains(second)
        case 192: return second == 168
        default: return first >= 224
        }
    }

    static func isLocal(_ address: in6_addr) -> Bool {
        let bytes = withUnsafeBytes(of: address) { Array($0) }
        if bytes.allSatisfy({ $0 == 0 }) { return true }  // ::
        if bytes[0..<15].allSatisfy({ $0 == 0 }) && bytes[15] == 1 { return true }  // ::1
        if bytes[0] & 0xFE == 0xFC { return true }  // fc00::/7
        if bytes[0] == 0xFE && bytes[1] & 0xC0 == 0x80 { return true }  // fe80::/10
        if bytes[0] == 0xFF { return true }  // multicast
        // IPv4-mapped (::ffff:a.b.c.d) and IPv4-compatible (::a.b.c.d): the IPv4 address decides.
        if bytes[0..<10].allSatisfy({ $0 == 0 }) && ((bytes[10] == 0xFF && bytes[11] == 0xFF) || (bytes[10] == 0 && bytes[11] == 0)) {
            return isLocal(bytes[12..<16].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
        }
        return false
    }
}
