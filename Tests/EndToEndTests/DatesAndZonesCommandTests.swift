import Foundation
import Testing
import TestSupport

/// Dates and zones the commands write by: a brew dated ahead of now is refused by `log` in the
/// words `session` uses, and `check` warns about one already in the data; a misspelled `timeZone`
/// stops every command that files or names what it writes by local time, with `check`'s message.
@Suite("dates ahead and unknown zones, end to end")
struct DatesAndZonesCommandTests {
    static let now = ["BREWGUIDE_NOW": "2026-11-21T19:15:00Z"]

    /// The sentence after "error: " (or the argument parser's "Error: ") on the first error line.
    static func errorSentence(_ text: String) -> String? {
        text.split(separator: "\n").compactMap { line in
            line.range(of: "error: ", options: .caseInsensitive).map { String(line[$0.upperBound...]) }
        }.first
    }

    @Test func aBrewDatedAheadIsRefusedInTheSessionsWords() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        let logs = try FileManager.default.contentsOfDirectory(atPath: data.appendingPathComponent("logs").path).sorted()
        let log = try BrewGuideProcess.run(["log", "v60-starter", "--rating", "4", "--at", "2027-06-01T08:00:00Z", "--data", data.path], environment: Self.now)
        #expect(log.status != 0, "\(log.stdout)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: data.appendingPathComponent("logs").path).sorted() == logs, "nothing was written")
        let session = try BrewGuideProcess.run(["session", "water", "--at", "2027-06-01T08:00:00Z", "--data", data.path], environment: Self.now)
        // Exit status 1, as docs/SESSIONS.md says (it was 64, a usage error), for a time it cannot read too.
        #expect(session.status == 1)
        let unreadable = try BrewGuideProcess.run(["session", "water", "--at", "soon", "--data", data.path], environment: Self.now)
        #expect(unreadable.status == 1)
        #expect(unreadable.stderr.contains("--at takes an ISO 8601 date-time"), "\(unreadable.stderr)")
        let logWords = try #require(Self.errorSentence(log.stderr), "\(log.stderr)")
        let sessionWords = try #require(Self.errorSentence(session.stderr), "\(session.stderr)")
        #expect(logWords == sessionWords)
        #expect(logWords.contains("--at 2027-06-01T08:00:00Z is after now (2026-11-21T19:15:00"), "\(logWords)")
        // A clock a minute fast is not refused.
        let nearly = try BrewGuideProcess.run(["log", "v60-starter", "--rating", "4", "--at", "2026-11-21T19:16:00Z", "--data", data.path], environment: Self.now)
        #expect(nearly.status == 0, "\(nearly.stderr)")
    }

    @Test func checkWarnsAboutABrewAlreadyDatedAhead() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        // Written at a later clock, then checked at an earlier one: a year typed wrong.
        let written = try BrewGuideProcess.run(["log", "v60-starter", "--rating", "4", "--at", "2027-06-01T08:00:00Z", "--data", data.path],
                                               environment: ["BREWGUIDE_NOW": "2027-06-01T09:00:00Z"])
        #expect(written.status == 0, "\(written.stderr)")
        let check = try BrewGuideProcess.run(["check", "--data", data.path], environment: Self.now)
        #expect(check.status == 0, "a warning, not an error: \(check.stdout)")
        #expect(check.stdout.contains("warning: timestamp 2027-06-01T08:00:00"), "\(check.stdout)")
        #expect(check.stdout.contains("is after now (2026-11-21T19:15:00"), "\(check.stdout)")
        let clean = try BrewGuideProcess.run(["check", "--data", data.path], environment: ["BREWGUIDE_NOW": "2027-06-02T00:00:00Z"])
        #expect(!clean.stdout.contains("is after now"), "\(clean.stdout)")
    }

    @Test func anUnknownZoneStopsLogWithChecksMessage() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        let preferences = data.appendingPathComponent("preferences.json")
        var text = try String(contentsOf: preferences, encoding: .utf8)
        let open = try #require(text.firstIndex(of: "{"))
        text.insert(contentsOf: "\n  \"timeZone\": \"Europe/Berlinn\",", at: text.index(after: open))
        try text.write(to: preferences, atomically: true, encoding: .utf8)

        let check = try BrewGuideProcess.run(["check", "--data", data.path], environment: Self.now)
        let checkLine = try #require(check.stdout.split(separator: "\n").first { $0.contains("timeZone \"Europe/Berlinn\"") }, "\(check.stdout)")
        #expect(checkLine.contains("did you mean \"Europe/Berlin\"?"))

        let logs = try FileManager.default.contentsOfDirectory(atPath: data.appendingPathComponent("logs").path).sorted()
        let log = try BrewGuideProcess.run(["log", "v60-starter", "--rating", "4", "--data", data.path], environment: Self.now)
        #expect(log.status != 0, "\(log.stdout)")
        #expect(log.stderr.contains(String(checkLine)), "\(log.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: data.appendingPathComponent("logs").path).sorted() == logs, "nothing was written")
        #expect(try String(contentsOf: data.appendingPathComponent("logs/2026-11.csv"), encoding: .utf8)
                == String(contentsOf: TestPaths.journal.appendingPathComponent("logs/2026-11.csv"), encoding: .utf8))

        // The other commands that name or file what they write by local time stop the same way.
        let imported = try BrewGuideProcess.run(["import-brews", "beanconqueror", "Tests/BrewDataTests/Fixtures/beanconqueror/beanconqueror.json", "--data", data.path],
                                                in: TestPaths.packageRoot, environment: Self.now)
        #expect(imported.status != 0, "\(imported.stdout)")
        #expect(imported.stderr.contains(String(checkLine)), "\(imported.stderr)")
        let session = try BrewGuideProcess.run(["session", "water", "--data", data.path], environment: Self.now)
        #expect(session.status != 0)
        #expect(session.stderr.contains(String(checkLine)), "\(session.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: data.appendingPathComponent("logs").path).sorted() == logs, "nothing was written")
    }
}
