import Foundation
import Testing
import TestSupport

/// Issue 51: a private journal makes no request a person did not ask for. A kitchen recipe whose
/// thumbnail is a web address shows the placeholder on every page, never the remote photo
/// (every page view asked the recipe site for it).
@Suite struct KitchenPhotosStayLocalTests {
    @Test func aWebThumbnailIsNeverHotlinked() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        let file = data.appendingPathComponent("kitchen/recipes/collection.json")
        let text = try String(contentsOf: file, encoding: .utf8)
        let edited = text.replacingOccurrences(of: "\"title\": \"Red lentil soup\",", with: "\"title\": \"Red lentil soup\",\n    \"thumbnail\": \"https://photos.example/soup.jpg\",")
        #expect(edited != text)
        try Data(edited.utf8).write(to: file)
        let site = data.deletingLastPathComponent().appendingPathComponent("Site")
        let build = try BrewGuideProcess.run(["build", "--data", data.path, "--output", site.path, "--quiet"])
        #expect(build.status == 0, "\(build.stderr)")
        let enumerator = try #require(FileManager.default.enumerator(atPath: site.path))
        var pages = 0
        while let relative = enumerator.nextObject() as? String {
            guard relative.hasSuffix(".html") || relative.hasSuffix(".md") else { continue }
            let page = try String(contentsOfFile: site.path + "/" + relative, encoding: .utf8)
            pages += 1
            #expect(!page.contains("src=\"https://photos.example"), "\(relative) hotlinks the photo")
            #expect(!page.contains("](<https://photos.example"), "\(relative) shows the remote photo in its twin")
        }
        #expect(pages > 50)
        let recipe = try String(contentsOf: site.appendingPathComponent("kitchen/recipes/lentil-soup.html"), encoding: .utf8)
        #expect(recipe.contains("class=\"kitchen-photo kitchen-thumb-"), "the placeholder stands in its place")
    }
}
