import Foundation

/// How busy the machine is with other work: the share of all cores not idle over a short
/// window (from `/proc/stat`), sampled while brewbench itself waits.
enum IdleProbe {
    static func busyFraction(overSeconds window: Double = 1) -> Double? {
        guard let before = cpuTimes() else { return nil }
        usleep(useconds_t(window * 1_000_000))
        // The kernel's iowait count, part of idle here, can go down: no reading then.
        guard let after = cpuTimes(), after.total > before.total, after.idle >= before.idle else { return nil }
        let idle = Double(after.idle - before.idle)
        return 1 - idle / Double(after.total - before.total)
    }

    /// Waits until the machine is at most `maximum` busy (0–1), or `timeoutSeconds` passed;
    /// returns the last reading.
    static func waitUntilQuiet(maximum: Double, timeoutSeconds: Double, say: (String) -> Void) -> Double? {
        let clock = MonotonicClock()
        var reading = busyFraction()
        var told = false
        while let busy = reading, busy > maximum, clock.elapsedSeconds < timeoutSeconds {
            if !told {
                say(String(format: "  waiting for other work to end (machine %.0f %% busy, waiting for at most %.0f %%)", busy * 100, maximum * 100))
                told = true
            }
            sleep(2)
            reading = busyFraction()
        }
        return reading
    }

    private static func cpuTimes() -> (idle: UInt64, total: UInt64)? {
        guard let text = try? String(contentsOfFile: "/proc/stat", encoding: .utf8),
              let line = text.split(separator: "\n").first, line.hasPrefix("cpu ") else { return nil }
        let values = line.split(separator: " ").dropFirst().compactMap { UInt64($0) }
        guard values.count >= 5 else { return nil }
        // user nice system idle iowait irq softirq steal: idle time is idle + iowait.
        return (values[3] + values[4], values.prefix(8).reduce(0, +))
    }
}
