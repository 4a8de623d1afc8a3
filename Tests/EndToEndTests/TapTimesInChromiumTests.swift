import Foundation
import Testing
import TestSupport

/// Issue 46: a tap kept on the phone keeps its time. In Debian's headless Chromium, on the real
/// clock: a night is started, the server stopped, "+ water" tapped, and the server started again
/// over a minute later; the water is stored at the tap, not at its arrival.
@Suite("Taps kept on the phone keep their time, in headless Chromium", .serialized,
       .enabled(if: HeadlessChromium.executable != nil, "Chromium is not installed (apt-get install chromium): the night is tapped in a browser"))
struct TapTimesInChromiumTests {
    /// The water entries' timestamps of `session` in the JSON file `session start` named.
    static func waterTimes(_ file: String, session: String) throws -> [String] {
        guard let bytes = FileManager.default.contents(atPath: file), let json = try? JSONSerialization.jsonObject(with: bytes) else { return [] }
        let sessions = (json as? [[String: Any]]) ?? [(json as? [String: Any]) ?? [:]]
        let entries = sessions.first { $0["id"] as? String == session }?["entries"] as? [[String: Any]] ?? []
        return entries.filter { $0["type"] as? String == "water" }.compactMap { $0["timestamp"] as? String }
    }

    @Test func aWaterTappedWhileTheServerWasStoppedIsStoredAtTheTap() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        // On the real clock: the bundled journal's night still on is ended, and one started now.
        let ended = try BrewGuideProcess.run(["session", "end", "--at", "2026-11-21T23:00:00Z", "--data", data.path], environment: ["BREWGUIDE_NOW": ""])
        #expect(ended.status == 0, "\(ended.stdout)\(ended.stderr)")
        let started = try BrewGuideProcess.run(["session", "start", "--name", "Tap times", "--data", data.path], environment: ["BREWGUIDE_NOW": ""])
        #expect(started.status == 0, "\(started.stdout)\(started.stderr)")
        let match = try #require(started.stdout.firstMatch(of: /started (\S+) \(.* in (\S+\.json)/), "\(started.stdout)")
        let session = String(match.1), file = String(match.2)
        let served = try ServedWritesInChromiumTests.Served(data: data, now: "")
        let browser = try ServedWritesInChromiumTests.browser(for: served)
        try ServedWritesInChromiumTests.open("sessions/\(session).html", in: browser, served: served)
        #expect(browser.wait(until: "document.getElementById('night-water') !== null", seconds: 30), ServedWritesInChromiumTests.said(browser, "main"))

        let before = try Self.waterTimes(file, session: session).count
        served.stop()
        _ = try browser.evaluate("document.getElementById('night-water').click(); true")
        let tapped = Date()
        #expect(browser.wait(until: "document.getElementById('night-said').textContent.includes('kept on this phone')", seconds: 15),
                ServedWritesInChromiumTests.said(browser, "#night-said"))
        Thread.sleep(forTimeInterval: 65)
        try served.restart()
        let sent = Date()
        _ = try? browser.evaluate("window.dispatchEvent(new Event('online')); true")
        let deadline = Date().addingTimeInterval(40)
        var water = try Self.waterTimes(file, session: session)
        while water.count == before, Date() < deadline {
            water = try Self.waterTimes(file, session: session)
            if water.count == before { Thread.sleep(forTimeInterval: 0.3) }
        }
        #expect(water.count == before + 1, "the kept water reached the night once: \(water) \(served.process.output.suffix(1500))")
        let stored = try #require(water.last.flatMap { ISO8601DateFormatter().date(from: $0) })
        #expect(abs(stored.timeIntervalSince(tapped)) <= 3, "stored at \(stored), tapped at \(tapped), sent after \(sent)")
        #expect(sent.timeIntervalSince(stored) >= 60, "not at its arrival")
    }
}
