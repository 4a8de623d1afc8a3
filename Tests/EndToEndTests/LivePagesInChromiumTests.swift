import Foundation
import Testing
import TestSupport

/// Issue 46: a write elsewhere never wipes the page in a person's hand. In Debian's headless
/// Chromium, three phones on one `serve --edit`: one runs a cook-mode timer, one is in a
/// brew-along's bloom, one holds the shopping list. Writes from the command line (a shopping line,
/// a brew) and from the shopping phone (a tick) rebuild the site; the cook and the brew pages are
/// the same page objects afterwards (no navigation: a mark set on each is still there), both
/// clocks read what wall-clock time says, the shopping phone shows the new line and count in
/// place (no reload either), and a reload of the cook page still has its timer running.
@Suite("Served pages keep a person's place in headless Chromium", .serialized,
       .enabled(if: HeadlessChromium.executable != nil, "Chromium is not installed (apt-get install chromium): the served pages are tapped in a browser"))
struct LivePagesInChromiumTests {
    typealias Served = ServedWritesInChromiumTests.Served

    /// "m:ss" or "h:mm:ss" as seconds; nil for anything else.
    static func seconds(_ clock: String) -> Int? {
        let parts = clock.split(separator: ":").map { Int($0) }
        guard !parts.isEmpty, parts.allSatisfy({ $0 != nil }) else { return nil }
        return parts.reduce(0) { $0 * 60 + $1! }
    }

    @Test func timersRunAndTheShoppingCountChangesInPlaceAcrossRebuilds() throws {
        let served = try Served(data: try BrewGuideProcess.copyOfBundledData())
        let cook = try ServedWritesInChromiumTests.browser(for: served)
        let brew = try ServedWritesInChromiumTests.browser(for: served)
        let shop = try ServedWritesInChromiumTests.browser(for: served)

        // The cook starts step 1's 8:00 timer.
        try ServedWritesInChromiumTests.open("kitchen/cook/shakshuka.html#step-1", in: cook, served: served)
        _ = try cook.evaluate("document.querySelector('#step-1 button[data-act=start]').click(); window.samePage = 'cook'; true")
        let cookStarted = Date()
        // The brewer starts the brew-along: the bloom runs on the brew clock.
        try ServedWritesInChromiumTests.open("brew/v60-starter.html", in: brew, served: served)
        try brew.tab(to: "button Start brew")
        try brew.press(.enter)
        // Past the preparation steps to the bloom, where the brew clock starts.
        let clockText = "document.querySelector('.brew-clock').textContent"
        for _ in 0..<6 where try brew.text(clockText).contains("it starts") { try brew.press(.enter) }
        _ = try brew.evaluate("window.samePage = 'brew'; true")
        let brewStarted = Date()
        let bloomClock = try brew.text(clockText)
        #expect(!bloomClock.contains("it starts"), "the bloom is under way: \(bloomClock)")
        let brewStep = try brew.text("document.querySelector('.brew-step').textContent")
        // The shopper's list, and its count.
        try ServedWritesInChromiumTests.open("kitchen/shopping.html", in: shop, served: served)
        _ = try shop.evaluate("window.samePage = 'shop'; true")
        let count = ServedWritesInChromiumTests.text(".shopping-count")
        let startCount = try shop.text(count)
        let lines = "document.querySelectorAll('.shopping-list li').length"
        let startLines = try #require(shop.evaluate(lines) as? Int)

        // Writes from the command line: a shopping line and a brew; each rebuilds the site.
        let added = try BrewGuideProcess.run(["kitchen", "shopping", "--add", "1 bunch parsley", "--data", served.data.path],
                                             environment: ["BREWGUIDE_NOW": ServedWritesInChromiumTests.now])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(shop.wait(until: "\(lines) === \(startLines + 1)", seconds: 60), "the new line appears on the shopping page: \(served.process.output.suffix(1500))")
        #expect(try shop.evaluate("window.samePage") as? String == "shop", "the shopping page was not reloaded to show it")
        let newCount = try shop.text(count)
        #expect(newCount != startCount, "the count follows: \(startCount) → \(newCount)")
        #expect(try shop.text("document.querySelector('.shopping').textContent").contains("parsley"))
        let logged = try BrewGuideProcess.run(["log", "v60-starter", "--rating", "4", "--data", served.data.path],
                                              environment: ["BREWGUIDE_NOW": ServedWritesInChromiumTests.now])
        #expect(logged.status == 0, "\(logged.stderr)")

        // A write from a second page: the shopper ticks the new line, which the server records.
        let ticked = try #require(shop.text("document.querySelectorAll('.shopping-list li[data-item]')[0].dataset.item") as String?)
        _ = try shop.evaluate("document.querySelector('li[data-item=\"\(ticked)\"] input[type=checkbox]').click(); true")
        #expect(shop.wait(until: "\(ServedWritesInChromiumTests.text(".write-status")).includes('Ticked off')", seconds: 15),
                ServedWritesInChromiumTests.said(shop, ".write-messages"))
        #expect(try ServePhoneWritesTests.item(ticked, in: served.data)["checked"] as? Bool == true)
        // The tick's rebuild reaches every page; give it time to arrive.
        let rebuilt = served.process.count("rebuilt")
        let deadline = Date().addingTimeInterval(30)
        while served.process.count("rebuilt") == rebuilt, Date() < deadline { Thread.sleep(forTimeInterval: 0.2) }
        Thread.sleep(forTimeInterval: 2)

        // Neither the cook's nor the brewer's page was reloaded or navigated, and both clocks read right.
        #expect(try cook.evaluate("window.samePage") as? String == "cook", "the cook-mode page is the same page object")
        #expect(try brew.evaluate("window.samePage") as? String == "brew", "the brew-along page is the same page object")
        #expect(try shop.evaluate("window.samePage") as? String == "shop")
        let left = try cook.text("document.querySelector('#step-1 .cook-timer output').textContent")
        let expectedLeft = 480 - Int(Date().timeIntervalSince(cookStarted))
        #expect(Self.seconds(left).map { abs($0 - expectedLeft) <= 3 } == true, "the oven timer reads \(left), wall-clock says \(expectedLeft) s left")
        let brewClock = try brew.text("document.querySelector('.brew-clock').textContent")
        let shown = Self.seconds(String(brewClock.dropFirst("Brew clock ".count).prefix { $0 != " " }))
        let expectedElapsed = Int(Date().timeIntervalSince(brewStarted))
        #expect(shown.map { abs($0 - expectedElapsed) <= 3 } == true, "the brew clock reads \(brewClock), wall-clock says \(expectedElapsed) s")
        #expect(try brew.text("document.querySelector('.brew-step').textContent") == brewStep, "still on the bloom")

        // The timer runs from its wall-clock end: a reload (or a visit elsewhere and back) keeps it.
        _ = try cook.evaluate("location.reload(); true")
        #expect(cook.wait(until: "document.readyState === 'complete' && window.samePage === undefined", seconds: 15))
        #expect(cook.wait(until: "document.querySelector('#step-1 .cook-timer output').textContent !== '8:00'", seconds: 5))
        let afterReload = try cook.text("document.querySelector('#step-1 .cook-timer output').textContent")
        let expectedAfter = 480 - Int(Date().timeIntervalSince(cookStarted))
        #expect(Self.seconds(afterReload).map { abs($0 - expectedAfter) <= 3 } == true, "after a reload the timer reads \(afterReload), wall-clock says \(expectedAfter) s left")
    }
    /// The running-timers bar follows the cook around the site: a cook-mode timer started, then
    /// the shopping list and the home page opened in the same tab; each shows the timer at the
    /// top, running on its wall-clock end, as a link back to its step.
    @Test func theRunningTimersBarFollowsNavigationWithinTheSite() throws {
        let served = try Served(data: try BrewGuideProcess.copyOfBundledData())
        let phone = try ServedWritesInChromiumTests.browser(for: served)
        try ServedWritesInChromiumTests.open("kitchen/cook/shakshuka.html#step-1", in: phone, served: served)
        _ = try phone.evaluate("document.querySelector('#step-1 button[data-act=start]').click(); true")
        let started = Date()
        for page in ["kitchen/shopping.html", "index.html"] {
            try ServedWritesInChromiumTests.open(page, in: phone, served: served)
            #expect(phone.wait(until: "document.querySelector('.running-timers a') !== null", seconds: 10), "\(page): no running-timers bar")
            let link = "document.querySelector('.running-timers a')"
            #expect(try phone.text("\(link).getAttribute('href')") == "/kitchen/cook/shakshuka.html#step-1")
            let text = try phone.text("\(link).textContent")
            let shown = text.components(separatedBy: " — ").last.flatMap(Self.seconds)
            let expected = 480 - Int(Date().timeIntervalSince(started))
            #expect(shown.map { abs($0 - expected) <= 3 } == true, "\(page): the bar reads \(text), wall-clock says \(expected) s left")
            #expect(text.contains("Step 1") || text.contains("Shakshuka"), "\(text)")
            // Still running: the time moves on this page too.
            #expect(phone.wait(until: "\(link).textContent !== \(HeadlessChromium.quoted(text))", seconds: 5), "\(page): the bar's timer does not run")
            #expect(try phone.text("document.querySelector('.running-timers').getAttribute('aria-live') || ''") == "", "the bar does not speak every second")
        }
        let axe = try ServedWritesInChromiumTests.axeViolations(in: ".running-timers", phone)
        #expect(axe.isEmpty, "axe-core on the running-timers bar: \(axe)")
        try phone.send("Emulation.setDeviceMetricsOverride", ["width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": true])
        // Back to the step by the bar's link: the cook page's own timer reads the same.
        _ = try phone.evaluate("document.querySelector('.running-timers a').click(); true")
        #expect(phone.wait(until: "location.pathname === '/kitchen/cook/shakshuka.html' && document.readyState === 'complete' && document.querySelector('#step-1 .cook-timer output').textContent !== '8:00'", seconds: 10))
        #expect(try phone.evaluate("document.querySelector('.running-timers') === null") as? Bool == true, "cook mode has its own bar")
    }
    /// Cook mode says each step change in its polite status line (issue 51), as the brew-along
    /// does, and says nothing on opening the page.
    @Test func cookModeStepChangesAreSaidPolitely() throws {
        let served = try Served(data: try BrewGuideProcess.copyOfBundledData())
        let phone = try ServedWritesInChromiumTests.browser(for: served)
        try ServedWritesInChromiumTests.open("kitchen/cook/shakshuka.html#step-1", in: phone, served: served)
        let say = "document.querySelector('.cook-say')"
        #expect(try phone.text("\(say).getAttribute('role')") == "status")
        #expect(try phone.text("\(say).textContent") == "", "nothing is said on opening the page")
        _ = try phone.evaluate("document.querySelector('#step-1 a[data-go=next]').click(); true")
        #expect(phone.wait(until: "\(say).textContent.startsWith('Step 2 of 4: ')", seconds: 5), "the step change is said: \((try? phone.text("\(say).textContent")) ?? "")")
        #expect(try phone.text("\(say).textContent").contains(try phone.text("document.querySelector('#step-2 .cook-text').textContent")))
        #expect(try phone.text("document.activeElement.closest('.cook-step') && document.activeElement.closest('.cook-step').id") == "step-2", "the focus follows the step")
    }

    /// A keyboard walk over the in-place updates: the focus on a shopping line's box (reached by
    /// Tab) and on a night's "+ water" stays on that control when a write from the command line
    /// changes the page in place (no reload), and what changed is said politely: the shopping
    /// count in its polite live region, the night's change in its status line ("Changed
    /// elsewhere: …"), no alert.
    @Test func inPlaceUpdatesKeepTheFocusAndAreSaidPolitely() throws {
        let served = try Served(data: try BrewGuideProcess.copyOfBundledData())
        let shop = try ServedWritesInChromiumTests.browser(for: served)
        try ServedWritesInChromiumTests.open("kitchen/shopping.html", in: shop, served: served)
        _ = try shop.evaluate("window.samePage = 'shop'; true")
        for _ in 0..<40 where try shop.evaluate("document.activeElement.type") as? String != "checkbox" { try shop.press(.tab) }
        let key = try shop.text("document.activeElement.dataset.key || ''")
        #expect(!key.isEmpty, "Tab reached a shopping line's box")
        let count = ServedWritesInChromiumTests.text(".shopping-count")
        let startCount = try shop.text(count)
        #expect(try shop.text("document.querySelector('.shopping-count').getAttribute('aria-live')") == "polite")
        let lines = "document.querySelectorAll('.shopping-list li').length"
        let startLines = try #require(shop.evaluate(lines) as? Int)
        let added = try BrewGuideProcess.run(["kitchen", "shopping", "--add", "1 bunch parsley", "--data", served.data.path],
                                             environment: ["BREWGUIDE_NOW": ServedWritesInChromiumTests.now])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(shop.wait(until: "\(lines) === \(startLines + 1)", seconds: 60), "the new line is taken in place: \(served.process.output.suffix(1500))")
        #expect(try shop.evaluate("window.samePage") as? String == "shop", "no reload")
        let newCount = try shop.text(count)
        #expect(newCount != startCount, "the count, in its polite region, says the new line: \(startCount) → \(newCount)")
        #expect(try shop.text("document.activeElement.type === 'checkbox' ? document.activeElement.dataset.key : document.activeElement.tagName") == key,
                "the focus stays on the line's box it was on")
        try shop.press(.space)
        #expect(try shop.evaluate("document.activeElement.checked") as? Bool == true, "the kept focus still ticks by keyboard")

        let night = try ServedWritesInChromiumTests.browser(for: served)
        try ServedWritesInChromiumTests.open("sessions/birthday-1121.html", in: night, served: served)
        #expect(night.wait(until: "document.getElementById('night-water') !== null", seconds: 15), ServedWritesInChromiumTests.said(night, ".night-out-writes"))
        _ = try night.evaluate("window.samePage = 'night'; true")
        try night.tab(to: "button + water")
        let entries = "document.getElementById('night-entries-title').textContent"
        let startEntries = try night.text(entries)
        // At a time within the night (at the server's now, a day later, it would end it and start another).
        let water = try BrewGuideProcess.run(["session", "water", "--at", "2026-11-21T18:40:00Z", "--data", served.data.path],
                                             environment: ["BREWGUIDE_NOW": ServedWritesInChromiumTests.now])
        #expect(water.status == 0, "\(water.stderr)")
        #expect(night.wait(until: "\(entries) !== \(HeadlessChromium.quoted(startEntries))", seconds: 60), "the entries are drawn again in place: \(served.process.output.suffix(1500))")
        #expect(try night.evaluate("window.samePage") as? String == "night", "no reload")
        #expect(try night.text("document.activeElement.id") == "night-water", "the focus stays on + water")
        let status = try night.text("document.getElementById('night-said').textContent")
        #expect(status.hasPrefix("Changed elsewhere: "), "said in the status line: \(status)")
        #expect(try night.text("document.getElementById('night-said').getAttribute('role')") == "status", "politely (a status, not an alert)")
    }
}
