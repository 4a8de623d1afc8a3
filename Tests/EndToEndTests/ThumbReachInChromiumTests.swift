import Foundation
import Testing
import TestSupport

/// Issue 46: the things needed at the counter or the bar are where a wet thumb finds them. On a
/// phone (390×844 CSS px) in Debian's headless Chromium, on a served journal: the home page's
/// "Start a night out" and "Tonight" taps, the recipe page's Cook mode button, the brew-along's
/// and cook mode's next action are in the first screen without scrolling; the header's and
/// footer's links and those actions are at least 44 px high (WCAG 2.2 target size, the counter's
/// 44 rather than the minimum 24); and the next action keeps its place, within a pixel, from one
/// state of the brew or the cook to the next, cook mode's on a desktop too. The header is one row
/// of links at a phone's width (it was about 200 px, its links on two rows), and the active
/// night's page has its taps, its waterline and its next reminder first.
@Suite("The next action is in a phone's first screen and keeps its place", .serialized,
       .enabled(if: HeadlessChromium.executable != nil, "Chromium is not installed (apt-get install chromium): the pages are measured in a browser"))
struct ThumbReachInChromiumTests {
    typealias Served = ServedWritesInChromiumTests.Served
    static let width = 390, height = 844

    /// A phone: the key address opened, the viewport the phone's.
    static func phone(for served: Served) throws -> HeadlessChromium {
        let browser = try ServedWritesInChromiumTests.browser(for: served)
        try browser.send("Emulation.setDeviceMetricsOverride", ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": true])
        return browser
    }

    /// The box of the first element `selector` finds, as the viewport has it (the page scrolled to its top).
    struct Box: CustomStringConvertible {
        var top: Double, bottom: Double, width: Double, height: Double
        var description: String { "top \(Int(top.rounded())) px, bottom \(Int(bottom.rounded())) px, \(Int(width.rounded()))×\(Int(height.rounded())) px" }
    }
    static func box(_ selector: String, in browser: HeadlessChromium) throws -> Box? {
        let found = try browser.evaluate("""
            (() => { const e = document.querySelector(\(HeadlessChromium.quoted(selector))); if (!e || !e.getClientRects().length) return null;
                     const r = e.getBoundingClientRect(); return [r.top, r.bottom, r.width, r.height]; })()
            """) as? [Any]
        guard let numbers = found?.compactMap({ ($0 as? NSNumber)?.doubleValue }), numbers.count == 4 else { return nil }
        return Box(top: numbers[0], bottom: numbers[1], width: numbers[2], height: numbers[3])
    }
    static func scrollToTop(_ browser: HeadlessChromium) throws { _ = try browser.evaluate("window.scrollTo(0, 0); true") }

    /// With `THUMB_SCREENSHOTS` set to a folder, the phone's first screen as a PNG there, to look at.
    static func screenshot(_ name: String, of browser: HeadlessChromium) throws {
        guard let folder = ProcessInfo.processInfo.environment["THUMB_SCREENSHOTS"] else { return }
        let shot = try browser.send("Page.captureScreenshot", ["format": "png"])
        guard let base64 = shot["data"] as? String, let png = Data(base64Encoded: base64) else { return }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try png.write(to: URL(fileURLWithPath: folder).appendingPathComponent(name + ".png"))
    }

    /// Every shown control `selector` finds that is less than 44 px high or wide, by its text and size.
    static func smallTargets(_ selector: String, in browser: HeadlessChromium) throws -> [String] {
        try browser.evaluate("""
            Array.from(document.querySelectorAll(\(HeadlessChromium.quoted(selector)))).filter(e => e.getClientRects().length)
              .map(e => [e, e.getBoundingClientRect()]).filter(([e, r]) => r.height < 43.5 || r.width < 43.5)
              .map(([e, r]) => (e.textContent || e.getAttribute('aria-label') || e.tagName).trim().slice(0, 30) + ' ' + Math.round(r.width) + '×' + Math.round(r.height))
            """) as? [String] ?? ["(not measured)"]
    }

    /// The header's and footer's links, the search box and the page's own actions, on every page measured.
    static let targets = "header a:not(.skip-link), header input, footer a, .night-out-writes button, .brew-controls button, .cook-nav a, .cook-timer button, .kitchen-start a"

    @Test func theHomePagesNightOutIsInTheFirstScreen() throws {
        let served = try Served(data: try BrewGuideProcess.copyOfBundledData())
        let phone = try Self.phone(for: served)
        // The bundled journal has a night on: the home page's "Tonight" and its "+ water" are in the first screen.
        try ServedWritesInChromiumTests.open("index.html", in: phone, served: served)
        #expect(phone.wait(until: "document.getElementById('night-water') !== null", seconds: 10), "the home page shows tonight's night")
        try Self.scrollToTop(phone)
        let tonight = try #require(try Self.box("#night-out-title", in: phone))
        let water = try #require(try Self.box("#night-water", in: phone))
        print("home page, Tonight: \(tonight); + water: \(water)")
        try Self.screenshot("home-tonight", of: phone)
        #expect(try phone.text("document.getElementById('night-out-title').textContent") == "Tonight")
        #expect(water.bottom <= Double(Self.height), "“+ water” is in the first screen: \(water)")
        #expect(water.height >= 44, "“+ water” is a thumb high: \(water)")
        let small = try Self.smallTargets(Self.targets, in: phone)
        print("home page, targets under 44 px: \(small)")
        #expect(small.isEmpty, "every link of the header and footer and every night-out control is at least 44×44 px: \(small)")
        let navLink = try #require(try Self.box("nav a", in: phone))
        print("home page, a navigation link: \(navLink)")
        try Self.expectTheHeaderIsOneRow(in: phone, on: "home page")

        // The night ended (from the command line): "Start a night out" takes its place, in the first screen too.
        let ended = try BrewGuideProcess.run(["session", "end", "--data", served.data.path],
                                             environment: ["BREWGUIDE_NOW": ServedWritesInChromiumTests.now])
        #expect(ended.status == 0, "\(ended.stderr)")
        #expect(phone.wait(until: "document.getElementById('night-start') !== null", seconds: 60), "the home page offers to start a night: \(served.process.output.suffix(800))")
        try Self.scrollToTop(phone)
        let start = try #require(try Self.box("#night-start", in: phone))
        print("home page, Start a night out: \(start)")
        try Self.screenshot("home-start", of: phone)
        #expect(start.bottom <= Double(Self.height), "“Start a night out” is in the first screen: \(start)")
        #expect(start.height >= 44, "“Start a night out” is a thumb high: \(start)")
        let smallStart = try Self.smallTargets(Self.targets, in: phone)
        #expect(smallStart.isEmpty, "\(smallStart)")
        let axe = try ServedWritesInChromiumTests.axeViolations(in: "body", phone)
        #expect(axe.isEmpty, "axe-core on the home page with its night-out panel at the top: \(axe)")
    }

    @Test func theBrewAlongsNextActionStaysAtTheThumb() throws {
        let served = try Served(data: try BrewGuideProcess.copyOfBundledData())
        let phone = try Self.phone(for: served)
        try ServedWritesInChromiumTests.open("brew/v60-starter.html", in: phone, served: served)
        let main = ".brew-controls button.primary"
        var tops: [String: Double] = [:]
        // Ready, then each step up to the finish: "Start brew", "Next step" or "Poured" on each.
        for state in 0..<6 {
            try Self.scrollToTop(phone)
            let label = try phone.text("document.querySelector('\(main)').textContent")
            let step = try phone.text("document.querySelector('.brew-step').textContent")
            let button = try #require(try Self.box(main, in: phone), "state \(state): no main button")
            print("brew-along, state \(state) (\(step)): \(label): \(button)")
            try Self.screenshot("brew-\(state)", of: phone)
            tops["\(state) \(label)"] = button.top
            #expect(button.bottom <= Double(Self.height), "state \(state): “\(label)” is in the first screen: \(button)")
            #expect(button.height >= 44, "state \(state): “\(label)” is a thumb high: \(button)")
            let small = try Self.smallTargets(Self.targets, in: phone)
            #expect(small.isEmpty, "state \(state): \(small)")
            // Nothing of the page is under the bar: scrolled to its end, the footer ends above it.
            _ = try phone.evaluate("window.scrollTo(0, document.documentElement.scrollHeight); true")
            let footer = try #require(try Self.box(".site-footer", in: phone))
            let bar = try #require(try Self.box(".brew-controls", in: phone))
            #expect(footer.bottom <= bar.top + 1, "state \(state): the page's end is not under the controls: footer \(footer), controls \(bar)")
            if label == "Finish" { break }
            _ = try phone.evaluate("document.querySelector('\(main)').click(); true")
            Thread.sleep(forTimeInterval: 0.3)
        }
        // The bar with the brew under way (Pause, Hold to restart, the main button), and with the question before a restart.
        var axe = try ServedWritesInChromiumTests.axeViolations(in: "body", phone)
        try phone.send("Emulation.setDeviceMetricsOverride", ["width": Self.width, "height": Self.height, "deviceScaleFactor": 1, "mobile": true])
        _ = try phone.evaluate("document.querySelector('.brew-confirm').hidden = false; true")
        let asked = try #require(try Self.box(".brew-controls button.primary:not(.brew-confirm *)", in: phone))
        #expect(abs(asked.top - (tops.values.first ?? 0)) <= 1, "the question before a restart does not move the main button: \(asked)")
        axe += try ServedWritesInChromiumTests.axeViolations(in: "body", phone)
        #expect(axe.isEmpty, "axe-core on the brew-along with its bar: \(axe)")
        #expect(tops.count >= 3, "at least three states measured: \(tops)")
        let spread = (tops.values.max() ?? 0) - (tops.values.min() ?? 0)
        print("brew-along, the main button's top moves by \(spread) px across \(tops.count) states")
        #expect(spread <= 1, "the main button keeps its place (±1 px) across the states: \(tops.sorted { $0.key < $1.key })")
    }

    /// On a wide screen too the controls are a bar at the foot of the window, as wide as the page's
    /// column: the main button keeps its place from step to step.
    @Test func onADesktopTheBrewAlongsMainButtonKeepsItsPlace() throws {
        let served = try Served(data: try BrewGuideProcess.copyOfBundledData())
        let desktop = try ServedWritesInChromiumTests.browser(for: served)
        try desktop.send("Emulation.setDeviceMetricsOverride", ["width": 1280, "height": 900, "deviceScaleFactor": 1, "mobile": false])
        try ServedWritesInChromiumTests.open("brew/v60-starter.html", in: desktop, served: served)
        let main = ".brew-controls button.primary"
        var tops: [Double] = []
        for state in 0..<6 {
            try Self.scrollToTop(desktop)
            let button = try #require(try Self.box(main, in: desktop))
            print("brew-along on a desktop, state \(state): \(try desktop.text("document.querySelector('\(main)').textContent")): \(button)")
            tops.append(button.top)
            try Self.screenshot("brew-desktop-\(state)", of: desktop)
            #expect(button.bottom <= 900 && button.width <= 46 * 16, "state \(state): in the window, no wider than the page's column: \(button)")
            _ = try desktop.evaluate("document.querySelector('\(main)').click(); true")
            Thread.sleep(forTimeInterval: 0.3)
        }
        let spread = (tops.max() ?? 0) - (tops.min() ?? 0)
        print("brew-along on a desktop, the main button's top moves by \(spread) px across \(tops.count) states")
        #expect(spread <= 1, "the main button keeps its place on a desktop too: \(tops)")
    }

    @Test func cookModesButtonAndNextStepAreAtTheThumb() throws {
        let served = try Served(data: try BrewGuideProcess.copyOfBundledData())
        let phone = try Self.phone(for: served)
        // The recipe page: Cook mode under the title, not after every ingredient and step.
        try ServedWritesInChromiumTests.open("kitchen/recipes/shakshuka.html", in: phone, served: served)
        try Self.scrollToTop(phone)
        let cookMode = try #require(try Self.box(".kitchen-start a", in: phone), "no Cook mode button at the top of the recipe page")
        print("recipe page, Cook mode: \(cookMode)")
        try Self.screenshot("recipe", of: phone)
        #expect(cookMode.bottom <= Double(Self.height), "Cook mode is in the first screen: \(cookMode)")
        let ingredients = try #require(try Self.box(".kitchen-ingredients", in: phone))
        #expect(cookMode.bottom < ingredients.top, "Cook mode comes before the ingredients")
        let smallRecipe = try Self.smallTargets(Self.targets, in: phone)
        #expect(smallRecipe.isEmpty, "recipe page: \(smallRecipe)")
        let axeRecipe = try ServedWritesInChromiumTests.axeViolations(in: "body", phone)
        #expect(axeRecipe.isEmpty, "axe-core on the recipe page: \(axeRecipe)")
        try phone.send("Emulation.setDeviceMetricsOverride", ["width": Self.width, "height": Self.height, "deviceScaleFactor": 1, "mobile": true])
        try phone.send("Emulation.setEmulatedMedia", ["features": [["name": "prefers-color-scheme", "value": "light"]]])

        // Cook mode: "Done — next step" at the same place on each step, in the first screen.
        try ServedWritesInChromiumTests.open("kitchen/cook/shakshuka.html#step-1", in: phone, served: served)
        let next = ".cook-step.current .cook-nav a[data-go=next]"
        let steps = try #require(try phone.evaluate("document.querySelectorAll('.cook-step').length") as? Int)
        var tops: [Double] = []
        for step in 1..<min(steps, 4) {
            #expect(phone.wait(until: "document.querySelector('.cook-step.current').id === 'step-\(step)'", seconds: 5))
            try Self.scrollToTop(phone)
            let button = try #require(try Self.box(next, in: phone), "step \(step): no next-step button")
            let text = try phone.text("document.querySelector('.cook-step.current .cook-text').textContent")
            print("cook mode, step \(step) (\(text.count) characters): Done — next step: \(button)")
            try Self.screenshot("cook-\(step)", of: phone)
            tops.append(button.top)
            #expect(button.bottom <= Double(Self.height), "step \(step): the next step is in the first screen: \(button)")
            #expect(button.height >= 44, "step \(step): \(button)")
            let small = try Self.smallTargets(Self.targets, in: phone)
            #expect(small.isEmpty, "cook mode, step \(step): \(small)")
            _ = try phone.evaluate("window.scrollTo(0, document.documentElement.scrollHeight); true")
            let footer = try #require(try Self.box(".site-footer", in: phone))
            let bar = try #require(try Self.box(".cook-step.current .cook-nav", in: phone))
            #expect(footer.bottom <= bar.top + 1, "step \(step): the page's end is not under the step's bar: footer \(footer), bar \(bar)")
            _ = try phone.evaluate("document.querySelector('\(next)').click(); true")
        }
        #expect(tops.count >= 3, "three steps measured: \(tops)")
        let spread = (tops.max() ?? 0) - (tops.min() ?? 0)
        print("cook mode, Done — next step moves by \(spread) px across \(tops.count) steps")
        #expect(spread <= 1, "Done — next step keeps its place (±1 px) from step to step: \(tops)")
        // A control the keyboard moves to is scrolled clear of the bar, not left under it.
        try Self.scrollToTop(phone)
        try phone.tab(to: "a Back to the recipe")
        let back = try #require(try Self.box(".cook > p:last-child a", in: phone))
        let bar = try #require(try Self.box(".cook-step.current .cook-nav", in: phone))
        #expect(back.bottom <= bar.top, "the focused link is above the bar: \(back), bar \(bar)")
        let axe = try ServedWritesInChromiumTests.axeViolations(in: "body", phone)
        #expect(axe.isEmpty, "axe-core on cook mode with its bar: \(axe)")
    }

    /// At a phone's width the header's title and links are one row (the links scroll sideways,
    /// each still 44 px), not two or three: the header is the title's row and the search box's.
    /// The last link, reached by the keyboard, is scrolled into the screen.
    static func expectTheHeaderIsOneRow(in browser: HeadlessChromium, on page: String,
                                        sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        try scrollToTop(browser)
        let header = try #require(try box(".site-header", in: browser), sourceLocation: sourceLocation)
        let title = try #require(try box(".site-title", in: browser), sourceLocation: sourceLocation)
        let nav = try #require(try box(".site-header nav", in: browser), sourceLocation: sourceLocation)
        let search = try box(".site-search", in: browser)
        print("\(page), the header: \(header); its title \(title); its links \(nav); the search box \(search.map(String.init(describing:)) ?? "none")")
        #expect(nav.height <= 45, "\(page): the header's links are one row: \(nav)", sourceLocation: sourceLocation)
        #expect(abs(nav.top - title.top) <= 1, "\(page): the links are on the title's row: title \(title), links \(nav)", sourceLocation: sourceLocation)
        // One row of 44 px and the search box's (44 px) with their padding; 200 px when the links wrapped.
        #expect(header.height <= 125, "\(page): the header is \(Int(header.height)) px high", sourceLocation: sourceLocation)
        let links = try #require(try browser.evaluate("document.querySelectorAll('.site-header nav a').length") as? Int, sourceLocation: sourceLocation)
        let last = "document.querySelectorAll('.site-header nav a')[\(links - 1)]"
        _ = try browser.evaluate("\(last).focus(); true")
        let shown = try browser.evaluate("(() => { const r = \(last).getBoundingClientRect(); return [r.left, r.right, r.height]; })()") as? [NSNumber] ?? []
        print("\(page), the last link focused: \(shown)")
        #expect(shown.count == 3 && shown[0].doubleValue >= -0.5 && shown[1].doubleValue <= Double(width) + 0.5 && shown[2].doubleValue >= 43.5,
                "\(page): the last link, focused, is scrolled into the screen: \(shown)", sourceLocation: sourceLocation)
        _ = try browser.evaluate("document.activeElement.blur(); document.querySelector('.site-header nav').scrollLeft = 0; true")
    }

    /// A box's left and right edges too.
    static func edges(_ selector: String, in browser: HeadlessChromium) throws -> (left: Double, right: Double)? {
        let found = try browser.evaluate("(() => { const e = document.querySelector(\(HeadlessChromium.quoted(selector))); if (!e) return null; const r = e.getBoundingClientRect(); return [r.left, r.right]; })()") as? [Any]
        guard let numbers = found?.compactMap({ ($0 as? NSNumber)?.doubleValue }), numbers.count == 2 else { return nil }
        return (numbers[0], numbers[1])
    }

    /// On a wide screen too cook mode's step actions are a bar at the foot of the window, no wider
    /// than the page's column, and "Done — next step" has the same box on every step (the first,
    /// without Previous beside it, included), at a phone's width as at a desktop's.
    @Test(arguments: [(390, 844, true), (1280, 900, false)])
    func cookModesNextStepHasOneBoxOnEveryStep(width: Int, height: Int, mobile: Bool) throws {
        let served = try Served(data: try BrewGuideProcess.copyOfBundledData())
        let browser = try ServedWritesInChromiumTests.browser(for: served)
        try browser.send("Emulation.setDeviceMetricsOverride", ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile])
        try ServedWritesInChromiumTests.open("kitchen/cook/shakshuka.html#step-1", in: browser, served: served)
        let next = ".cook-step.current .cook-nav a[data-go=next]"
        var boxes: [String] = []
        for step in 1...3 {
            #expect(browser.wait(until: "document.querySelector('.cook-step.current').id === 'step-\(step)'", seconds: 5))
            try Self.scrollToTop(browser)
            let button = try #require(try Self.box(next, in: browser), "step \(step): no next-step button")
            let sides = try #require(try Self.edges(next, in: browser))
            let bar = try #require(try Self.box(".cook-step.current .cook-nav", in: browser))
            print("cook mode at \(width) px, step \(step): Done — next step \(button), left \(Int(sides.left)) px; the bar \(bar)")
            try Self.screenshot("cook-\(width)-\(step)", of: browser)
            boxes.append("\(Int(button.top.rounded())) \(Int(sides.left.rounded())) \(Int(sides.right.rounded())) \(Int(button.height.rounded()))")
            #expect(bar.bottom >= Double(height) - 1 && bar.top >= Double(height) - 120, "step \(step): the bar is at the foot of the window: \(bar)")
            #expect(button.height >= 44 && sides.right - sides.left <= 46 * 16, "step \(step): a thumb high, within the page's column: \(button)")
            _ = try browser.evaluate("document.querySelector('\(next)').click(); true")
        }
        #expect(Set(boxes).count == 1, "Done — next step keeps one box (top, left, right, height) across the steps: \(boxes)")
        let axe = try ServedWritesInChromiumTests.axeViolations(in: "body", browser)
        #expect(axe.isEmpty, "axe-core on cook mode with its bar: \(axe)")
    }

    /// The page of the active night, served with the key: its next taps (each preset's "+",
    /// "+ water"), where the waterline is now and when the next reminder is due come first, in
    /// that order, in a phone's first screen, above its totals, its timeline and its entries.
    @Test func theActiveNightsPageHasItsNextTapsFirst() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        // The active night, birthday-1121, with a reminder every 20 minutes.
        let sessions = data.appendingPathComponent("sessions/sessions.csv")
        let text = try String(contentsOf: sessions, encoding: .utf8)
        try text.replacingOccurrences(of: "birthday-1121,2026-11-21T16:30:00Z,,true,,,", with: "birthday-1121,2026-11-21T16:30:00Z,,true,,,20")
            .write(to: sessions, atomically: true, encoding: .utf8)
        let served = try Served(data: data)
        let phone = try Self.phone(for: served)
        try ServedWritesInChromiumTests.open("sessions/birthday-1121.html", in: phone, served: served)
        #expect(phone.wait(until: "document.getElementById('night-reminder') !== null && document.getElementById('night-now') !== null", seconds: 15),
                ServedWritesInChromiumTests.said(phone, ".night-out-writes"))
        try Self.scrollToTop(phone)
        try Self.screenshot("night-page", of: phone)
        let drink = try #require(try Self.box(".night-quick button", in: phone), "no preset button")
        let water = try #require(try Self.box("#night-water", in: phone))
        let now = try #require(try Self.box("#night-now", in: phone))
        let reminder = try #require(try Self.box("#night-reminder", in: phone))
        let history = try #require(try Self.box("main > h2", in: phone), "the page's first section (its totals)")
        let entries = try #require(try Self.box("#night-entries-title", in: phone))
        print("night page: + drink \(drink); + water \(water); waterline \(now); reminder \(reminder); totals \(history); entries \(entries)")
        #expect(try phone.text("document.getElementById('night-now').textContent").contains("waterline"))
        #expect(water.bottom <= Double(Self.height) && now.bottom <= Double(Self.height) && reminder.bottom <= Double(Self.height),
                "the taps, the waterline and the reminder are in the first screen: \(water), \(now), \(reminder)")
        #expect(drink.top <= water.top && water.bottom <= now.top && now.bottom <= reminder.top,
                "+ drink, + water, the waterline, the reminder, in that order: \(drink), \(water), \(now), \(reminder)")
        #expect(reminder.bottom <= history.top && reminder.bottom <= entries.top, "all before the night's history: totals \(history), entries \(entries)")
        let small = try Self.smallTargets(Self.targets, in: phone)
        #expect(small.isEmpty, "\(small)")
        try Self.expectTheHeaderIsOneRow(in: phone, on: "night page")
        let axe = try ServedWritesInChromiumTests.axeViolations(in: "body", phone)
        #expect(axe.isEmpty, "axe-core on the night's page: \(axe)")
    }
}
