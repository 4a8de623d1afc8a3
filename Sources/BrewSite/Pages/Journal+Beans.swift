import BrewKit

/// A page per bag of beans (`beans/<id>`): the bag, and its brews with rating and grind against
/// the bag's age that day (days off roast, frozen days not counted), and where its best brews were.
/// Made at every build with the summaries, so `watch` needs no rule of its own for them.
extension Journal {
    /// The bags with a page, by id.
    var beans: [CoffeeBean] { beansByID.values.sorted { $0.id < $1.id } }

    /// The bags still being brewed from (no `finishedOn`), which a served page's "Save this brew"
    /// offers: each as its id and what the choice reads ("Kenya Gichathaini, Square Mile, roasted 2026-11-02").
    var openBagChoices: [(id: String, label: String)] {
        beans.filter(\.isOpen).map { bag in
            (bag.id, ([bag.name, bag.roaster].compactMap { $0 } + (bag.roastDate.map { ["roasted \($0)"] } ?? [])).joined(separator: ", "))
        }
    }

    /// The page path of a bag.
    static func beanPath(_ id: String) -> String { "beans/\(id)" }

    func beanPage(_ bag: CoffeeBean) -> Page {
        var context: [String: Any] = ["name": bag.name, "id": bag.id]
        var details: [[String: Any]] = []
        func add(_ label: String, _ value: String?) { if let value, !value.isEmpty { details.append(["label": label, "value": value]) } }
        add("Roaster", bag.roaster)
        add("Origin", bag.origin)
        add("Process", bag.process)
        add("Roasted", bag.roastDate)
        add("Bought", bag.boughtOn)
        add("Weight", bag.weightGrams.map(Format.grams))
        add("Price", bag.priceCents.map { "\($0 / 100).\($0 % 100 < 10 ? "0" : "")\($0 % 100)" + (bag.currency.map { " " + $0 } ?? "") })
        add("Frozen", bag.freezes.isEmpty ? nil : bag.freezes.map { "\($0.frozenOn) to \($0.thawedOn ?? "now")" }.joined(separator: ", "))
        add("Finished", bag.finishedOn ?? "not yet (the bag is open)")
        context["details"] = details

        // Its brews, youngest bag first: rating and grind against age.
        var rows: [(age: Int?, row: [String: Any], rating: Int?)] = []
        for position in logs.indices where logs[position].beanId == bag.id {
            let log = logs[position]
            let age = bag.age(on: log.localDay)
            var grind = log.grindLabel.rawValue
            if let setting = log.grinderSetting { grind += " (\(setting))" }
            rows.append((age?.daysOffRoast, [
                "when": localTimes[position].dayAndTime, "path": logPaths[position],
                "age": age.map { $0.daysOffRoast == 1 ? "1 day" : "\($0.daysOffRoast) days" } ?? "unknown",
                "rating": log.rating.map { "\($0)/5" } ?? "not rated", "grind": grind,
            ], log.rating))
        }
        rows.sort { ($0.age ?? Int.max, $0.row["when"] as? String ?? "") < ($1.age ?? Int.max, $1.row["when"] as? String ?? "") }
        context["brews"] = rows.map(\.row)
        context["hasBrews"] = !rows.isEmpty
        if let best = rows.compactMap(\.rating).max() {
            let ages = rows.filter { $0.rating == best }.map { $0.row["age"] as? String ?? "" }
            context["best"] = "\(best)/5 at \(ages.joined(separator: ", ")) off roast"
        }
        var fragments: [String: PageFragment] = [:]
        if !rows.isEmpty { fragments["brews"] = Self.bagBrewsTable(rows.map(\.row)) }
        return Page(path: Self.beanPath(bag.id), title: bag.name, template: "bean", context: context, fragments: fragments)
    }

    /// The bag's brews as a table: cmark (without its table extension) would show a Markdown
    /// table as its pipes on the HTML page, so the HTML page gets a real table (headed, in a
    /// region that scrolls on a phone) and the Markdown twin keeps the Markdown one.
    static func bagBrewsTable(_ rows: [[String: Any]]) -> PageFragment {
        let text = { (row: [String: Any], key: String) in row[key] as? String ?? "" }
        var html = "<div class=\"table-scroll\" role=\"region\" aria-label=\"Brews against the bag's age\" tabindex=\"0\"><table class=\"bag-brews\">\n"
            + "<thead><tr><th scope=\"col\">Age</th><th scope=\"col\">Rating</th><th scope=\"col\">Grind</th><th scope=\"col\">Brew</th></tr></thead>\n<tbody>\n"
        var markdown = "| Age | Rating | Grind | Brew |\n|---|---|---|---|\n"
        for row in rows {
            let cells = [text(row, "age"), text(row, "rating"), text(row, "grind")]
            html += "<tr>" + cells.map { "<td>\(HTMLEscaping.escape($0))</td>" }.joined()
                + "<td><a href=\"../\(HTMLEscaping.escape(text(row, "path"))).html\">\(HTMLEscaping.escape(text(row, "when")))</a></td></tr>\n"
            markdown += "| " + cells.map { KitchenHTML.escapingPipes(MarkdownEscaping.escape($0)) }.joined(separator: " | ")
                + " | [\(MarkdownEscaping.escape(text(row, "when")))](../\(text(row, "path")).md) |\n"
        }
        html += "</tbody>\n</table></div>"
        return PageFragment(html: html, markdown: String(markdown.dropLast()))
    }
}
