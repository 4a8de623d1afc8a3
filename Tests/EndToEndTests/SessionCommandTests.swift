import Foundation
import Testing
import TestSupport

/// `brewguide session start|drink|water|end` on a copy of the bundled data, as a person logs a night.
@Suite("brewguide session, end to end")
struct SessionCommandTests {
    private func run(_ arguments: [String], data: URL, now: String) throws -> BrewGuideProcess.Result {
        try BrewGuideProcess.run(["session"] + arguments + ["--data", data.path], environment: ["BREWGUIDE_NOW": now])
    }

    @Test func aCSVSessionTakesADrinkAndWaterAndEnds() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        let entriesFile = data.appendingPathComponent("sessions/entries.csv")
        let before = try String(contentsOf: entriesFile, encoding: .utf8)

        // birthday-1121 is active: b1 +2 (2), b2 water (1), b3 +1 (2). A glass of red at 19:10: +1 → 3,
        // the second drink since water (N = 1: past the rule, a pacing warning with the reminder).
        let drink = try run(["drink", "--preset", "glass-red", "--at", "19:10"], data: data, now: "2026-11-21T19:15:00Z")
        #expect(drink.status == 0, "\(drink.stderr)")
        #expect(drink.stdout.contains("+1 → 3 above centre: drink water to return to centre\n"))
        #expect(drink.stdout.contains("pacing warning: 2 drinks since the last water break, past the rule of water after every drink; time for water\n"), "\(drink.stdout)")
        // Water at 19:20: -1 → 2, still at the mark.
        let water = try run(["water", "--amount", "330"], data: data, now: "2026-11-21T19:20:00Z")
        #expect(water.stdout.contains("-1 → 2 above centre: drink water to return to centre\n"))
        // The rows were appended; every byte before them is kept.
        let after = try String(contentsOf: entriesFile, encoding: .utf8)
        #expect(after == before + "birthday-1121,b4,2026-11-21T19:10:00Z,alcohol,,,,,glass-red,,\nbirthday-1121,b5,2026-11-21T19:20:00Z,water,,,,,,330,\n")

        let end = try run(["end", "--at", "2026-11-21T19:30:00Z"], data: data, now: "2026-11-21T19:35:00Z")
        #expect(end.status == 0, "\(end.stderr)")
        #expect(end.stdout.hasPrefix("ended birthday-1121 (Saturday night, 21 Nov) at 19:30 after 3 h"))
        let sessions = try String(contentsOf: data.appendingPathComponent("sessions/sessions.csv"), encoding: .utf8)
        #expect(sessions.contains("\nbirthday-1121,2026-11-21T16:30:00Z,2026-11-21T19:30:00Z,false,,,\n"))
        let check = try BrewGuideProcess.run(["check", "--data", data.path])
        #expect(check.status == 0)
        #expect(check.stderr.contains("0 errors, 0 warnings"), "\(check.stderr)")
    }

    @Test func aNewSessionFromStartToEnd() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        // One session at a time: the bundled birthday is still active, its last entry 1 h 30 min ago.
        let refused = try run(["start"], data: data, now: "2026-11-21T20:00:00Z")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("error: session \"birthday-1121\" is still active"))
        _ = try run(["end", "--at", "2026-11-21T19:00:00Z"], data: data, now: "2026-11-28T20:00:00Z")

        let start = try run(["start", "--name", "Sam's birthday"], data: data, now: "2026-11-28T20:00:00Z")
        #expect(start.status == 0, "\(start.stderr)")
        #expect(start.stdout.hasPrefix("started sams-birthday-2026-11-28-2000 (Sam's birthday) at 20:00"))
        // A double (88 ml at 40 %: 1.98 standard drinks) is +2: the mark of 2 at once, and 1 drink since water.
        let double = try run(["drink", "--type", "liquor", "--size", "88", "--abv", "40"], data: data, now: "2026-11-28T20:30:00Z")
        #expect(double.stdout.contains("+2 → 2 above centre: drink water to return to centre\npacing warning: the waterline reached the water-break mark of 2\ntime for water: 1 drink since the last water break\n"), "\(double.stdout)")
        // The first drink of the night with N = 1 is a nudge, not a warning for drinking past the rule.
        #expect(!double.stdout.contains("past the rule"))
        let water = try run(["water"], data: data, now: "2026-11-28T20:40:00Z")
        #expect(water.stdout.contains("-1 → 1 above centre\nback below the water-break mark of 2\n"))
        // An unknown preset is refused with the ids there are; nothing is written.
        let file = data.appendingPathComponent("sessions/sams-birthday-2026-11-28-2000.json")
        let written = try String(contentsOf: file, encoding: .utf8)
        let unknown = try run(["drink", "--preset", "glas-red"], data: data, now: "2026-11-28T20:50:00Z")
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("(did you mean \"glass-red\"?); presets: 12oz-beer, 5oz-wine, double-whisky, gin-tonic, glass-red, lager-can, pint-ipa, vodka-soda"))
        // A drink before the start is what check would refuse: not written either.
        let early = try run(["drink", "--at", "2026-11-28T19:00:00Z"], data: data, now: "2026-11-28T20:50:00Z")
        #expect(early.status == 1)
        #expect(early.stderr.contains("is before the session's startTime 2026-11-28T20:00:00Z"))
        #expect(try String(contentsOf: file, encoding: .utf8) == written)

        let end = try run(["end"], data: data, now: "2026-11-28T23:00:00Z")
        #expect(end.status == 0, "\(end.stderr)")
        let summary = try BrewGuideProcess.run(["summary", "sams-birthday-2026-11-28-2000", "--data", data.path, "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(summary.stdout.utf8)) as? [String: Any])
        #expect(object["durationMinutes"] as? Int == 180)
        #expect(object["finalWaterline"] as? Int == 1)
        #expect((object["pacingWarnings"] as? [[String: Any]])?.first?["returnedBelowAt"] as? String == "2026-11-28T20:40:00Z")
    }

    /// Issue 51: a night with no entry for 12 hours is over. A start, a drink or water a week
    /// later ends it at its last entry (saying so) first, and a drink or water starts its own night.
    @Test func aNightForgottenOpenEndsAtItsLastEntry() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        let sessions = data.appendingPathComponent("sessions/sessions.csv")
        // Its last entry, b3, was at 18:30: at 06:29 the next morning it is still open (under 12 h).
        let early = try run(["start"], data: data, now: "2026-11-22T06:29:00Z")
        #expect(early.status == 1)
        #expect(early.stderr.contains("is still active"))
        let beer = try run(["drink", "--type", "beer", "--size", "473", "--abv", "5"], data: data, now: "2026-12-01T21:00:00Z")
        #expect(beer.status == 0, "\(beer.stderr)")
        #expect(beer.stdout.hasPrefix("ended birthday-1121 (Saturday night, 21 Nov) at Sat 21 Nov 2026, 18:30, its last entry: it had no entry for 12 h or more, so it was over\nstarted night-out-2026-12-01-2100 (Tuesday night, 1 Dec) at 21:00 for this entry\n"), "\(beer.stdout)")
        #expect(try String(contentsOf: sessions, encoding: .utf8).contains("\nbirthday-1121,2026-11-21T16:30:00Z,2026-11-21T18:30:00Z,false,,,\n"))
        let night = try String(contentsOf: data.appendingPathComponent("sessions/night-out-2026-12-01-2100.json"), encoding: .utf8)
        #expect(night.contains("\"isActive\": true"))
        #expect(night.contains("\"type\": \"alcohol\""))
        // The birthday kept its three entries: tonight's beer is not one of them.
        #expect(!(try String(contentsOf: data.appendingPathComponent("sessions/entries.csv"), encoding: .utf8)).contains("2026-12-01"))
        // A start twelve hours after tonight's beer ends tonight's night too, then starts.
        let start = try run(["start", "--name", "Quiz"], data: data, now: "2026-12-02T09:30:00Z")
        #expect(start.status == 0, "\(start.stderr)")
        // Its one entry is at its start: it ends a minute later (an end is after the start).
        #expect(start.stdout.hasPrefix("ended night-out-2026-12-01-2100 (Tuesday night, 1 Dec) at Tue 1 Dec 2026, 21:01, a minute after its last entry, at its start: it had no entry for 12 h or more, so it was over\nstarted quiz-2026-12-02-0930 (Quiz) at 09:30"), "\(start.stdout)")
        let check = try BrewGuideProcess.run(["check", "--data", data.path], environment: ["BREWGUIDE_NOW": "2026-12-02T09:35:00Z"])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    }

    /// Issue 51: the demo a newcomer gets has no night left open, so that their first `session start` works.
    @Test func theDemoHasNoNightLeftOpen() throws {
        let demo = try BrewGuideProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: demo) }
        let data = demo.appendingPathComponent("Data")
        try FileManager.default.copyItem(at: TestPaths.demo, to: data)
        let check = try BrewGuideProcess.run(["check", "--data", data.path, "--format", "json"], environment: ["BREWGUIDE_NOW": "2027-01-01T12:00:00Z"])
        #expect(!check.stdout.contains("is still active"), "\(check.stdout)")
        let start = try run(["start"], data: data, now: "2026-11-28T20:00:00Z")
        #expect(start.status == 0, "\(start.stderr)")
        #expect(!start.stdout.contains("ended "), "\(start.stdout)")
    }

    @Test func nothingIsActive() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        _ = try run(["end"], data: data, now: "2026-11-21T20:00:00Z")
        let water = try run(["water"], data: data, now: "2026-11-21T20:10:00Z")
        #expect(water.status == 1)
        #expect(water.stderr == "error: no session is active; start one with brewguide session start\n")
    }

    /// Issue 26: `session --at` takes what `log --at` takes; a refused one starts nothing; an entry
    /// logged late is not "edited"; a new journal has 001's quick drinks.
    @Test func aNewJournalLogsANightAfterwardsWithLogsForms() throws {
        let folder = try BrewGuideProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = folder.appendingPathComponent("journal")
        #expect(try BrewGuideProcess.run(["init", data.path]).status == 0)
        // The journal's zone is Europe/Berlin (UTC+1 in November).
        let preferences = data.appendingPathComponent("preferences.json")
        try #"{ "lastSelectedRecipeId": "v60-starter", "timeZone": "Europe/Berlin" }"#.write(to: preferences, atomically: true, encoding: .utf8)
        let now = "2026-11-23T23:30:00Z"
        // Refused forms never start a session "now": no session file is written.
        for refused in ["2026-11-31T19:00", "2026-11-24T01:00", "yesterday"] {
            let result = try run(["start", "--at", refused], data: data, now: now)
            #expect(result.status != 0, "\(refused): \(result.stdout)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: data.appendingPathComponent("sessions").path) == ["presets.json"])
        }
        // 19:00 on the journal's clock is 18:00 UTC, as `log --at 2026-11-23T19:00` reads it.
        let start = try run(["start", "--at", "2026-11-23T19:00"], data: data, now: now)
        #expect(start.status == 0, "\(start.stderr)")
        #expect(start.stdout.hasPrefix("started night-out-2026-11-23-1900 (Monday night, 23 Nov) at 19:00"))
        let wine = try run(["drink", "--preset", "5oz-wine", "--at", "2026-11-23T19:30:00+01:00"], data: data, now: now)
        #expect(wine.stdout.hasPrefix("Drink: 5oz wine, 148 ml, 12 % (1 standard drink) at 19:30"), "\(wine.stdout)\(wine.stderr)")
        #expect(wine.stdout.contains("+1 → 1 above centre\n"))
        #expect(try run(["water", "--at", "2026-11-23T19:45:00", "--amount", "250"], data: data, now: now).status == 0)
        #expect(try run(["end", "--at", "21:00"], data: data, now: now).status == 0)
        let file = data.appendingPathComponent("sessions/night-out-2026-11-23-1900.json")
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains(#""startTime": "2026-11-23T18:00:00Z""#))
        #expect(text.contains(#"{ "id": "entry-1", "timestamp": "2026-11-23T18:30:00Z", "type": "alcohol", "alcoholMeta": { "presetId": "5oz-wine" } }"#), "\(text)")
        #expect(text.contains(#""endTime": "2026-11-23T20:00:00Z""#))
        // Logged late, not edited: the page's timeline has no "edited".
        let site = folder.appendingPathComponent("Site")
        let build = try BrewGuideProcess.run(["build", "--data", data.path, "--output", site.path, "--quiet"], environment: ["BREWGUIDE_NOW": now])
        #expect(build.status == 0, "\(build.stderr)")
        let page = try String(contentsOf: site.appendingPathComponent("sessions/night-out-2026-11-23-1900.md"), encoding: .utf8)
        #expect(page.contains("- 19:30 · Drink: 5oz wine, 148 ml, 12 % (1 standard drink) · \\+1 → 1 above centre · *Time for water after 1 drink"))
        #expect(!page.contains("edited Mon"))
        // An edit is marked.
        #expect(try run(["edit", "entry-2", "--amount", "330"], data: data, now: now).status == 0)
        #expect(try String(contentsOf: file, encoding: .utf8).contains(#""updatedAt": "2026-11-23T23:30:00Z" }"#))
    }
}
