@testable import BrewKit
import Foundation
import Testing

/// Issue 46: a write kept on the phone and sent later is recorded at its tap, within the rules
/// `session --at` applies, and says what it had to change.
@Suite struct TapTimeTests {
    static let zone = TimeZone(identifier: "Europe/Stockholm")!
    static let now = ISO8601.date(from: "2026-12-01T20:02:54Z")!

    @Test func aTapKeptOnThePhoneIsRecordedWhenItWasTapped() {
        // "+ water" tapped at 21:01:38 local (20:01:38Z), sent at 21:02:54.
        let kept = TapTime.resolve(tapped: "2026-12-01T20:01:38.120Z", now: Self.now, zone: Self.zone)
        #expect(kept == TapTime.Resolved(date: ISO8601.date(from: "2026-12-01T20:01:38Z")!, note: nil))
        #expect(TapTime.resolve(tapped: nil, now: Self.now, zone: Self.zone) == TapTime.Resolved(date: Self.now, note: nil))
    }

    @Test func withTheSendingTimeTheDelayCountsNotThePhonesClock() {
        // The phone's clock is an hour fast; it kept the tap 76 s before sending it.
        let resolved = TapTime.resolve(tapped: "2026-12-01T21:01:38Z", sent: "2026-12-01T21:02:54Z", now: Self.now, zone: Self.zone)
        #expect(resolved == TapTime.Resolved(date: ISO8601.date(from: "2026-12-01T20:01:38Z")!, note: nil))
        // Sent at once (the round trip of a tap answered now): now, to the millisecond.
        #expect(TapTime.resolve(tapped: "2026-12-01T21:02:53.900Z", sent: "2026-12-01T21:02:54Z", now: Self.now, zone: Self.zone) == TapTime.Resolved(date: Self.now, note: nil))
        // A tap "after" its sending (a clock set back meanwhile) is now.
        #expect(TapTime.resolve(tapped: "2026-12-01T21:05:00Z", sent: "2026-12-01T21:02:54Z", now: Self.now, zone: Self.zone).date == Self.now)
    }

    @Test func aPhoneClockAheadBeyondTheToleranceIsNotBelievedAndSaysSo() {
        let ahead = TapTime.resolve(tapped: "2026-12-01T20:20:00Z", now: Self.now, zone: Self.zone)
        #expect(ahead.date == Self.now)
        #expect(ahead.note == "the phone's clock is 17 minutes ahead of this computer's: recorded at 21:02, when it arrived")
        // Within five minutes ahead: now, without a word.
        #expect(TapTime.resolve(tapped: "2026-12-01T20:04:00Z", now: Self.now, zone: Self.zone) == TapTime.Resolved(date: Self.now, note: nil))
    }

    @Test func aTapBeforeTheNightStartedIsRecordedAtItsStart() {
        let start = ISO8601.date(from: "2026-12-01T19:30:00Z")!
        let early = TapTime.resolve(tapped: "2026-12-01T19:10:00Z", now: Self.now, notBefore: start, zone: Self.zone)
        #expect(early.date == start)
        #expect(early.note == "tapped at 20:10, before the night started (20:30): recorded at its start")
    }

    @Test func aTimeThatCannotBeReadIsNowAndSaysSo() {
        let unread = TapTime.resolve(tapped: "yesterday", now: Self.now, zone: Self.zone)
        #expect(unread.date == Self.now)
        #expect(unread.note == "the tap's time \"yesterday\" could not be read: recorded at 21:02, when it arrived")
    }
}
