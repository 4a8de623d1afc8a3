import Foundation
import Testing
import TestSupport

/// The search box in every page's header, from disk in headless Chromium: the index is loaded only
/// when the box is used, a whole word ranks first, the results are said in a polite live region, the
/// arrow keys and Enter open one, Escape clears.
@Suite("Search from every page, in headless Chromium", .serialized,
       .enabled(if: HeadlessChromium.executable != nil, "Chromium is not installed (apt-get install chromium): the search box runs in a browser"))
struct SearchInChromiumTests {
    /// The test journal with two brews noted as jammy: the newer one only "jammyish".
    static func site() throws -> (data: URL, site: URL) {
        let data = try BrewGuideProcess.copyOfBundledData()
        let site = data.deletingLastPathComponent().appendingPathComponent("Site")
        let logs = """
            [
              { "id": "log-20260915-0800", "timestamp": "2026-09-15T08:00:00Z", "method": "v60", "recipeId": "bright-morning",
                "recipeNameAtBrew": "Bright Morning", "doseGrams": 18, "targetYieldGrams": 300, "waterTemperatureCelsius": 96,
                "grindLabel": "medium", "rating": 5, "note": "Jammy Kenyan, blackcurrant and a long finish.", "bean": "Kenya Nyeri" },
              { "id": "log-20260916-0800", "timestamp": "2026-09-16T08:00:00Z", "method": "v60", "recipeId": "bright-morning",
                "recipeNameAtBrew": "Bright Morning", "doseGrams": 18, "targetYieldGrams": 300, "waterTemperatureCelsius": 96,
                "grindLabel": "medium", "rating": 4, "note": "Jammyish, a bit flat." }
            ]
            """
        try Data(logs.utf8).write(to: data.appendingPathComponent("logs/2026-09-search.json"))
        let build = try BrewGuideProcess.run(["build", "--data", data.path, "--output", site.path, "--quiet"])
        #expect(build.status == 0, "\(build.stderr)")
        return (data, site)
    }

    /// The page of the brew with `id`, wherever its month put it.
    static func page(_ id: String, in site: URL) throws -> URL {
        let names = FileManager.default.enumerator(atPath: site.appendingPathComponent("logs").path)?.allObjects as? [String] ?? []
        let name = try #require(names.first { $0.hasSuffix("/\(id).html") })
        return site.appendingPathComponent("logs").appendingPathComponent(name)
    }

    static let status = "document.querySelector('.site-search-status').textContent"
    static let results = "Array.from(document.querySelectorAll('.site-search-results a')).map(a => a.getAttribute('href'))"

    @Test func typingJammyFindsTheBrewAndEnterOpensItEscapeClears() throws {
        let (data, site) = try Self.site()
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        let browser = try HeadlessChromium(width: 390, height: 844)
        let start = try Self.page("log-20260803-1327", in: site)
        try browser.open(start)
        #expect(try browser.wait(until: "!document.querySelector('.site-search').hidden"), "the box shows once its script runs")
        #expect(try browser.evaluate("typeof window.brewSearchIndex === 'undefined' && !document.querySelector('script[src$=\"search-index.js\"]')") as? Bool == true,
                "the index is not loaded before the box is used")

        _ = try browser.evaluate("document.querySelector('#site-search-input').focus(); true")
        try browser.type("jammy")
        #expect(try browser.wait(until: "\(Self.status) === '2 results for \\u201cjammy\\u201d'"), "\((try? browser.text(Self.status)) ?? "")")
        #expect(try browser.evaluate("document.querySelector('.site-search-status').getAttribute('aria-live')") as? String == "polite")
        let links = try browser.evaluate(Self.results) as? [String] ?? []
        #expect(links.count == 2 && links[0].hasSuffix("/log-20260915-0800.html") && links[1].hasSuffix("/log-20260916-0800.html"),
                "the whole word before the newer \"jammyish\": \(links)")
        #expect(links.allSatisfy { $0.hasPrefix("../../../logs/") }, "relative to the brew page's depth: \(links)")
        #expect(try browser.text("document.querySelector('.site-search-results li').textContent").contains("Jammy Kenyan, blackcurrant"))
        #expect(try ServedWritesInChromiumTests.axeViolations(in: ".site-header, main", browser) == [], "with the results open")

        // The arrow keys go through the results; Escape clears and gives the box the focus again.
        try browser.press(.arrowDown)
        let focused = try browser.focused()
        #expect(focused.hasPrefix("a Bright Morning"), "\(focused)")
        try browser.press(.escape)
        #expect(try browser.evaluate("document.querySelector('#site-search-input').value") as? String == "")
        #expect(try browser.evaluate("document.querySelectorAll('.site-search-results li').length") as? Int == 0)
        #expect(try browser.text(Self.status) == "")
        #expect(try browser.focused().hasPrefix("input"))

        // Enter in the box opens the first result.
        try browser.type("kenyan JAMMY")
        #expect(try browser.wait(until: "\(Self.status) === '1 result for \\u201ckenyan JAMMY\\u201d'"), "\((try? browser.text(Self.status)) ?? "")")
        try browser.press(.enter)
        #expect(try browser.wait(until: "location.pathname.endsWith('/log-20260915-0800.html') && document.readyState === 'complete'"), "Enter opens the brew")
        #expect(try browser.text("document.querySelector('main').textContent").contains("Jammy Kenyan"))
    }
}
