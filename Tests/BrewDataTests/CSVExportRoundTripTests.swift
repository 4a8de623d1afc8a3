import BrewData
import BrewKit
import Foundation
import Testing
import TestSupport

/// The CSV export read back by the data directory's own CSV reader gives the same records: the
/// coffee recipes with their steps, the logs, and the kitchen recipes with their ingredients and
/// steps (which the export used to count and then leave out, issue 27).
@Suite struct CSVExportRoundTripTests {
    /// Lays out the export's tables where the data directory reads them and reads them back.
    static func readBack(_ files: [(name: String, bytes: [UInt8])]) throws -> DataSnapshot {
        let root = TestPaths.temporary("csv-round-trip").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let places = [
            "recipes.csv": "recipes/recipes.csv", "recipe-steps.csv": "recipes/recipe-steps.csv", "logs.csv": "logs/logs.csv",
            "kitchen-recipes.csv": "kitchen/recipes/kitchen-recipes.csv", "kitchen-ingredients.csv": "kitchen/recipes/kitchen-ingredients.csv",
            "kitchen-steps.csv": "kitchen/recipes/kitchen-steps.csv",
        ]
        for file in files {
            // Thumbnail files keep their paths; the tables go to their kinds' folders.
            guard let place = places[file.name] ?? (file.name.hasPrefix("kitchen/") ? file.name : nil) else { continue }
            let path = (root as NSString).appendingPathComponent(place)
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(file.bytes).write(to: URL(fileURLWithPath: path))
        }
        return try DataSnapshot.load(root: root)
    }

    @Test func theDemoJournalsCSVExportReadsBackAsTheSameRecords() throws {
        let snapshot = try DataSnapshot.load(root: TestPaths.journal.path)
        try #require(!snapshot.kitchenRecipes.isEmpty && snapshot.kitchenRecipes.contains { !$0.ingredients.isEmpty && !$0.steps.isEmpty })
        let files = try CSVExport.files(for: snapshot)
        let back = try Self.readBack(files)
        #expect(back.kitchenRecipes == snapshot.kitchenRecipes)
        #expect(back.kitchenRecipes.count == snapshot.kitchenRecipes.count)
        #expect(back.recipes == snapshot.recipes)
        #expect(back.logs == snapshot.logs)
        #expect(back.kitchenImages == snapshot.kitchenImages)
        let readme = String(decoding: try #require(files.first { $0.name == "README.md" }).bytes, as: UTF8.self)
        for name in ["kitchen-recipes.csv", "kitchen-ingredients.csv", "kitchen-steps.csv"] {
            #expect(files.contains { $0.name == name }, "\(name) is written")
            #expect(readme.contains("`\(name)`"), "the README tells of \(name)")
        }
    }

    /// Every field a kitchen recipe can hold survives the CSV tables: nutrition and none,
    /// notes, card servings, flags, times, a thumbnail, commas, quotes and line breaks.
    @Test func everyKitchenRecipeFieldSurvivesTheCSVTables() throws {
        let full = KitchenRecipe(
            id: "stew", title: "Stew, \"slow\"\nand long", thumbnail: "https://example.com/stew.jpg", sourceUrl: "https://example.com/stew",
            sourcePlatform: .web, caption: "A caption; with ; semicolons", prepTime: "10 min", cookTime: "1 h 15 min", servings: 4, category: .dinner,
            ingredients: [KitchenIngredient(id: "i1", name: "beef", amount: "500 g", notes: "diced, \"chuck\""), KitchenIngredient(id: "i2", name: "salt", amount: "", notes: nil)],
            steps: [KitchenStep(id: "s1", order: 1, text: "Brown the beef."), KitchenStep(id: "s2", order: 2, text: "Simmer.\nSlowly.")],
            nutrition: KitchenNutrition(calories: 2400, protein: 180, carbs: 60, fats: 120), isArchived: true, isFavourite: true,
            createdAt: Date(timeIntervalSince1970: 1_770_000_000), updatedAt: Date(timeIntervalSince1970: 1_770_100_000), cardServings: [2, 8])
        let bare = KitchenRecipe(id: "toast", title: "Toast", servings: 1, category: .breakfast)
        let snapshot = DataSnapshot(recipes: [], kitchenRecipes: [full, bare])
        let back = try Self.readBack(try CSVExport.files(for: snapshot))
        #expect(back.kitchenRecipes == snapshot.kitchenRecipes)
    }

    /// A section heading among the steps (issue 25) survives the CSV tables: the steps table gains
    /// an `isHeading` column only when a recipe has a heading, so other kitchens export as before.
    @Test func aSectionHeadingSurvivesTheCSVTables() throws {
        let steps = [KitchenStep(id: "h1", order: 1, text: "Make the marinade", isHeading: true), KitchenStep(id: "s1", order: 2, text: "Stir the yoghurt and spices."),
                     KitchenStep(id: "h2", order: 3, text: "Cook the chicken", isHeading: true), KitchenStep(id: "s2", order: 4, text: "Grill for 10 minutes.")]
        let headed = KitchenRecipe(id: "tikka", title: "Chicken tikka", servings: 4, category: .dinner, steps: steps)
        let plain = KitchenRecipe(id: "toast", title: "Toast", servings: 1, category: .breakfast, steps: [KitchenStep(id: "s1", order: 1, text: "Toast it.")])
        let files = try CSVExport.files(for: DataSnapshot(recipes: [], kitchenRecipes: [headed, plain]))
        let table = String(decoding: try #require(files.first { $0.name == "kitchen-steps.csv" }).bytes, as: UTF8.self)
        #expect(table.hasPrefix("recipeId,id,order,text,isHeading\n"), "\(table)")
        let back = try Self.readBack(files)
        #expect(back.kitchenRecipes.first { $0.id == "tikka" }?.steps.map(\.isHeading) == [true, false, true, false])
        #expect(back.kitchenRecipes == [headed, plain].sorted { $0.id < $1.id } || back.kitchenRecipes == [headed, plain])

        let withoutHeadings = try CSVExport.files(for: DataSnapshot(recipes: [], kitchenRecipes: [plain]))
        let plainTable = String(decoding: try #require(withoutHeadings.first { $0.name == "kitchen-steps.csv" }).bytes, as: UTF8.self)
        #expect(plainTable.hasPrefix("recipeId,id,order,text\n"), "no heading, no isHeading column: \(plainTable)")
    }
}
