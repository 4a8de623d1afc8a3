import Foundation

/// Seconds since it was made, from the monotonic clock.
struct MonotonicClock {
    private let startNanoseconds = MonotonicClock.nowNanoseconds()

    var elapsedSeconds: Double {
        Double(Self.nowNanoseconds() - startNanoseconds) / 1e9
    }

    static func nowNanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}
