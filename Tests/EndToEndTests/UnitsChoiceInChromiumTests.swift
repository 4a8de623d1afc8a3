import Foundation
import Testing
import TestSupport

/// The units choice on a kitchen recipe's page and in cook mode, from disk in headless Chromium:
/// "as written", "metric" or "US" converts the amounts (as `kitchen scale --units` does) and the
/// temperatures in the steps' text, gas marks named; the choice is kept on the device.
@Suite("Units your way, in headless Chromium", .serialized,
       .enabled(if: HeadlessChromium.executable != nil, "Chromium is not installed (apt-get install chromium): the units are chosen in a browser"))
struct UnitsChoiceInChromiumTests {
    static let steps = [
        "Preheat the oven to 425°F.", "Bake at 180 °C for 20 minutes.", "Roast at gas mark 4 until golden.",
        "Cook until the inside reads 165 degrees F.", "Heat the oil to 375-400°F, then add the eggs.",
        "Finish at 200 °C (gas mark 6).",
    ]
    static let stepTexts = "Array.from(document.querySelectorAll('main ol li')).map(e => e.textContent.trim()).filter(t => t.length > 0).slice(0, 6)"
    static let shownAmounts = "Array.from(document.querySelectorAll('ul.kitchen-ingredients [data-amount]')).map(e => e.textContent)"

    static func choose(_ label: String, in browser: HeadlessChromium) throws {
        _ = try browser.evaluate("Array.from(document.querySelectorAll('.units-choice label')).find(l => l.textContent.trim() === \(HeadlessChromium.quoted(label))).click(); true")
    }

    @Test func theStepsTemperaturesAndTheAmountsFollowTheChoiceAndTheChoiceIsKept() throws {
        let (data, site) = try ServingsInChromiumTests.site(units: "metric", steps: Self.steps)
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        let browser = try HeadlessChromium(width: 390, height: 844)
        let page = site.appendingPathComponent("kitchen/recipes/scaling-check.html")
        try browser.open(page)
        _ = try browser.evaluate("localStorage.clear(); true")
        try browser.open(page)
        #expect(try browser.wait(until: "document.querySelector('.units-choice input[value=metric]').checked"), "the page's own units first")
        #expect(try browser.evaluate(Self.stepTexts) as? [String] == [
            "Preheat the oven to 220 °C (gas mark 7).", "Bake at 180 °C for 20 minutes.", "Roast at 180 °C (gas mark 4) until golden.",
            "Cook until the inside reads 74 °C.", "Heat the oil to 190–200 °C, then add the eggs.", "Finish at 200 °C (gas mark 6).",
        ])

        try Self.choose("US", in: browser)
        #expect(try browser.evaluate(Self.stepTexts) as? [String] == [
            "Preheat the oven to 425°F.", "Bake at 350 °F (gas mark 4) for 20 minutes.", "Roast at 350 °F (gas mark 4) until golden.",
            "Cook until the inside reads 165 degrees F.", "Heat the oil to 375-400°F, then add the eggs.", "Finish at 400 °F (gas mark 6).",
        ])
        try ServingsInChromiumTests.type(servings: 6, in: browser)
        let us = try browser.evaluate(Self.shownAmounts) as? [String] ?? []
        #expect(us == (try ServingsInChromiumTests.kitchenScale("scaling-check", servings: 6, units: "imperial", data: data)))
        #expect(us.contains("1⅔ cups") && us.contains("9 oz"), "250 ml milk and 6 oz butter for 6 of 4: \(us)")

        try Self.choose("As written", in: browser)
        #expect(try browser.evaluate(Self.stepTexts) as? [String] == Self.steps, "the steps exactly as stored")
        let written = try browser.evaluate(Self.shownAmounts) as? [String] ?? []
        #expect(written.contains("375 ml") && written.contains("9 oz"), "each amount in its own system: \(written)")

        // Kept on this device: cook mode opens in the same choice, its step text converted.
        try Self.choose("Metric", in: browser)
        try browser.open(site.appendingPathComponent("kitchen/cook/scaling-check.html"))
        #expect(try browser.wait(until: "document.querySelector('.units-choice input[value=metric]').checked"))
        #expect(try browser.text("document.querySelector('#step-1 .cook-text').textContent") == "Preheat the oven to 220 °C (gas mark 7).")
        #expect(try browser.text("localStorage.getItem('brewguide-units')") == "metric")
        #expect(try ServedWritesInChromiumTests.axeViolations(in: "main", browser) == [])
    }

    /// The shopping list adds up in the chosen system: two weeks of the test journal's plan
    /// written to the list, its masses and volumes in metric, then in US, then as the list adds them.
    @Test func theShoppingListAddsUpInTheChosenUnits() throws {
        let (folder, site) = try KitchenCardPrintTests.twoWeeksOnTheList()
        defer { try? FileManager.default.removeItem(at: folder) }
        let browser = try HeadlessChromium(width: 390, height: 844)
        let page = site.appendingPathComponent("kitchen/shopping.html")
        try browser.open(page)
        _ = try browser.evaluate("localStorage.clear(); true")
        try browser.open(page)
        let lines = "Array.from(document.querySelectorAll('.shopping-list .line-text')).map(e => e.textContent)"
        let asWritten = try browser.evaluate(lines) as? [String] ?? []
        #expect(asWritten.contains("2 lb 10¾ oz chicken thighs") && asWritten.contains("1.78 kg new potatoes"), "\(asWritten)")

        try Self.choose("Metric", in: browser)
        let metric = try browser.evaluate(lines) as? [String] ?? []
        #expect(metric.contains("1.21 kg chicken thighs") && metric.contains("1.78 kg new potatoes") && metric.contains("355 ml mixed berries"), "\(metric)")
        #expect(metric.contains("7 onions (6¼ needed)"), "counted things read the same in both")

        try Self.choose("US", in: browser)
        try browser.open(page)
        #expect(try browser.wait(until: "document.querySelector('.units-choice input[value=us]').checked"), "kept on this device")
        let us = try browser.evaluate(lines) as? [String] ?? []
        #expect(us.contains("3 lb 14¾ oz new potatoes") && us.contains("2 cups milk") && us.contains("1½ cups mixed berries"), "\(us)")

        try Self.choose("As written", in: browser)
        #expect(try browser.evaluate(lines) as? [String] == asWritten)
        #expect(try ServedWritesInChromiumTests.axeViolations(in: "main", browser) == [])
    }
}
