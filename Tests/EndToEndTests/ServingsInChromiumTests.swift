import Foundation
import Testing
import TestSupport

/// A kitchen recipe's page and its cook mode scale for any whole number of servings, in the
/// browser from disk (file://, no server), with `kitchen scale`'s rounding and "as written"
/// rule: what a person types and taps, and what the page then shows.
@Suite("Servings for any number, in headless Chromium", .serialized,
       .enabled(if: HeadlessChromium.executable != nil, "Chromium is not installed (apt-get install chromium): the servings are chosen in a browser"))
struct ServingsInChromiumTests {
    /// Amounts of every kind the rules tell apart: ranges, counted words and their plurals, a
    /// package, grams into kilograms, millilitres into cups or spoons, ounces into pounds, words.
    static let amounts: [(String, String)] = [
        ("2-3 cloves", "garlic"), ("1 (400 g) can", "tomatoes"), ("3", "eggs"), ("600 g", "flour"), ("250 ml", "milk"),
        ("1 tbsp", "oil"), ("6 oz", "butter"), ("to taste", "salt"), ("1/3 cup", "sugar"), ("5 ml", "vanilla"), ("0.7 l", "stock"),
    ]

    /// A copy of the test journal with the checking recipe, its preferences' kitchen units set, built.
    static let steps = ["Whisk the eggs with the milk and the sugar.", "Add the flour and the butter."]

    static func site(units: String, steps: [String] = steps) throws -> (data: URL, site: URL) {
        let data = try BrewGuideProcess.copyOfBundledData()
        let site = data.deletingLastPathComponent().appendingPathComponent("Site")
        let recipe: [String: Any] = [
            "id": "scaling-check", "title": "Scaling check", "servings": 4, "category": "Dinner",
            "ingredients": amounts.map { ["amount": $0.0, "name": $0.1] },
            "steps": steps.enumerated().map { ["order": $0.offset + 1, "text": $0.element] },
        ]
        try JSONSerialization.data(withJSONObject: recipe).write(to: data.appendingPathComponent("kitchen/recipes/scaling-check.json"))
        let preferencesFile = data.appendingPathComponent("preferences.json")
        var preferences = try JSONSerialization.jsonObject(with: Data(contentsOf: preferencesFile)) as? [String: Any] ?? [:]
        var kitchen = preferences["kitchen"] as? [String: Any] ?? [:]
        kitchen["units"] = units
        preferences["kitchen"] = kitchen
        try JSONSerialization.data(withJSONObject: preferences).write(to: preferencesFile)
        let build = try BrewGuideProcess.run(["build", "--data", data.path, "--output", site.path, "--quiet"])
        #expect(build.status == 0, "\(build.stderr)")
        return (data, site)
    }

    /// `kitchen scale`'s amounts, in the recipe's order, leaving out the empty ones (no `<strong>` on the page).
    static func kitchenScale(_ id: String, servings: Int, units: String? = nil, data: URL) throws -> [String] {
        let run = try BrewGuideProcess.run(["kitchen", "scale", id, "--servings", String(servings), "--format", "json", "--data", data.path]
                                           + (units.map { ["--units", $0] } ?? []))
        #expect(run.status == 0, "\(run.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any] ?? [:]
        return (json["ingredients"] as? [[String: Any]] ?? []).compactMap { $0["amount"] as? String }.filter { !$0.isEmpty }
    }

    static let shownAmounts = "Array.from(document.querySelectorAll('ul.kitchen-ingredients [data-amount]')).map(e => e.textContent)"

    /// Types `count` into the servings field as a person does: select what is there, type over it.
    static func type(servings count: Int, in browser: HeadlessChromium) throws {
        _ = try browser.evaluate("(() => { const f = document.getElementById('servings-count'); f.focus(); f.select(); return true; })()")
        try browser.type(String(count))
    }

    @Test(arguments: ["metric", "imperial"])
    func theRecipePageShowsWhatKitchenScaleSaysForTheServingsTyped(units: String) throws {
        let (data, site) = try Self.site(units: units)
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        let browser = try HeadlessChromium(width: 390, height: 844)
        let recipes = ["scaling-check", "shakshuka", "hummus", "banana-bread", "chicken-traybake"]
        for id in recipes {
            let page = site.appendingPathComponent("kitchen/recipes/\(id).html")
            guard FileManager.default.fileExists(atPath: page.path) else { continue }
            try browser.open(page)
            _ = try browser.evaluate("localStorage.clear(); true")
            #expect(try browser.wait(until: "document.getElementById('servings-count') !== null"), "\(id): no servings control")
            for servings in [1, 3, 5, 7, 13, 40] {
                try Self.type(servings: servings, in: browser)
                let shown = try browser.evaluate(Self.shownAmounts) as? [String] ?? []
                let scaled = try Self.kitchenScale(id, servings: servings, data: data)
                #expect(shown == scaled, "\(id) for \(servings) in \(units): the page \(shown), kitchen scale \(scaled)")
            }
        }
        // The worked cases, for a reader: 4 servings → 10.
        try browser.open(site.appendingPathComponent("kitchen/recipes/scaling-check.html"))
        try Self.type(servings: 10, in: browser)
        let shown = try browser.evaluate(Self.shownAmounts) as? [String] ?? []
        #expect(shown.prefix(3) == ["5–7½ cloves", "2½ (400 g) cans", "7½"])
        #expect(shown.contains("to taste"), "a word stays as written")
        #expect(shown.contains(units == "metric" ? "1.5 kg" : "15 oz"), "\(shown)")
        #expect(try browser.text("document.querySelector('.servings-said').textContent") == "Amounts for 10 servings; the recipe makes 4.")
    }

    @Test func cookModeOpensAtTheServingsChosenOnTheRecipePageAndKeepsThemFromStepToStep() throws {
        let (data, site) = try Self.site(units: "metric")
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        let browser = try HeadlessChromium(width: 390, height: 844)
        try browser.open(site.appendingPathComponent("kitchen/recipes/scaling-check.html"))
        _ = try browser.evaluate("localStorage.clear(); true")
        try browser.open(site.appendingPathComponent("kitchen/recipes/scaling-check.html"))
        // By keyboard: Tab to "one serving more" and press it twice (4 → 6).
        try browser.tab(to: "button One serving more")
        try browser.press(.enter)
        try browser.press(.space)
        #expect(try browser.text("document.getElementById('servings-count').value") == "6")
        #expect(try browser.text("document.querySelector('[data-amount=\"2\"]').textContent") == "4½")

        try browser.open(site.appendingPathComponent("kitchen/cook/scaling-check.html"))
        #expect(try browser.wait(until: "document.getElementById('servings-count') !== null"))
        #expect(try browser.text("document.getElementById('servings-count').value") == "6", "remembered for the recipe on this device")
        let firstStep = "Array.from(document.querySelectorAll('#step-1 [data-amount]')).map(e => e.textContent).join(', ')"
        #expect(try browser.text(firstStep) == "4½, 375 ml, 120 ml")
        try Self.type(servings: 8, in: browser)
        #expect(try browser.text(firstStep) == "6, 500 ml, 160 ml")
        _ = try browser.evaluate("document.querySelector('#step-1 [data-go=next]').click(); true")
        #expect(try browser.wait(until: "location.hash === '#step-2'"))
        let secondStep = "Array.from(document.querySelectorAll('#step-2 [data-amount]')).map(e => e.textContent).join(', ')"
        #expect(try browser.text(secondStep) == "1.2 kg, 340 g", "step 2 at 8 servings too")
        #expect(try browser.text("document.getElementById('servings-count').value") == "8")

        // Back on the recipe page, and back to the recipe's own servings.
        try browser.open(site.appendingPathComponent("kitchen/recipes/scaling-check.html"))
        #expect(try browser.text("document.getElementById('servings-count').value") == "8")
        _ = try browser.evaluate("document.querySelector('.servings-reset').click(); true")
        #expect(try browser.text("document.getElementById('servings-count').value") == "4")
        #expect(try browser.evaluate("localStorage.getItem('brewguide-servings:scaling-check')") is NSNull, "nothing kept at the recipe's own servings")
        #expect(try browser.text("document.querySelector('[data-amount=\"2\"]').textContent") == "3")
    }

    @Test(.enabled(if: ServedWritesInChromiumTests.axeScript != nil, "axe-core is not on this machine (run /work/shared/tools/axe-site once, or set AXE_CORE_JS)"))
    func axeCoreFindsNothingWrongWithTheControlOrTheStackedTable() throws {
        let (data, site) = try Self.site(units: "metric")
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        let browser = try HeadlessChromium(width: 390, height: 844)
        try browser.open(site.appendingPathComponent("kitchen/recipes/scaling-check.html"))
        try Self.type(servings: 7, in: browser)
        #expect(try ServedWritesInChromiumTests.axeViolations(in: "main", browser) == [])
        try browser.open(site.appendingPathComponent("kitchen/cook/scaling-check.html"))
        #expect(try ServedWritesInChromiumTests.axeViolations(in: "main", browser) == [])
    }

    @Test func theScalingTableFitsAPhone() throws {
        let (data, site) = try Self.site(units: "imperial")
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        let browser = try HeadlessChromium(width: 390, height: 844)
        try browser.open(site.appendingPathComponent("kitchen/recipes/scaling-check.html"))
        let overflow = "(() => { const s = document.querySelector('.table-scroll'); return s.scrollWidth - s.clientWidth; })()"
        #expect(try browser.evaluate(overflow) as? Int == 0, "the 2× column is not cut off")
        #expect(try browser.text("getComputedStyle(document.querySelector('.kitchen-scaling td'), '::before').content").contains("½×"))
    }
}
