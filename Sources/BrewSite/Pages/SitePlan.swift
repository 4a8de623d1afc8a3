import BrewKit
import Foundation

/// Every page of one build, named before any is made and made on demand from its source (on all
/// cores, while others are written), so an incremental build makes only those it needs.
///
/// Holds `[String: Any]` contexts of immutable values, made before rendering starts and only read
/// after, which is why it may cross threads. It stays `@unchecked Sendable` (not `Locked`): there is
/// nothing to lock, only `[String: Any]` values the compiler cannot see are never changed.
public struct SitePlan: @unchecked Sendable {
    /// Where one page comes from.
    public enum Source: Hashable, Sendable {
        /// One of `summaryPaths` (home, the recipes, the years in review, statistics, hints), by index.
        case summary(Int)
        /// Page `number` of `lists[list]`.
        case list(Int, number: Int)
        /// The summary page of `journal.logs[index]`.
        case log(Int)
        /// The printable card of `cardRecipes[index]`.
        case card(Int)
        /// The brew-along page `brewAlongs[index]`.
        case brew(Int)
        /// The session list, and the page of `sessions` at an index (newest first).
        case sessionIndex
        case session(Int)
        /// The meal planner (issue 15): its index, the week at an index of `mealPlan.weeks`, the shopping list.
        case planIndex
        case planWeek(Int)
        case shopping
        /// The kitchen (issue 14): a list page (`KitchenPages.List.every`), and by recipe index
        /// (`kitchen.recipes`) a recipe's page, cook mode (of `kitchen.cookable`) and card.
        case kitchenList(Int)
        case kitchenRecipe(Int)
        case kitchenCook(Int)
        case kitchenCard(Int)

    }

    let journal: Journal
    /// The pages made from the whole journal: home, then the recipe pages, then statistics and hints.
    let summaryPaths: [String]
    /// The recipes that have a card (the valid ones), in library order.
    let cardRecipes: [Recipe]
    /// The brew-along pages: each card recipe at each of its card doses.
    let brewAlongs: [Journal.BrewAlong]
    let sessions: SessionPages
    /// The meal planner's pages; nil when the data has no plan slots and no shopping items.
    let mealPlan: MealPlanPages?
    /// The shopping list's amounts are read with this (the kitchen's amount grammar).
    let amountReader: ShoppingAmount.Reader
    let lists: [LogList]
    let kitchen: KitchenPages
    /// The year-in-review pages, among `summaryPaths` (after the recipes).
    let years: YearPages
    /// The bags of beans with a page, among `summaryPaths` (after the years).
    let beans: [CoffeeBean]
    public let perPage: Int

    /// - Parameter giveWay: asked between the steps (`SiteBuilder.plan(_:now:mealPlan:amountReader:giveWay:)`).
    init(journal: Journal, sessions: SessionPages, mealPlan: MealPlanPages? = nil,
         amountReader: @escaping ShoppingAmount.Reader = { _ in nil }, perPage: Int, giveWay: GiveWay = .never) throws(GaveWay) {
        self.journal = journal
        self.mealPlan = mealPlan.flatMap { $0.hasPages ? $0 : nil }
        self.amountReader = amountReader
        self.perPage = perPage
        self.years = try YearPages(journal: journal, sessions: sessions, mealPlan: self.mealPlan, cooks: mealPlan?.plan.cooks.map(\.value) ?? [], giveWay: giveWay)
        self.beans = journal.beans
        self.summaryPaths = ["index"] + journal.recipes.map { "recipes/\($0.id)" } + years.paths + beans.map { Journal.beanPath($0.id) } + ["statistics", "hints"]
        self.cardRecipes = journal.recipes.filter { journal.invalidReasons[$0.id] == nil }
        self.brewAlongs = journal.brewAlongs(of: cardRecipes)
        self.sessions = sessions
        try giveWay.check()
        self.lists = journal.logLists()
        try giveWay.check()
        var kitchen = KitchenPages(journal.validated.dataset)
        kitchen.cooks = CookHistory.byRecipe(mealPlan?.plan.cooks.map(\.value) ?? [])
        self.kitchen = kitchen
    }

    /// Every page, in site order.
    public var sources: [Source] {
        // Home and the recipes, their cards, then statistics and hints.
        let cardsAfter = 1 + journal.recipes.count
        var sources = (0..<cardsAfter).map(Source.summary)
        sources += cardRecipes.indices.map(Source.card)
        sources += brewAlongs.indices.map(Source.brew)
        sources += (cardsAfter..<summaryPaths.count).map(Source.summary)
        sources += sessionSources
        sources += mealPlanSources
        sources += kitchenSources
        for (index, list) in lists.enumerated() {
            sources += (1...list.pageCount(perPage: perPage)).map { Source.list(index, number: $0) }
        }
        sources += journal.logs.indices.map(Source.log)
        return sources
    }

    /// The session list and every session page; none without sessions.
    var sessionSources: [Source] {
        sessions.count == 0 ? [] : [.sessionIndex] + (0..<sessions.count).map(Source.session)
    }

    /// The planner's index, every week, and the shopping list; none without a plan.
    var mealPlanSources: [Source] {
        guard let mealPlan else { return [] }
        return [.planIndex] + mealPlan.weeks.indices.map(Source.planWeek) + [.shopping]
    }

    /// The kitchen's pages: its lists, then each recipe's page, cook mode and card.
    var kitchenSources: [Source] {
        KitchenPages.List.every.indices.map(Source.kitchenList) + (0..<kitchen.count).map(Source.kitchenRecipe)
            + kitchen.cookable.indices.map(Source.kitchenCook) + (0..<kitchen.count).map(Source.kitchenCard)
    }

    /// How many pages the site has, without listing them.
    public var pageCount: Int {
        summaryPaths.count + cardRecipes.count + brewAlongs.count + sessionSources.count + mealPlanSources.count + journal.logs.count
            + KitchenPages.List.every.count + 2 * kitchen.count + kitchen.cookable.count
            + lists.reduce(0) { $0 + $1.pageCount(perPage: perPage) }
    }

    /// The page's path without extension.
    public func path(of source: Source) -> String {
        switch source {
        case .summary(let index): summaryPaths[index]
        case .list(let index, let number): lists[index].pagePath(number)
        case .log(let index): journal.logPaths[index]
        case .card(let index): "cards/\(cardRecipes[index].id)"
        case .brew(let index): brewAlongs[index].path
        case .sessionIndex: "sessions/index"
        case .session(let index): sessions.path(at: index)
        case .planIndex: MealPlanPages.indexPath
        case .planWeek(let index): mealPlan!.weekPath(mealPlan!.weeks[index])
        case .shopping: MealPlanPages.shoppingPath
        case .kitchenList(let index): KitchenPages.List.every[index].path
        case .kitchenRecipe(let index): "kitchen/recipes/\(kitchen.recipes[index].id)"
        case .kitchenCook(let index): "kitchen/cook/\(kitchen.recipes[kitchen.cookable[index]].id)"
        case .kitchenCard(let index): "kitchen/cards/\(kitchen.recipes[index].id)"
        }
    }

    /// What the navigation of every page shows: only sections that exist (`hasSessions`: the
    /// session pages are made only when there are sessions).
    public var navigation: [String: Bool] {
        ["hasSessions": sessions.count > 0]
    }

    public func page(for source: Source) -> Page {
        var page = unlaidPage(for: source)
        page.layoutFlags = navigation
        return page
    }

    /// The page of the log at `position` with `edited` logs in place of the plan's (`Journal.logPage(at:edited:)`).
    func logPage(at position: Int, edited: [Int: BrewLog]) -> Page {
        var page = journal.logPage(at: position, edited: edited)
        page.layoutFlags = navigation
        return page
    }

    /// The pages of logs new to the plan's journal, as the journal with them makes them (`Journal.newLogPages`).
    func newLogPages(_ added: [BrewLog]) -> [Page] {
        journal.newLogPages(added).map { page in
            var page = page
            page.layoutFlags = navigation
            return page
        }
    }

    func unlaidPage(for source: Source) -> Page {
        switch source {
        case .summary(let index): summaryPage(index)
        case .list(let index, let number): journal.listPage(lists[index], number: number, perPage: perPage)
        case .log(let index): journal.logPage(at: index)
        case .card(let index): journal.cardPage(cardRecipes[index])
        case .brew(let index): journal.brewPage(brewAlongs[index])
        case .sessionIndex: sessions.indexPage() ?? Page(path: "sessions/index", title: "", template: "sessions", context: [:])
        case .session(let index): sessions.page(at: index)
        case .planIndex: mealPlan!.indexPage()
        case .planWeek(let index): mealPlan!.weekPage(mealPlan!.weeks[index])
        case .shopping: mealPlan!.shoppingPage(reading: amountReader)
        case .kitchenList(let index): kitchenListPage(index)
        case .kitchenRecipe(let index): kitchen.recipePage(index)
        case .kitchenCook(let index): kitchen.cookPage(index)
        case .kitchenCard(let index): kitchen.cardPage(index)
        }
    }

    /// A kitchen list page, linking to the meal planner when it has pages.
    func kitchenListPage(_ index: Int) -> Page {
        var page = kitchen.listPage(KitchenPages.List.every[index])
        page.context["hasMealPlan"] = mealPlan != nil
        return page
    }

    /// Home, a recipe's page, a year in review, statistics or hints, by its place in `summaryPaths`.
    func summaryPage(_ index: Int) -> Page {
        switch index {
        case 0:
            var home = journal.homePage()
            home.context["sessionHeadlines"] = sessions.homeHeadlines()
            home.context["years"] = years.homeLinks
            home.context["hasYears"] = !years.reviews.isEmpty
            return home
        case summaryPaths.count - 2: return journal.statisticsPage()
        case summaryPaths.count - 1: return journal.hintsPage()
        case let beanIndex where beanIndex >= summaryPaths.count - 2 - beans.count: return journal.beanPage(beans[beanIndex - (summaryPaths.count - 2 - beans.count)])
        case let yearIndex where yearIndex > journal.recipes.count: return years.page(at: yearIndex - 1 - journal.recipes.count)
        default: return journal.recipePage(journal.recipes[index - 1])
        }
    }

    /// The feed, the kitchen's and the site's search indexes, the sitemap when the site has a
    /// public address, and the meal plan's calendar when the site has plan pages.
    /// `BREWGUIDE_BENCH_NO_SEARCH_INDEX` set: no site search index is written (for timing a build
    /// with and without it, Benchmarks/README.md; the box on the pages then finds nothing).
    static let withoutSearchIndex = ProcessInfo.processInfo.environment["BREWGUIDE_BENCH_NO_SEARCH_INDEX"] != nil

    func feeds(siteTitle: String, baseURL: String?) -> [OutputFile] {
        var files = [Feeds.atom(logs: journal.logs, kitchen: kitchen.recipes, siteTitle: siteTitle, baseURL: baseURL, timeZone: journal.timeZone), kitchen.searchIndexFile()] + (Self.withoutSearchIndex ? [] : searchIndex().files())
        if let baseURL { files.append(Feeds.sitemap(pagePaths: sources.map(path(of:)), baseURL: baseURL)) }
        if let mealPlan, mealPlan.hasPages { files.append(mealPlan.calendarFile(siteTitle: siteTitle, baseURL: baseURL, timeZone: journal.timeZone)) }
        return files
    }
}
