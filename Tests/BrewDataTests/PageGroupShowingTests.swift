import BrewData
import Testing

/// The groups of pages a change to the store touches come from the kinds' declarations
/// (`pageGroups`), which `KindPagesTests` checks against the pages that really change.
@Suite struct PageGroupShowingTests {
    @Test func theGroupsAreThoseTheChangedKindsDeclare() {
        #expect(PageGroup.showing(kindsNamed: []).isEmpty)
        #expect(PageGroup.showing(kindsNamed: ["drinkPresets"]) == DrinkPresetsKind.pageGroups)
        #expect(PageGroup.showing(kindsNamed: ["sessions", "beans"]) == SessionsKind.pageGroups.union(BeansKind.pageGroups))
        #expect(PageGroup.showing(kindsNamed: ["sessions"]).contains(.sessions))
        #expect(!PageGroup.showing(kindsNamed: ["kitchenInbox"]).contains(.sessions))
    }

    /// A shelf no kind is registered under could show anywhere: every group is made again.
    @Test func anUnregisteredKindTouchesEveryGroup() {
        #expect(PageGroup.showing(kindsNamed: ["jars"]) == Set(PageGroup.allCases))
        #expect(PageGroup.showing(kindsNamed: ["sessions", "jars"]) == Set(PageGroup.allCases))
    }
}
