import Foundation
import Testing
import TestSupport

/// What the served endpoints' fuzz (`ServeEndpointFuzzTests`) found in the commands the endpoints
/// run, each held here on its own, at the command line and (for the crash) through `serve --edit`:
/// `kitchen cooked --servings -1e308` stopped the process (and the server with it); a cook log
/// `check` refuses (servings 1e22, a note over 280 characters) was written; `log --brew-time` with
/// a huge number of minutes stopped the process; a value quoted in a message printed its line
/// breaks and escapes as they were.
@Suite("what the served endpoints' fuzz found, each on its own", .serialized)
struct ServeFuzzFindingsTests {
    typealias Cooked = KitchenCookedCommandTests

    @Test(arguments: [["--servings", "-1e308"], ["--servings", "1e22"], ["--note", String(repeating: "n", count: 300)], ["--note", "a\u{1B}[31mred"]])
    func aCookCheckWouldRefuseIsRefusedWithItsWordsAndNothingIsWritten(options: [String]) throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        let before = ServeEditCommandTests.tree(data)
        let result = try Cooked.cooked(["shakshuka"] + options, data: data)
        #expect(result.status == 1, "refused with status 1, not stopped by a signal: \(result.status) \(result.stderr)")
        #expect(result.stderr.contains("error: --" + options[0].dropFirst(2)), "\(result.stderr)")
        #expect(result.stderr.contains("nothing was written"), "\(result.stderr)")
        #expect(ServeEditCommandTests.tree(data) == before)
    }

    @Test func aCookWithinEveryBoundIsStillRecordedAndChecksClean() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        let result = try Cooked.cooked(["shakshuka", "--servings", "1000000", "--note", "line one\nline two\t" + String(repeating: "n", count: 200)], data: data)
        #expect(result.status == 0, "\(result.stderr)")
        let check = try BrewGuideProcess.run(["check", "--data", data.path])
        #expect(check.status == 0 && !check.stdout.contains("error:"), "\(check.stdout)")
    }

    @Test func aBrewTimeOfTooManyMinutesIsRefusedNotACrash() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        let before = ServeEditCommandTests.tree(data)
        let result = try BrewGuideProcess.run(["log", "v60-starter", "--rating", "4", "--brew-time", "9223372036854775807:00", "--data", data.path])
        #expect(result.status == 1, "refused with status 1, not stopped by a signal: \(result.status) \(result.stderr)")
        #expect(result.stderr.contains("error:"), "\(result.stderr)")
        #expect(ServeEditCommandTests.tree(data) == before)
    }

    @Test func aValueQuotedInAMessageShowsItsControlCharactersEscaped() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        let result = try BrewGuideProcess.run(["session", "drink", "--type", "beer\n\u{1B}[2J", "--data", data.path])
        #expect(result.status != 0)
        #expect(result.stderr.contains(#"found "beer\n\u{1b}[2J""#), "\(result.stderr)")
        #expect(!result.stderr.contains("\u{1B}"))
    }

    @Test func servingsOfMinus1e308ThroughServeAreRefused422AndTheServerGoesOn() throws {
        guard let (server, data, base, key) = try ServePhoneWritesTests.start() else { return }
        defer { server.stop(); try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        let headers = ["Content-Type: application/x-www-form-urlencoded", "X-Brewguide-Key: \(key)"]
        let (status, body) = try ServeEditCommandTests.post("recipe=shakshuka&servings=-1e308", to: base + "_api/kitchen/cooked", headers: headers)
        #expect(status == 422, "\(body)")
        #expect(body.contains("--servings: expected a number above 0"), "\(body)")
        let (after, answer) = try ServePhoneWritesTests.get(base + "_api/status", headers: ["X-Brewguide-Key: \(key)"])
        #expect(after == 200 && answer.contains("\"writes\":true"), "the server still answers: \(after) \(answer)")
    }
}
