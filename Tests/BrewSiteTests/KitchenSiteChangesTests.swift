import BrewData
import BrewKit
import BrewSite
import Foundation
import Testing

/// `watch` after a kitchen change renders the kitchen lists and only the changed recipe's pages (issue 14).
@Suite struct KitchenSiteChangesTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func oneChangedRecipeRendersItsPagesAndTheLists() throws {
        let validated = DataDirectoryReader(root: Self.packageRoot.appendingPathComponent("Data").path).read().validated
        var changed = validated
        let index = try #require(changed.dataset.kitchenRecipes.firstIndex { $0.value.id == "hummus" })
        changed.dataset.kitchenRecipes[index].value.isFavourite = true
        let (templates, _) = TemplateSet.load(defaultDirectory: Self.packageRoot.appendingPathComponent("Templates").path, overrideDirectory: nil)
        let builder = SiteBuilder(renderer: PageRenderer(templates: templates))
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let old = builder.plan(validated, now: now)
        let new = builder.plan(changed, now: now)
        let paths = Set(SiteChanges.between(old, new).sources.map(new.path(of:))).filter { $0.hasPrefix("kitchen/") }
        #expect(paths == [
            "kitchen/index", "kitchen/favourites", "kitchen/breakfast", "kitchen/lunch", "kitchen/dinner", "kitchen/snack", "kitchen/archive",
            "kitchen/recipes/hummus", "kitchen/cook/hummus", "kitchen/cards/hummus",
        ])
        let unchanged = Set(SiteChanges.between(old, builder.plan(validated, now: now)).sources.map(new.path(of:))).filter { $0.hasPrefix("kitchen/") }
        #expect(unchanged.isEmpty, "no kitchen page when the kitchen did not change")
    }
}
