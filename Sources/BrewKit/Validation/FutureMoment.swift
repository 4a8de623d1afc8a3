import Foundation

/// A moment ahead of now. The journal records what has happened: `log --at` and `session … --at`
/// refuse a time more than `toleranceSeconds` ahead (a clock a little fast is allowed), in the same
/// words (`refusal(given:now:)`), and `check` warns about a brew already in the data that is dated
/// ahead (`diagnostics(logs:now:)`; kept apart from the other rules, which are independent of the clock).
public enum FutureMoment {
    /// How far ahead of now a time may be: five minutes.
    public static let toleranceSeconds: TimeInterval = 300

    /// Whether `date` is more than `toleranceSeconds` after `now`.
    public static func isAhead(_ date: Date, of now: Date) -> Bool {
        date.timeIntervalSince(now) > toleranceSeconds
    }

    /// The sentence both commands refuse a time ahead with; `text` is what was given.
    public static func refusal(given text: String, now: Date) -> String {
        "--at \(text) is after now (\(ISO8601.string(from: now))); a time more than \(Int(toleranceSeconds / 60)) minutes ahead is refused: log what has happened"
    }

    /// `check`'s warnings: each brew dated more than `toleranceSeconds` after `now`, at its timestamp.
    public static func diagnostics(logs: [Located<BrewLog>], now: Date) -> [Diagnostic] {
        logs.compactMap { located in
            guard isAhead(located.value.timestamp, of: now) else { return nil }
            return .warning(
                "timestamp \(ISO8601.string(from: located.value.timestamp)) is after now (\(ISO8601.string(from: now))); a brew is recorded when it happened: fix the date (a year typed wrong?)",
                at: located.source.location(of: "timestamp"))
        }
    }
}
