import BrewData
import Foundation
import Testing
import TestSupport

/// What a person taps on pages served by `brewguide serve --edit`, in Debian's headless Chromium
/// (`HeadlessChromium`): the key address sets the cookie; the brew-along page is run to its end and
/// saved from "Save this brew" (once refused with `log`'s words, then saved, and its log page
/// shows it); a tick and an untick of the shopping list reach `kitchen/shopping.json`; a save made
/// while the server is stopped is sent once when it answers again; "I cooked this" on a kitchen
/// recipe and at the end of cook mode. Each test serves a copy of the bundled data.
///
/// The brew clock: the brew-along page reads the time from `Date.now()`, so the test freezes it
/// and moves it on by hand (no hook in the page: the built and the served pages are the same
/// there). The served clock is `BREWGUIDE_NOW`, 1 December 2026, a month with no log file yet,
/// so a brew goes to `logs/2026-12.json`, which takes a brew time (the bundled November file is a
/// CSV without that column, where `log` refuses one).
@Suite("Served writes in headless Chromium", .serialized,
       .enabled(if: HeadlessChromium.executable != nil, "Chromium is not installed (apt-get install chromium): the served writes are tapped in a browser"))
struct ServedWritesInChromiumTests {
    static let now = "2026-12-01T08:00:00Z"

    /// A running `serve --edit` on a data folder, with its address and the port it listens on.
    final class Served {
        let data: URL, keyFile: URL, site: URL, now: String
        var process: RunningBrewGuide
        let base: String, keyAddress: String, port: String

        /// Serves `data` on `port` ("0": any), the key kept in a file beside it so that a
        /// restart on the same port takes the browser's cookie.
        /// `now` is the server's clock (`BREWGUIDE_NOW`; "" for the real one).
        init(data: URL, listeningOn requestedPort: String = "0", now: String = ServedWritesInChromiumTests.now) throws {
            self.data = data
            self.now = now
            let root = data.deletingLastPathComponent()
            keyFile = root.appendingPathComponent("serve.key")
            site = root.appendingPathComponent("Site")
            process = try Self.start(data: data, site: site, keyFile: keyFile, port: requestedPort, now: now)
            guard process.waitFor("watching", seconds: 120),
                  let address = process.first(#"http://127\.0\.0\.1:[0-9]+/\?key=[A-Za-z0-9_-]+"#) else {
                process.stop()
                throw HeadlessChromium.ProtocolError(description: "serve --edit did not start: \(process.output)")
            }
            keyAddress = address
            base = String(address.prefix { $0 != "?" })
            port = String(base.dropFirst("http://127.0.0.1:".count).dropLast())
        }

        static func start(data: URL, site: URL, keyFile: URL, port: String, now: String) throws -> RunningBrewGuide {
            try RunningBrewGuide(running: ["serve", "--edit", "--key-file", keyFile.path, "--data", data.path, "--output", site.path, "--port", port],
                                 environment: ["BREWGUIDE_NOW": now])
        }

        /// Stops the server (Ctrl-C) and starts it again on the same port, data and key.
        func stop() { process.stop() }

        func restart() throws {
            process = try Self.start(data: data, site: site, keyFile: keyFile, port: port, now: now)
            #expect(process.waitFor("watching", seconds: 120), "serve did not start again: \(process.output)")
        }

        deinit {
            process.stop()
            try? FileManager.default.removeItem(at: data.deletingLastPathComponent())
        }
    }

    /// A phone-sized browser that has opened the key address (it holds the cookie).
    static func browser(for served: Served) throws -> HeadlessChromium {
        let browser = try HeadlessChromium(width: 390, height: 844)
        try browser.send("Page.navigate", ["url": served.keyAddress])
        #expect(browser.wait(until: "document.readyState === 'complete' && location.href === \(HeadlessChromium.quoted(served.base))", seconds: 30),
                "the key address sends the browser on to the page without the key")
        return browser
    }

    /// Opens a served page and waits until its write script has asked the server and set up its messages.
    static func open(_ path: String, in browser: HeadlessChromium, served: Served) throws {
        try browser.open(URL(string: served.base + path)!)
        #expect(browser.wait(until: "document.querySelector('.write-messages') !== null", seconds: 10), "\(path): the write script did not start")
    }

    /// Waits until the page has been reloaded (after the rebuild a write causes) and its write
    /// script has started again: the mark set before the write is gone.
    static func markPage(_ browser: HeadlessChromium) throws { _ = try browser.evaluate("window.beforeTheWrite = true") }
    static func waitForTheReload(_ browser: HeadlessChromium) -> Bool {
        browser.wait(until: "window.beforeTheWrite === undefined && document.readyState === 'complete' && document.querySelector('.write-messages') !== null", seconds: 60)
    }

    /// Waits for a rebuild after the `rebuilds` serve had printed (`rebuilt after …`), and a
    /// moment for the page to take it; true when the page was not reloaded (issue 46: a page
    /// that takes the rebuild in place, or holds a person's state, keeps its page object).
    static func waitForTheRebuildInPlace(_ browser: HeadlessChromium, served: Served, after rebuilds: Int) -> Bool {
        let deadline = Date().addingTimeInterval(60)
        while served.process.count("rebuilt after") <= rebuilds, Date() < deadline { Thread.sleep(forTimeInterval: 0.2) }
        Thread.sleep(forTimeInterval: 1.5)
        return (try? browser.evaluate("window.beforeTheWrite")) as? Bool == true
    }

    /// Runs v60-starter's brew-along to its end by keyboard on a frozen clock moved 3:05 on, and
    /// returns once the end screen has the Save this brew form.
    static func brewToTheEnd(_ browser: HeadlessChromium, served: Served) throws {
        try open("brew/v60-starter.html", in: browser, served: served)
        _ = try browser.evaluate("window.fakeNow = Date.now(); Date.now = () => window.fakeNow; true")
        try browser.tab(to: "button Start brew")
        try browser.press(.enter)
        for _ in 0..<20 where try browser.focused() != "button Finish" { try browser.press(.enter) }
        #expect(try browser.focused() == "button Finish")
        _ = try browser.evaluate("window.fakeNow += 185000")
        try browser.press(.enter)
        #expect(browser.wait(until: "document.querySelector('.brew-done form.save-brew') !== null", seconds: 5), "the end screen has no Save this brew form")
    }

    /// Clears a text field and types `text` into it.
    static func retype(_ selector: String, _ text: String, in browser: HeadlessChromium) throws {
        _ = try browser.evaluate("(() => { const e = document.querySelector('\(selector)'); e.focus(); e.select && e.select(); e.value = ''; return true; })()")
        try browser.type(text)
    }

    /// The text of `selector` on the page, for a failure's message.
    static func said(_ browser: HeadlessChromium, _ selector: String) -> Comment {
        Comment(rawValue: (try? browser.text(text(selector))) ?? "")
    }

    static func text(_ selector: String) -> String { "(document.querySelector('\(selector)') || {textContent: ''}).textContent" }

    /// The logs of `logs/2026-12.json`.
    static func decemberLogs(_ data: URL) throws -> [[String: Any]] {
        guard let bytes = FileManager.default.contents(atPath: data.appendingPathComponent("logs/2026-12.json").path) else { return [] }
        return try JSONSerialization.jsonObject(with: bytes) as? [[String: Any]] ?? []
    }

    @Test func aBrewIsSavedFromTheEndScreenRefusedFirstWithLogsWordsAndItsLogPageShowsIt() throws {
        let served = try Served(data: try BrewGuideProcess.copyOfBundledData())
        let browser = try Self.browser(for: served)
        try Self.brewToTheEnd(browser, served: served)

        // Every field labelled; dose and yield from the plan, the brew time from the clock.
        for name in ["rating", "tag", "note", "dose", "yield", "brew-time"] {
            #expect(try !browser.text("(document.querySelector('label[for=save-\(name)]') || {textContent: ''}).textContent").trimmingCharacters(in: .whitespaces).isEmpty,
                    "the \(name) field has a label")
        }
        #expect(try browser.text("document.getElementById('save-dose').value") == "15")
        #expect(try browser.text("document.getElementById('save-yield').value") == "250")
        #expect(try browser.text("document.getElementById('save-brew-time').value") == "3:05")
        // No rating is chosen for the person (BrewGuide US-017): the field asks for one.
        #expect(try browser.text("document.getElementById('save-rating').value") == "")
        #expect(try browser.evaluate("document.getElementById('save-rating').required") as? Bool == true)

        // By keyboard: a rating, a tag, a note, then a brew time log refuses, sent with Enter.
        _ = try browser.evaluate("document.getElementById('save-rating').value = '5'; document.getElementById('save-tag').value = 'perfect'; true")
        _ = try browser.evaluate("document.getElementById('save-note').focus()")
        try browser.type("from the headless phone")
        try Self.retype("#save-brew-time", "61:00", in: browser)
        let before = ServeEditCommandTests.tree(served.data)
        try browser.press(.enter)
        #expect(browser.wait(until: "\(Self.text(".write-errors")).length > 0", seconds: 15))
        let refusal = try browser.text(Self.text(".write-errors"))
        #expect(refusal.contains("--brew-time: error: brewTimeSeconds must be above 0 and at most 3600 s, found 3660 s"), "log's words: \(refusal)")
        #expect(try browser.text("document.querySelector('.write-errors').getAttribute('role')") == "alert")
        #expect(try browser.focused().hasPrefix("select"), "the focus goes back to the form's first field")
        #expect(ServeEditCommandTests.tree(served.data) == before, "a refused save writes nothing")

        // Fixed, and sent from the button.
        try Self.retype("#save-brew-time", "3:05", in: browser)
        try Self.markPage(browser)
        try browser.tab(to: "button Save this brew")
        try browser.press(.enter)
        #expect(browser.wait(until: "document.querySelector('.write-saved a') !== null", seconds: 15), "\(served.process.output.suffix(2000))")
        let logs = try Self.decemberLogs(served.data)
        #expect(logs.count == 1)
        let log = try #require(logs.first)
        #expect(log["recipeId"] as? String == "v60-starter")
        #expect(log["rating"] as? Int == 5)
        #expect(log["tasteTag"] as? String == "perfect")
        #expect(log["note"] as? String == "from the headless phone")
        #expect(log["doseGrams"] as? Double == 15)
        #expect(log["targetYieldGrams"] as? Double == 250)
        #expect(log["brewTimeSeconds"] as? Double == 185)
        let id = try #require(log["id"] as? String)

        // The rebuild reloads the page, which still links to the log page; that page shows the brew.
        #expect(Self.waitForTheReload(browser), "the page was not reloaded after the rebuild")
        #expect(browser.wait(until: "document.querySelector('.write-saved a') !== null", seconds: 5), "the saved brew's link is shown after the reload")
        let href = try browser.text("document.querySelector('.write-saved a').getAttribute('href')")
        #expect(href == "/logs/2026/12/\(id).html")
        try browser.open(URL(string: served.base + href.dropFirst())!)
        let page = try browser.text("document.querySelector('main').textContent")
        #expect(page.contains("from the headless phone"), "\(page.prefix(600))")
        #expect(page.contains("3:05"), "the brew time: \(page.prefix(600))")
    }

    /// The served end screen speaks to the person (no `brewguide log …` line: that is the plain
    /// site's), and "Save this brew" offers the rest of what `log` takes, folded away: a brew
    /// with another temperature, a changed grind and a new bean is recorded from the phone.
    @Test func theEndScreenSaysItInWordsAndTheFoldedFieldsAreRecorded() throws {
        let served = try Served(data: try BrewGuideProcess.copyOfBundledData())
        let browser = try Self.browser(for: served)
        try Self.brewToTheEnd(browser, served: served)
        let done = try browser.text(Self.text(".brew-done"))
        #expect(!done.contains("brewguide log") && !done.contains("--brew-time") && !done.contains("Copy"), "no command line on the served end screen: \(done)")
        #expect(done.contains("Brewed in 3:05."), "\(done)")
        #expect(try browser.evaluate("document.querySelector('.brew-done pre') === null") as? Bool == true)
        #expect(try browser.focused().hasPrefix("select"), "the focus is on the rating, the first thing to choose")

        // Folded away until asked for; every field labelled.
        let more = "document.querySelector('form.save-brew details.save-brew-more')"
        #expect(try browser.evaluate("\(more) !== null && !\(more).open") as? Bool == true, "the other fields are folded away")
        for name in ["temperature", "grind", "grinder-setting", "bean", "roaster", "tds"] {
            #expect(try browser.evaluate("(() => { const e = document.getElementById('save-\(name)'); return !!e && e.name === '\(name)' && e.labels.length === 1 && !!e.closest('details'); })()") as? Bool == true,
                    "the \(name) field, labelled, in the folded part")
        }
        _ = try browser.evaluate("\(more).querySelector('summary').click(); true")
        #expect(try browser.evaluate("\(more).open") as? Bool == true)
        let axe = try Self.axeViolations(in: ".brew-done", browser)
        #expect(axe.isEmpty, "axe-core on the end screen, its folded fields open: \(axe)")
        try browser.send("Emulation.setDeviceMetricsOverride", ["width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": true])
        _ = try browser.evaluate("document.getElementById('save-rating').value = '4'; true")
        // The brew's hint, where it was brewed, as soon as a taste tag is chosen (and gone without one).
        #expect(try browser.text(Self.text("#save-tag-hint")).trimmingCharacters(in: .whitespaces) == "")
        _ = try browser.evaluate("const t = document.getElementById('save-tag'); t.value = 'tooSour'; t.dispatchEvent(new Event('change')); true")
        #expect(try browser.text(Self.text("#save-tag-hint")).contains("Too sour: try slightly finer or hotter"))
        #expect(try browser.evaluate("document.getElementById('save-tag').getAttribute('aria-describedby')") as? String == "save-tag-hint")
        try Self.retype("#save-temperature", "94", in: browser)
        _ = try browser.evaluate("document.getElementById('save-grind').value = 'fine'; true")
        try Self.retype("#save-grinder-setting", "18", in: browser)
        try Self.retype("#save-bean", "Kenya AA", in: browser)
        try browser.tab(to: "button Save this brew")
        try browser.press(.enter)
        #expect(browser.wait(until: "document.querySelector('.write-saved a') !== null", seconds: 15), "\(served.process.output.suffix(2000))")
        let log = try #require(try Self.decemberLogs(served.data).first)
        #expect(log["rating"] as? Int == 4)
        #expect(log["tasteTag"] as? String == "tooSour", "\(log)")
        #expect(log["waterTemperatureCelsius"] as? Double == 94, "\(log)")
        #expect(log["grindLabel"] as? String == "fine", "\(log)")
        #expect(log["grinderSetting"] as? String == "18", "\(log)")
        #expect(log["bean"] as? String == "Kenya AA", "\(log)")
        #expect(log["roaster"] == nil && log["tds"] == nil, "a field left empty is not sent: \(log)")
    }

    /// The folded fields are the page's declared ones (`plan.log.fields`, from `LogField.all`):
    /// a grind chosen and a TDS, a Brix and a beverage typed there, each with its unit and bound,
    /// are stored in the log as `log --grind --tds --brix --beverage` stores them.
    @Test func theFoldedGrindAndMeasuresTypedOnThePhoneAreStoredInTheLog() throws {
        let served = try Served(data: try BrewGuideProcess.copyOfBundledData())
        let browser = try Self.browser(for: served)
        try Self.brewToTheEnd(browser, served: served)
        let more = "document.querySelector('form.save-brew details.save-brew-more')"
        _ = try browser.evaluate("\(more).querySelector('summary').click(); true")
        for (name, label) in [("tds", "TDS (%)"), ("brix", "Brix (°Bx)"), ("beverage", "Beverage (g)"), ("grind", "Grind")] {
            #expect(try browser.evaluate("(() => { const e = document.getElementById('save-\(name)'); return !!e && !!e.closest('details') && e.labels[0].textContent === '\(label)'; })()") as? Bool == true,
                    "the \(name) field, labelled \(label), folded away")
        }
        #expect(try browser.text("document.getElementById('save-tds').max") == String(Int(FieldBounds.number("tds").maximum)), "its bound from the declaration")
        #expect(try browser.text("document.getElementById('save-tds').step") == "0.01")
        _ = try browser.evaluate("document.getElementById('save-rating').value = '3'; document.getElementById('save-grind').value = 'coarse'; true")
        try Self.retype("#save-tds", "1.42", in: browser)
        try Self.retype("#save-brix", "1.7", in: browser)
        try Self.retype("#save-beverage", "214", in: browser)
        try browser.tab(to: "button Save this brew")
        try browser.press(.enter)
        #expect(browser.wait(until: "document.querySelector('.write-saved a') !== null", seconds: 15), "\(Self.said(browser, ".write-errors")) \(served.process.output.suffix(2000))")
        let log = try #require(try Self.decemberLogs(served.data).first)
        #expect(log["rating"] as? Int == 3)
        #expect(log["grindLabel"] as? String == "coarse", "\(log)")
        #expect(log["tds"] as? Double == 1.42, "\(log)")
        #expect(log["brix"] as? Double == 1.7, "\(log)")
        #expect(log["beverageGrams"] as? Double == 214, "\(log)")
        #expect(log["bean"] == nil && log["grinderSetting"] == nil, "a field left empty is not sent: \(log)")
    }

    /// "Save this brew" offers the open bags of beans (the test journal's two open ones, not the
    /// finished one), labelled, "no bag" first and chosen; the brew saved with a bag stores its
    /// `beanId`, and its log page links to the bag.
    @Test func theSaveFormOffersTheOpenBagsAndABrewSavedWithOneStoresItsBeanID() throws {
        let served = try Served(data: try BrewGuideProcess.copyOfBundledData())
        let browser = try Self.browser(for: served)
        try Self.brewToTheEnd(browser, served: served)
        let options = try browser.text("Array.from(document.querySelectorAll('#save-bean-id option')).map(o => o.value + '=' + o.textContent).join('|')")
        #expect(options == "=no bag|bean-kenya-gichathaini=Kenya Gichathaini, Square Mile, roasted 2026-11-02|bean-rwanda-nyamasheke=Rwanda Nyamasheke, Square Mile, roasted 2026-10-28",
                "the open bags, in file order: \(options)")
        #expect(try browser.text("document.getElementById('save-bean-id').value") == "", "no bag is chosen for the person")
        #expect(try browser.evaluate("(() => { const e = document.getElementById('save-bean-id'); return e.name === 'bean-id' && e.labels.length === 1 && e.labels[0].textContent === 'Bag'; })()") as? Bool == true,
                "the Bag field, labelled, sent as bean-id")
        _ = try browser.evaluate("document.getElementById('save-rating').value = '4'; document.getElementById('save-bean-id').value = 'bean-rwanda-nyamasheke'; true")
        try Self.markPage(browser)
        try browser.tab(to: "button Save this brew")
        try browser.press(.enter)
        #expect(browser.wait(until: "document.querySelector('.write-saved a') !== null", seconds: 15), "\(served.process.output.suffix(2000))")
        let log = try #require(try Self.decemberLogs(served.data).first)
        #expect(log["beanId"] as? String == "bean-rwanda-nyamasheke", "\(log)")
        #expect(log["rating"] as? Int == 4)
        let id = try #require(log["id"] as? String)
        #expect(Self.waitForTheReload(browser), "the page was not reloaded after the rebuild")
        try browser.open(URL(string: served.base + "logs/2026/12/\(id).html")!)
        let main = try browser.text("document.querySelector('main').textContent")
        #expect(try browser.evaluate("document.querySelector('main a[href$=\"beans/bean-rwanda-nyamasheke.html\"]') !== null") as? Bool == true,
                "the log page links to its bag: \(main.prefix(800))")
    }

    /// The end screen's Discard lets the brew go: nothing recorded, the brew no longer kept in the
    /// tab, the focus on the words that say so.
    @Test func aBrewDiscardedFromTheEndScreenRecordsNothing() throws {
        let served = try Served(data: try BrewGuideProcess.copyOfBundledData())
        let browser = try Self.browser(for: served)
        try Self.brewToTheEnd(browser, served: served)
        #expect(try browser.evaluate("sessionStorage.getItem('brewguide-brew:/brew/v60-starter.html') !== null") as? Bool == true, "the finished brew is kept until saved")
        try browser.tab(to: "button Discard this brew")
        try browser.press(.enter)
        #expect(try browser.evaluate("document.querySelector('form.save-brew') === null") as? Bool == true)
        #expect(try browser.text("document.activeElement.textContent") == "Discarded: nothing was recorded.")
        #expect(try browser.evaluate("sessionStorage.getItem('brewguide-brew:/brew/v60-starter.html') === null") as? Bool == true, "nothing is left to keep")
        Thread.sleep(forTimeInterval: 1)
        #expect(try Self.decemberLogs(served.data).isEmpty, "nothing was recorded")
    }

    /// The header counts lines as the list shows them: two lines ticked are "2 more checked",
    /// though one of them ("4 lemons (3½ needed)") stands for three stored items.
    @Test func twoTicksAreTwoMoreChecked() throws {
        let served = try Served(data: try BrewGuideProcess.copyOfBundledData())
        let browser = try Self.browser(for: served)
        try Self.open("kitchen/shopping.html", in: browser, served: served)
        let count = Self.text(".shopping-count")
        #expect(try browser.text(count) == "12 items, 3 checked")
        let lemons = "Array.from(document.querySelectorAll('.shopping-list li')).find(li => li.textContent.includes('4 lemons')).querySelector('input')"
        #expect(try browser.text("\(lemons).dataset.items") == "3", "the lemons stand for three stored items")
        _ = try browser.evaluate("\(lemons).click(); Array.from(document.querySelectorAll('.shopping-list li')).find(li => li.textContent.includes('2 onions')).querySelector('input').click(); true")
        #expect(browser.wait(until: "\(count) === '12 items, 5 checked'", seconds: 5), "two ticks: \((try? browser.text(count)) ?? "")")
    }

    @Test func aTickAndAnUntickOfTheShoppingListAreWrittenToTheFile() throws {
        let served = try Served(data: try BrewGuideProcess.copyOfBundledData())
        let browser = try Self.browser(for: served)
        try Self.open("kitchen/shopping.html", in: browser, served: served)
        let count = Self.text(".shopping-count"), label = "document.querySelector('li[data-item=item-2] label').textContent"
        let box = "document.querySelector('li[data-item=item-2] input[type=checkbox]')"
        let start = try browser.text(count)
        #expect(try ServePhoneWritesTests.item("item-2", in: served.data)["checked"] as? Bool == false)

        // Tick with Space: in the file, said in the list's words, and on the page after the
        // rebuild, which the page takes in place (issue 46: no reload).
        try Self.markPage(browser)
        var rebuilds = served.process.count("rebuilt after")
        _ = try browser.evaluate("\(box).focus()")
        try browser.press(.space)
        #expect(browser.wait(until: "\(Self.text(".write-status")).includes('Ticked off: ')", seconds: 15), Self.said(browser, ".write-status"))
        #expect(try ServePhoneWritesTests.item("item-2", in: served.data)["checked"] as? Bool == true)
        #expect(Self.waitForTheRebuildInPlace(browser, served: served, after: rebuilds), "the shopping page takes the rebuild in place")
        #expect(try browser.focused().hasPrefix("input"), "the focus stays on the line ticked")
        #expect(try browser.evaluate("\(box).checked") as? Bool == true, "the tick comes back from the file")
        #expect(try browser.text(label).hasSuffix(" (bought)"))
        let ticked = try browser.text(count)
        #expect(ticked != start, "\(start) → \(ticked)")

        // Untick: "(bought)" goes and the count comes back at once, and the file follows.
        try Self.markPage(browser)
        rebuilds = served.process.count("rebuilt after")
        _ = try browser.evaluate("\(box).focus()")
        try browser.press(.space)
        #expect(try !browser.text(label).contains("(bought)"))
        #expect(try browser.text(count) == start)
        #expect(browser.wait(until: "\(Self.text(".write-status")).includes('Back on the list: ')", seconds: 15), Self.said(browser, ".write-status"))
        #expect(try ServePhoneWritesTests.item("item-2", in: served.data)["checked"] as? Bool == false)
        #expect(Self.waitForTheRebuildInPlace(browser, served: served, after: rebuilds))
        #expect(try !browser.text(label).contains("(bought)"))
        #expect(try browser.text(count) == start)
    }

    @Test func aSaveMadeWhileTheServerIsStoppedIsSentOnceWhenItAnswersAgain() throws {
        let served = try Served(data: try BrewGuideProcess.copyOfBundledData())
        let browser = try Self.browser(for: served)
        try Self.brewToTheEnd(browser, served: served)
        // No rating is chosen for the person (US-017): the form is not sent without one.
        _ = try browser.evaluate("document.getElementById('save-rating').value = '4'; document.getElementById('save-note').focus()")
        try browser.type("kept while the laptop slept")

        served.stop()
        let before = ServeEditCommandTests.tree(served.data)
        _ = try browser.evaluate("document.querySelector('form.save-brew').requestSubmit(); true")
        #expect(browser.wait(until: "\(Self.text(".write-here")).includes('Not sent')", seconds: 15), Self.said(browser, ".write-here"))
        let outbox = "JSON.parse(localStorage.getItem('brewguide-outbox') || '[]')"
        #expect(try browser.evaluate("\(outbox).length") as? Int == 1, "the save is kept on the device")
        let idempotency = try browser.text("\(outbox)[0].key"), kept = try browser.text("\(outbox)[0].body")
        #expect(!idempotency.isEmpty)
        #expect(ServeEditCommandTests.tree(served.data) == before)

        // The server answers again on the same port: the kept save is sent, and recorded once,
        // however often the page sends what it kept (the browser online again, a reload).
        try served.restart()
        _ = try? browser.evaluate("window.dispatchEvent(new Event('online')); window.dispatchEvent(new Event('online')); true")
        let deadline = Date().addingTimeInterval(40)
        while try Self.decemberLogs(served.data).isEmpty, Date() < deadline { Thread.sleep(forTimeInterval: 0.2) }
        #expect(browser.wait(until: "\(outbox).length === 0", seconds: 20), "the kept save leaves the outbox once answered")
        _ = try? browser.evaluate("window.dispatchEvent(new Event('online')); location.reload(); true")
        Thread.sleep(forTimeInterval: 2)
        let logs = try Self.decemberLogs(served.data)
        #expect(logs.count == 1, "one brew: \(logs.map { $0["id"] ?? "" })")
        #expect(logs.first?["note"] as? String == "kept while the laptop slept")
        #expect(served.process.count("saved from 127.0.0.1") == 1, "\(served.process.output)")

        // What the page kept carried its idempotency value: the same save sent once more (an
        // answer lost on the way back) gets the first answer and records nothing more.
        #expect(kept.contains("idempotency=\(idempotency)"), "\(kept)")
        #expect(browser.wait(until: "document.readyState === 'complete'", seconds: 10))
        _ = try browser.evaluate("""
            fetch('/_api/log', { method: 'POST', credentials: 'same-origin', headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
              body: \(HeadlessChromium.quoted(kept)) }).then(r => r.json().then(b => { window.resent = r.status + ' ' + b.id; })); true
            """)
        #expect(browser.wait(until: "window.resent !== undefined", seconds: 10))
        #expect(try browser.text("window.resent") == "201 \(logs.first?["id"] as? String ?? "")")
        #expect(try Self.decemberLogs(served.data).count == 1)
    }

    /// A save sent while a command holds the data folder (issue 45: the server answers 503 with
    /// Retry-After, its own state, not the save's): the save stays in the phone's queue, the
    /// person is told in words beside the form that the laptop is busy and the save is kept, and
    /// it is recorded once when the command has finished.
    @Test func aSaveSentWhileACommandHoldsTheDataFolderStaysQueuedIsToldAndIsRecordedOnceAfter() throws {
        let served = try Served(data: try BrewGuideProcess.copyOfBundledData())
        let browser = try Self.browser(for: served)
        try Self.brewToTheEnd(browser, served: served)
        _ = try browser.evaluate("document.getElementById('save-rating').value = '4'; document.getElementById('save-note').focus()")
        try browser.type("saved while merge ran")

        var lock: DirectoryLock? = try DataDirectoryLock.acquire(root: served.data.path, command: "brewguide merge")
        let before = ServeEditCommandTests.tree(served.data)
        _ = try browser.evaluate("document.querySelector('form.save-brew').requestSubmit(); true")
        #expect(browser.wait(until: "\(Self.text(".write-here")).includes('Not recorded yet')", seconds: 30), Self.said(browser, ".write-here"))
        let words = try browser.text(Self.text(".write-here"))
        #expect(words.contains("the laptop cannot write just now") && words.contains("in use by brewguide merge"), "\(words)")
        #expect(words.contains("kept on this phone and sent in a moment"), "\(words)")
        let outbox = "JSON.parse(localStorage.getItem('brewguide-outbox') || '[]')"
        #expect(try browser.evaluate("\(outbox).length") as? Int == 1, "the save stays in the queue")
        #expect(try browser.evaluate("JSON.parse(localStorage.getItem('brewguide-refused') || '[]').length") as? Int == 0, "it is not taken for a refused save")
        #expect(ServeEditCommandTests.tree(served.data) == before, "nothing is written while the command holds the folder")
        #expect(try Self.decemberLogs(served.data).isEmpty)

        // The command finishes: the queue sends the save (at the latest on its next round), once.
        lock?.release()
        lock = nil
        _ = try? browser.evaluate("window.dispatchEvent(new Event('online')); true")
        let deadline = Date().addingTimeInterval(40)
        while try Self.decemberLogs(served.data).isEmpty, Date() < deadline { Thread.sleep(forTimeInterval: 0.2) }
        #expect(browser.wait(until: "\(outbox).length === 0", seconds: 30), "the save leaves the queue once recorded")
        _ = try? browser.evaluate("window.dispatchEvent(new Event('online')); true")
        Thread.sleep(forTimeInterval: 2)
        let logs = try Self.decemberLogs(served.data)
        #expect(logs.count == 1, "one brew: \(logs.map { $0["id"] ?? "" })")
        #expect(logs.first?["note"] as? String == "saved while merge ran")
    }

    /// The same for a full disk (the data folder on a small tmpfs, filled): the server answers 503,
    /// the save stays queued and is told beside the form, and it is recorded once there is room.
    @Test(.enabled(if: SmallTmpfs.canMount, "needs to mount a tmpfs (root, and a kernel that allows it)"))
    func aSaveSentWhileTheDiskIsFullStaysQueuedIsToldAndIsRecordedOnceThereIsRoom() throws {
        let root = try BrewGuideProcess.temporaryDirectory()
        let data = root.appendingPathComponent("Data")
        try FullDiskTests.mount(data, kilobytes: 2048)
        var unmounted = false
        func unmount() {
            guard !unmounted else { return }
            unmounted = true
            _ = try? FullDiskTests.run("/bin/umount", [data.path])
        }
        defer { unmount(); try? FileManager.default.removeItem(at: root) }
        for name in try FileManager.default.contentsOfDirectory(atPath: TestPaths.journal.path) {
            try FileManager.default.copyItem(at: TestPaths.journal.appendingPathComponent(name), to: data.appendingPathComponent(name))
        }
        let served = try Served(data: data)
        defer { served.stop(); unmount() }
        let browser = try Self.browser(for: served)
        try Self.brewToTheEnd(browser, served: served)
        _ = try browser.evaluate("document.getElementById('save-rating').value = '4'; document.getElementById('save-note').focus()")
        try browser.type("saved on a full disk")

        try FullDiskTests.fill(data, leavingPages: 0)
        _ = try browser.evaluate("document.querySelector('form.save-brew').requestSubmit(); true")
        #expect(browser.wait(until: "\(Self.text(".write-here")).includes('Not recorded yet')", seconds: 30), Self.said(browser, ".write-here"))
        let words = try browser.text(Self.text(".write-here"))
        #expect(words.contains("the laptop cannot write just now") && words.contains("kept on this phone and sent in a moment"), "\(words)")
        let outbox = "JSON.parse(localStorage.getItem('brewguide-outbox') || '[]')"
        #expect(try browser.evaluate("\(outbox).length") as? Int == 1, "the save stays in the queue")
        #expect(try browser.evaluate("JSON.parse(localStorage.getItem('brewguide-refused') || '[]').length") as? Int == 0, "it is not taken for a refused save")
        #expect(try Self.decemberLogs(served.data).isEmpty)

        // Room again: the queue sends the save, once.
        try FileManager.default.removeItem(at: data.appendingPathComponent(".filler"))
        _ = try? browser.evaluate("window.dispatchEvent(new Event('online')); true")
        let deadline = Date().addingTimeInterval(40)
        while try Self.decemberLogs(served.data).isEmpty, Date() < deadline { Thread.sleep(forTimeInterval: 0.2) }
        #expect(browser.wait(until: "\(outbox).length === 0", seconds: 30), "the save leaves the queue once recorded")
        Thread.sleep(forTimeInterval: 2)
        let logs = try Self.decemberLogs(served.data)
        #expect(logs.count == 1, "one brew: \(logs.map { $0["id"] ?? "" })")
        #expect(logs.first?["note"] as? String == "saved on a full disk")
    }

    @Test func iCookedThisOnTheRecipePageAndAtTheEndOfCookMode() throws {
        let served = try Served(data: try BrewGuideProcess.copyOfBundledData())
        let browser = try Self.browser(for: served)
        let cooked = served.data.appendingPathComponent("kitchen/cooked.json")
        try Self.open("kitchen/recipes/shakshuka.html", in: browser, served: served)
        #expect(browser.wait(until: "document.querySelector('form.cooked-form') !== null", seconds: 5))
        for name in ["servings", "rating", "note"] {
            #expect(try !browser.text("(document.querySelector('label[for=cooked-\(name)]') || {textContent: ''}).textContent").isEmpty, "the \(name) field has a label")
        }
        #expect(try browser.text("document.getElementById('cooked-servings').value") == "2", "the servings from the recipe")

        // A value `kitchen cooked` refuses, sent with Enter: its words in the alert, nothing written.
        try Self.retype("#cooked-servings", "0", in: browser)
        try browser.press(.enter)
        #expect(browser.wait(until: "\(Self.text(".write-errors")).length > 0", seconds: 15))
        let refusal = try browser.text(Self.text(".write-errors"))
        #expect(refusal.contains("--servings: expected a number above 0, found 0"), "the command's words: \(refusal)")
        #expect(try browser.focused().hasPrefix("input"), "the focus goes back to the servings")
        #expect(!FileManager.default.fileExists(atPath: cooked.path))

        // Fixed: a rating and a note by keyboard, then the button.
        try Self.retype("#cooked-servings", "2", in: browser)
        _ = try browser.evaluate("document.getElementById('cooked-rating').value = '4'; document.getElementById('cooked-note').focus(); true")
        try browser.type("more cumin")
        try Self.markPage(browser)
        try browser.tab(to: "button Save: I cooked this")
        try browser.press(.enter)
        #expect(browser.wait(until: "\(Self.text(".write-saved")).includes('Saved as cook-shakshuka-')", seconds: 15),
                Self.said(browser, ".write-messages"))
        let records = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: cooked)) as? [[String: Any]])
        #expect(records.count == 1)
        let first = try #require(records.first?["id"] as? String)
        #expect(browser.wait(until: "\(Self.text(".write-saved")).includes('Saved as \(first).')", seconds: 30), Self.said(browser, ".write-messages"))
        #expect(records.first?["recipeId"] as? String == "shakshuka" && records.first?["servings"] as? Double == 2
                && records.first?["rating"] as? Int == 4 && records.first?["note"] as? String == "more cumin", "\(records)")
        // After the rebuild: the answer, with the page's new line.
        #expect(Self.waitForTheReload(browser))
        #expect(browser.wait(until: "\(Self.text(".write-saved")).includes('Made once, last on ')", seconds: 30),
                Self.said(browser, ".write-messages"))

        // The last step of cook mode has the same form, its servings from the recipe page.
        try Self.open("kitchen/cook/shakshuka.html#step-4", in: browser, served: served)
        #expect(browser.wait(until: "document.querySelector('.cook-step.current form.cooked-form') !== null", seconds: 15), "the last step has the form")
        #expect(browser.wait(until: "document.getElementById('cooked-servings').value === '2'", seconds: 15))
        // One action on the last step (issue 51): "I cooked this", which records; no "Finish recipe" beside it.
        #expect(try browser.evaluate("document.querySelector('.cook-step.current .cook-finish') === null") as? Bool == true, "no Finish that records nothing")
        #expect(try browser.text("document.querySelector('.cook-step.current form.cooked-form button[type=submit]').textContent") == "I cooked this")
        try Self.markPage(browser)
        let cookRebuilds = served.process.count("rebuilt after")
        _ = try browser.evaluate("document.querySelector('form.cooked-form').requestSubmit(); true")
        #expect(browser.wait(until: "\(Self.text(".write-saved")).includes('Saved as \(first)-2')", seconds: 15),
                Self.said(browser, ".write-messages"))
        // The rebuild may reload the page just then: the link is looked for once the page shows it again.
        #expect(browser.wait(until: "document.querySelector('.write-saved a') !== null", seconds: 30), Self.said(browser, ".write-messages"))
        #expect(try browser.text("document.querySelector('.write-saved a').getAttribute('href')") == "/kitchen/recipes/shakshuka.html")
        // Cook mode holds the cook's place: the rebuild does not reload it (issue 46).
        #expect(Self.waitForTheRebuildInPlace(browser, served: served, after: cookRebuilds), "cook mode is not reloaded under the cook")
        try Self.open("kitchen/recipes/shakshuka.html", in: browser, served: served)
        // The live reload brings the rebuilt page if the rebuild is still under way.
        #expect(browser.wait(until: "document.querySelector('main').textContent.includes('Made 2 times, last on ')", seconds: 30),
                Self.said(browser, "main"))
    }

    /// axe-core's script where `/work/shared/tools/axe-site` (or `AXE_CORE_JS`) put it; nil where it is not.
    static let axeScript: String? = {
        var candidates = ProcessInfo.processInfo.environment["AXE_CORE_JS"].map { [$0] } ?? []
        let lib = FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache/axe-site/lib")
        for python in (try? FileManager.default.contentsOfDirectory(atPath: lib.path)) ?? [] {
            candidates.append(lib.appendingPathComponent("\(python)/site-packages/axe_playwright_python/axe.min.js").path)
        }
        return candidates.lazy.compactMap { FileManager.default.contents(atPath: $0) }.first.map { String(decoding: $0, as: UTF8.self) }
    }()

    /// axe-core's WCAG 2.1 A/AA and best-practice violations inside `selector`, at phone and
    /// desktop width, in light and dark: "rule (where): the first element".
    static func axeViolations(in selector: String, _ browser: HeadlessChromium) throws -> [String] {
        guard let axe = axeScript else { return [] }
        if try browser.evaluate("typeof axe") as? String != "object" { _ = try browser.evaluate(axe + "\n; true") }
        var found: [String] = []
        for (name, width, height, scheme) in [("phone light", 390, 844, "light"), ("phone dark", 390, 844, "dark"),
                                              ("desktop light", 1280, 900, "light"), ("desktop dark", 1280, 900, "dark")] {
            try browser.send("Emulation.setDeviceMetricsOverride", ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600])
            try browser.send("Emulation.setEmulatedMedia", ["features": [["name": "prefers-color-scheme", "value": scheme]]])
            _ = try browser.evaluate("""
                window.axeFound = undefined;
                axe.run({ include: Array.from(document.querySelectorAll(\(HeadlessChromium.quoted(selector)))) },
                        { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } })
                  .then(r => { window.axeFound = r.violations.map(v => v.id + ': ' + v.nodes[0].html.slice(0, 120)); },
                        e => { window.axeFound = ['axe failed: ' + e]; });
                true
                """)
            #expect(browser.wait(until: "window.axeFound !== undefined", seconds: 30), "axe did not finish (\(name))")
            found += ((try browser.evaluate("window.axeFound")) as? [String] ?? []).map { "\($0) (\(name))" }
        }
        return found
    }

    @Test(.enabled(if: axeScript != nil, "axe-core is not on this machine (run /work/shared/tools/axe-site once, or set AXE_CORE_JS)"))
    func axeCoreFindsNothingWrongInTheFormsAtPhoneAndDesktopWidthLightAndDark() throws {
        let served = try Served(data: try BrewGuideProcess.copyOfBundledData())
        let browser = try Self.browser(for: served)
        try Self.brewToTheEnd(browser, served: served)
        try Self.retype("#save-brew-time", "61:00", in: browser)
        _ = try browser.evaluate("document.getElementById('save-rating').value = '4'; document.querySelector('form.save-brew').requestSubmit(); true")
        #expect(browser.wait(until: "\(Self.text(".write-errors")).length > 0", seconds: 15), "a refusal, so the alert is checked with text in it")
        #expect(try Self.axeViolations(in: "form.save-brew, .write-messages", browser) == [])

        try Self.open("kitchen/recipes/shakshuka.html", in: browser, served: served)
        #expect(browser.wait(until: "document.querySelector('form.cooked-form') !== null", seconds: 5))
        #expect(try Self.axeViolations(in: "form.cooked-form, .write-messages", browser) == [])
        try Self.open("kitchen/cook/shakshuka.html#step-4", in: browser, served: served)
        #expect(browser.wait(until: "document.querySelector('.cook-step.current form.cooked-form') !== null", seconds: 5))
        #expect(try Self.axeViolations(in: "form.cooked-form, .write-messages", browser) == [])
    }
}
