import Foundation
import Testing
import TestSupport

/// `kitchen cooked`: a cook log checked as `check` checks it, written to kitchen/cooked.json,
/// shown on the recipe, week and year pages, and carried by export, import, merge and erase.
@Suite struct KitchenCookedCommandTests {
    static let now = ["BREWGUIDE_NOW": "2026-11-27T12:00:00Z", "BREWGUIDE_TODAY": "2026-11-27"]

    static func cooked(_ arguments: [String], data: URL) throws -> BrewGuideProcess.Result {
        try BrewGuideProcess.run(["kitchen", "cooked"] + arguments + ["--data", data.path], environment: now)
    }

    static func cookFile(_ data: URL) -> URL { data.appendingPathComponent("kitchen/cooked.json") }

    @Test func aCookIsRecordedAndShownOnThePages() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        let first = try Self.cooked(["shakshuka", "--at", "2026-11-12T19:00:00+01:00", "--rating", "4", "--servings", "2", "--note", "<b>more</b> cumin"], data: data)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("(cook-shakshuka-20261112-1900) on 2026-11-12: made once"), "\(first.stdout)")
        let second = try Self.cooked(["shakshuka", "--at", "2026-11-24T19:30"], data: data)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout.contains("made 2 times"), "\(second.stdout)")
        let records = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: Self.cookFile(data))) as? [[String: Any]])
        #expect(records.count == 2)
        #expect(records[0]["recipeId"] as? String == "shakshuka" && records[0]["rating"] as? Int == 4 && records[0]["cookedAt"] as? String == "2026-11-12T19:00:00+01:00")
        #expect(records[1]["rating"] == nil, "a rating not given is not written as 0")

        let check = try BrewGuideProcess.run(["check", "--data", data.path])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")

        let site = data.deletingLastPathComponent().appendingPathComponent("Site")
        let build = try BrewGuideProcess.run(["build", "--data", data.path, "--output", site.path, "--quiet"], environment: Self.now)
        #expect(build.status == 0, "\(build.stderr)")
        let page = try String(contentsOf: site.appendingPathComponent("kitchen/recipes/shakshuka.md"), encoding: .utf8)
        #expect(page.contains("Made 2 times, last on 24 Nov 2026 · rated 4 of 5 on average."), "\(page)")
        #expect(page.contains("- 12 Nov 2026, 4/5, 2 servings: \\<b\\>more\\</b\\> cumin"), "the note is text, never markup: \(page)")
        let html = try String(contentsOf: site.appendingPathComponent("kitchen/recipes/shakshuka.html"), encoding: .utf8)
        #expect(html.contains("&lt;b&gt;more") && !html.contains("<b>more"))
        let index = try String(contentsOf: site.appendingPathComponent("kitchen/index.md"), encoding: .utf8)
        #expect(index.contains("## Recently cooked\n\n- [Shakshuka](../kitchen/recipes/shakshuka.md): last on 24 Nov 2026, made 2 times\n"), "\(index)")
        let year = try String(contentsOf: site.appendingPathComponent("years/2026.md"), encoding: .utf8)
        #expect(year.contains("2 meals cooked, as recorded. Cooked most:\n\n- Shakshuka: 2 times"), "\(year)")
        #expect(year.contains("planned meals from the kitchen's recipes"), "planned meals stay planned: \(year)")
    }

    @Test func badInputIsRefusedWithEveryReasonAndNothingWritten() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        let result = try Self.cooked(["shakshuk", "--rating", "6", "--servings", "0", "--at", "2026-12-01T10:00:00Z"], data: data)
        #expect(result.status != 0)
        #expect(result.stderr.contains("recipeId: no kitchen recipe has the id \"shakshuk\"; did you mean \"shakshuka\"?"), "\(result.stderr)")
        #expect(result.stderr.contains("--rating: expected a whole number from 1 to 5, found 6"), "\(result.stderr)")
        #expect(result.stderr.contains("error: --rating: expected a whole number from 1 to 5, found 6"), "each problem is an error line of its own: \(result.stderr)")
        #expect(result.stderr.contains("--servings: expected a number above 0, found 0"), "\(result.stderr)")
        #expect(result.stderr.contains("--at 2026-12-01T10:00:00Z is after now"), "\(result.stderr)")
        #expect(result.stderr.contains("nothing was written"))
        let unreadable = try Self.cooked(["shakshuka", "--at", "yesterday"], data: data)
        #expect(unreadable.stderr.contains("--at: expected an ISO 8601 date-time such as 2026-11-12T19:00:00+01:00"), "\(unreadable.stderr)")
        let photo = try Self.cooked(["shakshuka", "--photo", "/etc/hostname"], data: data)
        #expect(photo.stderr.contains("error: --photo: /etc/hostname: not a JPEG, PNG, WebP or GIF image"), "\(photo.stderr)")
        #expect(!FileManager.default.fileExists(atPath: Self.cookFile(data).path))

        // A cook file that does not pass check is not touched.
        let broken = Data(#"[{ "id": "c1", "recipeId": "shakshuka", "cookedAt": "soon", "rating": 9 }]"#.utf8)
        try broken.write(to: Self.cookFile(data))
        let refused = try Self.cooked(["shakshuka"], data: data)
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("kitchen/cooked.json must be fixed before a cook can be added to it"), "\(refused.stderr)")
        #expect(refused.stderr.contains("cooked.json:1:") && refused.stderr.contains("rating: expected a whole number from 1 to 5, found 9"), "\(refused.stderr)")
        #expect(try Data(contentsOf: Self.cookFile(data)) == broken)
        let check = try BrewGuideProcess.run(["check", "--data", data.path])
        #expect(check.status != 0 && (check.stdout + check.stderr).contains("cookedAt: expected an ISO 8601 date-time"), "\(check.stdout)\(check.stderr)")
    }

    /// `--photo` copies the photo into kitchen/images/ (named after the log), decode-checked: the
    /// log names the copy, `check` has nothing to say about it, the recipe page shows it and the
    /// site carries it; export and import carry it; erasing the recipe keeps the log and its photo,
    /// `erase --cooked` removes both.
    @Test func aCooksPhotoIsKeptShownCarriedAndErased() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        let scratch = data.deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: scratch) }
        // The photo is anywhere on the machine (here beside the data directory, not in it).
        let original = TestImages.photo(width: 640, height: 480, format: "jpg")
        let photoFile = scratch.appendingPathComponent("dinner.jpg")
        try Data(original).write(to: photoFile)
        let result = try Self.cooked(["hummus", "--at", "2026-11-20T12:00:00Z", "--photo", photoFile.path], data: data)
        #expect(result.status == 0, "\(result.stderr)")
        let kept = "kitchen/images/cook-hummus-20261120-1200.jpg"
        #expect(result.stdout.contains("Photo kept as \(kept)"), "\(result.stdout)")
        #expect(try [UInt8](Data(contentsOf: data.appendingPathComponent(kept))) == original)
        let images = try FileManager.default.contentsOfDirectory(atPath: data.appendingPathComponent("kitchen/images").path)
        #expect(!images.contains { $0.hasSuffix(".pending") } && !images.contains { $0.contains("cook-hummus") && $0.contains(".grid.") }, "\(images)")
        let records = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: Self.cookFile(data))) as? [[String: Any]])
        #expect(records.first?["photo"] as? String == kept)

        let check = try BrewGuideProcess.run(["check", "--data", data.path])
        #expect(check.status == 0 && !(check.stdout + check.stderr).contains("cook-hummus"), "no warning about the photo: \(check.stdout)\(check.stderr)")

        let site = scratch.appendingPathComponent("Site")
        #expect(try BrewGuideProcess.run(["build", "--data", data.path, "--output", site.path, "--quiet"], environment: Self.now).status == 0)
        let page = try String(contentsOf: site.appendingPathComponent("kitchen/recipes/hummus.html"), encoding: .utf8)
        #expect(page.contains("<img src=\"../../\(kept)\" alt=\"Smooth hummus as cooked on 20 Nov 2026\""), "\(page)")
        #expect(try [UInt8](Data(contentsOf: site.appendingPathComponent(kept))) == original, "the site carries the photo")

        let archive = scratch.appendingPathComponent("archive.json")
        #expect(try BrewGuideProcess.run(["export", "--data", data.path, "--output", archive.path]).status == 0)
        let restored = scratch.appendingPathComponent("Restored")
        let imported = try BrewGuideProcess.run(["import", archive.path, "--into", restored.path])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try [UInt8](Data(contentsOf: restored.appendingPathComponent(kept))) == original, "import brings the photo back")
        let target = try BrewGuideProcess.copyOfBundledData()
        defer { try? FileManager.default.removeItem(at: target.deletingLastPathComponent()) }
        let merge = try BrewGuideProcess.run(["merge", data.path, "--into", target.path, "--yes"])
        #expect(merge.status == 0, "\(merge.stderr)")
        #expect(try [UInt8](Data(contentsOf: target.appendingPathComponent(kept))) == original, "merge brings the photo with its cook log")

        // Erasing the recipe keeps its cook log, and so the log's photo.
        let recipe = try BrewGuideProcess.run(["erase", "--kitchen-recipe", "hummus", "--data", restored.path, "--yes"])
        #expect(recipe.status == 0 && recipe.stdout.contains("kept: 1 cook log naming it"), "\(recipe.stdout)\(recipe.stderr)")
        #expect(!recipe.stdout.contains(kept), "\(recipe.stdout)")
        #expect(FileManager.default.fileExists(atPath: restored.appendingPathComponent(kept).path))
        // Erasing the cook log removes its photo.
        let dry = try BrewGuideProcess.run(["erase", "--cooked", "cook-hummus-20261120-1200", "--data", restored.path])
        #expect(dry.stdout.contains("would remove 1 photo file no other kitchen recipe or cook log names: \(kept)"), "\(dry.stdout)")
        let erased = try BrewGuideProcess.run(["erase", "--cooked", "cook-hummus-20261120-1200", "--data", restored.path, "--yes"])
        #expect(erased.status == 0, "\(erased.stderr)")
        #expect(!FileManager.default.fileExists(atPath: restored.appendingPathComponent(kept).path))
    }

    /// A photo that is not an image, or does not decode, is refused with the other problems, and
    /// nothing is written: no log, no photo, no pending file.
    @Test func aPhotoThatDoesNotDecodeIsRefused() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        let scratch = data.deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let whole = TestImages.photo(width: 64, height: 48, format: "png")
        let cut = scratch.appendingPathComponent("cut.png")
        try Data(whole.prefix(whole.count / 2)).write(to: cut)
        let before = try FileManager.default.contentsOfDirectory(atPath: data.appendingPathComponent("kitchen/images").path).sorted()
        let result = try Self.cooked(["hummus", "--rating", "7", "--photo", cut.path], data: data)
        #expect(result.status != 0)
        #expect(result.stderr.contains("error: --photo: \(cut.path): the PNG image is not kept: it cannot be decoded"), "\(result.stderr)")
        #expect(result.stderr.contains("error: --rating:"), "every problem is said: \(result.stderr)")
        #expect(result.stderr.hasSuffix("nothing was written\n"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: Self.cookFile(data).path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: data.appendingPathComponent("kitchen/images").path).sorted() == before)
        let folder = try Self.cooked(["hummus", "--photo", scratch.path], data: data)
        #expect(folder.stderr.contains("not a regular file"), "\(folder.stderr)")
        #expect(!FileManager.default.fileExists(atPath: Self.cookFile(data).path))
    }

    @Test func exportImportMergeAndEraseCarryCookLogs() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        let source = try BrewGuideProcess.copyOfBundledData()
        defer {
            try? FileManager.default.removeItem(at: data.deletingLastPathComponent())
            try? FileManager.default.removeItem(at: source.deletingLastPathComponent())
        }
        #expect(try Self.cooked(["shakshuka", "--at", "2026-11-12T19:00:00Z", "--rating", "4"], data: data).status == 0)
        // The same moment on another device, with other content: both are kept (append-only).
        #expect(try Self.cooked(["shakshuka", "--at", "2026-11-12T19:00:00Z", "--rating", "2"], data: source).status == 0)
        #expect(try Self.cooked(["hummus", "--at", "2026-11-20T12:00:00Z"], data: source).status == 0)

        let archive = data.deletingLastPathComponent().appendingPathComponent("archive.json")
        let export = try BrewGuideProcess.run(["export", "--data", data.path, "--output", archive.path])
        #expect(export.status == 0 && export.stdout.contains(" 1 cook log") && !export.stdout.contains(" 1 cook logs"), "\(export.stdout)\(export.stderr)")
        let restored = data.deletingLastPathComponent().appendingPathComponent("Restored")
        #expect(try BrewGuideProcess.run(["import", archive.path, "--into", restored.path]).status == 0)
        let original = try JSONSerialization.jsonObject(with: Data(contentsOf: Self.cookFile(data))) as? NSArray
        let copy = try JSONSerialization.jsonObject(with: Data(contentsOf: Self.cookFile(restored))) as? NSArray
        #expect(original != nil && copy == original)
        let csv = data.deletingLastPathComponent().appendingPathComponent("CSV")
        #expect(try BrewGuideProcess.run(["export", "--data", data.path, "--format", "csv", "--output", csv.path]).status == 0)
        let table = try String(contentsOf: csv.appendingPathComponent("cook-logs.csv"), encoding: .utf8)
        #expect(table.contains("cook-shakshuka-20261112-1900") && table.contains("recipeId"), "\(table)")

        let merge = try BrewGuideProcess.run(["merge", source.path, "--into", data.path, "--yes"])
        #expect(merge.status == 0, "\(merge.stderr)")
        let merged = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: Self.cookFile(data))) as? [[String: Any]])
        let ids = merged.compactMap { $0["id"] as? String }
        #expect(ids.count == 3, "\(ids)")
        #expect(ids.contains("cook-shakshuka-20261112-1900") && ids.contains { $0.hasPrefix("cook-shakshuka-20261112-1900-merged-") }, "\(ids)")
        #expect(ids.contains("cook-hummus-20261120-1200"))
        let again = try BrewGuideProcess.run(["merge", source.path, "--into", data.path, "--yes"])
        #expect(again.status == 0)
        #expect((try JSONSerialization.jsonObject(with: Data(contentsOf: Self.cookFile(data))) as? [Any])?.count == 3, "merging again changes nothing")

        // Erasing the recipe says what happens to its cook logs; --cooked erases one.
        let dry = try BrewGuideProcess.run(["erase", "--kitchen-recipe", "hummus", "--data", data.path])
        #expect(dry.stdout.contains("kept: 1 cook log naming it, a record of what was cooked: cook-hummus-20261120-1200 (2026-11-20)"), "\(dry.stdout)")
        let erase = try BrewGuideProcess.run(["erase", "--cooked", "cook-hummus-20261120-1200", "--data", data.path, "--yes"])
        #expect(erase.status == 0 && erase.stdout.contains("erasing 1 cook-log: cook-hummus-20261120-1200"), "\(erase.stdout)\(erase.stderr)")
        let left = try String(contentsOf: Self.cookFile(data), encoding: .utf8)
        #expect(!left.contains("cook-hummus") && left.contains("cook-shakshuka"))
        // An erased cook log does not come back with a merge.
        #expect(try BrewGuideProcess.run(["merge", source.path, "--into", data.path, "--yes"]).status == 0)
        #expect(!(try String(contentsOf: Self.cookFile(data), encoding: .utf8)).contains("cook-hummus"))
    }

    /// A Mealie backup's "I made this" timeline events (type `info`) become cook logs of the
    /// imported recipe; `system` and `comment` events do not; importing again adds nothing.
    @Test func mealieMadeThisEventsBecomeCookLogs() throws {
        let backup = (KitchenImportCommandTests.corpus as NSString).appendingPathComponent("mealie-backup.zip")
        guard FileManager.default.fileExists(atPath: backup) else { return }
        let scratch = try BrewGuideProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        // The corpus's events have made-up types; give three of them Mealie's real ones.
        let unzip = Process()
        unzip.executableURL = URL(fileURLWithPath: "/usr/bin/unzip")
        unzip.arguments = ["-q", backup, "database.json", "-d", scratch.appendingPathComponent("backup").path]
        try unzip.run()
        unzip.waitUntilExit()
        let databaseURL = scratch.appendingPathComponent("backup/database.json")
        var database = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: databaseURL)) as? [String: Any])
        var events = try #require(database["recipe_timeline_events"] as? [[String: Any]])
        try #require(events.count >= 3)
        events[0]["event_type"] = "info"
        events[0]["message"] = "<i>crispier</i> next time"
        events[1]["event_type"] = "info"
        events[2]["event_type"] = "comment"
        for index in events.indices.dropFirst(3) { events[index]["event_type"] = "system" }
        database["recipe_timeline_events"] = events
        try JSONSerialization.data(withJSONObject: database).write(to: databaseURL)

        let data = scratch.appendingPathComponent("journal")
        try KitchenImportCommandTests.journal(at: data)
        let result = try BrewGuideProcess.run(["kitchen", "import", "mealie", databaseURL.path, "--data", data.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.components(separatedBy: "1 cook log added (made this)").count - 1 == 2, "\(result.stdout)")
        let logs = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: Self.cookFile(data))) as? [[String: Any]])
        #expect(logs.map { $0["id"] as? String } == ["cook-mealie-\(events[0]["id"]!)", "cook-mealie-\(events[1]["id"]!)"])
        #expect(logs[0]["cookedAt"] as? String == "2023-09-13T19:17:27Z" && logs[0]["note"] as? String == "<i>crispier</i> next time")
        let recipes = try KitchenImportCommandTests.recipes(in: data)
        #expect(logs.allSatisfy { recipes[$0["recipeId"] as? String ?? ""] != nil }, "each log names the recipe it was imported as")
        let check = try BrewGuideProcess.run(["check", "--data", data.path])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        let again = try BrewGuideProcess.run(["kitchen", "import", "mealie", databaseURL.path, "--data", data.path])
        #expect(again.stdout.contains("0 cook logs added (made this), 1 already there"), "\(again.stdout)")
        #expect((try JSONSerialization.jsonObject(with: Data(contentsOf: Self.cookFile(data))) as? [Any])?.count == 2)
    }
}
