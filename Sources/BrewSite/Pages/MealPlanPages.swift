import BrewKit
import Foundation

/// The meal planner's pages (issue 15): `kitchen/plan/<yyyy-Www>` for each ISO week with slots
/// (and the week of the build date, so "this week" always has a page: TC-080/081),
/// `kitchen/plan/index` listing the weeks, and `kitchen/shopping`.
///
/// - A week shows its seven days, each with the six meals in order (only the meals that hold
///   something), each slot with its recipe (linked) or snack and its calories and macros, the
///   day's totals against the goals as a bar and three gauges (`DayNutritionChart`), and a
///   sentence for a day with nothing planned. The week's averages are over the days that have
///   something planned.
/// - The shopping page shows the list merged (what to buy), then grouped by recipe with the
///   recipe's source (TC-071), then the free items; checked items are struck through (TC-072).
public struct MealPlanPages {
    public static let templates = ["kitchen-plan-week.md", "kitchen-plan-index.md", "kitchen-shopping.md"]

    let plan: MealPlanData
    let recipes: [String: PlannableRecipe]
    let erasedRecipeIDs: Set<String>
    /// Weeks with pages, oldest first.
    public let weeks: [ISOWeek]
    let currentWeek: ISOWeek
    /// The day of the run, `YYYY-MM-DD` (UTC, as the current week): the year pages count planned
    /// meals up to it.
    let today: String
    /// Whether kitchen recipe pages exist to link to.
    let linksRecipes: Bool

    public init(plan: MealPlanData, recipes: [String: PlannableRecipe], erasedRecipeIDs: Set<String> = [], now: Date, linksRecipes: Bool = true) {
        self.plan = plan
        self.recipes = recipes
        self.erasedRecipeIDs = erasedRecipeIDs
        self.currentWeek = ISOWeek(containing: now)
        self.today = String(ISO8601.string(from: now).prefix(10))
        self.linksRecipes = linksRecipes
        self.weeks = plan.slots.isEmpty && plan.shoppingItems.isEmpty ? [] : Array(Set(plan.weeks + [currentWeek])).sorted()
    }

    /// Whether the site has planner pages: some slot or some shopping item.
    public var hasPages: Bool { !weeks.isEmpty }

    public func weekPath(_ week: ISOWeek) -> String { "kitchen/plan/\(week)" }
    public static let indexPath = "kitchen/plan/index"
    /// Whether the site has kitchen recipe pages (`kitchen/recipes/<id>`) for plans to link to.
    public static let linksKitchenRecipes = true
    public static let shoppingPath = "kitchen/shopping"

    // MARK: Week

    public func weekPage(_ week: ISOWeek) -> Page {
        let index = weeks.firstIndex(of: week)
        let days = week.days.map { plan.day($0, recipes: recipes, erasedRecipeIDs: erasedRecipeIDs) }
        var fragments: [String: PageFragment] = [:]
        let dayRows: [[String: Any]] = days.map { day in
            let fragmentName = "day-\(day.day)"
            if !day.isEmpty { fragments[fragmentName] = DayNutritionChart.fragment(for: day, id: fragmentName) }
            return dayRow(day, fragment: fragmentName)
        }
        let planned = days.filter { !$0.isEmpty }
        var context: [String: Any] = [
            "title": "Meal plan, week \(week.week) of \(week.year)",
            "range": Self.range(of: week),
            "days": dayRows,
            "goals": goalsSentence(plan.goalsInForce),
            "isCurrentWeek": week == currentWeek,
            "currentWeek": currentWeek.description,
            "hasPlanned": !planned.isEmpty,
        ]
        if let index, index > 0 { context["previous"] = weeks[index - 1].description }
        if let index, index + 1 < weeks.count { context["next"] = weeks[index + 1].description }
        if !planned.isEmpty {
            context["averageDays"] = planned.count == 1 ? "the 1 day" : "the \(planned.count) days"
            context["average"] = averageText(days)
            let overDays = planned.filter(\.over.calories).map { PlanDay.longName(of: $0.day) }
            if !overDays.isEmpty { context["overDays"] = overDays.joined(separator: ", ") }
        }
        return Page(path: weekPath(week), title: "Meal plan \(week)", template: "kitchen-plan-week", context: context, fragments: fragments)
    }

    func dayRow(_ day: PlanDay, fragment: String) -> [String: Any] {
        var meals: [[String: Any]] = []
        for meal in Meal.allCases {
            let entries = day.entries(of: meal)
            guard !entries.isEmpty else { continue }
            meals.append(["meal": meal.rawValue, "entries": entries.map(entryRow)])
        }
        let over = day.over
        return [
            "name": PlanDay.longName(of: day.day),
            "day": day.day,
            "isEmpty": day.isEmpty,
            "meals": meals,
            "fragment": fragment,
            "over": over.calories,
            "calories": DayNutritionChart.calorieText(day),
        ].merging(day.leftOutSentence.map { ["leftOut": "Unknown figures are left out of the totals and the over-goal flags: \($0)."] } ?? [:]) { a, _ in a }
    }

    func entryRow(_ entry: PlanDay.Entry) -> [String: Any] {
        var row: [String: Any] = [
            "id": entry.slot.id,
            "name": entry.name,
            "figures": figures(entry.nutrition),
        ]
        if entry.slot.servings != 1 {
            row["servings"] = "× \(Format.number(entry.slot.servings)) \(entry.recipe != nil ? "servings" : "")".trimmingCharacters(in: .whitespaces)
        }
        if let recipe = entry.recipe, linksRecipes { row["recipeId"] = recipe.id }
        if entry.snack != nil { row["kind"] = "snack" } else if case .quickAdd = entry.slot.content { row["kind"] = "quick add" }
        if let note = entry.note { row["note"] = note }
        // A planned recipe cooked that day (a cook log of its recipe on the slot's day).
        if let id = entry.slot.recipeID, plan.cooks.contains(where: { $0.value.recipeID == id && $0.value.day == entry.slot.day }) {
            row["cooked"] = true
        }
        return row
    }

    /// "390 kcal · 17 g protein · …", each figure held together by no-break spaces so that a
    /// phone wraps the line between figures, never inside one ("17 / g protein").
    /// "550 kcal · 38 g protein · …"; an unknown figure is "—" (issue 26), never "0 g".
    func figures(_ n: MealNutrition) -> String {
        func shown(_ figure: NutritionFigure) -> String { n.known(figure).map { String(Int($0)) } ?? "—" }
        return ["\(shown(.calories)) kcal", "\(shown(.protein)) g protein", "\(shown(.carbs)) g carbs", "\(shown(.fats)) g fats"]
            .map { $0.replacingOccurrences(of: " ", with: "\u{00A0}") }
            .joined(separator: " · ")
    }

    /// The week's average a day of each figure, over the days whose every meal gives it: "528 kcal ·
    /// 57 g protein · …", and for a figure some day leaves unknown "890 kcal over 4 of 7 days" or
    /// "— kcal (no day gives every meal's calories)", with a sentence saying why.
    func averageText(_ days: [PlanDay]) -> String {
        var partial = false
        // Each figure held together by no-break spaces, as `figures` does; the words after it may wrap.
        let parts = NutritionFigure.allCases.map { figure -> String in
            let average = PlanDay.average(figure, over: days)
            let unit = (figure == .calories ? "kcal" : "g \(figure.rawValue)").replacingOccurrences(of: " ", with: "\u{00A0}")
            guard let value = average.value else {
                partial = true
                return "—\u{00A0}\(unit) (no day gives every meal's \(figure.rawValue))"
            }
            var text = "\(Int(value.rounded()))\u{00A0}\(unit)"
            if !average.isWhole {
                partial = true
                text += " over \(average.days) of \(average.plannedDays) days"
            }
            return text
        }
        let joined = parts.joined(separator: " · ")
        return partial ? joined + " (a day with a meal that leaves a figure unknown is left out of that figure's average, not counted as 0)" : joined
    }

    func goalsSentence(_ goals: NutritionGoals) -> String {
        var text = "\(goals.calories) kcal, \(goals.protein) g protein, \(goals.carbs) g carbs, \(goals.fats) g fats a day"
        if goals.macroKilocalories != goals.calories {
            text += " (at 4/4/9 kcal per gram those grams make \(goals.macroKilocalories) kcal)"
        }
        return text
    }

    /// "23–29 November 2026", "30 November – 6 December 2026".
    static func range(of week: ISOWeek) -> String {
        let days = week.days
        let first = PlanDay.longName(of: days[0]).split(separator: " ").dropFirst().map(String.init)
        let last = PlanDay.longName(of: days[6]).split(separator: " ").dropFirst().map(String.init)
        if first[1] == last[1] && first[2] == last[2] { return "\(first[0])–\(last.joined(separator: " "))" }
        if first[2] == last[2] { return "\(first[0]) \(first[1]) – \(last.joined(separator: " "))" }
        return "\(first.joined(separator: " ")) – \(last.joined(separator: " "))"
    }

    // MARK: Index

    public func indexPage() -> Page {
        let rows: [[String: Any]] = weeks.reversed().map { week in
            let days = week.days.map { plan.day($0, recipes: recipes, erasedRecipeIDs: erasedRecipeIDs) }
            let planned = days.filter { !$0.isEmpty }
            var row: [String: Any] = [
                "week": week.description, "range": Self.range(of: week),
                "planned": planned.isEmpty ? "nothing planned" : "\(planned.count) day\(planned.count == 1 ? "" : "s") planned",
                "isCurrent": week == currentWeek,
            ]
            let over = planned.filter(\.over.calories).count
            if over > 0 { row["over"] = "\(over) day\(over == 1 ? "" : "s") over the calorie goal" }
            if !planned.isEmpty {
                // Over the days whose every meal gives its calories; a day with one unknown is not 0.
                let average = PlanDay.average(.calories, over: planned)
                if let value = average.value {
                    row["average"] = "\(Int(value.rounded())) kcal a day on average" + (average.isWhole ? "" : " over \(average.days) of \(average.plannedDays) days")
                } else {
                    row["average"] = "calories unknown: no day gives every meal's"
                }
            }
            return row
        }
        return Page(path: Self.indexPath, title: "Meal plans", template: "kitchen-plan-index", context: [
            "title": "Meal plans", "weeks": rows, "goals": goalsSentence(plan.goalsInForce), "currentWeek": currentWeek.description,
            "hasShopping": !plan.shoppingItems.isEmpty,
        ])
    }

    // MARK: Calendar

    /// The plan's iCalendar feed (issue 52), linked from the plan pages.
    public static let calendarPath = "kitchen/plan.ics"

    /// `kitchen/plan.ics`: every slot of every day, days in order and each day's meals in order
    /// (`PlanDay`), as `MealPlanCalendar` writes them.
    func calendarFile(siteTitle: String, baseURL: String?, timeZone: JournalTimeZone) -> OutputFile {
        let days = Set(plan.slots.map(\.value.day)).sorted()
        var planned: [MealPlanCalendar.Planned] = []
        for day in days {
            for entry in plan.day(day, recipes: recipes, erasedRecipeIDs: erasedRecipeIDs).entries {
                planned.append(MealPlanCalendar.Planned(slot: entry.slot, name: entry.name, linkedRecipeID: linksRecipes ? entry.recipe?.id : nil))
            }
        }
        let calendar = MealPlanCalendar(calendarName: "\(siteTitle): meal plan", planned: planned, zone: timeZone.zone, baseURL: baseURL)
        return OutputFile(path: Self.calendarPath, text: calendar.text)
    }

    // MARK: Shopping

    public func shoppingPage(reading read: ShoppingAmount.Reader) -> Page {
        let items = plan.shoppingItems.map(\.value)
        let lines = ShoppingListMerger.merge(ShoppingListBuilder.parts(stored: items), reading: read)
        var groups: [(id: String?, name: String?, items: [ShoppingItem])] = []
        for item in items {
            if let index = groups.firstIndex(where: { $0.id == item.recipeID }) { groups[index].items.append(item) } else {
                groups.append((item.recipeID, item.recipeName, [item]))
            }
        }
        // Recipes first in order of appearance, free items last.
        groups.sort { ($0.id == nil ? 1 : 0) < ($1.id == nil ? 1 : 0) }
        var html = "<div class=\"shopping\">\n<h2>To buy</h2>\n"
        var markdown = "## To buy\n"
        // Grouped by aisle (ShoppingAisles: a built-in table, the person's own in
        // preferences.json kitchen.aisles), in the aisles' order; lines keep their order inside one.
        let aisles = plan.aisles
        var byAisle: [String: [ShoppingLine]] = [:]
        for line in lines { byAisle[aisles.aisle(for: line.name), default: []].append(line) }
        for aisle in aisles.order {
            guard let aisleLines = byAisle[aisle] else { continue }
            html += "<h3 class=\"aisle\">\(HTMLEscaping.escape(aisle))</h3>\n<ul class=\"shopping-list\">\n"
            markdown += "\n### \(MarkdownEscaping.escape(aisle))\n\n"
            html += listItems(aisleLines, markdown: &markdown)
            html += "</ul>\n"
        }
        html += "<section class=\"by-recipe\">\n<h2>By recipe</h2>\n"
        markdown += "\n## By recipe\n"
        html += byRecipe(groups, markdown: &markdown)
        html += "</section>\n</div>\n"
        // Counted as the list shows them: a line that stands for two stored items ("2 lemons" of
        // two recipes) is one item, checked when it is ticked (issue 46: two ticks said "3 checked").
        let checked = lines.filter(\.checked).count
        // An empty list shows what this week's plan cooks, each recipe once, with the command that
        // puts their ingredients on the list (issue 51: it showed only commands).
        let days = currentWeek.days
        var weekRecipeIDs: [String] = []
        for slot in plan.slots.map(\.value) where days.contains(slot.day) {
            if let id = slot.recipeID, recipes[id] != nil, !weekRecipeIDs.contains(id) { weekRecipeIDs.append(id) }
        }
        let weekRecipes: [[String: Any]] = weekRecipeIDs.map { id in
            ["id": id, "title": recipes[id]!.title, "hasPage": linksRecipes]
        }
        return Page(path: Self.shoppingPath, title: "Shopping list", template: "kitchen-shopping", context: [
            "weekRecipes": weekRecipes, "hasWeekRecipes": !weekRecipes.isEmpty,
            "weekFirst": days.first ?? "", "weekLast": days.last ?? "",
            // "82 items, none checked", "82 items, 3 checked", "No items": never "82 items, ."
            // (a Mustache section on an empty string still renders).
            "title": "Shopping list",
            "count": items.isEmpty ? "No items" : "\(lines.count) item\(lines.count == 1 ? "" : "s"), \(checked == 0 ? "none" : String(checked)) checked",
            "isEmpty": items.isEmpty, "currentWeek": currentWeek.description,
        ], headHTML: KitchenScript.tag(KitchenScript.shoppingAsset, root: Page.rootPrefix(of: Self.shoppingPath))
            + KitchenScript.tag(KitchenScript.shoppingUnitsAsset, root: Page.rootPrefix(of: Self.shoppingPath)), fragments: ["shopping": PageFragment(html: html, markdown: markdown)])
    }

    /// The merged lines of one aisle: a checkbox each (HTML), a task item each (Markdown).
    func listItems(_ lines: [ShoppingLine], markdown: inout String) -> String {
        var html = ""
        for line in lines {
            let recipes = line.parts.compactMap(\.recipeName)
            var seen = Set<String>()
            let from = recipes.filter { seen.insert($0).inserted }.joined(separator: ", ")
            let text = HTMLEscaping.escape(line.text)
            // A checkbox a phone can tick (kept in the browser only, KitchenScript.shopping); its
            // key is the line's ingredient and unit, so a tick survives a rebuild of the list.
            let key = HTMLEscaping.escape(ShoppingListMerger.nameKey(line.name) + "|" + (line.unit ?? ""))
            // The stored item the served page's tick writes (`serve --edit`): any one of the line's
            // (the tick takes the whole line); a clear from the phone names them all (data-item-ids).
            let itemIDs = line.parts.compactMap(\.itemID)
            let item = itemIDs.first.map { " data-item=\"\(HTMLEscaping.escape($0))\"" + (itemIDs.count > 1 ? " data-item-ids=\"\(HTMLEscaping.escape(itemIDs.joined(separator: " ")))\"" : "") } ?? ""
            html += "<li class=\"\(line.checked ? "checked" : "")\"\(item)><label><input type=\"checkbox\" data-key=\"\(key)\" data-items=\"\(line.parts.count)\" data-checked=\"\(line.parts.count(where: \.checked))\"\(line.checked ? " checked" : "")> "
            // The line's total in each system, for the units choice (assets/shopping-units.js).
            let inUnits = [("metric", KitchenUnits.metric), ("us", .imperial)].compactMap { name, units in
                ShoppingLineUnits.text(of: line, in: units).map { " data-\(name)=\"\(HTMLEscaping.escape($0))\"" }
            }.joined()
            html += "<span class=\"line-text\"\(inUnits)>\(text)</span>\(line.checked ? "<span class=\"visually-hidden\"> (bought)</span>" : "")</label>"
            if !from.isEmpty { html += " <span class=\"from\">\(HTMLEscaping.escape(from))</span>" }
            html += "</li>\n"
            markdown += "- [\(line.checked ? "x" : " ")] \(MarkdownEscaping.escape(line.text))\(from.isEmpty ? "" : " — \(MarkdownEscaping.escape(from))")\n"
        }
        return html
    }

    /// "By recipe": each recipe's stored items with where it came from, then the free items.
    func byRecipe(_ groups: [(id: String?, name: String?, items: [ShoppingItem])], markdown: inout String) -> String {
        var html = ""
        for group in groups {
            let title = group.id == nil ? "Other items" : (group.name ?? recipes[group.id!]?.title ?? group.id!)
            html += "<h3>\(HTMLEscaping.escape(title))</h3>\n"
            markdown += "\n### \(MarkdownEscaping.escape(title))\n\n"
            if let id = group.id {
                var html1: [String] = [], markdown1: [String] = []
                if let recipe = recipes[id] {
                    if linksRecipes {
                        html1.append("<a href=\"../kitchen/recipes/\(HTMLEscaping.escape(id)).html\">the recipe</a>")
                        markdown1.append("[the recipe](../kitchen/recipes/\(id).md)")
                    }
                    if let url = recipe.sourceURL, url.hasPrefix("http://") || url.hasPrefix("https://") {
                        html1.append("clipped from <a href=\"\(HTMLEscaping.escape(url))\" rel=\"noopener\">\(HTMLEscaping.escape(Self.host(of: url)))</a>")
                        markdown1.append("clipped from <\(url)>")
                    }
                } else {
                    let gone = erasedRecipeIDs.contains(id) ? "a recipe that was erased" : "a recipe no longer in the kitchen"
                    html1.append(gone)
                    markdown1.append(gone)
                }
                if !html1.isEmpty {
                    let htmlText = html1.joined(separator: ", "), markdownText = markdown1.joined(separator: ", ")
                    html += "<p class=\"attribution\">\(htmlText.hasPrefix("clipped") ? "C" + htmlText.dropFirst() : "From " + htmlText)</p>\n"
                    markdown += "\(markdownText.hasPrefix("clipped") ? "C" + markdownText.dropFirst() : "From " + markdownText)\n\n"
                }
            }
            html += "<ul class=\"shopping-items\">\n"
            for item in group.items {
                let text = HTMLEscaping.escape(item.name)
                html += "<li class=\"\(item.checked ? "checked" : "")\"><span class=\"box\" aria-hidden=\"true\">\(item.checked ? "☑" : "☐")</span> "
                html += item.checked ? "<del>\(text)</del><span class=\"visually-hidden\"> (bought)</span>" : text
                html += " <span class=\"item-id\">\(HTMLEscaping.escape(item.id))</span></li>\n"
                markdown += "- [\(item.checked ? "x" : " ")] \(MarkdownEscaping.escape(item.name)) (\(MarkdownEscaping.escape(item.id)))\n"
            }
            html += "</ul>\n"
        }
        return html
    }

    static func host(of url: String) -> String {
        URL(string: url)?.host ?? url
    }
}
