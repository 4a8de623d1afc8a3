import BrewData
import BrewKit
@testable import BrewSite
import Foundation
import Testing
import TestSupport

/// Cook logs on the pages and in `watch`'s change set: a planned recipe cooked that day is marked
/// on its week, its recipe page says it was made, and a new cook log remakes exactly those pages
/// (with the year pages, remade at every build).
@Suite struct CookLogPagesTests {
    @Test func aCookLogMarksItsWeekAndRemakesItsRecipesPages() throws {
        let before = MealPlanPagesTests.site()
        let slot = try #require(MealPlanPagesTests.site().plan.mealPlan?.plan.slots.first { $0.value.recipeID != nil }?.value)
        let recipeID = try #require(slot.recipeID)
        let week = try #require(ISOWeek(day: slot.day))
        let cookedAt = try #require(ISO8601.date(from: slot.day + "T19:00:00Z"))
        let after = MealPlanPagesTests.site { plan in
            plan.cooks.append(Located(CookLog(id: "cook-1", recipeID: recipeID, cookedAt: cookedAt, rating: 5, note: "<b>again</b>"), source: SourceMap(record: .file("kitchen/cooked.json"))))
        }
        let weekPath = before.plan.mealPlan!.weekPath(week)
        let marked = try #require(after.files[weekPath + ".md"])
        #expect(marked.contains(" — cooked"), "\(marked)")
        #expect(!(try #require(before.files[weekPath + ".md"])).contains(" — cooked"))

        let changed = Set(SiteChanges.between(before.plan, after.plan).sources.map(after.plan.path(of:)))
        #expect(changed.isSuperset(of: ["kitchen/recipes/\(recipeID)", weekPath]), "\(changed.sorted())")
        #expect(changed.contains("years/\(slot.day.prefix(4))"))
        #expect(changed.contains("kitchen/index"), "the index lists the recipes cooked last")
        let otherRecipes = changed.filter { $0.hasPrefix("kitchen/recipes/") && $0 != "kitchen/recipes/\(recipeID)" }
        #expect(otherRecipes.isEmpty, "only the cooked recipe's pages: \(otherRecipes)")

        let index = try #require(after.plan.kitchen.recipes.firstIndex { $0.id == recipeID })
        let page = after.plan.kitchen.recipePage(index)
        #expect(page.context["made"] as? String == "Made once, last on \(KitchenPages.shortDay(slot.day)) · rated 5 of 5 on average")
        let rows = try #require(page.context["cooks"] as? [[String: Any]])
        #expect(rows.first?["note"] as? String == "<b>again</b>", "kept as text; the renderer escapes it")
        #expect(before.plan.kitchen.recipePage(index).context["made"] == nil, "a recipe never cooked says nothing")
    }

    /// The index's other order: every recipe of the index by its last cook, latest first, with
    /// how often; those never cooked after, by title, under a heading that says so. Two plain
    /// pages that link to each other (no script), the one shown marked `aria-current`; a new cook
    /// remakes the page.
    @Test func theLastCookedPageOrdersTheIndexByLastCookNeverCookedLast() throws {
        let before = MealPlanPagesTests.site()
        let recipes = before.plan.kitchen.recipes.filter { !$0.isArchived }
        try #require(recipes.count >= 3)
        let (late, early) = (recipes[recipes.count - 1], recipes[0])
        func cook(_ id: String, _ recipe: KitchenRecipe, _ day: String) -> Located<CookLog> {
            Located(CookLog(id: id, recipeID: recipe.id, cookedAt: ISO8601.date(from: day + "T19:00:00Z")!), source: SourceMap(record: .file("kitchen/cooked.json")))
        }
        let after = MealPlanPagesTests.site { plan in
            plan.cooks += [cook("c1", late, "2026-11-01"), cook("c2", early, "2026-11-10"), cook("c3", late, "2026-11-20")]
        }
        let page = after.plan.kitchen.listPage(.lastCooked)
        #expect(page.path == "kitchen/last-cooked")
        let cooked = try #require(page.context["cooked"] as? [[String: Any]])
        #expect(cooked.map { $0["id"] as? String } == [late.id, early.id], "the one cooked last first, though its title sorts last")
        #expect(cooked.first?["last"] as? String == "20 Nov 2026" && cooked.first?["times"] as? String == "made 2 times")
        let never = try #require(page.context["never"] as? [[String: Any]])
        #expect(never.map { $0["id"] as? String } == recipes.dropFirst().dropLast().map(\.id), "never cooked: after, in title order")

        let (templates, _) = TemplateSet.load(defaultDirectory: TestPaths.packageRoot.appendingPathComponent("Templates").path, overrideDirectory: nil)
        let renderer = PageRenderer(templates: templates)
        func rendered(_ page: Page, _ suffix: String) throws -> String {
            try #require(renderer.render(page).first { $0.path.hasSuffix(suffix) }.map { String(decoding: $0.contents, as: UTF8.self) })
        }
        let markdown = try rendered(page, ".md")
        #expect(markdown.contains("## Never cooked\n"), "\(markdown)")
        #expect(markdown.contains("1. [\(late.title)](../kitchen/recipes/\(late.id).md): last on 20 Nov 2026, made 2 times\n"), "\(markdown)")
        #expect(markdown.contains("Order: [A–Z](index.md) · [Last cooked](last-cooked.md)"), "\(markdown)")
        let html = try rendered(page, ".html")
        #expect(html.contains("<a href=\"last-cooked.html\" aria-current=\"page\">Last cooked</a>"), "\(html)")
        #expect(!html.replacingOccurrences(of: "<script src=\"../assets/search.js\" defer></script>", with: "").contains("<script"),
                "the order needs no script (the search box's aside)")
        let index = try rendered(after.plan.kitchen.listPage(.all), ".html")
        #expect(index.contains("<a href=\"index.html\" aria-current=\"page\">A–Z</a><a href=\"last-cooked.html\">Last cooked</a>"), "\(index)")
        let chips = try #require(html.components(separatedBy: "aria-label=\"Kitchen\"").dropFirst().first?.components(separatedBy: "</nav>").first)
        #expect(chips.contains("Favourites"))
        #expect(!chips.contains("aria-current"), "no filter chip is the page shown")

        let changed = Set(SiteChanges.between(before.plan, after.plan).sources.map(after.plan.path(of:)))
        #expect(changed.contains("kitchen/last-cooked"), "\(changed.sorted())")
        let same = Set(SiteChanges.between(after.plan, after.plan).sources.map(after.plan.path(of:)))
        #expect(!same.contains("kitchen/last-cooked"))
    }
}
