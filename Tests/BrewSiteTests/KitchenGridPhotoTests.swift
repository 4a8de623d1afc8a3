import BrewData
import BrewKit
@testable import BrewSite
import Foundation
import Testing

/// A recipe photo with a grid copy beside it (`kitchen/images/x.grid.png`, issue 25): the lists
/// show the small copy, the recipe page the photo, both by relative links that work from disk.
@Suite struct KitchenGridPhotoTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func theGridShowsTheSmallCopyAndThePageThePhoto() throws {
        var validated = DataDirectoryReader(root: Self.packageRoot.appendingPathComponent("Data").path).read().validated
        let photo = try #require(validated.dataset.kitchenImages["kitchen/images/shakshuka.png"])
        #expect(validated.dataset.kitchenImages["kitchen/images/shakshuka.grid.png"] == nil)
        let (templates, _) = TemplateSet.load(defaultDirectory: Self.packageRoot.appendingPathComponent("Templates").path, overrideDirectory: nil)
        let renderer = PageRenderer(templates: templates)
        func pages() throws -> (list: String, recipe: String, files: [String: String]) {
            let plan = SiteBuilder(renderer: renderer).plan(validated, now: Date(timeIntervalSince1970: 1_800_000_000))
            let index = try #require(plan.kitchen.recipes.firstIndex { $0.id == "shakshuka" })
            func html(_ source: SitePlan.Source) throws -> String {
                String(decoding: try #require(renderer.render(plan.page(for: source)).first { $0.path.hasSuffix(".html") }).contents, as: UTF8.self)
            }
            return (try html(.kitchenList(0)), try html(.kitchenRecipe(index)), plan.kitchen.imageFiles)
        }
        let without = try pages()
        #expect(without.list.contains("src=\"../kitchen/images/shakshuka.png\"") || without.list.contains("src=\"images/shakshuka.png\""), "no grid copy: the photo")
        validated.dataset.kitchenImages["kitchen/images/shakshuka.grid.png"] = photo
        let with = try pages()
        #expect(with.list.contains("images/shakshuka.grid.png\""), "\(with.list.prefix(0))the list shows the grid copy")
        #expect(!with.list.contains("images/shakshuka.png\""))
        #expect(with.recipe.contains("src=\"../../kitchen/images/shakshuka.png\""), "the recipe page shows the photo")
        #expect(with.files["kitchen/images/shakshuka.grid.png"] != nil, "the site copies the grid copy")
    }
}
