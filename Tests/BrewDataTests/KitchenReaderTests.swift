import BrewData
import BrewKit
import Foundation
import Testing
import TestSupport

/// Kitchen recipes in `kitchen/recipes/`: the bundled kitchen and a fixture of mistakes (issue 14).
@Suite("Reading kitchen recipes")
struct KitchenReaderTests {
    init() {
        _ = FileManager.default.changeCurrentDirectoryPath(TestPaths.packageRoot.path)
    }

    @Test func bundledKitchenReadsInBothFormats() throws {
        let result = DataDirectoryReader(root: TestPaths.journalFromPackageRoot).read()
        let kitchen = result.validated.dataset.kitchenRecipes.map(\.value)
        #expect(kitchen.count >= 8)
        #expect(result.validated.diagnostics.filter { $0.location.file.contains("/kitchen/") && $0.severity == .error }.isEmpty)
        let hummus = try #require(kitchen.first { $0.id == "hummus" })
        #expect(hummus.ingredients.map(\.amount) == ["1 (400 g) can", "2–3 tbsp", "1 clove", "3 tbsp", "¼ cup", "2-4 tbsp"])
        #expect(hummus.steps.map(\.order) == [1, 2, 3])
        #expect(hummus.nutrition == KitchenNutrition(calories: 1020, protein: 36, carbs: 84, fats: 60))
        #expect(kitchen.contains { $0.isArchived })
        #expect(kitchen.contains { $0.isFavourite })
        #expect(result.validated.dataset.preferences?.value.kitchenUnits == nil || result.validated.dataset.preferences?.value.kitchenUnits == .metric)
    }

    @Test func everyMistakeIsReportedWithItsPlace() {
        let root = Fixture.path("kitchen-invalid")
        let result = DataDirectoryReader(root: root).read()
        let expected = [
            "\(root)/kitchen/recipes/bad.json:3:11: error: kitchen recipe id \"../escape\" must start with a letter or digit",
            "\(root)/kitchen/recipes/bad.json:12:17: error: category: unknown value \"Supper\"; expected one of Breakfast, Lunch, Dinner, Snack",
            "\(root)/kitchen/recipes/bad.json:17:7: error: missing required field \"ingredients[1].name\" (the ingredient's name)",
            "\(root)/kitchen/recipes/bad.json:21:18: error: steps must be numbered 1, 2, 3 … with no gaps; found order 3 where 2 was expected",
            "\(root)/kitchen/recipes/bad.json:23:32: error: nutrition.calories must be 0 or more, found -5",
            "\(root)/kitchen/recipes/bad.json:23:47: warning: unknown field \"nutrition.protien\" is ignored; did you mean \"protein\"?",
            "\(root)/kitchen/recipes/rows-ingredients.csv:3:1: error: this ingredient names kitchen recipe \"csv-tow\", which is not in the data (did you mean \"csv-two\"?)",
            "\(root)/kitchen/recipes/rows-steps.csv:3:9: error: step order 1 is already used by the step at Tests/BrewDataTests/Fixtures/kitchen-invalid/kitchen/recipes/rows-steps.csv:2:1",
            "\(root)/kitchen/recipes/rows.csv:2:20: error: servings: expected a whole number of servings, 1 or more, found \"two\"",
            "\(root)/kitchen/recipes/rules.json:3:12: error: title is empty; a kitchen recipe needs a title",
            "\(root)/kitchen/recipes/rules.json:4:15: error: servings must be a whole number from 1 to 10000, found 0",
            "\(root)/kitchen/recipes/rules.json:6:16: error: sourceUrl must be an http or https URL such as https://example.com/recipe, found \"javascript:alert(1)\"",
            "\(root)/kitchen/recipes/rules.json:7:16: error: thumbnail contains \"..\", found \"../../etc/passwd\"; a thumbnail must be a file inside the data directory, such as kitchen/images/soup.jpg",
            "\(root)/kitchen/recipes/rules.json:9:34: warning: ingredients[0].amount \"about 2 cups\" of \"flour\" cannot be read as a quantity (such as 500 g, 1½ cups, 2-3 cloves); it is shown as written and never scaled",
        ]
        #expect(result.validated.diagnostics.filter { $0.location.file.contains("/kitchen/") }.map(\.description) == expected)
        #expect(result.validated.dataset.kitchenRecipes.map(\.value.id).sorted() == ["../escape", "csv-two", "ok-one", "rules"])
    }
}
