import BrewData
import BrewKit
import BrewServe
import Foundation

/// What the served writes (`ServedLogWrite`, `ServedSessionWrite`, `ServedShoppingCheck`) share:
/// a form field read as a command's option is read, the blocking file work run off the server's
/// threads, and a command's error turned into the refusal the page shows.
enum ServedForm {
    /// A field's text without surrounding spaces; nil when absent or blank (an option not given).
    static func text(_ value: String?) -> String? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        return value
    }

    /// The message for a field that should be a number, in the words of the command's option.
    static func notANumber(_ value: String, option: String) -> String {
        "\(option): expected a number, found \(FoundValue.quoted(value, limit: 40))"
    }

    /// A field read as a finite number; nil when absent, an error in `option`'s words when not a number.
    static func number(_ value: String?, option: String) throws -> Double? {
        guard let value = text(value) else { return nil }
        guard let number = Double(value), number.isFinite else { throw CommandError(notANumber(value, option: option)) }
        return number
    }

    /// The `--at` of a brew or a cook recorded from a page: the form's `at` when given; else the
    /// time of the tap (`TapTime`, at the journal's offset), with what was changed about it; else
    /// nil (now).
    static func at(_ form: [String: String], context: WriteContext, root: String, now: Date = RunClock.now()) -> (at: String?, note: String?) {
        if let at = text(form["at"]) { return (at, nil) }
        guard let tapped = text(context.tapped) else { return (nil, nil) }
        let zone = journalZone(root)
        let resolved = TapTime.resolve(tapped: tapped, sent: text(context.sent), now: now, zone: zone)
        return (ISO8601.string(from: resolved.date, offsetSeconds: zone.secondsFromGMT(for: resolved.date)), resolved.note)
    }

    /// The write stamp (`updatedAt`, UTC) of a tick or a line from the shopping page: the time of
    /// the tap (`TapTime`), now when the page sent none.
    static func tapStamp(_ context: WriteContext, now: Date = RunClock.now()) -> (date: Date, text: String) {
        let date = TapTime.resolve(tapped: context.tapped, sent: context.sent, now: now, zone: TimeZone(identifier: "UTC")!).date
        return (date, ISO8601DateFormatter().string(from: date))
    }

    /// The journal's time zone (`preferences.json`), UTC without one.
    static func journalZone(_ root: String) -> TimeZone {
        DataDirectoryReader(root: root).journalTimeZone().zone ?? TimeZone(identifier: "UTC")!
    }

    /// The command's error as the page's refusal: one message a line, nothing written. A refusal
    /// for the server's own state (issue 45: the data folder held by another command, a full
    /// disk) is `unavailable` (503, sent again later by the phone), not a refusal of the save.
    static func refusal(for error: any Error) -> WriteOutcome {
        let lines = String(describing: error).split(separator: "\n").map(String.init)
        return isServersOwnState(lines.joined(separator: "\n")) ? .unavailable(errors: lines) : .refused(errors: lines)
    }

    /// Whether a command's message says the server could not write just now, whatever the save:
    /// the lock's "is in use by … waited N s" (`DirectoryLock.Busy`), or the system's words for a
    /// full disk or quota.
    static func isServersOwnState(_ message: String) -> Bool {
        if message.contains(" is in use by "), message.contains("; waited ") { return true }
        return [ENOSPC, EDQUOT].contains { message.contains(String(cString: strerror($0))) }
    }

    /// Runs blocking file work on a thread of its own, not on the few threads the server shares.
    static func onOwnThread<Result: Sendable>(_ work: @escaping @Sendable () -> Result) async -> Result {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: work()) }.start()
        }
    }
}
