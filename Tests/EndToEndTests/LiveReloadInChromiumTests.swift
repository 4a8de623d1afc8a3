import Foundation
import Testing
import TestSupport

/// What `serve`'s live reload does in a page, in Debian's headless Chromium: a save that breaks
/// the data shows the rebuild's errors over the page (each error's place and message as text, a
/// name with markup in it shown as typed, never as markup), Escape dismisses them, and the save
/// that mends the data takes them away and shows the rebuilt page. The script is the templates'
/// `assets/served/live-reload.js`: a templates folder's file of that name is the one that runs.
@Suite("serve's live reload in headless Chromium", .serialized,
       .enabled(if: HeadlessChromium.executable != nil, "Chromium is not installed (apt-get install chromium): the served pages are opened in a browser"))
struct LiveReloadInChromiumTests {
    /// The overlay's text, "" when there is none.
    static let overlayText = "(() => { const host = document.querySelector('[data-brewguide-overlay]'); return host ? host.shadowRoot.textContent : ''; })()"

    @Test func aBrokenSaveShowsItsErrorsAsTextOverThePageAndTheMendingSaveShowsTheRebuiltPage() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        let root = data.deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: root) }
        // The templates folder's live-reload script: the built-in one with a mark of its own.
        let templates = root.appendingPathComponent("templates")
        let served = templates.appendingPathComponent("assets/served")
        try FileManager.default.createDirectory(at: served, withIntermediateDirectories: true)
        let builtIn = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("Templates/assets/served/live-reload.js"), encoding: .utf8)
        try ("window.liveReloadOfTheTemplates = true;\n" + builtIn).write(to: served.appendingPathComponent("live-reload.js"), atomically: true, encoding: .utf8)

        let server = try RunningBrewGuide(running: ["serve", "--data", data.path, "--output", root.appendingPathComponent("Site").path,
                                                    "--templates", templates.path, "--port", "0"])
        defer { server.stop() }
        #expect(server.waitFor("watching", seconds: 120), "serve did not start: \(server.output)")
        let base = try #require(server.first(#"http://127\.0\.0\.1:[0-9]+/"#), "no address in \(server.output)")
        let browser = try HeadlessChromium(width: 390, height: 844)
        try browser.open(URL(string: base + "recipes/v60-starter.html")!)
        #expect(browser.wait(until: "window.liveReloadOfTheTemplates === true", seconds: 10), "the templates folder's live-reload.js runs")
        _ = try browser.evaluate("window.samePage = true; true")

        // A save that breaks a brew: its dose is not a number, and says so with markup in it.
        let logs = data.appendingPathComponent("logs/2026-08.json")
        let good = try String(contentsOf: logs, encoding: .utf8)
        let broken = try #require(good.range(of: "\"doseGrams\": 19.8"))
        try good.replacingCharacters(in: broken, with: "\"doseGrams\": \"<b>twenty</b>\"").write(to: logs, atomically: true, encoding: .utf8)
        #expect(browser.wait(until: "\(Self.overlayText).includes('error')", seconds: 60), "the overlay shows the failed rebuild: \(server.output.suffix(1500))")
        let overlay = try browser.text(Self.overlayText)
        #expect(overlay.contains("The last rebuild failed"), "\(overlay)")
        #expect(overlay.contains("logs/2026-08.json:8:18"), "the error's file is named: \(overlay)")
        #expect(overlay.contains("doseGrams: expected grams of coffee"), "the field is named: \(overlay)")
        #expect(overlay.contains("<b>twenty</b>"), "what was found is shown as typed: \(overlay)")
        #expect(try browser.evaluate("document.querySelector('[data-brewguide-overlay]').shadowRoot.querySelector('b') === null") as? Bool == true,
                "the found text is never markup")
        #expect(try browser.evaluate("window.samePage") as? Bool == true, "a failed rebuild leaves the page as it was")

        // Escape dismisses it.
        try browser.press(.escape)
        #expect(browser.wait(until: "document.querySelector('[data-brewguide-overlay]') === null", seconds: 5), "Escape dismisses the overlay")

        // The mending save: the page, holding nothing of a person's, shows the rebuilt page.
        try good.write(to: logs, atomically: true, encoding: .utf8)
        #expect(browser.wait(until: "document.readyState === 'complete' && window.samePage === undefined", seconds: 60),
                "the good rebuild reloads a page that holds nothing: \(server.output.suffix(1500))")
        #expect(try browser.text(Self.overlayText) == "", "no overlay after a good rebuild")
    }
}
