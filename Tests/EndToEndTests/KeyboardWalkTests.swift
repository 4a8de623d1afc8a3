import Foundation
import Testing
import TestSupport

/// The pages a person taps on the counter, walked with the keyboard in headless Chromium
/// (real key presses over the DevTools protocol): the focus stays where the person is, and what
/// changes is said by a status region. Skipped, with the reason, where Chromium is not installed
/// (Debian: `apt-get install chromium`).
@Suite("Keyboard walk through the interactive pages", .serialized,
       .enabled(if: HeadlessChromium.executable != nil, "Chromium is not installed (apt-get install chromium): the keyboard walk needs a browser"))
struct KeyboardWalkTests {
    static func site() throws -> (folder: URL, site: URL) {
        let data = try BrewGuideProcess.copyOfBundledData()
        let folder = data.deletingLastPathComponent(), site = folder.appendingPathComponent("Site")
        let build = try BrewGuideProcess.run(["build", "--data", data.path, "--output", site.path])
        #expect(build.status == 0, "\(build.stdout)\(build.stderr)")
        return (folder, site)
    }

    /// The first Tab lands on "Skip to content", shown on screen; Enter moves the focus to the main content.
    @Test func everyPageStartsWithASkipLink() throws {
        let (folder, site) = try Self.site()
        defer { try? FileManager.default.removeItem(at: folder) }
        let browser = try HeadlessChromium(width: 390, height: 844)
        for page in ["index.html", "kitchen/shopping.html", "logs/index.html"] {
            try browser.open(site.appendingPathComponent(page))
            try browser.press(.tab)
            #expect(try browser.focused() == "a Skip to content", "\(page)")
            #expect(try browser.evaluate("document.activeElement.getBoundingClientRect().top >= 0") as? Bool == true, "\(page): the skip link is on screen when focused")
            try browser.press(.enter)
            #expect(try browser.text("document.activeElement.id") == "content", "\(page)")
        }
    }

    /// Start, next step, a status line that says each step and the end; "Hold to restart" held
    /// with Space restarts and leaves the focus on "Start brew"; a short press does nothing.
    @Test func brewAlongByKeyboard() throws {
        let (folder, site) = try Self.site()
        defer { try? FileManager.default.removeItem(at: folder) }
        let browser = try HeadlessChromium(width: 390, height: 844)
        try browser.open(site.appendingPathComponent("brew/v60-starter.html"))
        let status = "document.querySelector('#brew-app [role=status]').textContent"
        #expect(try browser.text(status) == "")
        try browser.tab(to: "button Start brew")
        try browser.press(.enter)
        #expect(try browser.focused() == "button Next step")
        let first = try browser.text(status)
        #expect(first.hasPrefix("Step 1/"), "\(first)")
        try browser.press(.space)
        #expect(try browser.focused() == "button Next step")
        let second = try browser.text(status)
        #expect(second.hasPrefix("Step 2/"), "\(second)")
        // The status line is not rewritten four times a second.
        Thread.sleep(forTimeInterval: 0.8)
        #expect(try browser.text(status) == second)
        try browser.tab(to: "button Hold to restart")
        try browser.press(.space)
        #expect(try browser.text("document.querySelector('.brew-step').textContent").hasPrefix("2/"), "a short press does not restart")
        try browser.press(.space, holding: 1.3)
        // Held: it asks first (issue 51), the focus on the answer; Keep brewing keeps it.
        #expect(try browser.text("document.querySelector('.brew-step').textContent").hasPrefix("2/"), "the held press asks before the brew is lost")
        #expect(try browser.focused() == "button Yes, restart")
        try browser.press(.tab)
        #expect(try browser.focused() == "button Keep brewing")
        try browser.press(.enter)
        #expect(try browser.focused() == "button Hold to restart")
        #expect(try browser.text("document.querySelector('.brew-step').textContent").hasPrefix("2/"))
        try browser.press(.space, holding: 1.3)
        #expect(try browser.focused() == "button Yes, restart")
        try browser.press(.enter)
        #expect(try browser.text("document.querySelector('.brew-step').textContent") == "Ready when you are.")
        #expect(try browser.focused() == "button Start brew")
        #expect(try browser.text(status).hasPrefix("Restarted"))
        // Through to the end: Finish hides itself and the focus goes to Copy.
        try browser.press(.enter)
        for _ in 0..<20 where try browser.focused() != "button Finish" { try browser.press(.enter) }
        try browser.press(.enter)
        #expect(try browser.focused() == "button Copy")
        #expect(try browser.text(status).hasPrefix("Done. Brewed in"))
    }

    /// The status line on a clock moved by the test: the step as it starts, 30 s left, "go on when
    /// ready" and a pour falling behind, each said once, not at every tick.
    @Test func brewAlongSaysTheCountdownAndThePaceOnce() throws {
        let (folder, site) = try Self.site()
        defer { try? FileManager.default.removeItem(at: folder) }
        let browser = try HeadlessChromium(width: 390, height: 844)
        try browser.open(site.appendingPathComponent("brew/v60-starter.html"))
        // The page's clock stands still but for the seconds the test moves it on, so a slow
        // machine cannot move the countdown between two looks.
        _ = try browser.evaluate("window.shift = 0; const frozenNow = Date.now(); Date.now = () => frozenNow + window.shift * 1000; true")
        let status = "document.querySelector('#brew-app [role=status]').textContent"
        /// Moves the clock on and returns what the status says once the page has ticked: when
        /// `saying` is given, as soon as it starts with it (at most 10 s); else after 0.6 s.
        func later(_ seconds: Int, saying expected: String? = nil) throws -> String {
            _ = try browser.evaluate("window.shift += \(seconds)")
            if let expected {
                browser.wait(until: "\(status).startsWith(\(HeadlessChromium.quoted(expected)))", seconds: 10)
            } else {
                Thread.sleep(forTimeInterval: 0.6)
            }
            return try browser.text(status)
        }
        try browser.tab(to: "button Start brew")
        for _ in 0..<3 { try browser.press(.enter) }
        #expect(try browser.text(status).hasPrefix("Step 3/"), "the bloom")
        // Step semantics, phase 6: the bloom's wait starts when the pour is confirmed, so the time
        // the water takes to go in eats none of it.
        #expect(try browser.focused() == "button Poured")
        #expect(try browser.text("document.querySelector('.brew-countdown').textContent").hasPrefix("Pour now: "))
        _ = try browser.evaluate("window.shift += 12")
        Thread.sleep(forTimeInterval: 0.6)
        #expect(try browser.text("document.querySelector('.brew-clock').textContent").contains("it starts"), "pouring: the clock has not started")
        try browser.press(.enter)
        #expect(try browser.text(status) == "Poured. 0:45 left", "the whole wait is ahead")
        #expect(try browser.text("document.querySelector('.brew-countdown').textContent") == "0:45 left")
        #expect(try later(20, saying: "30 seconds left") == "30 seconds left")
        #expect(try later(1) == "30 seconds left", "said once")
        #expect(try later(15, saying: "10 seconds left") == "10 seconds left")
        #expect(try later(10, saying: "Time: go on when ready") == "Time: go on when ready")
        try browser.press(.enter)
        let pour = try browser.text(status)
        #expect(pour.hasPrefix("Step 4/6 · Pour to 150 g by 1:30"), "\(pour)")
        // 1:30 is the milestone; 5 s past it the pour is behind, said with the time going on.
        let behind = try later(52, saying: "Time: go on when ready. Behind by 0:")
        #expect(behind.hasPrefix("Time: go on when ready. Behind by 0:"), "\(behind)")
        #expect(try later(3) == behind, "the pace is said when it changes, not as it grows")
    }

    /// Next and previous keep the focus on the same control of the new step; the step label is a
    /// heading; the bar of other steps' timers keeps its links (a focused one stays focused and
    /// Enter follows it) and is not a live region.
    @Test func cookModeByKeyboard() throws {
        let (folder, site) = try Self.site()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cook = site.appendingPathComponent("kitchen/cook")
        let page = try #require(try FileManager.default.contentsOfDirectory(atPath: cook.path).sorted().first { name in
            name.hasSuffix(".html") && ((try? String(contentsOf: cook.appendingPathComponent(name), encoding: .utf8))?.contains("id=\"step-3\"") ?? false)
        })
        let browser = try HeadlessChromium(width: 390, height: 844)
        try browser.open(cook.appendingPathComponent(page))
        #expect(try browser.text("document.querySelector('#step-1 .cook-count').tagName") == "H2")
        // Step 1's timer, started with Space, runs on while step 2 shows.
        try browser.tab(to: "button Start")
        try browser.press(.space)
        try browser.tab(to: "a Done — next step")
        try browser.press(.enter)
        #expect(try browser.wait(until: "location.hash === '#step-2' && document.activeElement !== document.body"))
        #expect(try browser.text("document.activeElement.closest('.cook-step').id") == "step-2")
        #expect(try browser.focused() == "a Done — next step")
        try browser.press(.enter)
        #expect(try browser.wait(until: "location.hash === '#step-3' && document.activeElement !== document.body"))
        #expect(try browser.text("document.activeElement.closest('.cook-step').id") == "step-3")
        try browser.tab(to: "a Previous")
        try browser.press(.enter)
        #expect(try browser.wait(until: "location.hash === '#step-2' && document.activeElement !== document.body"))
        #expect(try browser.text("document.activeElement.closest('.cook-step').id") == "step-2")
        #expect(try browser.focused() == "a Previous")
        // The running timer's link: focused, it stays the same element while its time changes.
        #expect(try browser.evaluate("document.querySelector('.cook-running').hasAttribute('aria-live')") as? Bool == false)
        _ = try browser.evaluate("window.barLink = document.querySelector('.cook-running a:not([hidden])'); window.barLink.focus(); window.barLink.textContent")
        let before = try browser.text("window.barLink.textContent")
        Thread.sleep(forTimeInterval: 1.2)
        #expect(try browser.evaluate("document.activeElement === window.barLink && window.barLink.isConnected") as? Bool == true)
        #expect(try browser.text("window.barLink.textContent") != before, "the time counts on in place")
        try browser.press(.enter)
        #expect(try browser.wait(until: "location.hash === '#step-1' && document.activeElement !== document.body"))
        let steps = try browser.text("String(document.querySelectorAll('.cook-step').length)")
        #expect(try browser.focused() == "h2 Step 1 of \(steps)")
    }

    /// A tick and an untick with Space: "(bought)" comes and goes with the tick, and the page's
    /// "N items, M checked" follows.
    @Test func shoppingListByKeyboard() throws {
        let (folder, site) = try Self.site()
        defer { try? FileManager.default.removeItem(at: folder) }
        let browser = try HeadlessChromium(width: 390, height: 844)
        try browser.open(site.appendingPathComponent("kitchen/shopping.html"))
        let count = "document.querySelector('.shopping-count').textContent"
        let start = try browser.text(count)
        let checked = { (text: String) -> Int in
            let word = text.components(separatedBy: ", ").last?.components(separatedBy: " ").first ?? ""
            return word == "none" ? 0 : Int(word) ?? -1
        }
        #expect(checked(start) >= 0, "\(start)")
        // The first box not ticked yet.
        let index = try #require(try browser.evaluate("Array.prototype.findIndex.call(document.querySelectorAll('.shopping-list input'), b => !b.checked)") as? Int)
        for _ in 0...index { try browser.press(.tab) }
        while try browser.evaluate("document.activeElement.type") as? String != "checkbox" { try browser.press(.tab) }
        _ = try browser.evaluate("document.activeElement === document.querySelectorAll('.shopping-list input')[\(index)] || document.querySelectorAll('.shopping-list input')[\(index)].focus()")
        let label = "document.activeElement.closest('label').textContent"
        try browser.press(.space)
        #expect(try browser.evaluate("document.activeElement.checked") as? Bool == true)
        #expect(try browser.text(label).hasSuffix(" (bought)"))
        let ticked = try browser.text(count)
        #expect(checked(ticked) > checked(start), "\(start) → \(ticked)")
        try browser.press(.space)
        #expect(try browser.evaluate("document.activeElement.checked") as? Bool == false)
        #expect(try !browser.text(label).contains("(bought)"))
        #expect(try browser.text(count) == start)
    }
}
