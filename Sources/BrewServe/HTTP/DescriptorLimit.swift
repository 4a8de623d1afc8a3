#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's limit on open file descriptors (`RLIMIT_NOFILE`), which bounds how many
/// connections the server can hold. Debian's default soft limit is 1,024, under the server's
/// own bound of connections, so that a flood of idle connections from one client could use up
/// every descriptor (issue 45): `serve` raises the soft limit towards the hard one at start.
public enum DescriptorLimit {
    /// The soft and hard limits now; nil where the system does not say.
    public static func current() -> (soft: UInt64, hard: UInt64)? {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return nil }
        return (UInt64(limit.rlim_cur), UInt64(limit.rlim_max))
    }

    /// Raises the soft limit to `wanted`, or to the hard limit when that is lower; never lowers
    /// it. Returns the soft limit afterwards (nil where the system does not say).
    @discardableResult
    public static func raiseSoft(to wanted: UInt64) -> UInt64? {
        guard let (soft, hard) = current() else { return nil }
        let target = min(wanted, hard)
        guard target > soft else { return soft }
        var limit = rlimit(rlim_cur: rlim_t(target), rlim_max: rlim_t(hard))
        guard setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return soft }
        return current()?.soft
    }
}
