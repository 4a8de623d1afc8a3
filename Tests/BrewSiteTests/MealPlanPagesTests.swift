import BrewData
import BrewKit
@testable import BrewSite
import Foundation
import Testing
import TestSupport

/// The meal planner's pages made from the bundled data, with the build date fixed in week 48.
@Suite struct MealPlanPagesTests {
    static let now = ISO8601.date(from: "2026-11-24T12:00:00Z")!

    static func site(editing edit: (inout MealPlanData) -> Void = { _ in }) -> (plan: SitePlan, files: [String: String]) {
        let data = TestPaths.journal.path
        let validated = DataDirectoryReader(root: data).read().validated
        var context = MealPlanContext.load(root: data, dataset: validated.dataset)
        edit(&context.plan)
        let (templates, _) = TemplateSet.load(defaultDirectory: TestPaths.packageRoot.appendingPathComponent("Templates").path, overrideDirectory: nil)
        let renderer = PageRenderer(templates: templates)
        let pages = MealPlanPages(plan: context.plan, recipes: context.recipes, now: now)
        let builder = SiteBuilder(renderer: renderer)
        let plan = builder.plan(validated, now: now, mealPlan: pages, amountReader: ShoppingAmount.kitchen)
        var files: [String: String] = [:]
        for source in plan.mealPlanSources {
            for file in renderer.render(plan.page(for: source)) { files[file.path] = String(decoding: file.contents, as: UTF8.self) }
        }
        return (plan, files)
    }

    @Test func aWeekShowsEveryDayTheOverDayAndTheEmptyDay() throws {
        let files = Self.site().files
        let html = try #require(files["kitchen/plan/2026-W48.html"])
        let markdown = try #require(files["kitchen/plan/2026-W48.md"])
        #expect(markdown.contains("# Meal plan, week 48 of 2026"))
        #expect(markdown.contains("23–29 November 2026 · this week"))
        // Wednesday has nothing planned; Saturday is over its calorie goal, in words.
        #expect(markdown.contains("## Wednesday 25 November 2026\n\nNothing planned."))
        #expect(markdown.contains("- Calories: 2828 of 2200 kcal: over by 628 kcal"))
        #expect(html.contains("class=\"dn-fill dn-over\""))
        #expect(html.contains("2828 of 2200 kcal: over by 628 kcal"))
        // A recipe slot links to its recipe page; the goals say what their grams make.
        #expect(markdown.contains("[Lemon chicken traybake](../../kitchen/recipes/chicken-traybake.md)"))
        #expect(html.contains("href=\"../../kitchen/recipes/chicken-traybake.html\""))
        #expect(markdown.contains("those grams make 2110 kcal"))
        #expect(markdown.contains("[2026-W49 →](../../kitchen/plan/2026-W49.md)"))
        #expect(markdown.contains("Over the calorie goal: Saturday 28 November 2026."))
        // A phone wraps a meal's figures between figures, never inside one ("17 / g protein").
        #expect(html.contains("550\u{00A0}kcal · 38\u{00A0}g\u{00A0}protein · 35\u{00A0}g\u{00A0}carbs · 28\u{00A0}g\u{00A0}fats"))
    }

    /// Issue 51: an empty list shows what this week's plan cooks, each recipe once and linked, and
    /// the command that puts their ingredients on it (it showed only commands).
    @Test func anEmptyListShowsTheWeeksRecipes() throws {
        let markdown = try #require(Self.site { plan in plan.shoppingItems = [] }.files["kitchen/shopping.md"])
        #expect(markdown.contains("The list is empty. This week's plan cooks:"), "\(markdown)")
        #expect(markdown.contains("- [Lemon chicken traybake](../kitchen/recipes/chicken-traybake.md)"), "\(markdown)")
        #expect(markdown.components(separatedBy: "chicken-traybake.md").count == 2, "each recipe once")
        #expect(markdown.contains("`brewguide kitchen shopping --from-plan 2026-11-23..2026-11-29 --write`"), "\(markdown)")
    }

    /// A week with no day over the calorie goal says nothing about it (it once printed
    /// "Over the calorie goal: ." with no day).
    @Test func aWeekWithNoDayOverSaysNothingOfIt() throws {
        let files = Self.site().files
        let markdown = try #require(files["kitchen/plan/2026-W49.md"])
        #expect(markdown.contains("Average over the 5 days with meals planned"))
        #expect(!markdown.contains("Over the calorie goal"))
        for (path, text) in files where path.hasSuffix(".md") {
            #expect(!text.contains("calorie goal: ."), "\(path)")
        }
    }

    /// The year page counts planned meals, not cooked ones, and only on the days up to the build
    /// (24 November 2026): the fixture's meals of 26–30 November are still ahead.
    @Test func theYearPageCountsPlannedMealsUpToToday() throws {
        let (plan, _) = Self.site()
        let (templates, _) = TemplateSet.load(defaultDirectory: TestPaths.packageRoot.appendingPathComponent("Templates").path, overrideDirectory: nil)
        let renderer = PageRenderer(templates: templates)
        let index = try #require(plan.summaryPaths.firstIndex(of: "years/2026"))
        let markdown = try #require(renderer.render(plan.page(for: .summary(index))).first { $0.path.hasSuffix(".md") }.map { String(decoding: $0.contents, as: UTF8.self) })
        #expect(!markdown.contains("Cooked most"))
        #expect(markdown.contains("Planned most:"))
        let slots = plan.mealPlan?.plan.slots.map(\.value) ?? []
        let upToToday = slots.filter { $0.day.hasPrefix("2026-") && $0.day <= "2026-11-24" && $0.recipeID != nil }.count
        #expect(slots.contains { $0.day > "2026-11-24" && $0.recipeID != nil }, "the fixture plans recipes on days ahead")
        #expect(markdown.contains("\(upToToday) planned meal"), "\(markdown)")
    }

    @Test func userTextIsEscapedInPagesAndTwins() throws {
        let files = Self.site { plan in
            plan.slots.append(Located(MealSlot(id: "x", day: "2026-11-25", meal: .lunch,
                content: .quickAdd(QuickAddItem(name: "<script>alert(1)</script> *bold*", calories: 1, protein: 0, carbs: 0, fats: 0))),
                source: .synthesized("test")))
            plan.shoppingItems.append(Located(ShoppingItem(id: "item-99", name: "<b>2 limes</b>"), source: .synthesized("test")))
        }.files
        let week = try #require(files["kitchen/plan/2026-W48.html"])
        #expect(!week.contains("<script>alert(1)"))
        #expect(week.contains("&lt;script&gt;"))
        #expect(try #require(files["kitchen/plan/2026-W48.md"]).contains("\\<script\\>"))
        let shopping = try #require(files["kitchen/shopping.html"])
        #expect(!shopping.contains("<b>2 limes"))
        #expect(shopping.contains("&lt;b&gt;"))
    }

    @Test func theShoppingPageMergesAndGroupsByRecipeWithCheckedItemsStruck() throws {
        let files = Self.site().files
        let html = try #require(files["kitchen/shopping.html"])
        // 2 lemons + ½ lemon + 1 lemon, from two recipes and one free item: 3½, bought as 4.
        #expect(html.contains("4 lemons (3½ needed)</span></label> <span class=\"from\">Red lentil soup, Lemon chicken traybake</span>"))
        // The header counts the items and the checked ones, never "14 items, ." (issue 26), as the
        // list shows them: 12 lines of 14 stored items (the lemons are one line of three).
        let markdownPage = try #require(files["kitchen/shopping.md"])
        #expect(markdownPage.contains("12 items, 3 checked. [Meal plans]"), "\(markdownPage.prefix(300))")
        // Each line has a checkbox a phone can tick, stored in the browser only (issue 26).
        #expect(html.contains("<input type=\"checkbox\" data-key=\"red lentil|g\" data-items=\"1\" data-checked=\"1\" checked> <span class=\"line-text\" data-metric=\"250 g red lentils\" data-us=\"8¾ oz red lentils\">250 g red lentils</span><span class=\"visually-hidden\"> (bought)</span></label>"), "\(html)")
        #expect(html.contains("<input type=\"checkbox\" data-key=\"lemon|\" data-items=\"3\" data-checked=\"0\"> <span class=\"line-text\">4 lemons (3½ needed)</span>"))
        // The ticks' script is an asset file the page names (assets/shopping.js).
        #expect(html.contains("<script src=\"../assets/shopping.js\" defer></script>"))
        #expect(KitchenScript.builtIn(KitchenScript.shoppingAsset).contains("localStorage"))
        #expect(html.contains("<h3>Lemon chicken traybake</h3>"))
        #expect(html.contains("<h3>Other items</h3>"))
        let markdown = try #require(files["kitchen/shopping.md"])
        #expect(markdown.contains("- [x] 250 g red lentils — Red lentil soup"))
    }

    /// A slot naming a recipe that is not there is unknown: "—" on the week page, left out and said so.
    @Test func unknownFiguresShowADashAndTheDaySaysTheyAreLeftOut() throws {
        let files = Self.site { plan in
            plan.slots.append(Located(MealSlot(id: "x", day: "2026-11-25", meal: .lunch, content: .recipe(id: "not-there")), source: .synthesized("test")))
        }.files
        let markdown = try #require(files["kitchen/plan/2026-W48.md"]).replacingOccurrences(of: "\u{00A0}", with: " ")
        #expect(markdown.contains("not-there: — kcal · — g protein · — g carbs · — g fats"), "\(markdown)")
        #expect(markdown.contains("*Unknown figures are left out of the totals and the over-goal flags: calories of 1 meal, protein of 1 meal, carbs of 1 meal, fats of 1 meal.*"))
    }

    /// A day whose only meal gives no figures is "— of 2200 kcal", never 0, and the week's average
    /// is over the days that give the figures: the same as before that day was planned, said to be
    /// over 6 of 7 days (counting it as 0 kcal would pull the average down).
    @Test func aWeeksAverageLeavesOutTheDaysItDoesNotKnow() throws {
        let before = try #require(Self.site().files["kitchen/plan/2026-W48.md"]).replacingOccurrences(of: "\u{00A0}", with: " ")
        let average = try #require(before.range(of: #"Average over the (\d) days with meals planned: (\d+) kcal"#, options: .regularExpression))
        let words = before[average].split(separator: " ")
        let days = try #require(Int(words[3])), calories = try #require(Int(words[words.count - 2]))
        let files = Self.site { plan in
            plan.slots.append(Located(MealSlot(id: "x", day: "2026-11-25", meal: .lunch, content: .recipe(id: "not-there")), source: .synthesized("test")))
        }.files
        let markdown = try #require(files["kitchen/plan/2026-W48.md"]).replacingOccurrences(of: "\u{00A0}", with: " ")
        #expect(markdown.contains("- Calories: — of 2200 kcal (no meal gives its calories)"), "\(markdown)")
        #expect(markdown.contains("- Protein: — of 120 g protein (no meal gives it)"))
        #expect(markdown.contains("Average over the \(days + 1) days with meals planned: \(calories) kcal over \(days) of \(days + 1) days"), "\(markdown)")
        #expect(markdown.contains("not counted as 0"))
        let index = try #require(files["kitchen/plan/index.md"])
        #expect(index.contains("\(calories) kcal a day on average over \(days) of \(days + 1) days"), "\(index)")
    }

    /// "To buy" is grouped by aisle in the aisles' order; the person's table moves a line.
    @Test func theListIsGroupedByAisle() throws {
        let markdown = try #require(Self.site().files["kitchen/shopping.md"])
        let produce = try #require(markdown.range(of: "### Fruit and vegetables"))
        let pantry = try #require(markdown.range(of: "### Pantry"))
        let household = try #require(markdown.range(of: "### Household"))
        #expect(produce.lowerBound < pantry.lowerBound && pantry.lowerBound < household.lowerBound)
        let lemons = try #require(markdown.range(of: "4 lemons (3½ needed)"))
        #expect(produce.upperBound < lemons.lowerBound && lemons.lowerBound < pantry.lowerBound)
        let moved = try #require(Self.site { plan in plan.aisles = ShoppingAisles(overrides: [("Market stall", ["lemon"])]) }.files["kitchen/shopping.md"])
        let stall = try #require(moved.range(of: "### Market stall\n\n- [ ] 4 lemons (3½ needed)"))
        #expect(try #require(moved.range(of: "### Household")).lowerBound < stall.lowerBound)
    }

    @Test func aListWithNothingCheckedSaysNoneChecked() throws {
        let files = Self.site { plan in
            for index in plan.shoppingItems.indices { plan.shoppingItems[index].value.checked = false }
        }.files
        let markdown = try #require(files["kitchen/shopping.md"])
        #expect(markdown.contains("12 items, none checked. [Meal plans]"))
        #expect(!markdown.contains("items, ."))
    }

    @Test func changingOneSlotRerendersItsWeekNotTheOther() {
        let before = Self.site().plan
        let after = Self.site { plan in
            let index = plan.slots.firstIndex { $0.value.id == "w49-tue-lunch" }!
            plan.slots[index].value.servings = 2
        }.plan
        let changed = SiteChanges.changedMealPlanSources(before, after).map(after.path(of:))
        #expect(changed.contains("kitchen/plan/2026-W49"))
        #expect(!changed.contains("kitchen/plan/2026-W48"))
        #expect(!changed.contains("kitchen/shopping"))
        #expect(SiteChanges.changedMealPlanSources(before, Self.site().plan).isEmpty)
    }

    /// `watch` after a shopping item is checked: the shopping page, and no week.
    @Test func checkingAShoppingItemRerendersTheShoppingPageOnly() throws {
        let before = Self.site().plan
        let after = Self.site { plan in
            plan.shoppingItems[0].value.checked.toggle()
        }.plan
        #expect(SiteChanges.changedMealPlanSources(before, after).map(after.path(of:)) == ["kitchen/shopping"])
        // Every kitchen list links to the planner: none is remade while the planner keeps pages.
        #expect(SiteChanges.between(before, after).sources.map(after.path(of:)).filter { $0.hasPrefix("kitchen/") } == ["kitchen/shopping"])
    }
}
