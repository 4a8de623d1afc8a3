import Foundation

/// When a write tapped on a served page happened (issue 46): the phone sends the time of the tap
/// with every queued write, so a drink tapped in a bar and sent at home keeps its time. The time
/// is taken within the rules `session` applies to `--at`: never after now (a phone clock ahead by
/// more than `FutureMoment.toleranceSeconds` is not believed: the write takes the time it arrived),
/// never before the night it goes to started; each change is said in `note`.
public enum TapTime {
    public struct Resolved: Equatable, Sendable {
        /// The moment recorded.
        public var date: Date
        /// What was changed and why, in a person's words; nil when the tap's time was kept.
        public var note: String?
    }

    /// The moment to record for a tap sent as `tapped` (ISO 8601 with an offset, as a browser's
    /// `Date.toISOString()`) arriving at `now`, for a night that started at `notBefore`. When the
    /// page also sent the moment it sent the write (`sent`, on the same phone's clock), the tap is
    /// that long before `now`, whatever the phone's clock says (a phone set ten minutes fast still
    /// records the right minute). Without a tap's time, now.
    public static func resolve(tapped: String?, sent: String? = nil, now: Date, notBefore: Date? = nil, zone: TimeZone) -> Resolved {
        guard let tapped, !tapped.isEmpty else { return Resolved(date: now, note: nil) }
        func clock(_ date: Date) -> String {
            let offset = zone.secondsFromGMT(for: date)
            let parts = ISO8601.civil(fromSecondsSince1970: Int(date.timeIntervalSince1970.rounded(.down)) + offset)
            return String(format: "%02d:%02d", parts.hour, parts.minute)
        }
        guard let tappedDate = ISO8601.date(from: tapped) else {
            return Resolved(date: now, note: "the tap's time \"\(tapped.prefix(40))\" could not be read: recorded at \(clock(now)), when it arrived")
        }
        // Sent at once (a round trip): now, as a write without a tap's time.
        let immediateSeconds: TimeInterval = 2
        var date: Date
        if let sent, let sentDate = ISO8601.date(from: sent) {
            // How long the phone kept it; a tap "after" its sending is a clock set back meanwhile: now.
            let kept = sentDate.timeIntervalSince(tappedDate)
            if kept < immediateSeconds { return Resolved(date: now, note: nil) }
            date = now.addingTimeInterval(-kept)
        } else if FutureMoment.isAhead(tappedDate, of: now) {
            let minutes = Int((tappedDate.timeIntervalSince(now) / 60).rounded())
            return Resolved(date: now, note: "the phone's clock is \(minutes) minutes ahead of this computer's: recorded at \(clock(now)), when it arrived")
        } else if now.timeIntervalSince(tappedDate) < immediateSeconds {
            // A few seconds ahead (clocks a little apart) is now: nothing is recorded in the future.
            return Resolved(date: now, note: nil)
        } else {
            date = tappedDate
        }
        // Whole seconds, as `session` records.
        date = Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
        if let notBefore, date < notBefore {
            return Resolved(date: notBefore, note: "tapped at \(clock(date)), before the night started (\(clock(notBefore))): recorded at its start")
        }
        return Resolved(date: date, note: nil)
    }
}
