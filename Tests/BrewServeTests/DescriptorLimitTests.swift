@testable import BrewServe
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// `serve` raises the soft limit on open files towards the hard one (issue 45: under
/// `ulimit -n 1024` a flood of idle connections left the server answering nothing).
@Suite("The limit on open files")
struct DescriptorLimitTests {
    @Test("a soft limit under the hard one is raised to what is asked, never past the hard limit, and never lowered")
    func raisesTheSoftLimit() throws {
        let (soft, hard) = try #require(DescriptorLimit.current())
        defer {
            var restored = rlimit(rlim_cur: rlim_t(soft), rlim_max: rlim_t(hard))
            _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &restored)
        }
        let low: UInt64 = min(256, hard)
        var lowered = rlimit(rlim_cur: rlim_t(low), rlim_max: rlim_t(hard))
        try #require(setrlimit(Int32(RLIMIT_NOFILE.rawValue), &lowered) == 0)
        #expect(DescriptorLimit.current()?.soft == low)
        let wanted: UInt64 = 8_192
        #expect(DescriptorLimit.raiseSoft(to: wanted) == min(wanted, hard))
        #expect(DescriptorLimit.current()?.hard == hard)
        // Asking for less than the soft limit now leaves it as it is.
        #expect(DescriptorLimit.raiseSoft(to: 16) == min(wanted, hard))
    }
}
