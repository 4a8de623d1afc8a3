import Foundation
import Testing
import TestSupport

/// Numbers at the edge of a Double and times at the edge of the calendar are said for what they
/// are (issue 45): 1e308 is not "inf", a dose out of bounds is not blamed on a yield nobody gave,
/// a year of three digits is not "not ISO 8601" at a file that does not exist; a night out across
/// the autumn clock change shows which 01:50 each row is, and a spring time that does not exist is
/// said to be moved.
@Suite struct NumbersAndTimesWordsTests {
    static func log(_ arguments: [String], data: URL) throws -> BrewGuideProcess.Result {
        try BrewGuideProcess.run(["log", "v60-starter", "--rating", "4"] + arguments + ["--data", data.path])
    }

    @Test func aHugeDoseIsSaidAsGivenAndBlamesOnlyItsOption() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        let dose = try Self.log(["--dose", "1e308"], data: data)
        #expect(dose.status == 1)
        #expect(dose.stderr.contains("--dose: error: doseGrams must be at most 1000 g, found 1e+308"), "\(dose.stderr)")
        #expect(!dose.stderr.contains("inf") && !dose.stderr.contains("--yield"), "\(dose.stderr)")
        let yield = try Self.log(["--yield", "1e400"], data: data)
        #expect(yield.status == 1)
        #expect(yield.stderr.contains("--yield: expected a number up to 20000 g, found one too large for any number to hold"), "\(yield.stderr)")
        #expect(!yield.stderr.contains("--dose") && !yield.stderr.contains("null"), "\(yield.stderr)")
    }

    /// A drink of 1e308 ml is refused at its bound, with its number, where the session file was
    /// written with `inf` and the refusal called it a JSON syntax error.
    @Test func aHugeDrinkSizeIsSaidAtItsBoundNotAsASyntaxError() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        #expect(try BrewGuideProcess.run(["session", "end", "--data", data.path]).status == 0)
        #expect(try BrewGuideProcess.run(["session", "start", "--name", "Big", "--data", data.path]).status == 0)
        let drink = try BrewGuideProcess.run(["session", "drink", "--type", "beer", "--size", "1e308", "--data", data.path])
        #expect(drink.status == 1)
        #expect(drink.stderr.contains("found 1e+308"), "\(drink.stderr)")
        #expect(!drink.stderr.contains("expected a value") && !drink.stderr.contains("inf"), "\(drink.stderr)")
    }

    @Test func aYearOfThreeDigitsIsSaidAtTheOptionNotAtAFileThatDoesNotExist() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        let result = try Self.log(["--at", "0999-06-01T10:00"], data: data)
        #expect(result.status == 1)
        #expect(result.stderr.contains("--at: 0999-06-01T10:00 is in the year 999; a brew's time must be in the years 1000 to 9999"), "\(result.stderr)")
        #expect(!result.stderr.contains("999-06.json") && !result.stderr.contains("ISO 8601"), "\(result.stderr)")
    }

    /// Sets the journal's zone to Europe/London (clocks back at 01:00 UTC on 25 Oct 2026, forward at
    /// 01:00 UTC on 29 Mar 2026).
    static func inLondon(_ data: URL) throws {
        let preferences = data.appendingPathComponent("preferences.json")
        let text = try String(contentsOf: preferences, encoding: .utf8)
        try text.replacingOccurrences(of: "\"lastSelectedRecipeId\"", with: "\"timeZone\": \"Europe/London\",\n  \"lastSelectedRecipeId\"").write(to: preferences, atomically: true, encoding: .utf8)
    }

    @Test func aSpringTimeThatDoesNotExistIsSaidToBeMoved() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        try Self.inLondon(data)
        let result = try Self.log(["--at", "2026-03-29T01:30"], data: data)
        #expect(result.status == 0, "\(result.stderr)")
        let said = result.stdout + result.stderr
        #expect(said.contains("note: 2026-03-29T01:30 does not exist in Europe/London (the clocks went forward that night), so it is recorded at 2026-03-29 02:30 (+01:00)"), "\(said)")
        let plain = try Self.log(["--at", "2026-03-29T03:30"], data: data)
        #expect(!(plain.stdout + plain.stderr).contains("does not exist"), "\(plain.stdout)")
        // A night out's entry and a cook at such a time say the same.
        #expect(try BrewGuideProcess.run(["session", "end", "--data", data.path]).status == 0)
        let session = try BrewGuideProcess.run(["session", "start", "--name", "Spring", "--at", "2026-03-29T01:30", "--data", data.path])
        #expect(session.status == 0, "\(session.stderr)")
        #expect(session.stderr.contains("note: 2026-03-29T01:30 does not exist in Europe/London"), "\(session.stderr)")
        let cook = try BrewGuideProcess.run(["kitchen", "cooked", "shakshuka", "--at", "2026-03-29T01:45", "--data", data.path])
        #expect(cook.status == 0, "\(cook.stderr)")
        #expect(cook.stderr.contains("note: 2026-03-29T01:45 does not exist in Europe/London"), "\(cook.stderr)")
    }

    @Test func aNightAcrossTheAutumnChangeShowsEachTimesOffset() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        let root = data.deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: root) }
        try Self.inLondon(data)
        let night = """
            {
              "id": "clocks-back-1024",
              "startTime": "2026-10-24T23:30:00Z",
              "endTime": "2026-10-25T02:30:00Z",
              "isActive": false,
              "entries": [
                { "id": "e1", "timestamp": "2026-10-25T00:50:00Z", "type": "alcohol", "alcoholMeta": { "drinkType": "wine", "presetId": "glass-red" }, "source": "phone" },
                { "id": "e2", "timestamp": "2026-10-25T01:15:00Z", "type": "water", "waterMeta": { "amountMl": 250 }, "source": "phone" },
                { "id": "e3", "timestamp": "2026-10-25T01:50:00Z", "type": "water", "waterMeta": { "amountMl": 250 }, "source": "phone" }
              ]
            }
            """
        try night.write(to: data.appendingPathComponent("sessions/2026-10-clocks-back.json"), atomically: true, encoding: .utf8)
        let site = root.appendingPathComponent("Site")
        let build = try BrewGuideProcess.run(["build", "--data", data.path, "--output", site.path, "--quiet"])
        #expect(build.status == 0, "\(build.stderr)")
        let pages = try FileManager.default.subpathsOfDirectory(atPath: site.path).filter { $0.contains("clocks-back-1024") && $0.hasSuffix(".md") }
        let page = try String(contentsOf: site.appendingPathComponent(try #require(pages.first, "no page of the night")), encoding: .utf8)
        for time in ["01:50 +01:00", "01:15 +00:00", "01:50 +00:00"] {
            #expect(page.contains(time), "\(time) in \(page)")
        }
        // A night that stays on one side of a change shows its times alone.
        let quiet = try #require(try FileManager.default.subpathsOfDirectory(atPath: site.path).first { $0.contains("quiet-dinner-0912") && $0.hasSuffix(".md") })
        #expect(!(try String(contentsOf: site.appendingPathComponent(quiet), encoding: .utf8)).contains("+01:00"))
    }
}
