import Foundation
import Testing
import TestSupport

/// `bean add|edit|finish` and `log --bean-id`: bags written to beans/, checked as `check` checks
/// them; a log naming a bag that is not there is refused with the closest id; `erase --bean`.
@Suite struct BeanCommandTests {
    static let now = ["BREWGUIDE_NOW": "2026-11-27T12:00:00Z", "BREWGUIDE_TODAY": "2026-11-27"]

    static func run(_ arguments: [String], data: URL) throws -> BrewGuideProcess.Result {
        try BrewGuideProcess.run(arguments + ["--data", data.path], environment: now)
    }

    /// The bags of beans/beans.json this test adds (the test journal has three of its own).
    static func bags(_ data: URL) throws -> [[String: Any]] {
        let all = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: data.appendingPathComponent("beans/beans.json"))) as? [[String: Any]])
        return all.filter { ($0["id"] as? String)?.hasPrefix("bean-colombia") ?? false }
    }

    @Test func aBagIsAddedFrozenThawedBrewedFinishedAndErased() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        let add = try Self.run(["bean", "add", "Colombia Huila", "--roaster", "Tim Wendelboe", "--process", "natural",
                                "--roasted", "2026-11-01", "--weight", "250", "--price", "18.50", "--currency", "eur"], data: data)
        #expect(add.status == 0, "\(add.stderr)")
        #expect(add.stdout.contains("Added the bag Colombia Huila (bean-colombia-huila)"), "\(add.stdout)")
        var bag = try #require(try Self.bags(data).first)
        #expect(bag["roastDate"] as? String == "2026-11-01" && bag["priceCents"] as? Int == 1850 && bag["currency"] as? String == "EUR")
        #expect(bag["updatedAt"] as? String == "2026-11-27T12:00:00Z")

        #expect(try Self.run(["bean", "edit", "bean-colombia-huila", "--frozen", "2026-11-03"], data: data).status == 0)
        let thaw = try Self.run(["bean", "edit", "bean-colombia-huila", "--thawed", "2026-11-06"], data: data)
        #expect(thaw.status == 0, "\(thaw.stderr)")
        bag = try #require(try Self.bags(data).first)
        #expect((bag["freezes"] as? [[String: String]]) == [["frozenOn": "2026-11-03", "thawedOn": "2026-11-06"]])
        // A thaw before its freeze is refused, as check refuses it; nothing is written.
        let early = try Self.run(["bean", "edit", "bean-colombia-huila", "--frozen", "2026-11-08", "--thawed", "2026-11-07"], data: data)
        #expect(early.status == 1)
        #expect(early.stderr.contains("error: freezes[1].thawedOn: thawed on 2026-11-07, before the bag was frozen on 2026-11-08; expected 2026-11-08 or later"), "\(early.stderr)")
        #expect((try Self.bags(data).first?["freezes"] as? [Any])?.count == 1)
        let unknown = try Self.run(["bean", "edit", "bean-colombia-hiula", "--weight", "200"], data: data)
        #expect(unknown.status == 1 && unknown.stderr.contains("no bag of beans has the id \"bean-colombia-hiula\"; did you mean \"bean-colombia-huila\"?"), "\(unknown.stderr)")

        // log --bean-id: an id one letter off is refused at its option, with the closest.
        let typo = try Self.run(["log", "v60-starter", "--rating", "4", "--at", "2026-11-20T07:00", "--bean-id", "bean-colombia-huial"], data: data)
        #expect(typo.status == 1)
        #expect(typo.stderr.contains("--bean-id: error: no bag of beans has the id \"bean-colombia-huial\"; did you mean \"bean-colombia-huila\"?"), "\(typo.stderr)")
        let before = try Self.run(["log", "v60-starter", "--rating", "4", "--at", "2026-10-30T07:00", "--bean-id", "bean-colombia-huila"], data: data)
        #expect(before.status == 1 && before.stderr.contains("before its bag \"bean-colombia-huila\" was roasted on 2026-11-01"), "\(before.stderr)")
        let brewed = try Self.run(["log", "v60-starter", "--rating", "4", "--at", "2026-11-20T07:00", "--bean-id", "bean-colombia-huila", "--bean", "Guji"], data: data)
        #expect(brewed.status == 0, "\(brewed.stderr)")
        #expect(brewed.stdout.contains("bag bean-colombia-huila · bean Guji"), "\(brewed.stdout)")
        // The test journal keeps November's brews as CSV: the column is added to its header.
        let logs = try String(contentsOf: data.appendingPathComponent("logs/2026-11.csv"), encoding: .utf8)
        #expect(logs.hasPrefix("id,") && logs.split(separator: "\n").first!.hasSuffix(",beanId"), "\(logs.prefix(300))")
        #expect(logs.contains(",bean-colombia-huila\n"), "\(logs.suffix(300))")

        let finish = try Self.run(["bean", "finish", "bean-colombia-huila"], data: data)
        #expect(finish.status == 0 && finish.stdout.contains("on 2026-11-27"), "\(finish.stdout)\(finish.stderr)")
        #expect(try Self.bags(data).first?["finishedOn"] as? String == "2026-11-27")
        let check = try Self.run(["check"], data: data)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        // check's summary counts the bags (the test journal's three and this one) as it counts brews;
        // drink presets are settings `init` writes, not records a person counts, so they are left out.
        #expect(check.stderr.contains(" and 4 bags of beans: "), "\(check.stderr)")

        // erase --bean: the bag goes; the brew keeps its beanId, which check then reports.
        let erase = try Self.run(["erase", "--bean", "bean-colombia-huila", "--yes"], data: data)
        #expect(erase.status == 0, "\(erase.stdout)\(erase.stderr)")
        #expect(try Self.bags(data).isEmpty)
        let after = try Self.run(["check"], data: data)
        #expect(after.status == 1 && (after.stdout + after.stderr).contains("beanId: no bag of beans has the id \"bean-colombia-huila\""), "\(after.stdout)\(after.stderr)")
        let again = try Self.run(["bean", "add", "Colombia Huila"], data: data)
        #expect(again.stdout.contains("(bean-colombia-huila-2)"), "an erased id is never given again: \(again.stdout)")
    }

    /// A brew's page names its bag and the bag's age that day, frozen days left out; a bag's name
    /// is text, never markup. The test journal's brew of 2026-11-21 names a bag roasted on
    /// 2026-11-02 and frozen from 2026-11-04 to 2026-11-07.
    @Test func aBrewsPageShowsItsBagAndItsAge() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        let scratch = data.deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let add = try Self.run(["bean", "add", "Guji <b>natural</b>", "--roasted", "2026-11-20"], data: data)
        #expect(add.status == 0, "\(add.stderr)")
        let logged = try Self.run(["log", "v60-starter", "--rating", "5", "--at", "2026-11-21T09:00", "--bean-id", "bean-guji-b-natural-b"], data: data)
        #expect(logged.status == 0, "\(logged.stderr)")
        let site = scratch.appendingPathComponent("Site")
        let build = try BrewGuideProcess.run(["build", "--data", data.path, "--output", site.path, "--quiet"], environment: Self.now)
        #expect(build.status == 0, "\(build.stderr)")
        let page = try String(contentsOf: site.appendingPathComponent("logs/2026/11/log-20261122-0805.md"), encoding: .utf8)
        #expect(page.contains("- **Bag:** [Kenya Gichathaini (Square Mile)](../../../beans/bean-kenya-gichathaini.md), 16 days off roast (3 frozen days not counted)"), "\(page)")
        let html = try String(contentsOf: site.appendingPathComponent("logs/2026/11/log-20261121-0900.html"), encoding: .utf8)
        #expect(html.contains("Guji &lt;b&gt;natural&lt;/b&gt;</a>, 1 day off roast") && !html.contains("<b>natural"), "\(html)")

        // The bag's page: its details and its brews, rating and grind against its age.
        let bag = try String(contentsOf: site.appendingPathComponent("beans/bean-kenya-gichathaini.md"), encoding: .utf8)
        #expect(bag.contains("- **Roasted:** 2026-11-02") && bag.contains("- **Frozen:** 2026-11-04 to 2026-11-07") && bag.contains("- **Price:** 16.50 GBP"), "\(bag)")
        #expect(bag.contains("| 16 days | 4/5 | medium (24 clicks) | [Sat 21 Nov 2026, 08:05](../logs/2026/11/log-20261122-0805.md) |"), "\(bag)")
        #expect(bag.contains("**Best brews:** 4/5 at 16 days off roast."), "\(bag)")
        // On the HTML page the brews are a table with headings, not a Markdown table's pipes.
        let bagHTML = try String(contentsOf: site.appendingPathComponent("beans/bean-kenya-gichathaini.html"), encoding: .utf8)
        #expect(bagHTML.contains("<th scope=\"col\">Age</th>") && bagHTML.contains("<td>16 days</td><td>4/5</td><td>medium (24 clicks)</td>")
                && !bagHTML.contains("| Age |"), "\(bagHTML)")
        // The brew-along page offers the open bags to "Save this brew" (not the finished one), the
        // choices of its Bag field (`bean-id`).
        let along = try String(contentsOf: site.appendingPathComponent("brew/bright-morning.html"), encoding: .utf8)
        #expect(along.contains(#""name": "bean-id","#) && along.contains(#""noChoice": "no bag""#) && along.contains(#""Kenya Gichathaini, Square Mile, roasted 2026-11-02""#), "\(along)")
        #expect(along.contains(#""Guji \u003cb>natural\u003c/b>, roasted 2026-11-20""#), "nothing in a bag's name closes the script: \(along)")
        #expect(!along.contains("bean-ethiopia-guji"), "a finished bag is not offered")
        let other = try String(contentsOf: site.appendingPathComponent("beans/bean-guji-b-natural-b.html"), encoding: .utf8)
        #expect(other.contains("<h1>Guji &lt;b&gt;natural&lt;/b&gt;</h1>") || other.contains("Guji &lt;b&gt;natural&lt;/b&gt;</h1>"), "\(other)")
    }
}

extension BeanCommandTests {
    /// `log --bean-id` naming a bag that is itself invalid in beans/ says so, why and where (the
    /// file and line of check's finding), in one message at its option: not "no bag of beans has
    /// the id" (a bag that cannot be read is dropped), and not a brew recorded with a bag check
    /// rejects (a thaw before its freeze); the field's name is not said twice.
    @Test func aBrewNamingAnInvalidBagSaysTheBagIsInvalidAndWhy() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        let file = data.appendingPathComponent("beans/broken.json")
        try """
            [
              {"id": "bean-broken", "name": "Broken", "roastDate": "2026-11-01", "weightGrams": -3},
              {"id": "bean-early", "name": "Thawed early", "roastDate": "2026-11-01", "freezes": [{"frozenOn": "2026-11-10", "thawedOn": "2026-11-08"}]}
            ]

            """.write(to: file, atomically: true, encoding: .utf8)
        let logs = try String(contentsOf: data.appendingPathComponent("logs/2026-11.csv"), encoding: .utf8)
        let unreadable = try Self.run(["log", "v60-starter", "--rating", "4", "--at", "2026-11-20T07:00", "--bean-id", "bean-broken"], data: data)
        #expect(unreadable.status == 1)
        #expect(unreadable.stderr == """
            --bean-id: error: the bag of beans "bean-broken" is invalid and cannot be brewed with until it is fixed: \(file.path):2:85: weightGrams: expected a number of grams above 0, found -3
            error: the brew was not recorded; nothing was written

            """, "\(unreadable.stderr)")
        let early = try Self.run(["log", "v60-starter", "--rating", "4", "--at", "2026-11-20T07:00", "--bean-id", "bean-early"], data: data)
        #expect(early.status == 1)
        #expect(early.stderr == """
            --bean-id: error: the bag of beans "bean-early" is invalid and cannot be brewed with until it is fixed: \(file.path):3:126: freezes[0].thawedOn: thawed on 2026-11-08, before the bag was frozen on 2026-11-10; expected 2026-11-10 or later
            error: the brew was not recorded; nothing was written

            """, "\(early.stderr)")
        #expect(try String(contentsOf: data.appendingPathComponent("logs/2026-11.csv"), encoding: .utf8) == logs, "nothing was written")
    }
}
