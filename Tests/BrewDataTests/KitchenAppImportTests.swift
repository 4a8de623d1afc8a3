@testable import BrewClip
@testable import BrewData
import BrewKit
import Foundation
import Testing
import ZIPFoundation
import TestSupport

/// `kitchen import` (issue 30): each app's reader on small exports made here, the bounds on
/// archives, and the writing (whole recipes, never over a file, skipping what is already here).
struct KitchenAppImportTests {
    static func zip(_ entries: [(String, [UInt8])]) throws -> [UInt8] {
        let archive = try ZIPFoundation.Archive(accessMode: .create)
        for (path, bytes) in entries {
            try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(bytes.count), compressionMethod: .deflate) { position, size in
                Data(bytes[Int(position)..<Int(position) + size])
            }
        }
        return [UInt8](try #require(archive.data))
    }

    static func gzip(_ bytes: [UInt8]) throws -> [UInt8] { Gzip.pack(bytes) }

    static let paprikaJSON: [UInt8] = Array(#"""
    {"uid":"ABC-1","name":"Zucchinipuffer\n","ingredients":"400 g Zucchini\n2 EL Mehl\nSalz","directions":"1. Raffeln.\n\n2. Braten.",
     "servings":"4 Portionen","prep_time":"15 min","cook_time":"","total_time":"","categories":["Snacks"],"source_url":"https://example.com/puffer",
     "description":"","notes":"Gut mit Dip.","nutritional_info":"Calories: 200\nProtein: 5 g\nFat: 9 g","created":"2012-09-05 13:03:36",
     "photo_data":"iVBORw0KGgo=","image_url":null}
    """#.utf8)

    @Test func paprikaRecipe() throws {
        let recipe = try PaprikaRecipeReader.read(json: Self.paprikaJSON, origin: "p")
        #expect(recipe.sourceId == "paprika:ABC-1")
        #expect(recipe.clipped.title == "Zucchinipuffer")
        #expect(recipe.clipped.ingredientLines == ["400 g Zucchini", "2 EL Mehl", "Salz"])
        #expect(recipe.clipped.steps == ["Raffeln.", "Braten."])
        #expect(recipe.clipped.servings == 4)
        #expect(recipe.clipped.prepTime == "15 min")
        #expect(ClippedRecipe.category(from: recipe.clipped.category) == .snack)
        #expect(recipe.clipped.caption == "Gut mit Dip.")
        #expect(recipe.clipped.nutritionPerServing == ServingNutrition(calories: 200, protein: 5, carbs: nil, fats: 9), "no carbs line: unknown, not 0")
        #expect(recipe.photo?.fileExtension == "png")
    }

    @Test func paprikaExportIsAZipOfGzippedJSON() throws {
        let export = try Self.zip([("Puffer.paprikarecipe", try Self.gzip(Self.paprikaJSON)), ("__MACOSX/._Puffer.paprikarecipe", [0])])
        let outer = try Self.zip([("My Recipes.paprikarecipes", export)])
        let meter = AppImportMeter()
        let files = try AppArchive.files(inZip: outer, path: "in.zip", meter: meter)
        #expect(files.map(\.path) == ["in.zip/My Recipes.paprikarecipes/Puffer.paprikarecipe"])
        let reading = AppExportFormat.paprika.read(files, meter: meter)
        #expect(reading.recipes.map(\.sourceId) == ["paprika:ABC-1"])
        #expect(reading.skipped.isEmpty)
    }

    @Test func mealieRecipeInBothShapes() throws {
        let old = Array(#"""
        {"name":"Beef Stew","slug":"beef-stew","recipe_yield":"4 serving(s)","recipe_category":["Dinner"],
         "recipe_ingredient":[{"title":"Stew","note":"1 pound beef, cubed","disable_amount":true,"quantity":1}],
         "recipe_instructions":[{"title":"Brown","text":"Brown the beef."},{"title":"","text":"Simmer 2 hours."}],
         "nutrition":{"calories":"","fat_content":"12","protein_content":"35","carbohydrate_content":"54"},
         "prep_time":"1 Day","perform_time":null,"total_time":"2 Hours 30 Minutes","org_url":"https://example.com/stew","date_added":"2021-10-26"}
        """#.utf8)
        let recipe = try MealieRecipeReader.read(json: old, origin: "m")
        #expect(recipe.sourceId == "mealie:beef-stew")
        #expect(recipe.ingredientParts == [.init(amount: "", name: "Stew"), .init(amount: "1 pound", name: "beef", notes: "cubed")])
        #expect(recipe.clipped.steps == ["Brown", "Brown the beef.", "Simmer 2 hours."])
        #expect(recipe.clipped.servings == 4)
        #expect(recipe.clipped.prepTime == "1 Day", "a time the duration reader does not know is kept as written")
        #expect(recipe.clipped.nutritionPerServing == ServingNutrition(calories: nil, protein: 35, carbs: 54, fats: 12), "an empty calories is unknown, not 0")
        #expect(recipe.clipped.sourceUrl == "https://example.com/stew")

        let new = Array(#"""
        {"name":"Soup","slug":"soup","recipeYield":"2","recipeCategory":[{"name":"Lunch"}],
         "recipeIngredient":[{"quantity":1.5,"unit":{"name":"cup"},"food":{"name":"lentils"},"note":"rinsed","disableAmount":false}],
         "recipeInstructions":[{"text":"Boil."}],"orgURL":"https://example.com/soup","nutrition":{"calories":"300","proteinContent":"20"}}
        """#.utf8)
        let soup = try MealieRecipeReader.read(json: new, origin: "m")
        #expect(soup.ingredientParts == [.init(amount: "1.5 cup", name: "lentils", notes: "rinsed")])
        #expect(ClippedRecipe.category(from: soup.clipped.category) == .lunch)
        #expect(soup.clipped.nutritionPerServing?.calories == 300)
    }

    @Test func mealieBackupJoinsItsTables() throws {
        let database = Array(#"""
        {"recipes":[{"id":"r1","slug":"soup","name":"Soup","recipe_yield":"2","org_url":"https://example.com/soup"}],
         "recipes_ingredients":[{"recipe_id":"r1","position":1,"quantity":1.0,"unit_id":"u1","food_id":"f2","note":"rinsed"},
                                {"recipe_id":"r1","position":0,"quantity":500.0,"unit_id":"u2","food_id":"f1","note":""}],
         "ingredient_units":[{"id":"u1","name":"cup"},{"id":"u2","name":"gram","abbreviation":"g","use_abbreviation":true}],
         "ingredient_foods":[{"id":"f1","name":"water"},{"id":"f2","name":"lentils"}],
         "recipe_instructions":[{"recipe_id":"r1","position":1,"title":"","text":"Simmer."},{"recipe_id":"r1","position":0,"title":"Start","text":"Boil."}],
         "recipe_nutrition":[{"recipe_id":"r1","calories":"300","protein_content":"20"}],
         "recipe_settings":[{"recipe_id":"r1","disable_amount":false}],
         "categories":[{"id":"c1","name":"Lunch"}],"recipes_to_categories":[{"recipe_id":"r1","category_id":"c1"}]}
        """#.utf8)
        let files = [AppImportFile(path: "b.zip/database.json", bytes: database),
                     AppImportFile(path: "b.zip/data/recipes/r1/images/original.webp", bytes: Array("RIFF0000WEBPVP8 ".utf8))]
        let reading = AppExportFormat.mealie.read(files, meter: AppImportMeter())
        let soup = try #require(reading.recipes.first)
        #expect(soup.sourceId == "mealie:soup")
        #expect(soup.ingredientParts == [.init(amount: "500 g", name: "water"), .init(amount: "1 cup", name: "lentils", notes: "rinsed")])
        #expect(soup.clipped.steps == ["Start", "Boil.", "Simmer."])
        #expect(soup.clipped.servings == 2)
        #expect(ClippedRecipe.category(from: soup.clipped.category) == .lunch)
        #expect(soup.clipped.nutritionPerServing?.protein == 20)
        #expect(soup.photo?.fileExtension == "webp")
    }

    @Test func tandoorStepsCarryIngredients() throws {
        let json = Array(#"""
        {"name":"Chili","servings":4,"working_time":20,"waiting_time":90,"keywords":[{"name":"Course: Main"}],
         "steps":[{"name":"Sauce","order":0,"instruction":"Roast chiles.\n\nBlend them.\n\n### Source \nexample.com","ingredients":[
           {"food":{"name":"chile"},"unit":{"name":"oz"},"amount":2.0,"note":"57 g","is_header":false,"no_amount":false},
           {"food":{"name":"Sour cream"},"unit":null,"amount":0.0,"note":"","is_header":false,"no_amount":false}]}]}
        """#.utf8)
        let recipe = try TandoorRecipeReader.read(json: json, origin: "t")
        #expect(recipe.sourceId.hasPrefix("tandoor:sha256-"))
        #expect(recipe.ingredientParts == [.init(amount: "2 oz", name: "chile", notes: "57 g"), .init(amount: "", name: "Sour cream")])
        #expect(recipe.clipped.steps == ["Sauce", "Roast chiles.", "Blend them.", "Source", "example.com"])
        #expect(recipe.clipped.prepTime == "20 min")
        #expect(recipe.clipped.cookTime == "1 h 30 min")
        #expect(ClippedRecipe.category(from: recipe.clipped.category) == .dinner)
    }

    @Test func nextcloudReadsAsClippingReadsJSONLD() throws {
        let json = Array(#"""
        {"@type":"Recipe","id":"4485","name":"Shrimp","recipeYield":4,"prepTime":"PT0H15M","cookTime":"PT0H8M","recipeCategory":"Main Course",
         "recipeIngredient":["1 lb shrimp","½ teaspoon salt"],"recipeInstructions":["Clean.","Cook."],"url":"https://example.com/shrimp",
         "nutrition":{"calories":"134 kcal","proteinContent":"23 g"}}
        """#.utf8)
        let recipe = try NextcloudRecipeReader.read(json: json, origin: "n")
        #expect(recipe.sourceId == "nextcloud:4485")
        #expect(recipe.clipped.prepTime == "15 min")
        #expect(recipe.clipped.ingredientLines == ["1 lb shrimp", "½ teaspoon salt"])
        #expect(recipe.clipped.nutritionPerServing?.calories == 134)
    }

    @Test func aZipBombStopsAtTheBytesActuallyUnpacked() throws {
        let zeros = [UInt8](repeating: 0, count: 3_000_000)
        let bomb = try Self.zip([("recipe.json", zeros)])
        #expect(bomb.count < 100_000)
        var budget = AppImportBudget()
        budget.maximumFileBytes = 1_000_000
        #expect(throws: AppImportFailure.self) { try AppArchive.files(inZip: bomb, path: "bomb.zip", meter: AppImportMeter(budget: budget)) }
        budget.maximumFileBytes = 10_000_000
        budget.maximumTotalBytes = 2_000_000
        #expect(throws: AppImportFailure.self) { try AppArchive.files(inZip: bomb, path: "bomb.zip", meter: AppImportMeter(budget: budget)) }
    }

    @Test func anEntryThatLiesAboutItsSizeIsCountedAsRead() throws {
        var bytes = try Self.zip([("recipe.json", [UInt8](repeating: 65, count: 2_000_000))])
        // Make the central directory (and local header) claim 10 bytes unpacked.
        for signature in [[0x50, 0x4B, 0x01, 0x02] as [UInt8], [0x50, 0x4B, 0x03, 0x04]] {
            guard let start = (0..<(bytes.count - 4)).first(where: { Array(bytes[$0..<$0 + 4]) == signature }) else { continue }
            let sizeOffset = signature[2] == 1 ? start + 24 : start + 22
            bytes.replaceSubrange(sizeOffset..<sizeOffset + 4, with: [10, 0, 0, 0])
        }
        var budget = AppImportBudget()
        budget.maximumFileBytes = 1_000_000
        #expect(throws: AppImportFailure.self) { try AppArchive.files(inZip: bytes, path: "liar.zip", meter: AppImportMeter(budget: budget)) }
    }

    @Test func zipsNestedTooDeepAreRefused() throws {
        var nested = try Self.zip([("recipe.json", Array("{}".utf8))])
        for level in 0..<4 { nested = try Self.zip([("level\(level).zip", nested)]) }
        #expect(throws: AppImportFailure.self) { try AppArchive.files(inZip: nested, path: "deep.zip", meter: AppImportMeter()) }
    }

    @Test func aGzipCutShortIsRefusedNotLoopedOn() throws {
        let whole = try Self.gzip(Array(String(repeating: "recipe ", count: 5000).utf8))
        let cut = Array(whole.prefix(40)) + [0, 0, 0, 0, 0, 0, 0, 0]
        #expect(throws: AppImportFailure.self) { try AppArchive.gunzip(cut, path: "cut.gz", meter: AppImportMeter()) }
        #expect(try AppArchive.gunzip(whole, path: "whole.gz", meter: AppImportMeter()).count == 35_000)
    }

    @Test func longStepsAreSplitAtSentencesKeepingEveryWord() throws {
        let sentence = String(repeating: "word ", count: 30) + "end. "
        let text = String(repeating: sentence, count: 5).trimmingCharacters(in: .whitespaces)
        let pieces = try AppRecipe.pieces(of: text, limit: 500)
        #expect(pieces.count == 2)
        #expect(pieces.allSatisfy { $0.count <= 500 })
        #expect(pieces.joined(separator: " ") == text)
    }

    @Test func importerWritesWholeRecipesAndSkipsWhatIsHere() throws {
        let root = TestPaths.temporary("app-import").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        var recipe = try PaprikaRecipeReader.read(json: Self.paprikaJSON, origin: "p")
        recipe.photo = AppRecipe.Photo(bytes: TestImages.photo(width: 40, height: 30, format: "png"), fileExtension: "png")
        var importer = KitchenAppImporter(root: root, existing: [], dryRun: false)
        let first = importer.importRecipe(recipe)
        #expect(first.kind == .imported, "\(first.message)")
        #expect(first.recipeId == "zucchinipuffer")
        let written = try String(contentsOfFile: root + "/kitchen/recipes/zucchinipuffer.json", encoding: .utf8)
        #expect(written.contains(#""sourceId": "paprika:ABC-1""#))
        #expect(written.contains(#""thumbnail": "kitchen/images/zucchinipuffer.png""#))
        #expect(written.contains(#""calories": 800"#), "200 kcal a serving × 4 servings")
        #expect(FileManager.default.fileExists(atPath: root + "/kitchen/images/zucchinipuffer.png"))
        #expect(importer.importRecipe(recipe).kind == .alreadyHere)

        // A new importer reading what is on disk: the same source id, or the same sourceUrl, is here.
        let onDisk = DataDirectoryReader(root: root).read().validated.dataset.kitchenRecipes.map(\.value)
        #expect(onDisk.first?.sourceId == "paprika:ABC-1")
        var again = KitchenAppImporter(root: root, existing: onDisk, dryRun: false)
        var sameURL = recipe
        sameURL.sourceId = "paprika:OTHER"
        sameURL.clipped.sourceUrl = "http://www.example.com/puffer/"
        let outcome = again.importRecipe(sameURL)
        #expect(outcome.kind == .alreadyHere)
        #expect(outcome.message.contains("same sourceUrl"))
    }

    @Test func aRecipeThatWouldNotPassCheckIsSkippedWholeWithItsReason() throws {
        let root = TestPaths.temporary("app-import").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        var recipe = try PaprikaRecipeReader.read(json: Self.paprikaJSON, origin: "p")
        recipe.photo = AppRecipe.Photo(bytes: [0x89, 0x50, 0x4E, 0x47], fileExtension: "png")
        recipe.ingredientParts = [.init(amount: "1", name: "salt", notes: String(repeating: "n", count: 60_000))]
        var importer = KitchenAppImporter(root: root, existing: [], dryRun: false)
        let outcome = importer.importRecipe(recipe)
        #expect(outcome.kind == .skipped)
        #expect(outcome.message.contains("ingredients[0].notes must be at most"), "\(outcome.message)")
        #expect(!FileManager.default.fileExists(atPath: root + "/kitchen/images/zucchinipuffer.png"), "no photo without its recipe")
        #expect(!FileManager.default.fileExists(atPath: root + "/kitchen/recipes/zucchinipuffer.json"))
    }
}
