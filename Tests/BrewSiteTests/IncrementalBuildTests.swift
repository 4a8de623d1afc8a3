import BrewSite
import Foundation
import Testing
import TestSupport

/// A site kept current edit after edit must equal a site built from scratch from the same files,
/// while rendering only the pages the edit touches.
@Suite("Incremental builds")
struct IncrementalBuildTests {
    static let now = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18

    /// A scratch copy of the bundled data, a templates override folder and two outputs.
    final class Workspace {
        let root: URL
        var data: URL { root.appendingPathComponent("Data") }
        var templates: URL { root.appendingPathComponent("MyTemplates") }

        init() throws {
            root = TestPaths.temporary("brewguide-incremental")
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: TestPaths.journal, to: data)
            try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        }

        deinit { try? FileManager.default.removeItem(at: root) }

        func site(output: String) -> JournalSite {
            JournalSite(
                settings: .init(
                    dataDirectory: data.path,
                    defaultTemplatesDirectory: TestPaths.packageRoot.appendingPathComponent("Templates").path,
                    templatesDirectory: templates.path,
                    outputDirectory: root.appendingPathComponent(output).path,
                    baseURL: "https://coffee.example/"),
                now: { IncrementalBuildTests.now })
        }

        /// Every file under an output, by relative path.
        func tree(_ output: String) throws -> [String: Data] {
            let base = root.appendingPathComponent(output).path
            var files: [String: Data] = [:]
            let enumerator = try #require(FileManager.default.enumerator(atPath: base))
            while let relative = enumerator.nextObject() as? String {
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: base + "/" + relative, isDirectory: &isDirectory), !isDirectory.boolValue {
                    files[relative] = FileManager.default.contents(atPath: base + "/" + relative)
                }
            }
            return files
        }

        /// Replaces a file the way editors do: a new file renamed over the old one.
        func save(_ relative: String, _ text: String) throws {
            let target = data.appendingPathComponent(relative)
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            let temporary = target.deletingLastPathComponent().appendingPathComponent(".\(target.lastPathComponent).tmp")
            try text.write(to: temporary, atomically: false, encoding: .utf8)
            #expect(rename(temporary.path, target.path) == 0)
        }

        func edit(_ relative: String, replacing old: String, with new: String) throws {
            let text = try String(contentsOf: data.appendingPathComponent(relative), encoding: .utf8)
            #expect(text.contains(old), "\(relative) has no \(old)")
            try save(relative, text.replacingOccurrences(of: old, with: new))
        }

        /// Builds `kept` incrementally and a fresh full build, and checks they are the same files.
        @discardableResult
        func expectSameAsFullBuild(_ kept: JournalSite, _ step: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> JournalSite.Outcome {
            let outcome = kept.build()
            #expect(outcome.succeeded, "\(step): \(outcome.diagnostics)", sourceLocation: sourceLocation)
            let fresh = site(output: "Fresh").build(full: true)
            #expect(fresh.succeeded, "\(step)", sourceLocation: sourceLocation)
            let incremental = try tree("Site")
            let full = try tree("Fresh")
            #expect(incremental.keys.sorted() == full.keys.sorted(), "\(step): the same files", sourceLocation: sourceLocation)
            let differing = full.keys.filter { incremental[$0] != full[$0] }.sorted()
            #expect(differing.isEmpty, "\(step): files differ from a full build: \(differing.prefix(5))", sourceLocation: sourceLocation)
            return outcome
        }
    }

    @Test func aSeriesOfEditsGivesTheSameSiteAsAFullBuild() throws {
        let workspace = try Workspace()
        let site = workspace.site(output: "Site")
        let first = site.build()
        #expect(first.succeeded)
        site.prepareForUpdates()
        let total = first.pagesInSite
        #expect(total > 100)

        // A note: the log's page and the feed only, plus the few journal-wide pages.
        try workspace.edit("logs/2026-08.json", replacing: "Nailed the drawdown at 3:05.", with: "Nailed the drawdown at 3:05. Try *finer* next time.")
        let note = try workspace.expectSameAsFullBuild(site, "note edited")
        #expect(note.pagesRendered < 40, "a note edit rendered \(note.pagesRendered) of \(total) pages")
        #expect(note.files.written <= 12, "a note edit wrote \(note.files.written) files")
        #expect(note.change.contains("logs/2026-08.json"))

        // A rating in a CSV: the lists it moves between, the counts on every list.
        try workspace.edit("logs/2026-10.csv", replacing: "Sharp and thin. Colombia Huila needs finer.", with: "Sharp and thin.")
        try workspace.edit("logs/2026-10.csv", replacing: "90,coarse,3,tooSour,Sharp and thin.", with: "90,coarse,2,tooSour,Sharp and thin.")
        try workspace.expectSameAsFullBuild(site, "rating changed")

        // A new file in a new folder, then a deleted file.
        try workspace.save("logs/2026/12.json", """
            [{"id": "log-20261201-0800", "timestamp": "2026-12-01T08:00:00Z", "method": "v60", "recipeId": "bright-morning",
              "recipeNameAtBrew": "Bright Morning", "doseGrams": 18, "targetYieldGrams": 300, "waterTemperatureCelsius": 96,
              "grindLabel": "medium", "rating": 4, "note": "First of December."}]
            """)
        try workspace.expectSameAsFullBuild(site, "new folder with a log")
        try FileManager.default.removeItem(at: workspace.data.appendingPathComponent("logs/2026-09.json"))
        let removal = try workspace.expectSameAsFullBuild(site, "log file deleted")
        #expect(removal.files.removed > 0)

        // A recipe renamed: the lists link to it by name.
        try workspace.edit("recipes/bright-morning.json", replacing: "\"Bright Morning\"", with: "\"Bright Morning II\"")
        try workspace.expectSameAsFullBuild(site, "recipe renamed")

        // Sessions, preferences and a template override.
        try workspace.edit("sessions/2026-10.json", replacing: "\"waterEveryNDrinks\": 2", with: "\"waterEveryNDrinks\": 3")
        try workspace.expectSameAsFullBuild(site, "session settings")
        try workspace.edit("preferences.json", replacing: "\"lastSelectedRecipeId\": \"bright-morning\"", with: "\"lastSelectedRecipeId\": \"v60-starter\"")
        try workspace.expectSameAsFullBuild(site, "preferences")
        let layout = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("Templates/log.md.mustache"), encoding: .utf8)
        try (layout + "\nBrewed with care.\n").write(to: workspace.templates.appendingPathComponent("log.md.mustache"), atomically: true, encoding: .utf8)
        let template = try workspace.expectSameAsFullBuild(site, "template override")
        #expect(template.change.contains("templates"))
    }

    /// Thumbnail files are copied into the site and kept current; the kitchen lists gain and lose
    /// their links to the meal plans and the shopping list as the planner gains or loses its pages.
    @Test func kitchenThumbnailsAndThePlannerStayEqualToAFullBuild() throws {
        let workspace = try Workspace()
        let site = workspace.site(output: "Site")
        #expect(site.build().succeeded)
        site.prepareForUpdates()
        let image = "kitchen/images/shakshuka.png"
        let imageURL = workspace.data.appendingPathComponent(image)
        #expect(try workspace.tree("Site")[image] == FileManager.default.contents(atPath: imageURL.path), "the thumbnail is copied")

        // The picture replaced in place: copied again, and only it among the kitchen's files.
        let newBytes = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3])
        try newBytes.write(to: imageURL)
        let replaced = try workspace.expectSameAsFullBuild(site, "thumbnail replaced")
        #expect(replaced.changedAnything)
        #expect(replaced.change.contains(image))
        #expect(try workspace.tree("Site")[image] == newBytes)

        // Another recipe gets a picture of its own: copied, and its card and page show it.
        try newBytes.write(to: workspace.data.appendingPathComponent("kitchen/images/red lentils.jpg"))
        try workspace.edit("kitchen/recipes/collection.json", replacing: "\"title\": \"Red lentil soup\",",
                           with: "\"title\": \"Red lentil soup\",\n    \"thumbnail\": \"kitchen/images/red lentils.jpg\",")
        try workspace.expectSameAsFullBuild(site, "new thumbnail")
        var tree = try workspace.tree("Site")
        #expect(tree["kitchen/images/red lentils.jpg"] == newBytes)
        #expect(String(decoding: tree["kitchen/index.html"] ?? Data(), as: UTF8.self).contains("src=\"../kitchen/images/red%20lentils.jpg\""))
        #expect(String(decoding: tree["kitchen/recipes/lentil-soup.html"] ?? Data(), as: UTF8.self).contains("src=\"../../kitchen/images/red%20lentils.jpg\""))

        // The file deleted: a warning, the card falls back to the title's letter, the copy goes.
        try FileManager.default.removeItem(at: workspace.data.appendingPathComponent("kitchen/images/red lentils.jpg"))
        let missing = try workspace.expectSameAsFullBuild(site, "thumbnail file deleted")
        #expect(missing.diagnostics.contains { $0.severity == .warning && $0.message.contains("\"kitchen/images/red lentils.jpg\" is not in the data directory") })
        tree = try workspace.tree("Site")
        #expect(tree["kitchen/images/red lentils.jpg"] == nil)
        #expect(!String(decoding: tree["kitchen/index.html"] ?? Data(), as: UTF8.self).contains("red%20lentils"))

        // Every plan slot and the shopping list gone: the planner's pages go, and the kitchen's
        // lists no longer link to them.
        let index = { String(decoding: (try workspace.tree("Site"))["kitchen/favourites.html"] ?? Data(), as: UTF8.self) }
        #expect(try index().contains("plan/index.html"))
        try FileManager.default.removeItem(at: workspace.data.appendingPathComponent("kitchen/plan"))
        try FileManager.default.removeItem(at: workspace.data.appendingPathComponent("kitchen/shopping.json"))
        try workspace.expectSameAsFullBuild(site, "planner emptied")
        #expect(try !index().contains("plan/index.html"))
        #expect(try workspace.tree("Site")["kitchen/shopping.html"] == nil)

        // A shopping list alone brings the planner back, and the links with it.
        try workspace.save("kitchen/shopping.json", "[{\"id\": \"item-1\", \"name\": \"2 lemons\", \"checked\": false}]\n")
        try workspace.expectSameAsFullBuild(site, "shopping list added")
        #expect(try index().contains("plan/index.html"))
        #expect(try index().contains("shopping.html"))
        // The first slot: its week gets a page.
        try workspace.save("kitchen/plan/2026-11.json", "[{\"id\": \"s1\", \"day\": \"2026-11-25\", \"meal\": \"Dinner\", \"recipeId\": \"shakshuka\"}]\n")
        try workspace.expectSameAsFullBuild(site, "first slot")
        #expect(try workspace.tree("Site")["kitchen/plan/2026-W48.html"] != nil)
    }

    /// Issue 51: the serve log names a cook's file as itself, not as "the meal planner's files
    /// (kitchen/shopping, kitchen/snacks.json)".
    @Test func aCookIsNamedByItsFile() throws {
        let workspace = try Workspace()
        let site = workspace.site(output: "Site")
        #expect(site.build().succeeded)
        site.prepareForUpdates()
        try workspace.save("kitchen/cooked.json", "[{\"id\": \"cook-1\", \"recipeId\": \"lentil-soup\", \"cookedAt\": \"2026-11-10T19:00:00Z\", \"servings\": 4, \"rating\": 4}]\n")
        let cooked = try workspace.expectSameAsFullBuild(site, "a cook logged")
        #expect(cooked.changedAnything)
        #expect(cooked.change == "kitchen/cooked.json", "\(cooked.change)")
        try workspace.save("kitchen/shopping.json", "[{\"id\": \"item-1\", \"name\": \"2 lemons\", \"checked\": false}]\n")
        let shopping = try workspace.expectSameAsFullBuild(site, "the list replaced")
        // A data file of the directory's reader, as the cooks' is: named as itself.
        #expect(shopping.change == "kitchen/shopping.json", "\(shopping.change)")
    }

    @Test func anInvalidEditKeepsTheLastGoodSiteUntilItIsFixed() throws {
        let workspace = try Workspace()
        let site = workspace.site(output: "Site")
        #expect(site.build().succeeded)
        site.prepareForUpdates()
        let before = try workspace.tree("Site")

        try workspace.edit("logs/2026-08.json", replacing: "\"rating\": 5,\n    \"note\": \"Nailed", with: "\"rating\": 9,\n    \"note\": \"Nailed")
        let broken = site.build()
        #expect(!broken.succeeded)
        #expect(broken.diagnostics.contains { $0.severity == .error && $0.location.file.hasSuffix("logs/2026-08.json") && $0.message.contains("rating") })
        #expect(try workspace.tree("Site") == before, "a failed build leaves the site as it was")

        try workspace.edit("logs/2026-08.json", replacing: "\"rating\": 9,", with: "\"rating\": 4,")
        try workspace.expectSameAsFullBuild(site, "fixed")
    }

    @Test func nothingChangedWritesNothing() throws {
        let workspace = try Workspace()
        let site = workspace.site(output: "Site")
        #expect(site.build().succeeded)
        site.prepareForUpdates()
        let again = site.build()
        #expect(again.succeeded)
        #expect(!again.changedAnything)
        #expect(again.pagesRendered == 0)
        // A full build of the same data rewrites no file.
        let full = site.build(full: true)
        #expect(full.files.written == 0)
        #expect(full.files.unchanged > 100)
    }
}
