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
}
