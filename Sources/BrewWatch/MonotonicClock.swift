#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The monotonic clock in milliseconds: only differences between readings mean anything.
enum MonotonicClock {
    /// Milliseconds since an arbitrary fixed point (boot, usually); never goes backwards.
    static func nowMilliseconds() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int64(time.tv_sec) * 1_000 + Int64(time.tv_nsec) / 1_000_000
    }
}
