import Foundation
import Testing

/// The kitchen's thumbnail files through `erase` (issue 14, data rights): a photo goes with the
/// last recipe that names it; one another recipe still names stays.
@Suite struct KitchenImageRightsTests {
    static let image = "kitchen/images/shakshuka.png"

    @Test func erasingTheRecipeRemovesItsThumbnailAndTheDryRunSaysSo() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        let imagePath = data.appendingPathComponent(Self.image).path
        let dryRun = try BrewGuideProcess.run(["erase", "--kitchen-recipe", "shakshuka", "--data", data.path])
        #expect(dryRun.status == 0, "\(dryRun.stderr)")
        #expect(dryRun.stdout.contains("would remove 1 thumbnail file no other kitchen recipe names: \(Self.image)"), "\(dryRun.stdout)")
        #expect(FileManager.default.fileExists(atPath: imagePath))
        let erased = try BrewGuideProcess.run(["erase", "--kitchen-recipe", "shakshuka", "--yes", "--data", data.path])
        #expect(erased.status == 0, "\(erased.stderr)")
        #expect(erased.stdout.contains("removing 1 thumbnail file no other kitchen recipe names: \(Self.image)"), "\(erased.stdout)")
        #expect(!FileManager.default.fileExists(atPath: imagePath))
        let check = try BrewGuideProcess.run(["check", "--data", data.path])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(!(check.stdout + check.stderr).contains("thumbnail"), "\(check.stdout)\(check.stderr)")
    }

    @Test func aThumbnailAnotherRecipeNamesStays() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        let original = try String(contentsOf: data.appendingPathComponent("kitchen/recipes/shakshuka.json"), encoding: .utf8)
        try original.replacingOccurrences(of: "\"id\": \"shakshuka\"", with: "\"id\": \"green-shakshuka\"")
            .write(to: data.appendingPathComponent("kitchen/recipes/green-shakshuka.json"), atomically: true, encoding: .utf8)
        let erased = try BrewGuideProcess.run(["erase", "--kitchen-recipe", "shakshuka", "--yes", "--data", data.path])
        #expect(erased.status == 0, "\(erased.stderr)")
        #expect(!erased.stdout.contains("thumbnail file"), "\(erased.stdout)")
        #expect(FileManager.default.fileExists(atPath: data.appendingPathComponent(Self.image).path))
        // Once the last recipe naming it goes, so does the photo.
        let second = try BrewGuideProcess.run(["erase", "--kitchen-recipe", "green-shakshuka", "--yes", "--data", data.path])
        #expect(second.stdout.contains("removing 1 thumbnail file no other kitchen recipe names: \(Self.image)"), "\(second.stdout)")
        #expect(!FileManager.default.fileExists(atPath: data.appendingPathComponent(Self.image).path))
    }

    @Test func eraseAllRemovesTheNamedThumbnailsAndLeavesOtherFiles() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        let unrelated = data.appendingPathComponent("kitchen/images/not-named.png")
        try Data([0x89, 0x50, 0x4E, 0x47]).write(to: unrelated)
        let erased = try BrewGuideProcess.run(["erase", "--all", "--yes", "--data", data.path])
        #expect(erased.status == 0, "\(erased.stderr)")
        #expect(erased.stdout.contains("removing 1 thumbnail file no other kitchen recipe names: \(Self.image)"), "\(erased.stdout)")
        #expect(!FileManager.default.fileExists(atPath: data.appendingPathComponent(Self.image).path))
        // A file no recipe named is not the recipes' data: it stays.
        #expect(FileManager.default.fileExists(atPath: unrelated.path))
    }
}
