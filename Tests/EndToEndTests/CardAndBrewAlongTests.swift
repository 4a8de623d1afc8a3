import Foundation
import Testing

/// The printed card and the brew-along pages of a journal made by `init`.
@Suite("Printed card and brew along, end to end")
struct CardAndBrewAlongTests {
    static func site(cardDoses: String = "[20]", renameStarterTo name: String? = nil) throws -> (folder: URL, site: URL) {
        let folder = try BrewGuideProcess.temporaryDirectory()
        let data = folder.appendingPathComponent("journal"), site = folder.appendingPathComponent("Site")
        #expect(try BrewGuideProcess.run(["init", data.path]).status == 0)
        try Data("{ \"lastSelectedRecipeId\": \"v60-starter\", \"cardDosesGrams\": \(cardDoses) }\n".utf8)
            .write(to: data.appendingPathComponent("preferences.json"))
        if let name {
            #expect(try BrewGuideProcess.run(["duplicate", "v60-starter", "--name", name, "--data", data.path]).status == 0)
        }
        let build = try BrewGuideProcess.run(["build", "--data", data.path, "--output", site.path])
        #expect(build.status == 0, "\(build.stdout)\(build.stderr)")
        return (folder, site)
    }

    @Test func everyPaperPageNamesTheRecipeAndStepsShowWhenTheyStart() throws {
        let (folder, site) = try Self.site()
        defer { try? FileManager.default.removeItem(at: folder) }
        let card = try String(contentsOf: site.appendingPathComponent("cards/v60-starter.md"), encoding: .utf8)
        #expect(card.contains("## V60 Starter · 15 g → 250 g (default)"))
        #expect(card.contains("## V60 Starter · 20 g → 333 g"))
        // As `scale` prints them: the start of each timed step on the brew clock.
        #expect(card.contains("3. **0:00** Bloom: pour 45 g, then wait 0:45"))
        #expect(card.contains("6. **2:15** Wait for drawdown, target finish 3:00–3:30"))
        let plan = try BrewGuideProcess.run(["scale", "v60-starter", "--data", folder.appendingPathComponent("journal").path])
        #expect(plan.stdout.contains(" 2:15  Wait for drawdown, target finish 3:00–3:30"))
        let css = try String(contentsOf: site.appendingPathComponent("assets/style.css"), encoding: .utf8)
        #expect(css.contains("@page { margin: 12mm; }"))
        #expect(!css.contains("size: letter") && !css.contains("size: A4"))
        #expect(try EmptyJournalTests.brokenLinks(in: site) == [])
    }

    @Test func brewAlongPagesForEachDose() throws {
        let (folder, site) = try Self.site()
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = try String(contentsOf: site.appendingPathComponent("brew/v60-starter.html"), encoding: .utf8)
        #expect(page.contains("<script type=\"application/json\" id=\"brew-plan\">"))
        #expect(page.contains("<script src=\"../assets/brew.js\" defer></script>"))
        #expect(page.contains("<div id=\"brew-app\" class=\"brew-app\" hidden></div>"))
        // Without script: the step list and the line to record the brew.
        #expect(page.contains("<strong>0:45</strong> Pour to 150 g by 1:30"))
        // With the plan's total time, and --data since this journal is not ./Data (issue 26).
        let journal = folder.appendingPathComponent("journal").path
        #expect(page.contains("<code>brewguide log v60-starter --rating 4 --brew-time 3:00 --data \(journal)\n</code>"))
        let twenty = try String(contentsOf: site.appendingPathComponent("brew/v60-starter/20g.md"), encoding: .utf8)
        #expect(twenty.contains("# Brew along: V60 Starter, 20 g"))
        #expect(twenty.contains("brewguide log v60-starter --dose 20 --rating 4 --brew-time 3:00 --data \(journal)"))
        #expect(twenty.contains("Pour to 333 g by 2:15"))
        let script = try String(contentsOf: site.appendingPathComponent("assets/brew.js"), encoding: .utf8)
        #expect(script.contains("navigator.wakeLock.request(\"screen\")"))
        // The flow's line carries the brew clock at the finish; restart takes a press held for a
        // second (US-014), not a confirm(); pours show their pace against the milestone (003 Phase 3).
        #expect(script.contains("${plan.command} --brew-time ${clock(elapsed())}${plan.dataOption}"))
        #expect(!script.contains("confirm("))
        #expect(script.contains("const holdMilliseconds = 1000;"))
        #expect(page.contains("\"dataOption\": \" --data \(journal)\""))
        let main = try String(contentsOf: site.appendingPathComponent("brew/v60-starter.md"), encoding: .utf8)
        #expect(main.contains("Brew along with another dose: [20 g](../brew/v60-starter/20g.md) · "))
        let recipe = try String(contentsOf: site.appendingPathComponent("recipes/v60-starter.md"), encoding: .utf8)
        #expect(recipe.contains("[Brew along](../brew/v60-starter.md)"))
    }

    @Test func theBrewPlanCannotCloseItsScript() throws {
        let (folder, site) = try Self.site(renameStarterTo: "Mine </script><script>alert(1)</script>")
        defer { try? FileManager.default.removeItem(at: folder) }
        let names = try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("brew").path)
        let page = try #require(names.first { $0.hasPrefix("mine") && $0.hasSuffix(".html") })
        let html = try String(contentsOf: site.appendingPathComponent("brew/\(page)"), encoding: .utf8)
        #expect(html.contains("Mine \\u003c/script>\\u003cscript>alert(1)\\u003c/script>"))
        #expect(!html.contains("<script>alert(1)"))
    }

    @Test func guardrailsOfARecipesDefaultsShowInCheckAndOnItsPage() throws {
        let folder = try BrewGuideProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = folder.appendingPathComponent("journal"), site = folder.appendingPathComponent("Site")
        #expect(try BrewGuideProcess.run(["init", data.path]).status == 0)
        #expect(try BrewGuideProcess.run(["duplicate", "v60-starter", "--name", "Hot", "--data", data.path]).status == 0)
        let file = data.appendingPathComponent("recipes/hot.json")
        let text = try String(contentsOf: file, encoding: .utf8).replacingOccurrences(of: "\"defaultWaterTemperature\": 94", with: "\"defaultWaterTemperature\": 99")
        try Data(text.utf8).write(to: file)
        let check = try BrewGuideProcess.run(["check", "--data", data.path])
        #expect(check.status == 0)
        #expect(check.stdout.contains("hot.json:9:30: warning: water temperature 99 °C is above the recommended range 90–96 °C (a warning: the recipe can still be brewed)"))
        #expect(try BrewGuideProcess.run(["build", "--data", data.path, "--output", site.path]).status == 0)
        let page = try String(contentsOf: site.appendingPathComponent("recipes/hot.md"), encoding: .utf8)
        #expect(page.contains("Outside the recommended range (PRD 3.7.4; it can still be brewed):"))
        #expect(page.contains("- water temperature 99 °C is above the recommended range 90–96 °C"))
        let starter = try String(contentsOf: site.appendingPathComponent("recipes/v60-starter.md"), encoding: .utf8)
        #expect(!starter.contains("Outside the recommended range"))
    }
}
