import BrewData
import BrewKit
@testable import BrewSite
import Foundation
import Testing
import TestSupport

/// `watch` after a kitchen change renders the kitchen lists and only the changed recipe's pages (issue 14).
@Suite struct KitchenSiteChangesTests {

    @Test func oneChangedRecipeRendersItsPagesAndTheLists() throws {
        let validated = DataDirectoryReader(root: TestPaths.journal.path).read().validated
        var changed = validated
        let index = try #require(changed.dataset.kitchenRecipes.firstIndex { $0.value.id == "hummus" })
        changed.dataset.kitchenRecipes[index].value.isFavourite = true
        let (templates, _) = TemplateSet.load(defaultDirectory: TestPaths.packageRoot.appendingPathComponent("Templates").path, overrideDirectory: nil)
        let builder = SiteBuilder(renderer: PageRenderer(templates: templates))
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let old = builder.plan(validated, now: now)
        let new = builder.plan(changed, now: now)
        let paths = Set(SiteChanges.between(old, new).sources.map(new.path(of:))).filter { $0.hasPrefix("kitchen/") }
        // The lists that show its card (all, its category, now the favourites), not the others.
        #expect(paths == [
            "kitchen/index", "kitchen/favourites", "kitchen/snack",
            "kitchen/recipes/hummus", "kitchen/cook/hummus", "kitchen/cards/hummus",
        ])
        let unchanged = Set(SiteChanges.between(old, builder.plan(validated, now: now)).sources.map(new.path(of:))).filter { $0.hasPrefix("kitchen/") }
        #expect(unchanged.isEmpty, "no kitchen page when the kitchen did not change")
    }

    /// The lists a change re-renders are exactly those whose pages come out different: each edit
    /// below is applied to the bundled data, every list is rendered before and after, and the
    /// lists that differ must be the ones `SiteChanges` chose (none missed, none rendered for nothing).
    @Test(arguments: ["favourite", "archive", "retitle", "ingredient", "nutrition", "new recipe", "removed", "thumbnail gone", "category"])
    func theListsRenderedAreTheListsThatChange(_ edit: String) throws {
        let validated = DataDirectoryReader(root: TestPaths.journal.path).read().validated
        var changed = validated
        func at(_ id: String) throws -> Int { try #require(changed.dataset.kitchenRecipes.firstIndex { $0.value.id == id }) }
        switch edit {
        case "favourite": changed.dataset.kitchenRecipes[try at("hummus")].value.isFavourite = true
        case "archive": changed.dataset.kitchenRecipes[try at("lentil-soup")].value.isArchived = true
        case "retitle": changed.dataset.kitchenRecipes[try at("shakshuka")].value.title = "Shakshuka for two"
        case "ingredient": changed.dataset.kitchenRecipes[try at("shakshuka")].value.ingredients[0].amount = "2 tbsp"
        case "nutrition": changed.dataset.kitchenRecipes[try at("hummus")].value.nutrition?.calories += 60
        case "new recipe":
            var copy = changed.dataset.kitchenRecipes[try at("hummus")]
            copy.value.id = "hummus-2"
            changed.dataset.kitchenRecipes.append(copy)
        case "removed": changed.dataset.kitchenRecipes.remove(at: try at("pasta-al-limone"))
        case "thumbnail gone": changed.dataset.kitchenImages = [:]
        default: changed.dataset.kitchenRecipes[try at("hummus")].value.category = .lunch
        }
        let (templates, _) = TemplateSet.load(defaultDirectory: TestPaths.packageRoot.appendingPathComponent("Templates").path, overrideDirectory: nil)
        let renderer = PageRenderer(templates: templates)
        let builder = SiteBuilder(renderer: renderer)
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let old = builder.plan(validated, now: now)
        let new = builder.plan(changed, now: now)
        let lists = KitchenPages.List.every.indices.map(SitePlan.Source.kitchenList)
        let chosen = Set(SiteChanges.between(old, new).sources.filter(lists.contains).map(new.path(of:)))
        let differing = Set(lists.filter { source in
            renderer.render(old.page(for: source)).map(\.contents) != renderer.render(new.page(for: source)).map(\.contents)
        }.map(new.path(of:)))
        // An ingredient is not on the cards: no list changes (its recipe's pages do).
        #expect(differing.isEmpty == (edit == "ingredient"))
        #expect(chosen == differing, "\(edit): rendered \(chosen.sorted()), changed \(differing.sorted())")
    }
}
