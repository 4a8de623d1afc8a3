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
        #expect(dryRun.stdout.contains("would remove 1 photo file no other kitchen recipe or cook log names: \(Self.image)"), "\(dryRun.stdout)")
        #expect(FileManager.default.fileExists(atPath: imagePath))
        // The summary says the files go, not that they are rewritten.
        #expect(dryRun.stdout.contains("2 files would be removed: \(imagePath), \(data.appendingPathComponent("kitchen/recipes/shakshuka.json").path)"), "\(dryRun.stdout)")
        // Only the plan files whose slots keep the recipe's figures are rewritten (issue 26).
        #expect(dryRun.stdout.contains("2 files would be rewritten: \(data.appendingPathComponent("kitchen/plan/2026-11.json").path), \(data.appendingPathComponent("kitchen/plan/2026-12.csv").path)\n"), "\(dryRun.stdout)")
        let erased = try BrewGuideProcess.run(["erase", "--kitchen-recipe", "shakshuka", "--yes", "--data", data.path])
        #expect(erased.status == 0, "\(erased.stderr)")
        #expect(erased.stdout.contains("removing 1 photo file no other kitchen recipe or cook log names: \(Self.image)"), "\(erased.stdout)")
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
        #expect(!erased.stdout.contains("photo file"), "\(erased.stdout)")
        #expect(FileManager.default.fileExists(atPath: data.appendingPathComponent(Self.image).path))
        // Once the last recipe naming it goes, so does the photo.
        let second = try BrewGuideProcess.run(["erase", "--kitchen-recipe", "green-shakshuka", "--yes", "--data", data.path])
        #expect(second.stdout.contains("removing 1 photo file no other kitchen recipe or cook log names: \(Self.image)"), "\(second.stdout)")
        #expect(!FileManager.default.fileExists(atPath: data.appendingPathComponent(Self.image).path))
    }

    @Test func eraseAllRemovesTheNamedThumbnailsAndLeavesOtherFiles() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        let unrelated = data.appendingPathComponent("kitchen/images/not-named.png")
        try Data([0x89, 0x50, 0x4E, 0x47]).write(to: unrelated)
        let erased = try BrewGuideProcess.run(["erase", "--all", "--yes", "--data", data.path])
        #expect(erased.status == 0, "\(erased.stderr)")
        #expect(erased.stdout.contains("removing 1 photo file no other kitchen recipe or cook log names: \(Self.image)"), "\(erased.stdout)")
        #expect(!FileManager.default.fileExists(atPath: data.appendingPathComponent(Self.image).path))
        // A file no recipe named is not the recipes' data: it stays.
        #expect(FileManager.default.fileExists(atPath: unrelated.path))
    }

    @Test func mergeCopiesAThumbnailTheTargetLacksAndTwiceChangesNothing() throws {
        let target = try BrewGuideProcess.copyOfBundledData()
        let source = try BrewGuideProcess.copyOfBundledData()
        defer {
            try? FileManager.default.removeItem(at: target.deletingLastPathComponent())
            try? FileManager.default.removeItem(at: source.deletingLastPathComponent())
        }
        try FileManager.default.removeItem(at: target.appendingPathComponent(Self.image))
        let merge = try BrewGuideProcess.run(["merge", source.path, "--into", target.path, "--yes"])
        #expect(merge.status == 0, "\(merge.stderr)")
        #expect(merge.stdout.contains("added: kitchen image \(Self.image)"), "\(merge.stdout)")
        #expect(try Data(contentsOf: target.appendingPathComponent(Self.image)) == Data(contentsOf: source.appendingPathComponent(Self.image)))
        let check = try BrewGuideProcess.run(["check", "--data", target.path])
        #expect(check.status == 0 && !(check.stdout + check.stderr).contains("thumbnail"), "\(check.stdout)\(check.stderr)")
        let again = try BrewGuideProcess.run(["merge", source.path, "--into", target.path, "--yes"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(!again.stdout.contains("added:"), "\(again.stdout)")
        #expect(again.stdout.contains("0 added, 0 updated"), "\(again.stdout)")
    }

    @Test func mergeNeverWritesOverAFileNoTargetRecipeNamesAndSaysSo() throws {
        let target = try BrewGuideProcess.copyOfBundledData()
        let source = try BrewGuideProcess.copyOfBundledData()
        defer {
            try? FileManager.default.removeItem(at: target.deletingLastPathComponent())
            try? FileManager.default.removeItem(at: source.deletingLastPathComponent())
        }
        // The target's shakshuka names no picture, but a file of its own sits at the path.
        let recipes = target.appendingPathComponent("kitchen/recipes")
        for case let name as String in FileManager.default.enumerator(atPath: recipes.path)! where name.hasSuffix(".json") {
            let file = recipes.appendingPathComponent(name)
            let text = try String(contentsOf: file, encoding: .utf8)
            try text.replacingOccurrences(of: "\"thumbnail\": \"\(Self.image)\",", with: "").write(to: file, atomically: true, encoding: .utf8)
        }
        let mine = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        try mine.write(to: target.appendingPathComponent(Self.image))
        let merge = try BrewGuideProcess.run(["merge", source.path, "--into", target.path, "--yes"])
        #expect(merge.status == 0, "\(merge.stderr)")
        #expect(!merge.stdout.contains("added: kitchen image"), "\(merge.stdout)")
        #expect(merge.stdout.contains("note: kitchen image \(Self.image): a file no recipe named is already there; kept it"), "\(merge.stdout)")
        #expect(try Data(contentsOf: target.appendingPathComponent(Self.image)) == mine)
    }

    @Test func mergeKeepsTheTargetsDifferentThumbnailAndSaysSo() throws {
        let target = try BrewGuideProcess.copyOfBundledData()
        let source = try BrewGuideProcess.copyOfBundledData()
        defer {
            try? FileManager.default.removeItem(at: target.deletingLastPathComponent())
            try? FileManager.default.removeItem(at: source.deletingLastPathComponent())
        }
        let mine = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        try mine.write(to: target.appendingPathComponent(Self.image))
        for _ in 0..<2 {
            let merge = try BrewGuideProcess.run(["merge", source.path, "--into", target.path, "--yes"])
            #expect(merge.status == 0, "\(merge.stderr)")
            #expect(merge.stdout.contains("note: kitchen image \(Self.image) differs between the target and a source; kept the target's file (8 bytes)"), "\(merge.stdout)")
            #expect(try Data(contentsOf: target.appendingPathComponent(Self.image)) == mine)
        }
    }
}
