import BrewData

extension SitePlan.Source {
    /// The group of pages this page is of (`RecordKindDeclaration.pageGroups` names the groups a kind is shown on).
    public var pageGroup: PageGroup {
        switch self {
        case .summary: .summaries
        case .list: .logLists
        case .log: .logPages
        case .card, .brew: .cards
        case .sessionIndex, .session: .sessions
        case .planIndex, .planWeek, .shopping: .mealPlan
        case .kitchenList: .kitchenLists
        case .kitchenRecipe, .kitchenCook, .kitchenCard: .kitchenRecipes
        }
    }
}
