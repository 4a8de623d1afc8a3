@testable import BrewClip
import BrewData
import BrewKit
import Foundation
import TestSupport
import ZIPFoundation

/// The kitchen import's inputs for the fuzz (issue 37): a Paprika recipe (plain text holding what
/// HTML would read as tags), a Nextcloud recipe (given to its own importer or to Paprika's), a
/// whole Paprika export as a zip, photos (whole, and headers claiming 20,000 pixels a side in
/// PNG, JPEG, GIF and WebP). Each mutated input goes through the command's own code: the files
/// read (`AppImportFiles`), the app's reader, the importer (a dry run: the photo checked, the
/// recipe drafted and checked as `check` would), and libgd for the photos. The promises: no
/// crash, no hang, no control character in a line printed, and no photo over the pixel budget
/// ever decoded.
struct FuzzKitchenImport: Sendable {
    let folder: String

    static let paprika = #"""
        {"uid":"FUZZ-1","name":"Eggs <the yolks only>","ingredients":"2 eggs <warm>\n1 cup milk &amp; cream\nfür den Teig:",
         "directions":"1. Heat <style> the pan.\n\n2. Whisk the eggs <the yolks only> into the milk.\n3) Serve <!-- now <svg onload=x>.",
         "servings":"4","prep_time":"PT15M","categories":["Breakfast"],"source_url":"https://example.com/eggs","notes":"Good.",
         "image_url":"https://example.com/eggs.jpg","created":"2012-09-05 13:03:36"}
        """#

    static let nextcloud = #"""
        {"@type":"Recipe","id":"4485","name":"Shrimp","recipeYield":4,"prepTime":"PT0H15M","recipeCategory":"Main Course",
         "recipeIngredient":["1 lb shrimp","½ teaspoon salt"],"recipeInstructions":[{"@type":"HowToStep","text":"Clean."},"Cook."],
         "url":"https://example.com/shrimp","image":"https://example.com/shrimp.jpg"}
        """#

    /// A PNG whose header says `width` × `height` pixels, with a few bytes of data after it.
    static func pngHeader(width: Int, height: Int) -> [UInt8] {
        func bigEndian(_ value: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8((value >> $0) & 0xFF) } }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + bigEndian(width) + bigEndian(height)
            + [8, 2, 0, 0, 0, 0, 0, 0, 0] + [0, 0, 0, 10] + Array("IDAT".utf8) + [0x78, 0x9C, 0x63, 0, 0, 0, 0, 0, 0, 0]
    }

    static let jpegHeader: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0, 16] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
        + [0xFF, 0xC0, 0, 17, 8, 0x4E, 0x20, 0x4E, 0x20, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1] + [0xFF, 0xDA, 0, 12, 3, 1, 0, 2, 0x11, 3, 0x11, 0, 0x3F, 0]
        + [UInt8](repeating: 0x55, count: 300)
    static let gifHeader: [UInt8] = Array("GIF89a".utf8) + [10, 0, 10, 0, 0, 0, 0] + [0x2C, 0, 0, 0, 0, 0x20, 0x4E, 0x20, 0x4E, 0, 2, 2, 0x44, 1, 0, 0x3B]
    static let webpHeader: [UInt8] = Array("RIFF".utf8) + [30, 0, 0, 0] + Array("WEBPVP8X".utf8) + [10, 0, 0, 0, 0, 0, 0, 0] + [0x1F, 0x4E, 0, 0x1F, 0x4E, 0]

    /// The inputs, by file name (which says how each is read).
    static func inputs() throws -> [(name: String, bytes: [UInt8])] {
        let archive = try ZIPFoundation.Archive(accessMode: .create)
        for (name, bytes) in [("My Recipes/Eggs.paprikarecipe", Gzip.pack(Array(paprika.utf8))), ("\u{1B}[31mred\u{07}.paprikarecipe", Array("{not json".utf8)),
                              ("Shrimp/recipe.json", Array(nextcloud.utf8))] {
            try archive.addEntry(with: name, type: .file, uncompressedSize: Int64(bytes.count), compressionMethod: .deflate) { position, size in
                Data(bytes[Int(position)..<Int(position) + size])
            }
        }
        return [("paprika.json", Array(paprika.utf8)), ("nextcloud.json", Array(nextcloud.utf8)), ("export.zip", [UInt8](archive.data ?? Data())),
                ("photo.png", TestImages.photo(width: 32, height: 24, format: "png")), ("photo.jpg", TestImages.photo(width: 32, height: 24, format: "jpg")),
                ("bomb.png", pngHeader(width: 23000, height: 23000)), ("bomb.jpg", jpegHeader), ("bomb.gif", gifHeader), ("bomb.webp", webpHeader)]
    }

    /// Reads `bytes` (already written at `path`) as the kitchen import does, as a dry run.
    func run(path: String, bytes: [UInt8], random: UInt64) -> FuzzSurfaces.Outcome {
        var outcome = FuzzSurfaces.Outcome()
        let meter = AppImportMeter()
        let name = (path as NSString).lastPathComponent
        var app = AppExportFormat.paprika
        var files: [AppImportFile] = []
        var photo: AppRecipe.Photo?
        switch name {
        case "paprika.json":
            files = [AppImportFile(path: "fuzz.paprikarecipes/Eggs.paprikarecipe", bytes: random % 2 == 0 ? Gzip.pack(bytes) : bytes)]
        case "nextcloud.json":
            files = [AppImportFile(path: "fuzz.zip/Shrimp/recipe.json", bytes: bytes)]
            app = random % 2 == 0 ? .nextcloud : .paprika
        case "export.zip":
            do {
                files = try AppImportFiles.read(path, meter: meter).files
            } catch {
                outcome.problems += Self.controls(in: [error.description])
                return outcome
            }
            app = AppExportFormat.allCases[Int(random % UInt64(AppExportFormat.allCases.count))]
        default:
            // A photo: through libgd as clipping checks it, and as a Paprika recipe's photo_data.
            photo = AppRecipe.Photo.sniffing(bytes)
            var object = (try? JSONSerialization.jsonObject(with: Data(Self.paprika.utf8))) as? [String: Any] ?? [:]
            object["photo_data"] = Data(bytes).base64EncodedString()
            let json = (try? JSONSerialization.data(withJSONObject: object)).map { [UInt8]($0) } ?? []
            files = [AppImportFile(path: "fuzz.paprikarecipes/Photo.paprikarecipe", bytes: Gzip.pack(json))]
        }
        if let photo {
            let header = ImageHeader.read(photo.bytes)
            let checked = GridImage.check(photo)
            if let header, header.pixels > GridImage.maximumPixels, case .success = checked {
                outcome.problems.append("a \(header.width) × \(header.height) photo was decoded")
            }
            if case .failure(let problem) = checked { outcome.problems += Self.controls(in: [problem.reason]) }
            _ = GridImage.copy(of: photo)
        }
        let reading = app.read(files, meter: meter, input: path)
        outcome.problems += Self.controls(in: reading.skipped.map(\.description))
        var importer = KitchenAppImporter(root: folder, existing: [], dryRun: true)
        for recipe in reading.recipes.prefix(5) {
            let result = importer.importRecipe(recipe, meter: meter)
            let lines = [AppImportText.shown(result.origin), AppImportText.shown(result.title)] + result.warnings.map(AppImportText.shown)
                + AppImportText.shown(result.message, keepLines: true).split(separator: "\n").map(String.init)
            outcome.problems += Self.controls(in: lines)
        }
        return outcome
    }

    /// The lines that would print a control or bidirectional character.
    static func controls(in lines: [String]) -> [String] {
        lines.filter { $0.unicodeScalars.contains { ShownText.isControl($0) || AppImportText.isBidirectionalControl($0) } }
            .map { "the import printed a control character: \(ShownText.escaped($0, limit: 300))" }
    }
}
