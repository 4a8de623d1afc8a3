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
        return Page(path: Self.beanPath(bag.id), title: bag.name, template: "bean", context: context)
    }
}
