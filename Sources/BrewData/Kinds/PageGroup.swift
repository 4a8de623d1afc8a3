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

extension PageGroup {
    /// The groups of pages that show the records of the kinds named (`RecordKind.rawValue`, a
    /// store's shelf names), as each kind's declaration says (`pageGroups`). A name no kind is
    /// registered under could be on any page: every group.
    public static func showing(kindsNamed names: Set<String>) -> Set<PageGroup> {
        var groups: Set<PageGroup> = []
        for name in names {
            guard let kind = RecordKind.allCases.first(where: { $0.rawValue == name }) else { return Set(allCases) }
            groups.formUnion(kind.declaration.pageGroups)
        }
        return groups
    }
}
