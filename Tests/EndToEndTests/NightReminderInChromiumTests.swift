import Foundation
import Testing
import TestSupport

/// Issue 46: Waterline's time reminders (10.3) showed only in the summary afterwards. With a
/// 20-minute interval on the active night, its served page says when the next one is due,
/// counts down to it, and raises an alert when it falls due (the page's clock moved by the test).
@Suite("The night's reminder on its served page, in headless Chromium", .serialized,
       .enabled(if: HeadlessChromium.executable != nil, "Chromium is not installed (apt-get install chromium): the night is shown in a browser"))
struct NightReminderInChromiumTests {
    @Test func theNextReminderIsCountedDownAndItsBannerRaisedWhenDue() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        // The active night, birthday-1121, with a reminder every 20 minutes.
        let sessions = data.appendingPathComponent("sessions/sessions.csv")
        let text = try String(contentsOf: sessions, encoding: .utf8)
        try text.replacingOccurrences(of: "birthday-1121,2026-11-21T16:30:00Z,,true,,,", with: "birthday-1121,2026-11-21T16:30:00Z,,true,,,20")
            .write(to: sessions, atomically: true, encoding: .utf8)
        let served = try ServedWritesInChromiumTests.Served(data: data)
        let browser = try ServedWritesInChromiumTests.browser(for: served)

        // What the night's answer says is due next, on the server's clock.
        _ = try browser.evaluate("fetch('/_api/session/night?session=birthday-1121', { credentials: 'same-origin' }).then(r => r.json()).then(j => { window.night = j; }); true")
        #expect(browser.wait(until: "window.night !== undefined", seconds: 10))
        let due = try browser.text("window.night.active.nextReminder")
        #expect(try browser.evaluate("window.night.active.reminderMinutes") as? Int == 20)
        let dueDate = try #require(ISO8601DateFormatter().date(from: due), "nextReminder: \(due)")
        #expect(dueDate > ISO8601DateFormatter().date(from: ServedWritesInChromiumTests.now)!, "the next reminder is ahead of now")

        // The page's clock ten minutes before it, moved on by the test.
        let dueMilliseconds = Int(dueDate.timeIntervalSince1970 * 1000)
        _ = try browser.send("Page.enable")
        _ = try browser.send("Page.addScriptToEvaluateOnNewDocument", ["source": "window.__now = \(dueMilliseconds - 600_000); Date.now = () => window.__now;"])
        try ServedWritesInChromiumTests.open("sessions/birthday-1121.html", in: browser, served: served)
        #expect(browser.wait(until: "document.getElementById('night-reminder') !== null", seconds: 15), ServedWritesInChromiumTests.said(browser, ".night-out-writes"))
        let line = try browser.text("document.getElementById('night-reminder').textContent")
        #expect(line.hasPrefix("Next water reminder at ") && line.hasSuffix(", in 10 minutes."), "\(line)")
        #expect(try browser.evaluate("document.getElementById('night-reminder-due').hidden") as? Bool == true)

        _ = try browser.evaluate("window.__now += 9 * 60000; true")
        #expect(browser.wait(until: "document.getElementById('night-reminder').textContent.endsWith(', in under a minute.')", seconds: 5),
                ServedWritesInChromiumTests.said(browser, "#night-reminder"))
        _ = try browser.evaluate("window.__now += 61000; true")
        #expect(browser.wait(until: "!document.getElementById('night-reminder-due').hidden", seconds: 5), "the banner is raised when the reminder falls due")
        #expect(try browser.text("document.getElementById('night-reminder-due').getAttribute('role')") == "alert")
        #expect(try browser.text("document.getElementById('night-reminder-due').textContent").hasPrefix("Time for a glass of water"))
        #expect(browser.wait(until: "document.getElementById('night-reminder').textContent.endsWith(', in 20 minutes.')", seconds: 5),
                ServedWritesInChromiumTests.said(browser, "#night-reminder"))
    }
}
