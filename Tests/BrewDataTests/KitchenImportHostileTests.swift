@testable import BrewClip
@testable import BrewData
import BrewKit
import Foundation
import Testing
import TestSupport

/// `kitchen import` given hostile or mistaken input (issue 37): Paprika's plain text kept whole,
/// every ingredient and step kept and counted as written, another app's export refused with the
/// importer to use, photos checked (header size, decoding) before they are kept and written as
/// one step with their recipe, long directions split in linear time within the budget, names
/// and titles shown and kept safely.
struct KitchenImportHostileTests {
    static func paprika(_ fields: [String: Any]) throws -> [UInt8] {
        var object: [String: Any] = ["uid": "U-1", "name": "Eggs", "ingredients": "2 eggs", "directions": "Cook."]
        for (key, value) in fields { object[key] = value }
        return [UInt8](try JSONSerialization.data(withJSONObject: object))
    }

    // MARK: Paprika's text is plain text

    @Test(arguments: ["<style>", "<textarea>", "<!--", "<svg onload=x>", "<script>", "<title>"])
    func anUnclosedTagInADirectionKeepsEveryLaterStep(_ tag: String) throws {
        let directions = "1. Heat the pan \(tag) until hot.\n2. Whisk the eggs <the yolks only> into the milk.\n3. Add salt & pepper &amp; serve."
        let recipe = try PaprikaRecipeReader.read(json: try Self.paprika(["directions": directions, "ingredients": "1 cup milk <warm>\n2 eggs"]), origin: "p")
        #expect(recipe.clipped.steps == ["Heat the pan \(tag) until hot.", "Whisk the eggs <the yolks only> into the milk.", "Add salt & pepper &amp; serve."])
        #expect(recipe.clipped.ingredientLines == ["1 cup milk <warm>", "2 eggs"])
    }

    @Test func stepNumbersAreDroppedButNotAmounts() {
        #expect(PaprikaRecipeReader.withoutStepNumber("1. Raffeln.") == "Raffeln.")
        #expect(PaprikaRecipeReader.withoutStepNumber("12) Braten.") == "Braten.")
        #expect(PaprikaRecipeReader.withoutStepNumber("1.5 cups of flour go in.") == "1.5 cups of flour go in.")
        #expect(PaprikaRecipeReader.withoutStepNumber("350 degrees.") == "350 degrees.")
    }

    // MARK: Every ingredient and step kept, the counts those written

    @Test func aLongRecipeIsWrittenWholeAndCountedAsWritten() throws {
        let root = TestPaths.temporary("import-long").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let ingredients = (1...1200).map { "\($0) g flour" }.joined(separator: "\n")
        let directions = (1...1500).map { "Stir \($0) times." }.joined(separator: "\n")
        let recipe = try PaprikaRecipeReader.read(json: try Self.paprika(["ingredients": ingredients, "directions": directions]), origin: "p")
        var importer = KitchenAppImporter(root: root, existing: [], dryRun: false)
        let outcome = importer.importRecipe(recipe)
        #expect(outcome.kind == .imported, "\(outcome.message)")
        #expect(outcome.message.contains("(1200 ingredients, 1500 steps)"), "\(outcome.message)")
        let onDisk = DataDirectoryReader(root: root).read().validated.dataset.kitchenRecipes.map(\.value)
        #expect(onDisk.first?.ingredients.count == 1200)
        #expect(onDisk.first?.steps.count == 1500)
    }

    // MARK: Another app's export

    @Test func anotherAppsExportIsRefusedNamingTheImporterToUse() throws {
        let nextcloud = Array(#"{"@type":"Recipe","id":"1","name":"Shrimp","recipeIngredient":["1 lb shrimp"],"recipeInstructions":["Cook."]}"#.utf8)
        let files = ["a", "b", "c"].map { AppImportFile(path: "nc.zip/\($0)/recipe.json", bytes: nextcloud) }
        let asPaprika = AppExportFormat.paprika.read(files, meter: AppImportMeter(), input: "nc.zip")
        #expect(asPaprika.recipes.isEmpty)
        #expect(asPaprika.skipped.map(\.description) == ["nc.zip: error: this looks like a Nextcloud export (3 recipe files): use `kitchen import nextcloud`"])

        let tandoor = Array(#"{"name":"Chili","steps":[{"instruction":"Cook.","ingredients":[]}],"working_time":1}"#.utf8)
        let asNextcloud = AppExportFormat.nextcloud.read([AppImportFile(path: "t.zip/1.zip/recipe.json", bytes: tandoor)], meter: AppImportMeter())
        #expect(asNextcloud.skipped.map(\.reason) == ["this looks like a Tandoor export: use `kitchen import tandoor`"])

        let paprikaFile = AppImportFile(path: "p.zip/Soup.paprikarecipe", bytes: Gzip.pack(try Self.paprika([:])))
        let asMealie = AppExportFormat.mealie.read([paprikaFile], meter: AppImportMeter(), input: "p.zip")
        #expect(asMealie.skipped.map(\.reason) == ["this looks like a Paprika export: use `kitchen import paprika`"])
        let asCooklang = AppExportFormat.cooklang.read([paprikaFile], meter: AppImportMeter())
        #expect(asCooklang.skipped.count == 1)
        // The app's own export is still read.
        #expect(AppExportFormat.paprika.read([paprikaFile], meter: AppImportMeter()).recipes.count == 1)
    }

    @Test func aRecipeWithNeitherIngredientsNorStepsIsSaidSo() throws {
        let root = TestPaths.temporary("import-empty").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let recipe = try PaprikaRecipeReader.read(json: try Self.paprika(["ingredients": "", "directions": ""]), origin: "p")
        var importer = KitchenAppImporter(root: root, existing: [], dryRun: true)
        let outcome = importer.importRecipe(recipe)
        #expect(outcome.warnings.contains { $0.contains("no ingredients and no steps") }, "\(outcome.warnings)")
    }

    // MARK: Photos

    static func pngHeader(width: Int, height: Int) -> [UInt8] {
        func bigEndian(_ value: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8((value >> $0) & 0xFF) } }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + bigEndian(width) + bigEndian(height)
            + [8, 2, 0, 0, 0, 0, 0, 0, 0] + [0, 0, 0, 10] + Array("IDAT".utf8) + [0x78, 0x9C, 0x63, 0, 0, 0, 0, 0, 0, 0]
    }

    static let hugeJPEG: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0, 16] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
        + [0xFF, 0xC0, 0, 17, 8, 0x4E, 0x20, 0x4E, 0x20, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1] + [0xFF, 0xDA, 0, 12, 3, 1, 0, 2, 0x11, 3, 0x11, 0, 0x3F, 0] + [UInt8](repeating: 0x55, count: 2000)

    @Test func headersGiveTheSizeBeforeAnythingIsDecoded() {
        #expect(ImageHeader.read(Self.pngHeader(width: 23000, height: 23000)) == ImageHeader(format: "png", width: 23000, height: 23000))
        #expect(ImageHeader.read(Self.hugeJPEG) == ImageHeader(format: "jpg", width: 20000, height: 20000))
        #expect(ImageHeader.read(TestImages.photo(width: 640, height: 480, format: "jpg")) == ImageHeader(format: "jpg", width: 640, height: 480))
        #expect(ImageHeader.read(TestImages.photo(width: 33, height: 17, format: "png")) == ImageHeader(format: "png", width: 33, height: 17))
        let gif: [UInt8] = Array("GIF89a".utf8) + [10, 0, 10, 0, 0, 0, 0] + [0x21, 0xF9, 4, 0, 0, 0, 0, 0] + [0x2C, 0, 0, 0, 0, 0x50, 0xC3, 0x50, 0xC3, 0]
        #expect(ImageHeader.read(gif) == ImageHeader(format: "gif", width: 50000, height: 50000))
        let webp: [UInt8] = Array("RIFF".utf8) + [30, 0, 0, 0] + Array("WEBPVP8X".utf8) + [10, 0, 0, 0, 0, 0, 0, 0] + [0x1F, 0x4E, 0, 0x1F, 0x4E, 0]
        #expect(ImageHeader.read(webp) == ImageHeader(format: "webp", width: 20000, height: 20000))
        #expect(ImageHeader.read(Array("RIFF0000WEBPVP8 ".utf8)) == nil)
        #expect(ImageHeader.read([0xFF, 0xD8, 0xFF]) == nil)
    }

    @Test func aPhotoOverThePixelBudgetIsRefusedFromItsHeader() throws {
        for (bytes, format) in [(Self.pngHeader(width: 23000, height: 23000), "png"), (Self.hugeJPEG, "jpg")] {
            let photo = AppRecipe.Photo(bytes: bytes, fileExtension: format)
            guard case .failure(let problem) = GridImage.check(photo) else { Issue.record("a 20,000-pixel-wide \(format) was accepted"); continue }
            #expect(problem.reason.contains("megapixels), more than the 50 megapixels"), "\(problem.reason)")
            #expect(GridImage.copy(of: photo) == nil)
            #expect(GridImage.size(of: photo) == nil)
        }
    }

    /// A PNG whose header is whole and whose data is not.
    static func damagedPNG() -> [UInt8] {
        var bytes = Array(pngHeader(width: 40, height: 40).prefix(33))
        bytes += [0, 0, 0, 16] + Array("IDATgarbage-not-zlib".utf8) + [0, 0, 0, 0]
        return bytes
    }

    @Test func libgdsOwnWordsAreKeptForOurMessage() {
        guard case .failure(let problem) = GridImage.check(AppRecipe.Photo(bytes: Self.damagedPNG(), fileExtension: "png")) else {
            Issue.record("a damaged PNG was decoded")
            return
        }
        #expect(problem.reason.contains("it cannot be decoded (damaged or cut short; libgd said: gd-png: fatal libpng error"), "\(problem.reason)")
    }

    @Test func anUndecodablePhotoIsNotKeptAndTheWebImageIs() throws {
        let root = TestPaths.temporary("import-photo").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        var recipe = try PaprikaRecipeReader.read(json: try Self.paprika(["image_url": "https://example.com/eggs.jpg"]), origin: "p")
        recipe.photo = AppRecipe.Photo(bytes: Self.pngHeader(width: 40, height: 40), fileExtension: "png")
        var importer = KitchenAppImporter(root: root, existing: [], dryRun: false)
        let outcome = importer.importRecipe(recipe)
        #expect(outcome.kind == .imported, "\(outcome.message)")
        #expect(outcome.warnings.count == 1)
        #expect(outcome.warnings.first?.contains("bytes) is not kept: it cannot be decoded") == true, "\(outcome.warnings)")
        #expect(outcome.warnings.first?.contains("the recipe keeps its web image https://example.com/eggs.jpg") == true)
        #expect(!FileManager.default.fileExists(atPath: root + "/kitchen/images"))
        let written = DataDirectoryReader(root: root).read().validated.dataset.kitchenRecipes.first?.value
        #expect(written?.thumbnail == "https://example.com/eggs.jpg")

        var good = try PaprikaRecipeReader.read(json: try Self.paprika(["uid": "U-2", "name": "Toast"]), origin: "p")
        good.photo = AppRecipe.Photo(bytes: TestImages.photo(width: 64, height: 48, format: "png"), fileExtension: "png")
        let kept = importer.importRecipe(good)
        #expect(kept.warnings.isEmpty && kept.message.contains("photo kitchen/images/toast.png"), "\(kept.message) \(kept.warnings)")
    }

    // MARK: A photo and its recipe as one step

    @Test func aStoppedImportsPhotoIsPutInPlaceOrRemovedAndCheckNamesUnnamedPhotos() throws {
        let root = TestPaths.temporary("import-pending").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let photo = AppRecipe.Photo(bytes: TestImages.photo(width: 900, height: 600, format: "jpg"), fileExtension: "jpg")
        // Written as pending: nothing is in place until the recipe is.
        let pending = try KitchenPhotoFiles.write(photo, to: "kitchen/images/eggs.jpg", root: root)
        #expect(pending.moves.count == 2, "the photo and its grid copy")
        #expect(!FileManager.default.fileExists(atPath: root + "/kitchen/images/eggs.jpg"))
        // Stopped before the recipe was written: the next run removes the pending files, and names the same path again.
        let lines = KitchenPhotoFiles.finishInterrupted(root: root, namedPhotos: [])
        #expect(lines.count == 2 && lines.allSatisfy { $0.contains("whose recipe was never written, removed") }, "\(lines)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/kitchen/images").isEmpty)
        #expect(KitchenPhotoFiles.freePath(for: "eggs", fileExtension: "jpg", root: root) == "kitchen/images/eggs.jpg", "no -2 copy")

        // Stopped after the recipe was written: the next run puts the photo in place.
        let again = try KitchenPhotoFiles.write(photo, to: "kitchen/images/eggs.jpg", root: root)
        let named = KitchenPhotoFiles.named(by: [KitchenRecipe(id: "eggs", title: "Eggs", thumbnail: "kitchen/images/eggs.jpg")])
        #expect(KitchenPhotoFiles.finishInterrupted(root: root, namedPhotos: named).allSatisfy { $0.contains("put in place") })
        #expect(FileManager.default.fileExists(atPath: root + "/kitchen/images/eggs.jpg"))
        #expect(again.moves.allSatisfy { !FileManager.default.fileExists(atPath: $0.pending) })

        // check: a photo no recipe names, and a pending one, are warned about.
        try Data([1]).write(to: URL(fileURLWithPath: root + "/kitchen/images/.soup.jpg.pending"))
        let diagnostics = KitchenImageFiles.unnamed([], root: root)
        #expect(diagnostics.count == 3, "\(diagnostics)")
        #expect(diagnostics.contains { $0.message.contains("no kitchen recipe names this photo") && $0.location.file.hasSuffix("kitchen/images/eggs.jpg") })
        #expect(diagnostics.contains { $0.message.contains("left by a kitchen import or clip that was stopped") })
    }

    // MARK: Long directions

    @Test func tenMegabytesOfDirectionsAreSplitInLinearTime() throws {
        let sentence = "Stir the pot and taste it again. "
        let oneLine = String(repeating: sentence, count: 10_000_000 / sentence.utf8.count)
        let started = Date()
        let recipe = try PaprikaRecipeReader.read(json: try Self.paprika(["directions": oneLine]), origin: "p")
        var fitted = recipe
        _ = try fitted.fitBounds()
        let seconds = Date().timeIntervalSince(started)
        #expect(fitted.clipped.steps.count >= 200 && fitted.clipped.steps.allSatisfy { $0.count <= KitchenRecipe.maximumTextCharacters })
        #expect(fitted.clipped.steps.joined(separator: " ") == oneLine.trimmingCharacters(in: .whitespaces), "every word kept")
        #expect(seconds < 30, "took \(seconds) s (the quadratic split took minutes)")

        // A word longer than a step, of letters with combining accents: cut in runs, nothing lost.
        let word = String(repeating: "e\u{301}", count: 60_000)
        let runs = try AppRecipe.pieces(of: word, limit: 50_000)
        #expect(runs.count == 3 && runs.allSatisfy { $0.count <= 50_000 })
        #expect(runs.joined().unicodeScalars.elementsEqual(word.unicodeScalars))

        // The import's time budget is checked while splitting.
        var budget = AppImportBudget()
        budget.maximumSeconds = 0
        var stopped = recipe
        #expect(throws: AppImportFailure.self) { try stopped.fitBounds(meter: AppImportMeter(budget: budget)) }
        #expect(throws: AppImportFailure.self) { try PaprikaRecipeReader.read(json: try Self.paprika(["directions": String(repeating: "Stir.\n", count: 100_000)]), origin: "p", meter: AppImportMeter(budget: budget)) }
    }

    // MARK: Damaged zips

    /// ZIPFoundation reads a zip in memory at the offsets it gives: one past the end was a crash.
    @Test func everyDamagedOffsetInAZipIsRefusedNotACrash() throws {
        let zip = try KitchenAppImportTests.zip([("Soup.paprikarecipe", Gzip.pack(try Self.paprika([:]))), ("Stew/recipe.json", Array("{}".utf8))])
        var refused = 0
        for position in zip.indices {
            for pattern: UInt8 in [0x01, 0x80, 0xFF] {
                var damaged = zip
                damaged[position] ^= pattern
                do { _ = try AppArchive.files(inZip: damaged, path: "d.zip", meter: AppImportMeter()) } catch { refused += 1 }
            }
        }
        #expect(refused > 0)
        // The central directory said to start past the end.
        var pastTheEnd = zip
        let end = try #require((0...(zip.count - 22)).last { Array(zip[$0..<$0 + 4]) == [0x50, 0x4B, 0x05, 0x06] })
        pastTheEnd.replaceSubrange(end + 16..<end + 20, with: [0xFF, 0xFF, 0x00, 0x00])
        #expect(ZipBounds.problem(in: pastTheEnd)?.contains("its central directory is said to be at byte 65535, past its end") == true)
        #expect(throws: AppImportFailure.self) { try AppArchive.files(inZip: pastTheEnd, path: "d.zip", meter: AppImportMeter()) }
        #expect(ZipBounds.problem(in: zip) == nil)
    }

    // MARK: Messages

    @Test func namesAreShownEscapedAndTitlesLoseBidirectionalOverrides() throws {
        let failure = AppImportFailure("x.zip/\u{1B}[31mred\u{07}\u{202E}gpj.exe", "is not JSON")
        #expect(failure.description == "x.zip/\\u{1B}[31mred\\u{7}\\u{202E}gpj.exe: error: is not JSON")
        let root = TestPaths.temporary("import-bidi").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let recipe = try PaprikaRecipeReader.read(json: try Self.paprika(["name": "Soup \u{202E}puos\u{202C}"]), origin: "p")
        var importer = KitchenAppImporter(root: root, existing: [], dryRun: false)
        #expect(importer.importRecipe(recipe).kind == .imported)
        let title = DataDirectoryReader(root: root).read().validated.dataset.kitchenRecipes.first?.value.title
        #expect(title == "Soup puos")
    }

    @Test func invalidUTF8NamesItsOffsetAndTheEncoding() throws {
        var bytes = try Self.paprika(["name": "Crème"])
        let at = try #require(bytes.firstIndex(of: 0xC3))
        bytes[at] = 0xE8  // "è" in Latin-1
        #expect(throws: AppImportFailure.self) { try PaprikaRecipeReader.read(json: bytes, origin: "p") }
        do {
            _ = try PaprikaRecipeReader.read(json: bytes, origin: "p")
        } catch {
            #expect(error.reason.contains("the byte at offset \(at) (0xE8"), "\(error.reason)")
        }
    }
}
