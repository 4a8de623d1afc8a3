import Foundation
import Testing

/// `kitchen archive`, `restore`, `favourite` and `erase --kitchen-recipe` on a copy of the
/// bundled kitchen (MOD/SYS/013, TC-014, TC-120–122).
@Suite struct KitchenFlagCommandTests {
    @Test func archiveRestoreFavouriteAndErase() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        let csv = data.appendingPathComponent("kitchen/recipes/kitchen.csv")

        let archived = try BrewGuideProcess.run(["kitchen", "archive", "hummus", "--data", data.path])
        #expect(archived.status == 0, "\(archived.stderr)")
        #expect(archived.stdout.hasPrefix("hummus: archived"))
        var rows = try String(contentsOf: csv, encoding: .utf8).components(separatedBy: "\n")
        #expect(rows[0].hasSuffix(",isArchived,isFavourite,createdAt,updatedAt"))
        #expect(rows.first { $0.hasPrefix("hummus,") }?.contains(",true,false,2026-03-08T11:00:00Z,") == true)

        let again = try BrewGuideProcess.run(["kitchen", "archive", "hummus", "--data", data.path])
        #expect(again.stdout == "hummus: already archived; nothing changed\n")

        let restored = try BrewGuideProcess.run(["kitchen", "restore", "pancakes", "--data", data.path])
        #expect(restored.status == 0)
        rows = try String(contentsOf: csv, encoding: .utf8).components(separatedBy: "\n")
        #expect(rows.first { $0.hasPrefix("pancakes,") }?.contains(",false,false,") == true)

        let favourite = try BrewGuideProcess.run(["kitchen", "favourite", "shakshuka", "--off", "--data", data.path])
        #expect(favourite.status == 0)
        let json = try String(contentsOf: data.appendingPathComponent("kitchen/recipes/shakshuka.json"), encoding: .utf8)
        #expect(json.contains("\"isFavourite\": false"))
        #expect(json.contains("\"updatedAt\": \"20"))

        let check = try BrewGuideProcess.run(["check", "--data", data.path])
        #expect(check.status == 0, "\(check.stdout)")

        let erased = try BrewGuideProcess.run(["erase", "--kitchen-recipe", "hummus", "--yes", "--data", data.path])
        #expect(erased.status == 0, "\(erased.stderr)")
        for name in ["kitchen.csv", "kitchen-ingredients.csv", "kitchen-steps.csv"] {
            let text = try String(contentsOf: data.appendingPathComponent("kitchen/recipes/\(name)"), encoding: .utf8)
            #expect(!text.contains("hummus"), "\(name) still names hummus")
        }
        let ledger = try String(contentsOf: data.appendingPathComponent("erasures.json"), encoding: .utf8)
        #expect(ledger.contains("\"kitchen-recipe\""))
        let unknown = try BrewGuideProcess.run(["kitchen", "favourite", "hummus", "--data", data.path])
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("no kitchen recipe with id \"hummus\""))
    }

    @Test func aChangeThatWouldNotPassCheckIsRefused() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        // A second recipe in the same file with a broken field: the rewrite would keep it broken.
        let file = data.appendingPathComponent("kitchen/recipes/shakshuka.json")
        let before = try String(contentsOf: file, encoding: .utf8)
        let broken = before.replacingOccurrences(of: "\"servings\": 2,", with: "\"servings\": 2, \"sourceUrl2\": 1,")
            .replacingOccurrences(of: "\"sourceUrl\": \"https://www.instagram.com/p/C0ffee123/\"", with: "\"sourceUrl\": \"ftp://x\"")
        try broken.write(to: file, atomically: true, encoding: .utf8)
        let result = try BrewGuideProcess.run(["kitchen", "archive", "shakshuka", "--data", data.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("sourceUrl must be an http or https URL"))
        #expect(result.stderr.contains("nothing was written"))
        #expect(try String(contentsOf: file, encoding: .utf8) == broken)
    }
}
