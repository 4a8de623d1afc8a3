import Foundation
import Testing
import TestSupport

@Suite("brewguide check, end to end")
struct CheckCommandTests {
    @Test func bundledDataChecksClean() throws {
        let result = try BrewGuideProcess.run(["check", "--data", "Data"])
        #expect(result.status == 0)
        // The bundled kitchen's "a good glug" of olive oil is a measure with no number, read and never scaled: no finding.
        #expect(result.stdout == "")
        #expect(result.stderr.contains("0 errors, 0 warnings"))
    }

    @Test func aSessionLeftActiveIsAWarningOnTheRunsClock() throws {
        // birthday-1121 started 2026-11-21 16:30; 14 h 10 min later is past the default 12 h.
        let result = try BrewGuideProcess.run(["check", "--data", "Data"], environment: ["BREWGUIDE_NOW": "2026-11-22T06:40:00Z"])
        #expect(result.status == 0)
        #expect(result.stdout == "Data/sessions/sessions.csv:4:37: warning: session \"birthday-1121\" is still active after 14 h; end it with an endTime (or brewguide session end)\n")
        #expect(result.stderr.contains("0 errors, 1 warning"))
    }

    @Test func aRatingOfNineFailsWithItsFileAndLine() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        let file = data.appendingPathComponent("logs/2026-10.csv")
        var lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
        var cells = lines[3].components(separatedBy: ",")
        cells[9] = "9"
        lines[3] = cells.joined(separator: ",")
        try lines.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)

        let result = try BrewGuideProcess.run(["check", "--data", data.path])
        #expect(result.status == 1)
        let expectedPrefix = "\(data.path)/logs/2026-10.csv:4:"
        #expect(result.stdout.contains(expectedPrefix))
        #expect(result.stdout.hasSuffix(": error: rating must be 1–5, found 9\n"))
    }

    @Test func jsonFormatCarriesEveryField() throws {
        let result = try BrewGuideProcess.run(["check", "--data", "Tests/BrewDataTests/Fixtures/invalid", "--format", "json"], in: TestPaths.packageRoot)
        #expect(result.status == 1)
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        // Issue 51: the broken recipe is kept, invalid, so its empty steps are said too.
        #expect(entries.count == 12)
        let rating = try #require(entries.first)
        #expect(rating["file"] as? String == "Tests/BrewDataTests/Fixtures/invalid/logs/logs.csv")
        #expect(rating["line"] as? Int == 3)
        #expect(rating["column"] as? Int == 78)
        #expect(rating["field"] as? String == "rating")
        #expect(rating["severity"] as? String == "error")
        #expect(rating["message"] as? String == "rating must be 1–5, found 9")
    }

    @Test func usageErrorsAreArgumentParsers() throws {
        let result = try BrewGuideProcess.run(["check", "--format", "yaml"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("yaml"))
    }
}
