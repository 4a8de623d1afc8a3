/// The groups of pages a site is made of, as `RecordKindDeclaration.pageGroups` names those a
/// kind's records are shown on (in BrewSite, `SitePlan.Source.pageGroup` tells a page's group).
/// `KindPagesTests` is generated from the registry: when a record of a kind changes, every page
/// that `watch` should make again (its bytes differ) is in `SiteChanges`, and is of a group the kind names.
public enum PageGroup: String, CaseIterable, Sendable {
    /// Home, the coffee recipes' pages, the years in review, statistics and hints: made again at every build.
    case summaries
    /// The lists of brews (all, by recipe, by month, …), page by page.
    case logLists
    /// A brew's own page.
    case logPages
    /// The printable recipe cards and the brew-along pages.
    case cards
    /// The night-out sessions' list and pages.
    case sessions
    /// The meal planner: its index, its weeks and the shopping list.
    case mealPlan
    /// The kitchen's list pages (the index, the categories, the archive).
    case kitchenLists
    /// A kitchen recipe's page, its cook mode and its card.
    case kitchenRecipes
}
