@testable import BrewClip
@testable import BrewData
import BrewKit
import Foundation
import Testing
import TestSupport

/// Clipping never crashes and never grows without bound on what a page holds (issue 24): each
/// pathological page is generated here and the reading is judged by what it gives back (a
/// bounded result, an error that says why), not by a clock.
@Suite struct ClipBoundsTests {
    static func page(_ recipe: String, body: String = "") -> String {
        "<html><head><script type=\"application/ld+json\">\(recipe)</script></head><body>\(body)</body></html>"
    }

    @Test func anAbsurdDurationOrNutritionIsLeftOutAndNamed() {
        let html = Self.page("""
            {"@type": "Recipe", "name": "Soup", "recipeIngredient": ["1 l water"], "recipeInstructions": ["Boil."],
             "prepTime": "PT9999999999999999999H", "cookTime": "P99999999999999999999999D",
             "nutrition": {"calories": "1\(String(repeating: "0", count: 308)) kcal", "proteinContent": "1e308 g", "fatContent": 87424, "carbohydrateContent": "40 g"}}
            """)
        let clipped = KitchenPageReader.read(html: html)
        #expect(clipped.prepTime == nil)
        #expect(clipped.cookTime == nil)
        #expect(clipped.nutritionPerServing == ServingNutrition(calories: nil, protein: 1, carbs: 40, fats: nil), "\"1e308 g\" reads as 1; the others are left out, unknown")
        #expect(clipped.warnings.contains { $0.contains("calories a serving") && $0.contains("left out") })
        #expect(clipped.warnings.contains { $0.contains("fat a serving, \"87424\"") })
        #expect(KitchenPageReader.displayDuration("PT1H15M") == "1 h 15 min")
        #expect(KitchenPageReader.displayDuration("P1DT12H") == "36 h")
    }

    @Test func doubledParenthesesAreUnwrappedInOnePass() {
        let depth = 30_000
        let line = "flour " + String(repeating: "((", count: depth) + "x" + String(repeating: "))", count: depth)
        let unwrapped = KitchenPageReader.unwrapDoubledParentheses(line)
        #expect(unwrapped == "flour (x)")
        #expect(KitchenPageReader.cleanLine("steak (, thinly sliced)") == "steak , thinly sliced")
        #expect(KitchenPageReader.unwrapDoubledParentheses("((or thin noodles) (note 1))") == "(or thin noodles) (note 1)")
        #expect(KitchenPageReader.unwrapDoubledParentheses("(boneless (about 2))") == "(boneless (about 2))")
        #expect(KitchenPageReader.unwrapDoubledParentheses("((a)") == "((a)")
        let many = String(repeating: "a (, b) ", count: 20_000)
        #expect(KitchenPageReader.cleanLine(many).count < many.count)
    }

    @Test func nestedMicrodataItemsAreEachBuiltOnceAndFewAreRead() {
        let html = "<html><body>" + String(repeating: "<div itemscope itemtype=\"https://schema.org/Recipe\" itemprop=\"name\">a", count: 100_000) + "</body></html>"
        let document = HTMLDocument(html: html)
        let recipes = KitchenMicrodataReader.recipes(in: document)
        #expect(recipes.count == KitchenMicrodataReader.maximumRecipes)
        let repeated = "<div itemscope itemtype=\"https://schema.org/Recipe\">" + String(repeating: "<span itemprop=\"recipeIngredient\">1 egg</span>", count: 20_000) + "</div>"
        let item = KitchenMicrodataReader.recipes(in: HTMLDocument(html: repeated))
        #expect((item.first?["recipeIngredient"] as? [Any])?.count == 20_000)
    }

    @Test func aHugeListIsCutAtTheNodeAndLineBounds() {
        let html = "<html><body><h2>Ingredients</h2><ul class=\"ingredients\">" + String(repeating: "<li>1 g salt", count: 600_000) + "</ul></body></html>"
        let document = HTMLDocument(html: html)
        #expect(document.nodes.count <= HTMLDocument.maximumNodes + 2, "an element and its text at most past the bound")
        #expect(document.isCut)
        let clipped = KitchenPageReader.read(html: html)
        #expect(clipped.ingredientLines.count == ClippedRecipe.maximumLines + 1, "one more than kept, to tell there were more")
        let repaired = clipped.repaired()
        #expect(repaired.ingredientLines.count == ClippedRecipe.maximumLines)
        #expect(repaired.warnings.contains("the page has more than 1000 ingredient lines; kept the first 1000"))
    }

    @Test func aJSONLDListOfManyLinesIsCut() {
        let lines = (0..<50_000).map { "\"\($0) g salt\"" }.joined(separator: ",")
        let clipped = KitchenPageReader.read(html: Self.page("{\"@type\": \"Recipe\", \"name\": \"Salt\", \"recipeIngredient\": [\(lines)], \"recipeInstructions\": [\(lines)]}"))
        #expect(clipped.ingredientLines.count == ClippedRecipe.maximumLines + 1)
        #expect(clipped.steps.count == ClippedRecipe.maximumLines + 1)
    }

    @Test func tagScansReadEachByteOnce() {
        // Unclosed scripts, overlapping meta tags and "<" with no ">" after them.
        let scripts = HTMLDocument(html: String(repeating: "<script type=\"application/ld+json\">", count: 200_000))
        #expect(KitchenPageReader.jsonLDRecipes(in: scripts).isEmpty)
        #expect(scripts.elements(["script"]).count == 1, "an unclosed script runs to the end of the page")
        let metas = HTMLDocument(html: String(repeating: "<meta ", count: 500_000) + "property=\"og:title\" content=\"Soup\">")
        #expect(KitchenPageReader.metaTags(metas)["og:title"] == "Soup")
        #expect(metas.elements(["meta"]).count == 1)
        let brackets = String(repeating: "<", count: 2_000_000) + "b"
        #expect(HTMLDocument.plainText(brackets).hasSuffix("<b"))
        #expect(HTMLDocument.plainText("<p>soup</p>" + String(repeating: "<script>x", count: 100_000)) == "soup", "a script's text is not shown")
    }

    @Test func anElementsTextIsBoundedHoweverDeepThePage() {
        let deep = String(repeating: "<h2><b>Ingredients ", count: 30_000)
        let document = HTMLDocument(html: deep)
        let headings = document.elements(HTMLDocument.headings)
        #expect(headings.count == 30_000)
        #expect(headings.allSatisfy { document.text($0, maximumCharacters: 200).count <= 220 })
        let long = String(repeating: "word ", count: 100_000)
        #expect(HTMLDocument(html: "<p>\(long)</p>").text(0, maximumCharacters: 1_000).count <= 1_010)
        #expect(HTMLDocument(html: "<h2>A<h2>B").elements(HTMLDocument.headings).map { document.name($0) }.count == 2)
    }
}

/// Saved pages, standard input and `.gz` files capped as they are read (issue 24).
@Suite struct SavedPageBoundsTests {
    static func temporaryFile(_ name: String, _ data: Data) throws -> String {
        let folder = TestPaths.temporary("clip-bounds")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent(name).path
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Packed in-process by zlib, as the reader unpacks (no `gzip` program needed).
    static func gzip(_ data: Data) throws -> Data { Data(Gzip.pack([UInt8](data))) }

    @Test func aFileOverTheBoundIsRefusedBeforeItIsHeld() throws {
        let path = try Self.temporaryFile("big.html", Data(repeating: UInt8(ascii: "a"), count: 5_000))
        #expect(throws: SavedPage.Failure.self) { try SavedPage.text(atPath: path, maximumBytes: 1_000) }
        #expect(try SavedPage.text(atPath: path, maximumBytes: 5_000).count == 5_000)
        do {
            _ = try SavedPage.text(atPath: path, maximumBytes: 1_000)
        } catch {
            #expect(error.description.contains("larger than"))
        }
        #expect(throws: SavedPage.Failure.self) { try SavedPage.text(atPath: (path as NSString).deletingLastPathComponent) }
    }

    @Test func anEndlessStreamStopsAtTheBound() throws {
        let handle = try #require(FileHandle(forReadingAtPath: "/dev/zero"))
        defer { try? handle.close() }
        #expect(throws: SavedPage.Failure.self) { try SavedPage.bytes(from: handle, maximumBytes: 3_000_000, name: "standard input") }
    }

    @Test func aGzipBombStopsAtTheBoundAndARealPageUnpacks() throws {
        let bomb = try Self.gzip(Data(count: 30_000_000))
        #expect(bomb.count < 100_000)
        let bombPath = try Self.temporaryFile("bomb.html.gz", bomb)
        do {
            _ = try SavedPage.text(atPath: bombPath)
            Issue.record("a bomb was unpacked")
        } catch {
            #expect(error.description.contains("unpacks to more than 10 MB"))
        }
        let page = "<html><body><h1>Soup</h1>" + String(repeating: "<p>Stir.</p>", count: 10_000) + "</body></html>"
        let pagePath = try Self.temporaryFile("page.html.gz", try Self.gzip(Data(page.utf8)))
        #expect(try SavedPage.text(atPath: pagePath) == page)
        let cut = try Self.temporaryFile("cut.html.gz", try Self.gzip(Data(page.utf8)).prefix(200))
        #expect(throws: SavedPage.Failure.self) { try SavedPage.text(atPath: cut) }
        let notGzip = try Self.temporaryFile("plain.html.gz", Data(page.utf8))
        #expect(throws: SavedPage.Failure.self) { try SavedPage.text(atPath: notGzip) }
        // A damaged block or checksum is refused, not read as a page.
        var damaged = try Self.gzip(Data(page.utf8))
        damaged[damaged.count - 6] ^= 0xFF
        #expect(throws: SavedPage.Failure.self) { try SavedPage.text(atPath: try Self.temporaryFile("damaged.html.gz", damaged)) }
    }
}
