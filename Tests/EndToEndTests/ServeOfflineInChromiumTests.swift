import Foundation
import Testing
import TestSupport

/// The served journal as an app on a phone, driven in Debian's Chromium through `https://` with
/// serve's CA trusted (an NSS database made for the test, the machine's host name mapped to
/// 127.0.0.1): a secure context, the screen's wake lock held while a brew runs and let go at its
/// end, the service worker registered, and with the server stopped the shopping list and a cook
/// mode opening from the copy kept on the phone, saying so, a tick queued there and, once the
/// server runs again on the same port with the same key, in `kitchen/shopping.json` with the
/// tap's time.
@Suite("serve --https: offline copies and the wake lock, in Chromium", .serialized)
struct ServeOfflineInChromiumTests {
    static let certutil = ServeHTTPSTests.certutil

    /// One journal, CA and key, served again and again on one port.
    final class Journal {
        let root: URL, data: URL, dataHome: URL, keyFile: URL, site: URL
        var process: RunningBrewGuide?
        var port = "0"
        var key = ""

        init() throws {
            data = try BrewGuideProcess.copyOfBundledData()
            root = data.deletingLastPathComponent()
            dataHome = root.appendingPathComponent("share")
            keyFile = root.appendingPathComponent("serve.key")
            site = root.appendingPathComponent("Site")
        }

        /// Runs on the real clock (an empty BREWGUIDE_NOW): the tick's time is compared with the browser's.
        func start() throws {
            let process = try RunningBrewGuide(running: ["serve", "--lan", "--https", "--data", data.path, "--output", site.path, "--port", port, "--key-file", keyFile.path],
                                               environment: ["XDG_DATA_HOME": dataHome.path, "BREWGUIDE_NOW": ""])
            self.process = process
            guard process.waitFor("watching", seconds: 120),
                  let address = process.first(#"(?<=serving .{1,300} on )https://127\.0\.0\.1:[0-9]+/"#),
                  let keyed = process.first(#"\?key=[A-Za-z0-9_-]+"#) else {
                process.stop()
                throw HeadlessChromium.ProtocolError(description: "serve --https did not start: \(process.output)")
            }
            port = String(address.split(separator: ":").last!.dropLast())
            key = String(keyed.dropFirst("?key=".count))
        }

        func stop() { process?.stop(); process = nil }

        var caFile: URL { dataHome.appendingPathComponent("brewguide/ca.pem") }

        func item(_ id: String) throws -> [String: Any] {
            let bytes = try Data(contentsOf: data.appendingPathComponent("kitchen/shopping.json"))
            let items = try #require(try JSONSerialization.jsonObject(with: bytes) as? [[String: Any]])
            return try #require(items.first { $0["id"] as? String == id })
        }

        deinit {
            stop()
            try? FileManager.default.removeItem(at: root)
        }
    }

    /// Opens `page` and waits until it has loaded (served or kept), with its deferred scripts run.
    static func open(_ page: String, base: String, in browser: HeadlessChromium) throws {
        try browser.send("Page.navigate", ["url": base + page])
        let url = HeadlessChromium.quoted(base + page)
        #expect(browser.wait(until: "document.readyState === 'complete' && location.href === \(url)", seconds: 30),
                "\(page) did not open: \((try? browser.text("location.href")) ?? "") \((try? browser.text("document.title")) ?? "")")
    }

    /// What the phone's cache holds: the addresses kept.
    static func keptAddresses(_ browser: HeadlessChromium) -> [String] {
        _ = try? browser.evaluate("window.keptNow = undefined; caches.open('brewguide-kept-v1').then(c => c.keys()).then(k => { window.keptNow = k.map(r => r.url); }); true")
        guard browser.wait(until: "Array.isArray(window.keptNow)", seconds: 10) else { return [] }
        return (try? browser.evaluate("window.keptNow")) as? [String] ?? []
    }

    @Test("https: a secure context, a wake lock held while a brew runs and let go at its end, the service worker registered; offline the shopping list and a cook mode open from the kept copy, and a tick queued there reaches kitchen/shopping.json with its time",
          .enabled(if: HeadlessChromium.executable != nil && certutil != nil, "Chromium or certutil (libnss3-tools) is not installed"))
    func offlineAndAwake() throws {
        let journal = try Journal()
        try journal.start()
        let browser = try ServeHTTPSTests.browser(trusting: journal.caFile, home: journal.root.appendingPathComponent("home"))
        let base = "https://\(ServeHTTPSTests.hostName()):\(journal.port)/"
        // The key visit: the cookie set, and the browser sent on to the home page.
        try browser.send("Page.navigate", ["url": base + "?key=\(journal.key)"])
        #expect(browser.wait(until: "document.readyState === 'complete' && location.href === \(HeadlessChromium.quoted(base))", seconds: 30))
        #expect(try browser.evaluate("window.isSecureContext") as? Bool == true)

        // The service worker registers, takes the page and keeps the always-kept pages.
        #expect(browser.wait(until: "document.documentElement.dataset.serviceWorker === 'registered' && navigator.serviceWorker.controller !== null", seconds: 30),
                "the service worker did not register: \((try? browser.text("document.documentElement.dataset.serviceWorker || ''")) ?? "")")
        var kept: [String] = []
        let deadline = Date().addingTimeInterval(60)
        repeat {
            kept = Self.keptAddresses(browser)
            if kept.contains(base + "kitchen/shopping.html"), kept.contains(base + "kitchen/cook/lentil-soup.html"), kept.contains(base + "_app/kept-always.json") { break }
            Thread.sleep(forTimeInterval: 0.5)
        } while Date() < deadline
        // This week's plan (the real clock's week: the site has a page for it), the recipes on the list and their cook modes.
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let week = calendar.dateComponents([.yearForWeekOfYear, .weekOfYear], from: Date())
        let thisWeek = String(format: "kitchen/plan/%04d-W%02d.html", week.yearForWeekOfYear!, week.weekOfYear!)
        for page in ["kitchen/shopping.html", thisWeek, "kitchen/recipes/lentil-soup.html", "kitchen/cook/lentil-soup.html", "_api/pages.js", "assets/cook.js"] {
            #expect(kept.contains(base + page), "\(page) is not kept: \(kept)")
        }

        // The wake lock: held once the brew starts, let go at its end.
        try Self.open("brew/v60-starter.html", base: base, in: browser)
        #expect(try browser.evaluate("document.documentElement.dataset.wakeLock === undefined") as? Bool == true)
        _ = try browser.evaluate("document.querySelector('#brew-app button.primary').click(); true")
        #expect(browser.wait(until: "document.documentElement.dataset.wakeLock === 'held'", seconds: 10),
                "no wake lock during the brew: \((try? browser.text("document.documentElement.dataset.wakeLock || ''")) ?? "") \((try? browser.text("(document.querySelector('.wake-note') || {}).textContent || ''")) ?? "")")
        for _ in 0..<20 where (try? browser.evaluate("!document.querySelector('#brew-app button.primary').hidden")) as? Bool == true {
            _ = try browser.evaluate("document.querySelector('#brew-app button.primary').click(); true")
        }
        #expect(browser.wait(until: "document.documentElement.dataset.wakeLock === 'released'", seconds: 10), "the wake lock was not let go at the end of the brew")
        #expect(try browser.evaluate("document.querySelector('.wake-note') === null") as? Bool == true, "a wake lock was held, yet the page says it was refused")

        // A browser that refuses the lock: the brew says so, politely, and the words pass axe-core.
        // (Another address than the page open, so that the wait is for the new page; the finished
        // brew the page kept in this tab forgotten.)
        _ = try browser.evaluate("sessionStorage.clear(); true")
        try Self.open("brew/v60-starter.html?again", base: base, in: browser)
        _ = try browser.evaluate("navigator.wakeLock.request = () => Promise.reject(new DOMException('the battery saver is on', 'NotAllowedError')); document.querySelector('#brew-app button.primary').click(); true")
        #expect(browser.wait(until: "document.documentElement.dataset.wakeLock === 'refused' && document.querySelector('#brew-app .wake-note') !== null", seconds: 10),
                "\((try? browser.text("(document.documentElement.dataset.wakeLock || 'none') + ' ' + String(navigator.wakeLock.request) + ' ' + document.querySelector('#brew-app').innerText.slice(0, 200)")) ?? "")")
        #expect(try browser.text("document.querySelector('.wake-note').textContent").hasPrefix("Sorry: the browser would not keep the screen on just now (the battery saver is on)"))
        #expect(try ServedWritesInChromiumTests.axeViolations(in: ".wake-note", browser) == [])
        try browser.send("Emulation.setDeviceMetricsOverride", ["width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": true])
        for _ in 0..<20 where (try? browser.evaluate("!document.querySelector('#brew-app button.primary').hidden")) as? Bool == true {
            _ = try browser.evaluate("document.querySelector('#brew-app button.primary').click(); true")
        }

        // A cook mode opened (and kept), then the laptop goes away.
        try Self.open("kitchen/shopping.html", base: base, in: browser)
        #expect(try browser.evaluate("document.querySelector('.kept-copy') === null") as? Bool == true, "a page from the server says it is a kept copy")
        journal.stop()

        try Self.open("kitchen/cook/lentil-soup.html", base: base, in: browser)
        #expect(browser.wait(until: "document.querySelector('.kept-copy') !== null && document.querySelector('.cook-step') !== null", seconds: 15),
                "cook mode did not open from the kept copy: \((try? browser.text("document.body.innerText.slice(0, 300)")) ?? "")")
        let words = try browser.text("document.querySelector('.kept-copy').textContent")
        #expect(words.contains("copy this phone kept") && words.contains("ago"), "\(words)")

        try Self.open("kitchen/shopping.html", base: base, in: browser)
        #expect(browser.wait(until: "document.querySelector('.kept-copy') !== null && document.querySelector('.write-messages') !== null", seconds: 15),
                "the shopping list did not open from the kept copy with its ticks bound: \((try? browser.text("document.body.innerText.slice(0, 300)")) ?? "")")
        #expect(try journal.item("item-2")["checked"] as? Bool == false)
        // The note at the top passes axe-core at phone and desktop width, light and dark.
        #expect(try ServedWritesInChromiumTests.axeViolations(in: ".kept-copy", browser) == [])
        try browser.send("Emulation.setDeviceMetricsOverride", ["width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": true])
        _ = try browser.evaluate("window.tappedAt = new Date().toISOString(); document.querySelector('li[data-item=\"item-2\"] input[type=checkbox]').click(); true")
        #expect(browser.wait(until: "JSON.parse(localStorage.getItem('brewguide-outbox') || '[]').length === 1", seconds: 10), "the tick was not queued")
        #expect(browser.wait(until: "/Not sent yet/.test(document.querySelector('.write-status').textContent)", seconds: 10))
        let tapped = try browser.text("window.tappedAt")
        let queued = try browser.text("JSON.parse(localStorage.getItem('brewguide-outbox'))[0].body")
        #expect(queued.contains("item=item-2") && queued.contains("tapped="), "\(queued)")

        // Back on the network some seconds later: the queue is sent, with the tap's time.
        Thread.sleep(forTimeInterval: 6)
        try journal.start()
        let deadlineBack = Date().addingTimeInterval(45)
        while Date() < deadlineBack, (try? journal.item("item-2")["checked"] as? Bool) != true { Thread.sleep(forTimeInterval: 0.5) }
        let item = try journal.item("item-2")
        #expect(item["checked"] as? Bool == true, "the queued tick was not sent: \(journal.process?.output ?? "")")
        let recorded = try #require(ISO8601DateFormatter().date(from: item["updatedAt"] as? String ?? ""))
        let tappedDate = try #require(ISO8601DateFormatter.withFractions.date(from: tapped))
        #expect(abs(recorded.timeIntervalSince(tappedDate)) < 2.5, "recorded \(item["updatedAt"] ?? "") for a tap at \(tapped)")
        #expect(browser.wait(until: "JSON.parse(localStorage.getItem('brewguide-outbox') || '[]').length === 0", seconds: 20), "the queue was not emptied")

        // Nothing kept carries the key or a write's answer.
        let keptNow = Self.keptAddresses(browser)
        #expect(!keptNow.isEmpty)
        #expect(!keptNow.contains { $0.contains("key=") || $0.contains("/_api/shopping") || $0.contains("/_api/session") }, "\(keptNow)")
        _ = try browser.evaluate("""
            window.keptText = undefined;
            caches.open('brewguide-kept-v1').then(c => c.keys().then(k => Promise.all(k.map(r => c.match(r).then(a => a.text())))))
              .then(t => { window.keptText = t.join('\\n'); }); true
            """)
        #expect(browser.wait(until: "typeof window.keptText === 'string'", seconds: 10))
        #expect(try browser.text("window.keptText").contains(journal.key) == false, "a kept answer holds the key")
    }

    @Test("the built site is plain: no service worker, no offline or wake-lock script of serve's, no write control")
    func builtSiteIsPlain() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        let root = data.deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: root) }
        let site = root.appendingPathComponent("Site")
        let built = try BrewGuideProcess.run(["build", "--data", data.path, "--output", site.path])
        #expect(built.status == 0, "\(built.stderr)")
        let files = try #require(FileManager.default.subpaths(atPath: site.path))
        #expect(files.contains("kitchen/shopping.html"))
        for name in ["sw.js", "offline.js", "wake.js", "pages.js"] {
            #expect(!files.contains { ($0 as NSString).lastPathComponent == name }, "\(name) is in the built site")
        }
        for file in files where file.hasSuffix(".html") || file.hasSuffix(".js") {
            let text = String(decoding: FileManager.default.contents(atPath: site.appendingPathComponent(file).path) ?? Data(), as: UTF8.self)
            #expect(!text.contains("serviceWorker") && !text.contains("/_app/") && !text.contains("/_api/"), "\(file)")
        }
    }
}

extension ISO8601DateFormatter {
    /// Reads the times a browser writes (`2026-12-02T01:02:03.456Z`).
    static var withFractions: ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }
}
