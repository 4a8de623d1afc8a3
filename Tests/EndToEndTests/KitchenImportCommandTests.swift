import Foundation
import Testing
import TestSupport

/// `brewguide kitchen import` and `kitchen export --format cooklang` (issue 30): the bundled
/// kitchen through Cooklang and back, and the shared app exports when they are on the machine.
@Suite(.serialized) struct KitchenImportCommandTests {
    static let corpus = ProcessInfo.processInfo.environment["KITCHEN_APPS_CORPUS"] ?? "/work/shared/corpus/kitchen-apps"

    static func recipes(in data: URL) throws -> [String: [String: Any]] {
        var found: [String: [String: Any]] = [:]
        let folder = data.appendingPathComponent("kitchen/recipes")
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".json") {
            let value = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent(name)))
            for object in (value as? [[String: Any]]) ?? [(value as? [String: Any]) ?? [:]] {
                if let id = object["id"] as? String { found[id] = object }
            }
        }
        return found
    }

    /// The `.cook` files of a folder by content, without the `source id` line an import adds.
    static func cookFiles(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map { name in
            try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
                .components(separatedBy: "\n").filter { !$0.hasPrefix("source id:") }.joined(separator: "\n")
        }.sorted()
    }

    static func journal(at url: URL) throws {
        let result = try BrewGuideProcess.run(["init", url.path])
        #expect(result.status == 0, "\(result.stderr)")
    }

    /// The bundled kitchen (JSON and CSV recipes) written as Cooklang, imported into an empty
    /// journal, and written again: the same files, so the same title, servings, category, times,
    /// source, ingredients (amount, name, notes) and steps, in order.
    @Test func theBundledKitchenRoundTripsThroughCooklang() throws {
        let bundled = TestPaths.journal
        let scratch = try BrewGuideProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let cook = scratch.appendingPathComponent("cook"), journal = scratch.appendingPathComponent("journal"), cookAgain = scratch.appendingPathComponent("again")
        let export = try BrewGuideProcess.run(["kitchen", "export", "--format", "cooklang", "--output", cook.path, "--data", bundled.path])
        #expect(export.status == 0, "\(export.stderr)")
        let written = try Self.cookFiles(in: cook)
        #expect(written.count == 8, "the bundled kitchen's eight recipes")
        #expect(written.joined().contains("@ripe bananas{3}(mashed)"))

        let again = try BrewGuideProcess.run(["kitchen", "export", "--format", "cooklang", "--output", cook.path, "--data", bundled.path])
        #expect(again.status == 0 && again.stdout.contains("wrote 0 .cook files"), "the same files again are left as they are")

        try Self.journal(at: journal)
        let imported = try BrewGuideProcess.run(["kitchen", "import", "cooklang", cook.path, "--data", journal.path])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("imported 8 recipes"), "\(imported.stdout)")
        let check = try BrewGuideProcess.run(["check", "--data", journal.path])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        let reexport = try BrewGuideProcess.run(["kitchen", "export", "--format", "cooklang", "--output", cookAgain.path, "--data", journal.path])
        #expect(reexport.status == 0, "\(reexport.stderr)")
        #expect(try Self.cookFiles(in: cookAgain) == written)

        let inside = try BrewGuideProcess.run(["kitchen", "export", "--format", "cooklang", "--output", journal.appendingPathComponent("kitchen/cook").path, "--data", journal.path])
        #expect(inside.status == 1 && inside.stderr.contains("is the data directory or inside it"), "\(inside.stderr)")

        let twice = try BrewGuideProcess.run(["kitchen", "import", "cooklang", cook.path, "--data", journal.path])
        #expect(twice.stdout.contains("imported 0 recipes, already here 8"), "\(twice.stdout)")
    }

    @Test func aFileThatCannotBeReadIsSkippedAndTheRestGoOn() throws {
        let scratch = try BrewGuideProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let folder = scratch.appendingPathComponent("in"), data = scratch.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Self.journal(at: data)
        try Data("{not json".utf8).write(to: folder.appendingPathComponent("broken.paprikarecipe"))
        try Data(#"{"uid":"u1","name":"Toast","ingredients":"1 slice bread","directions":"Toast it."}"#.utf8).write(to: folder.appendingPathComponent("toast.paprikarecipe"))
        let dryRun = try BrewGuideProcess.run(["kitchen", "import", "paprika", folder.path, "--data", data.path, "--dry-run"])
        #expect(dryRun.stdout.contains("would write"))
        #expect(!FileManager.default.fileExists(atPath: data.appendingPathComponent("kitchen/recipes/toast.json").path))
        let result = try BrewGuideProcess.run(["kitchen", "import", "paprika", folder.path, "--data", data.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("broken.paprikarecipe: error: is not a Paprika recipe"), "\(result.stderr)")
        #expect(result.stdout.contains("imported 1 recipe, already here 0, could not be read 1"), "\(result.stdout)")
        #expect(try Self.recipes(in: data)["toast"]?["sourceId"] as? String == "paprika:u1")
    }

    /// An input that holds no recipe and gave no reason (a text file, random bytes named `.zip`,
    /// an empty folder: issue 45) is said for what it is not, with exit status 1, for every app;
    /// it was "imported 0 recipes … could not be read 0" and exit 0.
    @Test(arguments: ["paprika", "mealie", "tandoor", "nextcloud", "cooklang"])
    func anInputThatIsNoExportIsSaidForWhatItIsNot(app: String) throws {
        let scratch = try BrewGuideProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let data = scratch.appendingPathComponent("data")
        try Self.journal(at: data)
        let text = scratch.appendingPathComponent("notes.txt"), zip = scratch.appendingPathComponent("export.zip"), empty = scratch.appendingPathComponent("empty")
        try Data("shopping: eggs, bread\n".utf8).write(to: text)
        var random = SplitMix64(seed: 45)
        try Data((0..<4096).map { _ in UInt8(truncatingIfNeeded: random.next()) }).write(to: zip)
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        for (input, words) in [(text, "is a text file, not "), (zip, "is named .zip but is not a zip archive"), (empty, "is an empty folder (no file in it to read), not ")] {
            let result = try BrewGuideProcess.run(["kitchen", "import", app, input.path, "--data", data.path])
            #expect(result.status == 1, "\(app) \(input.lastPathComponent): \(result.stdout)\(result.stderr)")
            #expect(result.stderr.contains("\(input.path): error: \(words)"), "\(app) \(input.lastPathComponent): \(result.stderr)")
            #expect(result.stderr.contains("nothing was imported from it"), "\(result.stderr)")
        }
    }

    /// Another app's export, a photo libgd cannot decode and a name holding escape sequences
    /// (issue 37): refused or said in our words, nothing of libgd's own text and no raw control
    /// character on the terminal.
    @Test func hostileExportsAreReportedInOurWords() throws {
        let scratch = try BrewGuideProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let data = scratch.appendingPathComponent("data"), nextcloud = scratch.appendingPathComponent("nextcloud"), paprika = scratch.appendingPathComponent("paprika")
        try Self.journal(at: data)
        let before = try Self.recipes(in: data).count
        for name in ["Soup", "Stew"] {
            let folder = nextcloud.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(#"{"@type":"Recipe","id":"\#(name)","name":"\#(name)","recipeIngredient":["1 onion"],"recipeInstructions":["Cook."]}"#.utf8)
                .write(to: folder.appendingPathComponent("recipe.json"))
        }
        let refused = try BrewGuideProcess.run(["kitchen", "import", "paprika", nextcloud.path, "--data", data.path])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("error: this looks like a Nextcloud export (2 recipe files): use `kitchen import nextcloud`"), "\(refused.stderr)")
        #expect(try Self.recipes(in: data).count == before, "no empty recipes written")

        try FileManager.default.createDirectory(at: paprika, withIntermediateDirectories: true)
        // A PNG whose header is whole and whose data is not: libgd complains, we say what was kept.
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + [0, 0, 0, 40, 0, 0, 0, 40, 8, 2, 0, 0, 0, 0, 0, 0, 0]
        png += [0, 0, 0, 16] + Array("IDATgarbage-not-zlib".utf8) + [0, 0, 0, 0]
        let recipe = #"{"uid":"d1","name":"Damaged","ingredients":"1 egg","directions":"Cook.","photo_data":"\#(Data(png).base64EncodedString())","image_url":"https://example.com/d.jpg"}"#
        try Data(recipe.utf8).write(to: paprika.appendingPathComponent("damaged.paprikarecipe"))
        try Data("{not json".utf8).write(to: paprika.appendingPathComponent("\u{1B}[31mred\u{07}.paprikarecipe"))
        // A name that is not UTF-8: reported, never passed over in silence.
        let badName: [UInt8] = Array((paprika.path + "/bad").utf8) + [0xFF] + Array(".paprikarecipe".utf8) + [0]
        let descriptor = badName.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { open($0, O_CREAT | O_WRONLY, 0o644) }
        }
        #expect(descriptor >= 0)
        close(descriptor)
        let result = try BrewGuideProcess.run(["kitchen", "import", "paprika", paprika.path, "--data", data.path])
        #expect(result.stderr.contains(".paprikarecipe: error: cannot be read: its name is not UTF-8"), "\(result.stderr)")
        #expect(!result.stderr.contains("GD Warning"), "\(result.stderr)")
        #expect(result.stderr.contains("warning: \"Damaged\" the photo in the export (PNG, 61 bytes) is not kept: it cannot be decoded (damaged or cut short; libgd said: gd-png: fatal libpng error"), "\(result.stderr)")
        #expect(result.stderr.contains("the recipe keeps its web image https://example.com/d.jpg"))
        #expect(try Self.recipes(in: data)["damaged"]?["thumbnail"] as? String == "https://example.com/d.jpg")
        #expect(result.stderr.contains("\\u{1B}[31mred\\u{7}.paprikarecipe: error:"), "\(result.stderr)")
        #expect(!(result.stdout + result.stderr).unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
    }

    /// What a stopped import leaves: `check` names a photo no recipe names and a pending one, and
    /// the next import removes the pending photo whose recipe was never written.
    @Test func checkNamesUnnamedPhotosAndTheNextImportFinishesAStoppedOne() throws {
        let scratch = try BrewGuideProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let data = scratch.appendingPathComponent("data")
        try Self.journal(at: data)
        let images = data.appendingPathComponent("kitchen/images")
        try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
        let photo = Data(TestImages.photo(width: 20, height: 10, format: "jpg"))
        try photo.write(to: images.appendingPathComponent("lost.jpg"))
        try photo.write(to: images.appendingPathComponent(".toast.jpg.pending"))
        let check = try BrewGuideProcess.run(["check", "--data", data.path])
        #expect(check.status == 0)
        #expect(check.stdout.contains("kitchen/images/lost.jpg: warning: no kitchen recipe names this photo"), "\(check.stdout)")
        #expect(check.stdout.contains("kitchen/images/.toast.jpg.pending: warning: a photo (toast.jpg) left by a kitchen import or clip that was stopped"), "\(check.stdout)")

        let input = scratch.appendingPathComponent("toast.paprikarecipe")
        try Data(#"{"uid":"u1","name":"Toast","ingredients":"1 slice bread","directions":"Toast it."}"#.utf8).write(to: input)
        let result = try BrewGuideProcess.run(["kitchen", "import", "paprika", input.path, "--data", data.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("note: kitchen/images/toast.jpg: a photo left by a stopped import or clip, whose recipe was never written, removed"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: images.path) == ["lost.jpg"], "nothing of the person's removed")
    }

    /// Every recipe of the shared exports (../shared/corpus/kitchen-apps) imports, or is skipped
    /// with a reason; skipped when the corpus is not on this machine.
    @Test(arguments: [("paprika", "paprika.zip", 5), ("mealie", "mealie.zip", 3), ("mealie", "mealie-backup.zip", 46),
                      ("tandoor", "tandoor.zip", 1), ("nextcloud", "nextcloud.zip", 3)])
    func sharedExports(_ app: String, _ file: String, _ expected: Int) throws {
        let path = (Self.corpus as NSString).appendingPathComponent(file)
        guard FileManager.default.fileExists(atPath: path) else { return }
        let scratch = try BrewGuideProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let data = scratch.appendingPathComponent("journal")
        try Self.journal(at: data)
        let result = try BrewGuideProcess.run(["kitchen", "import", app, path, "--data", data.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("imported \(expected) recipe"), "\(result.stdout)")
        #expect(try Self.recipes(in: data).count == expected)
        let check = try BrewGuideProcess.run(["check", "--data", data.path])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        let again = try BrewGuideProcess.run(["kitchen", "import", app, path, "--data", data.path])
        #expect(again.stdout.contains("imported 0 recipes, already here \(expected)"), "\(again.stdout)")
    }
}
