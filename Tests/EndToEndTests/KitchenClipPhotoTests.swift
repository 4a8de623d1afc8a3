import Foundation
import Testing
import TestSupport

/// `kitchen clip` saves the page's photo beside the recipe with its grid copy, and the site shows
/// the copy in the grid and the photo on the page; a photo that cannot be fetched leaves the
/// remote link, with a warning that says so (issue 25). Served from 127.0.0.1: there is no internet.
@Suite(.serialized) struct KitchenClipPhotoTests {
    static func page(title: String, image: String) -> String {
        """
        <html><head><script type="application/ld+json">
        {"@type": "Recipe", "name": "\(title)", "image": "\(image)", "recipeYield": "2",
         "recipeIngredient": ["2 eggs", "1 tbsp butter"], "recipeInstructions": ["Beat the eggs.", "Cook in the butter."]}
        </script></head><body></body></html>
        """
    }

    @Test func thePhotoIsSavedAndTheGridShowsItsCopy() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        let folder = data.deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: folder) }
        let served = folder.appendingPathComponent("served")
        try FileManager.default.createDirectory(at: served, withIntermediateDirectories: true)
        let server = try StaticFileServer(serving: served)
        defer { server.stop() }
        let base = server.base
        try Data(TestImages.photo(width: 900, height: 600, format: "jpg")).write(to: served.appendingPathComponent("eggs.jpg"))
        try Self.page(title: "Scrambled eggs", image: base + "/eggs.jpg").write(to: served.appendingPathComponent("eggs.html"), atomically: true, encoding: .utf8)
        try Self.page(title: "Fried eggs", image: base + "/gone.jpg").write(to: served.appendingPathComponent("fried.html"), atomically: true, encoding: .utf8)
        var result = try BrewGuideProcess.run(["kitchen", "clip", base + "/eggs.html", "--data", data.path])
        for _ in 0..<30 where result.status != 0 {
            Thread.sleep(forTimeInterval: 0.2)
            result = try BrewGuideProcess.run(["kitchen", "clip", base + "/eggs.html", "--data", data.path])
        }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("photo kitchen/images/scrambled-eggs.jpg"), "\(result.stdout)")
        let recipe = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: data.appendingPathComponent("kitchen/recipes/scrambled-eggs.json"))) as? [String: Any])
        #expect(recipe["thumbnail"] as? String == "kitchen/images/scrambled-eggs.jpg")
        #expect(FileManager.default.fileExists(atPath: data.appendingPathComponent("kitchen/images/scrambled-eggs.grid.jpg").path))

        let fried = try BrewGuideProcess.run(["kitchen", "clip", base + "/fried.html", "--data", data.path])
        #expect(fried.status == 0, "\(fried.stderr)")
        #expect(fried.stderr.contains("the photo could not be saved (the server answered 404); the recipe keeps its remote link \(base)/gone.jpg"), "\(fried.stderr)")
        let friedRecipe = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: data.appendingPathComponent("kitchen/recipes/fried-eggs.json"))) as? [String: Any])
        #expect(friedRecipe["thumbnail"] as? String == base + "/gone.jpg")

        let site = folder.appendingPathComponent("site")
        let build = try BrewGuideProcess.run(["build", "--data", data.path, "--output", site.path])
        #expect(build.status == 0, "\(build.stderr)")
        let index = try String(contentsOf: site.appendingPathComponent("kitchen/index.html"), encoding: .utf8)
        #expect(index.contains("src=\"../kitchen/images/scrambled-eggs.grid.jpg\""), "the grid copy in the grid, linked relatively")
        let page = try String(contentsOf: site.appendingPathComponent("kitchen/recipes/scrambled-eggs.html"), encoding: .utf8)
        #expect(page.contains("src=\"../../kitchen/images/scrambled-eggs.jpg\""), "the photo on the page")
        #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("kitchen/images/scrambled-eggs.grid.jpg").path))
        #expect(try BrewGuideProcess.run(["check", "--data", data.path]).status == 0)

        // Erasing the recipe erases its photo and the photo's grid copy.
        let erased = try BrewGuideProcess.run(["erase", "--kitchen-recipe", "scrambled-eggs", "--yes", "--data", data.path])
        #expect(erased.status == 0, "\(erased.stderr)")
        for name in ["scrambled-eggs.jpg", "scrambled-eggs.grid.jpg"] {
            #expect(!FileManager.default.fileExists(atPath: data.appendingPathComponent("kitchen/images/" + name).path), "\(name) is left")
        }
    }

    /// Issue 51: a saved page read from a file makes no request for its photo unless asked
    /// (`--photo`); it fetched the photo from the web unasked.
    @Test func aSavedPageFetchesItsPhotoOnlyWhenAsked() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        let folder = data.deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: folder) }
        let saved = folder.appendingPathComponent("saved.html")
        // An address that cannot answer: a fetch would say the photo could not be saved.
        try Self.page(title: "Poached eggs", image: "https://photos.invalid/poached.jpg").write(to: saved, atomically: true, encoding: .utf8)
        let unasked = try BrewGuideProcess.run(["kitchen", "clip", saved.path, "--data", data.path])
        #expect(unasked.status == 0, "\(unasked.stderr)")
        #expect(!unasked.stderr.contains("could not be saved"), "no request was made: \(unasked.stderr)")
        #expect(unasked.stderr.contains("its photo https://photos.invalid/poached.jpg was not fetched (the page was read from a file); run again with --photo"), "\(unasked.stderr)")
        let asked = try BrewGuideProcess.run(["kitchen", "clip", saved.path, "--photo", "--again", "--data", data.path])
        #expect(asked.status == 0, "\(asked.stderr)")
        #expect(asked.stderr.contains("the photo could not be saved"), "asked, it is fetched: \(asked.stderr)")
    }
}
