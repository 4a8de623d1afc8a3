import Foundation

/// Waits until the disk under a folder is quiet before a timed step: `sync()` writes back what
/// earlier steps left dirty, then the device's written and discarded sectors (`/proc/diskstats`)
/// must stay unchanged for `quietSeconds`. On this machine / is ext4 (no journal) mounted with
/// `discard`: freeing blocks sends discards to the virtual disk, and files created while they are
/// being worked through are slower, so without this a step right after a deletion (brewguide's
/// rebuild removes the old site) is timed with someone else's cleanup in it.
struct DiskSettle {
    let device: (major: Int, minor: Int)?
    var quietSeconds = 2.0
    var timeoutSeconds = 120.0

    init(folder: String) {
        var status = stat()
        if stat(folder, &status) == 0 {
            device = (Int(major(status.st_dev)), Int(minor(status.st_dev)))
        } else {
            device = nil
        }
    }

    /// Returns the seconds waited.
    func wait() -> Double {
        let clock = MonotonicClock()
        sync()
        var last = counters()
        var quietSince = MonotonicClock()
        while clock.elapsedSeconds < timeoutSeconds {
            usleep(250_000)
            let now = counters()
            if now != last {
                last = now
                quietSince = MonotonicClock()
            } else if quietSince.elapsedSeconds >= quietSeconds {
                break
            }
        }
        return clock.elapsedSeconds
    }

    /// Sectors written, sectors discarded and requests in flight on the device.
    private func counters() -> [Int] {
        guard let device, let text = try? String(contentsOfFile: "/proc/diskstats", encoding: .utf8) else { return [] }
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ").map(String.init)
            guard fields.count >= 14, Int(fields[0]) == device.major, Int(fields[1]) == device.minor else { continue }
            let discarded = fields.count >= 17 ? Int(fields[16]) ?? 0 : 0
            return [Int(fields[9]) ?? 0, discarded, Int(fields[11]) ?? 0]
        }
        return []
    }
}

private func major(_ device: dev_t) -> UInt32 {
    UInt32(truncatingIfNeeded: (device >> 8) & 0xfff) | UInt32(truncatingIfNeeded: (device >> 32) & ~0xfff)
}

private func minor(_ device: dev_t) -> UInt32 {
    UInt32(truncatingIfNeeded: device & 0xff) | UInt32(truncatingIfNeeded: (device >> 12) & ~0xff)
}
