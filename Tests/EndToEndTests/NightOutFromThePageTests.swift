import Foundation
import Testing
import TestSupport

/// A night out driven from the served pages in headless Chromium, by keyboard (real key presses
/// over the DevTools protocol) against `serve --edit` on the tests' fixed clock: started from the
/// home page, drinks and water tapped (one water with its amount typed), an entry edited and one
/// deleted, the night ended; axe-core finds nothing in the panel. The
/// session file, `summary` and the words the page was told equal the same night typed at the
/// command line on a second copy of the journal. Skipped, with the reason, where Chromium is not
/// installed (Debian: `apt-get install chromium`).
@Suite("A night out from the served pages, in headless Chromium", .serialized,
       .enabled(if: HeadlessChromium.executable != nil, "Chromium is not installed (apt-get install chromium): the night-out page test needs a browser"))
struct NightOutFromThePageTests {
    typealias Server = ServeEditCommandTests.Server

    /// The browser on the served journal, and the waits a tap needs: the answer, the rebuild, the reload.
    struct Page {
        let browser: HeadlessChromium

        /// Waits (at most 30 s) until `expression` is true.
        func wait(_ expression: String, _ what: String) throws {
            for _ in 0..<300 {
                if (try? browser.evaluate(expression)) as? Bool == true { return }
                Thread.sleep(forTimeInterval: 0.1)
            }
            throw HeadlessChromium.ProtocolError(description: "waited 30 s for \(what)")
        }

        /// Waits until `path` is shown with its night-out panel drawn, and stays so (no second reload).
        func settled(on path: String) throws {
            let ready = "location.pathname === \(HeadlessChromium.quoted(path)) && document.readyState === 'complete' && !!document.querySelector('.night-out-writes:not([aria-busy])')"
            for _ in 0..<5 {
                try wait(ready, "\(path) with its panel")
                _ = try browser.evaluate("window.settled = true")
                // A second rebuild (a delete writes the session file and erasures.json) reloads it again.
                Thread.sleep(forTimeInterval: 1.0)
                if try browser.evaluate("window.settled === true && \(ready)") as? Bool == true { return }
            }
            throw HeadlessChromium.ProtocolError(description: "\(path) kept reloading")
        }

        /// Presses Enter on the control `id` (the focus put on it first), then waits for what the
        /// tap said and for the panel drawn again in place, the page not reloaded (issue 46: a tap
        /// never reloads the night's page); `opens` is the page a new night goes to instead.
        @discardableResult
        func press(_ id: String, on path: String, at time: String? = nil, opens: Bool = false) throws -> String {
            if let time { _ = try browser.evaluate("document.getElementById('night-at').value = \(HeadlessChromium.quoted(time))") }
            _ = try browser.evaluate("window.beforeTap = true; document.querySelectorAll('.night-out-writes > div > *').forEach(e => e.dataset.beforeTap = '1'); document.getElementById(\(HeadlessChromium.quoted(id))).focus()")
            #expect(try browser.text("document.activeElement.id") == id)
            try browser.press(.enter)
            if opens {
                try wait("window.beforeTap === undefined", "the new night's page to open after \(id)")
                try settled(on: path)
            } else {
                try wait("document.getElementById('night-said').textContent.length > 0 && document.getElementById('night-said').textContent !== 'Sending…'", "what \(id) said")
                try wait("document.querySelector('.night-out-writes [data-before-tap]') === null", "the panel drawn again after \(id)")
                // The rebuild the tap caused reaches the page: it is taken in place.
                Thread.sleep(forTimeInterval: 1.5)
                #expect(try browser.evaluate("window.beforeTap === true && location.pathname === \(HeadlessChromium.quoted(path))") as? Bool == true,
                        "the page was not reloaded after \(id)")
            }
            return try browser.text("document.getElementById('night-said').textContent")
        }

        /// The page's text outside the night-out panel: the built page, as the rebuilds left it.
        var builtText: String {
            (try? browser.text("Array.from(document.querySelector('main').children).filter(e => !e.matches('.night-out-writes, .write-messages')).map(e => e.textContent).join(' ')")) ?? ""
        }

        /// Presses and releases Escape.
        func escape() throws {
            let down: [String: Any] = ["type": "rawKeyDown", "key": "Escape", "code": "Escape", "windowsVirtualKeyCode": 27, "nativeVirtualKeyCode": 27]
            try browser.send("Input.dispatchKeyEvent", down)
            var up = down
            up["type"] = "keyUp"
            try browser.send("Input.dispatchKeyEvent", up)
        }

        var focusedID: String { (try? browser.text("document.activeElement.id")) ?? "" }
    }

    @Test func aNightTappedOnThePageIsTheNightTypedAtTheCommandLine() throws {
        let phone = try BrewGuideProcess.copyOfBundledData(), typed = try BrewGuideProcess.copyOfBundledData()
        defer {
            try? FileManager.default.removeItem(at: phone.deletingLastPathComponent())
            try? FileManager.default.removeItem(at: typed.deletingLastPathComponent())
        }
        // The test journal's night is active at the fixed now (20:00): ended first in both copies.
        for data in [phone, typed] {
            let end = try BrewGuideProcess.run(["session", "end", "--at", "18:45", "--data", data.path])
            #expect(end.status == 0, "\(end.stderr)")
        }
        let server = try Server(["--edit", "--data", phone.path, "--output", phone.deletingLastPathComponent().appendingPathComponent("Site").path, "--port", "0"])
        defer { server.stop() }
        #expect(server.waitFor("watching"), "serve did not start: \(server.output)")
        let address = try #require(server.first(#"http://127\.0\.0\.1:[0-9]+/\?key=[A-Za-z0-9_-]+"#), "no key line in \(server.output)")

        let page = Page(browser: try HeadlessChromium(width: 390, height: 844))
        let browser = page.browser
        try browser.send("Page.navigate", ["url": address])
        try page.settled(on: "/")
        #expect(try browser.text("document.getElementById('night-out-title').textContent") == "Start a night out")
        // A 24-hour HH:MM field, as its hint says, not the browser's 12-hour time widget (issue 51).
        #expect(try browser.evaluate("(() => { const e = document.getElementById('night-start-at'); return e.type === 'text' && e.pattern !== '' && new RegExp('^(?:' + e.pattern + ')$').test('19:00') && !new RegExp('^(?:' + e.pattern + ')$').test('7:00 PM'); })()") as? Bool == true)
        #expect(try browser.evaluate("location.search") as? String == "", "the key left the address bar")

        // Started from the home page: its name and time typed, Enter on "Start a night out".
        let night = "quiz-night-2026-11-21-1900", nightPage = "/sessions/\(night).html"
        _ = try browser.evaluate("document.getElementById('night-start-name').value = 'Quiz night'; document.getElementById('night-start-at').value = '19:00'")
        let started = try page.press("night-start", on: nightPage, opens: true)
        // In a person's words: the night by its title, no file path, no command to type.
        #expect(started.hasPrefix("Started Quiz night at 19:00\n"), "\(started)")
        #expect(!started.contains(".json") && !started.contains("brewguide "), "\(started)")
        #expect(started.contains("the waterline is at centre"), "\(started)")
        #expect(page.focusedID == "night-out-title", "the focus is on the new night's panel")

        // The first drink reached with Tab alone, as a keyboard user does.
        _ = try browser.evaluate("document.getElementById('night-at').value = '19:05'; window.beforeTap = true; document.getElementById('night-out-title').focus()")
        try browser.tab(to: "button + Pint of IPA")
        let emptyNight = page.builtText
        #expect(!emptyNight.contains("Pint of IPA"), "\(emptyNight)")
        try browser.press(.enter)
        try page.wait("document.getElementById('night-said').textContent.includes('entry-1')", "what the drink said")
        try page.wait("document.querySelectorAll('.night-entries li').length === 1", "the entry in the panel")
        // The built page's timeline and totals take the drink in place: the same page object,
        // the focus where it was.
        try page.wait("Array.from(document.querySelectorAll('main > ul li')).some(li => li.textContent.includes('Pint of IPA'))", "the drink in the page's timeline")
        #expect(try browser.evaluate("window.beforeTap") as? Bool == true, "the night's page was not reloaded after the tap")
        #expect(page.builtText.contains("Drinks: 1"), "the totals count the drink: \(page.builtText)")
        #expect(try browser.text("document.getElementById('night-entries-title').textContent") == "Entries (1)")
        let first = try browser.text("document.getElementById('night-said').textContent")
        #expect(first.contains("Drink: Pint of IPA, 473 ml, 6.5 %"), "\(first)")
        #expect(first.contains("+2 → 2 above centre"), "the waterline: \(first)")
        #expect(first.contains("time for water: 1 drink since the last water break") && !first.contains("pacing warning: 1 drink"), "the reminder, a nudge: \(first)")
        #expect(page.focusedID == "night-preset-pint-ipa", "the focus is back on the button tapped")

        // Another drink by type and size; water; a preset; each tap's words, the focus kept.
        _ = try browser.evaluate("document.getElementById('night-drink-type').value = 'wine'; document.getElementById('night-drink-size').value = '5oz'; document.getElementById('night-at').value = '19:20'")
        let wine = try page.press("night-drink-add", on: nightPage)
        #expect(wine.contains("entry entry-2"), "\(wine)")
        #expect(page.focusedID == "night-drink-add")
        let water = try page.press("night-water", on: nightPage, at: "19:30")
        #expect(water.contains("Water break: 250 ml (amount not given: the default) at 19:30, entry entry-3"), "\(water)")
        #expect(page.focusedID == "night-water")
        let whisky = try page.press("night-preset-double-whisky", on: nightPage, at: "19:40")
        #expect(whisky.contains("Double whisky"), "\(whisky)")
        #expect(try browser.evaluate("document.querySelectorAll('.night-entries li').length") as? Int == 4)

        // The wine edited: Enter on its Edit opens the form with the focus in it.
        _ = try browser.evaluate("document.getElementById('night-edit-entry-2').focus()")
        try browser.press(.enter)
        #expect(page.focusedID == "night-edit-entry-2-at")
        #expect(try browser.text("document.activeElement.value") == "2026-11-21T19:20")
        _ = try browser.evaluate("document.getElementById('night-edit-entry-2-at').value = '19:25'; document.getElementById('night-edit-entry-2-size').value = '250'")
        let edited = try page.press("night-edit-entry-2-save", on: nightPage)
        #expect(edited.contains("Edited entry entry-2 of \(night)"), "\(edited)")
        #expect(edited.contains("250 ml"), "\(edited)")
        #expect(page.focusedID == "night-edit-entry-2", "the focus is back on the entry's Edit")

        // Escape closes an edit form and "Keep it" keeps an entry, the focus back where it was;
        // every field of the panel has a label and every button a name.
        _ = try browser.evaluate("document.getElementById('night-edit-entry-1').focus()")
        try browser.press(.enter)
        #expect(page.focusedID == "night-edit-entry-1-at")
        let unlabelled = "Array.from(document.querySelectorAll('.night-out-writes input, .night-out-writes select')).filter(e => e.labels.length === 0).length + Array.from(document.querySelectorAll('.night-out-writes button')).filter(b => !b.textContent.trim()).length"
        #expect(try browser.evaluate(unlabelled) as? Int == 0)
        try page.escape()
        #expect(page.focusedID == "night-edit-entry-1")
        #expect(try browser.evaluate("document.getElementById('night-edit-entry-1-form') === null") as? Bool == true)
        #expect(try browser.text("document.activeElement.getAttribute('aria-expanded')") == "false")
        try browser.press(.tab)
        #expect(page.focusedID == "night-delete-entry-1")
        try browser.press(.enter)
        #expect(page.focusedID == "night-confirm-entry-1")
        try browser.press(.tab)
        #expect(page.focusedID == "night-keep-entry-1")
        try browser.press(.enter)
        #expect(page.focusedID == "night-delete-entry-1")
        #expect(try browser.evaluate("document.querySelectorAll('.night-entries li').length") as? Int == 4)

        // The whisky deleted: Delete asks, "Yes, delete" deletes; the focus goes to the entries' heading.
        _ = try browser.evaluate("document.getElementById('night-delete-entry-4').focus()")
        try browser.press(.enter)
        #expect(page.focusedID == "night-confirm-entry-4")
        let deleted = try page.press("night-confirm-entry-4", on: nightPage)
        #expect(deleted.contains("Deleted entry entry-4 of \(night)"), "\(deleted)")
        #expect(page.focusedID == "night-entries-title")
        #expect(try browser.evaluate("document.querySelectorAll('.night-entries li').length") as? Int == 3)

        // A water with its amount typed in the labelled field (8 oz, said in the journal's ml); Enter
        // there logs it, the focus kept.
        #expect(try browser.text("document.getElementById('night-water-amount').labels[0].textContent") == "Water amount (optional)")
        #expect(try browser.text("document.getElementById('night-water-amount-hint').textContent").contains("empty: the default"))
        _ = try browser.evaluate("document.getElementById('night-water-amount').focus()")
        try browser.type("8oz")
        let measured = try page.press("night-water-amount", on: nightPage, at: "19:45")
        #expect(measured.contains("Water break: 237 ml at 19:45, entry entry-5"), "\(measured)")
        #expect(page.focusedID == "night-water-amount")
        #expect(try browser.text("document.getElementById('night-water-amount').value") == "", "the next water is the default again")
        let axe = try ServedWritesInChromiumTests.axeViolations(in: ".night-out-writes", browser)
        #expect(axe.isEmpty, "axe-core on the night's panel: \(axe)")
        let ended = try page.press("night-end", on: nightPage, at: "19:55")
        #expect(ended.hasPrefix("Ended Quiz night at 19:55 after "), "\(ended)")
        #expect(!ended.contains(".json") && !ended.contains("brewguide summary"), "the command lines stay on the terminal: \(ended)")
        #expect(page.focusedID == "night-out-title", "the end button is gone: the focus is on the panel's heading")
        #expect(try browser.text("document.getElementById('night-out-title').textContent") == "Change this night")

        // The same night typed at the command line on the second copy, at the same times.
        let commands = [
            ["session", "start", "--name", "Quiz night", "--at", "19:00"],
            ["session", "drink", "--preset", "pint-ipa", "--at", "19:05"],
            ["session", "drink", "--type", "wine", "--size", "5oz", "--at", "19:20"],
            ["session", "water", "--at", "19:30"],
            ["session", "drink", "--preset", "double-whisky", "--at", "19:40"],
            ["session", "edit", "entry-2", "--size", "250", "--at", "19:25"],
            ["session", "delete", "entry-4"],
            ["session", "water", "--amount", "8oz", "--at", "19:45"],
            ["session", "end", "--at", "19:55"],
        ]
        var lastOutput = ""
        for command in commands {
            let run = try BrewGuideProcess.run(command + ["--data", typed.path])
            #expect(run.status == 0, "\(command): \(run.stderr)")
            lastOutput = run.stdout
        }

        // The session file: byte for byte what the commands wrote, and what was tapped, but that
        // each entry added from the page records its source (issue 51: `"source": "phone"`).
        let file = "sessions/\(night).json"
        let tappedAsWritten = try String(contentsOf: phone.appendingPathComponent(file), encoding: .utf8)
        #expect(tappedAsWritten.components(separatedBy: "\"source\": \"phone\"").count - 1 == 4, "the four entries the page added and kept: \(tappedAsWritten)")
        let tapped = tappedAsWritten.replacingOccurrences(of: ", \"source\": \"phone\"", with: "")
        #expect(tapped == (try String(contentsOf: typed.appendingPathComponent(file), encoding: .utf8)))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(tapped.utf8)) as? [String: Any])
        #expect(object["name"] as? String == "Quiz night")
        #expect(object["isActive"] as? Bool == false)
        #expect(object["endTime"] as? String == "2026-11-21T19:55:00Z")
        let entries = object["entries"] as? [[String: Any]] ?? []
        #expect(entries.compactMap { $0["id"] as? String } == ["entry-1", "entry-2", "entry-3", "entry-5"])
        let wineEntry = entries.first { $0["id"] as? String == "entry-2" }
        #expect(wineEntry?["timestamp"] as? String == "2026-11-21T19:25:00Z")
        #expect(wineEntry?["updatedAt"] != nil, "an edit is marked")
        let measuredWater = entries.first { $0["id"] as? String == "entry-5" }?["waterMeta"] as? [String: Any]
        #expect(measuredWater?["amount"] as? Double == 8 && measuredWater?["unit"] as? String == "oz", "the amount typed: \(String(describing: measuredWater))")
        let defaultWater = entries.first { $0["id"] as? String == "entry-3" }
        #expect(defaultWater != nil && defaultWater?["waterMeta"] == nil, "the water without an amount is the default")
        let otherFiles = { (root: URL) in ServeEditCommandTests.tree(root.appendingPathComponent("sessions")).filter { $0.key != "/\(night).json" } }
        #expect(otherFiles(phone) == otherFiles(typed))
        let erasures = { (root: URL) in (try? String(contentsOf: root.appendingPathComponent("erasures.json"), encoding: .utf8)) ?? "" }
        #expect(erasures(phone).contains("entry-4") && erasures(phone) == erasures(typed))

        // `summary` of the night, in text and JSON, is the same for both copies.
        for format in ["text", "json", "markdown"] {
            let fromPhone = try BrewGuideProcess.run(["summary", night, "--format", format, "--data", phone.path])
            let fromTyping = try BrewGuideProcess.run(["summary", night, "--format", format, "--data", typed.path])
            #expect(fromPhone.status == 0 && fromPhone.stdout == fromTyping.stdout && !fromPhone.stdout.isEmpty, "\(format): \(fromPhone.stdout)\n---\n\(fromTyping.stdout)")
        }
        // What the page said at the end is what `session end` printed (its first line names the file).
        #expect(ended.split(separator: "\n").dropFirst().prefix(3) == lastOutput.split(separator: "\n").dropFirst().prefix(3), "\(ended)\n---\n\(lastOutput)")
    }
}
