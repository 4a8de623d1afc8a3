@testable import BrewClip
import BrewKit
import Foundation
import Testing

/// Pages written for issue 50 in the shapes that failed on sites nobody here had seen, in several
/// languages and in the markup real recipe plugins write (WP Recipe Maker, Tasty Recipes,
/// Mediavine Create, plain blogs). None is a saved page; each rule is tested on a page it was not
/// written for where it can be (a German rule on an Italian page, a plugin's on a plain blog's).
@Suite struct ClipPageShapesTests {
    static func page(_ head: String, _ body: String) -> String {
        "<!doctype html><html><head><meta charset=utf-8>\(head)</head><body>\(body)</body></html>"
    }

    static func page(_ body: String) -> String { page("", body) }

    static func jsonLD(_ json: String) -> String { "<script type=\"application/ld+json\">\(json)</script>" }

    static func draft(_ html: String) throws -> KitchenClipWriter.Draft {
        try KitchenClipWriter.draft(KitchenPageReader.read(html: html), root: "/nonexistent-clip-root", category: nil, takenIDs: [])
    }

    static func written(_ html: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(draft(html).bytes)) as! [String: Any]
    }

    // MARK: Structured data

    @Test func aLowerCaseRecipeTypeIsRead() {
        let html = Self.page(Self.jsonLD(#"{"@context":"https://schema.org","@type":"recipe","name":"Lentil soup","recipeIngredient":["1 cup lentils","1 onion"],"recipeInstructions":"Cook the lentils.\nAdd the onion."}"#), "<h1>Lentil soup</h1>")
        let clipped = KitchenPageReader.read(html: html)
        #expect(clipped.ingredientLines == ["1 cup lentils", "1 onion"])
        #expect(clipped.steps == ["Cook the lentils.", "Add the onion."])
        #expect(clipped.readFrom.first == "JSON-LD")
    }

    @Test func aMisCasedItemListElementKeepsItsSteps() {
        let html = Self.page(Self.jsonLD(#"{"@type":"Recipe","name":"Pancakes","recipeIngredient":["200 g flour","2 eggs"],"recipeInstructions":[{"@type":"HowToSection","name":"Batter","itemlistelement":[{"@type":"HowToStep","text":"Whisk the flour and eggs."},{"@type":"HowToStep","text":"Rest for 10 minutes."}]}]}"#), "")
        let clipped = KitchenPageReader.read(html: html)
        #expect(clipped.steps == ["Batter", "Whisk the flour and eggs.", "Rest for 10 minutes."])
    }

    @Test func thePagesMainRecipeWinsOverASideRecipeWithMoreLines() throws {
        let main = #"{"@type":"Recipe","name":"Grilled Chicken Tacos","recipeIngredient":["500 g chicken thighs","8 tortillas","1 lime"],"recipeInstructions":["Grill the chicken.","Fill the tortillas."]}"#
        let salsa = #"{"@type":"Recipe","name":"Mango Salsa","recipeIngredient":["1 mango","1 red onion","1 chilli","1 lime","1 bunch coriander","1 tsp salt","1 tomato"],"recipeInstructions":["Chop everything.","Mix.","Season."]}"#
        let slaw = #"{"@type":"Recipe","name":"Lime Slaw","recipeIngredient":["½ cabbage","2 carrots","1 lime","2 tbsp mayonnaise"],"recipeInstructions":["Shred.","Dress."]}"#
        let html = Self.page("<title>Grilled Chicken Tacos | A Food Blog</title>" + Self.jsonLD("[\(salsa),\(main),\(slaw)]"), "<h1>Grilled Chicken Tacos</h1>")
        let clipped = KitchenPageReader.read(html: html)
        #expect(clipped.title == "Grilled Chicken Tacos")
        #expect(clipped.ingredientLines.count == 3)
        #expect(clipped.steps == ["Grill the chicken.", "Fill the tortillas."])
        // Said, with what was kept and what was left.
        #expect(clipped.warnings.contains { $0.contains("3 recipes") && $0.contains("Grilled Chicken Tacos") && $0.contains("Mango Salsa") })
    }

    @Test func stepsGluedWithoutASpaceAreSteps() {
        let html = Self.page(Self.jsonLD(#"{"@type":"Recipe","name":"Dal","recipeIngredient":["200 g red lentils","1 onion"],"recipeInstructions":"Rinse the lentils and fry the onion until soft.Add the lentils and 600 ml water, then simmer for 20 minutes.Season and serve with rice."}"#), "")
        #expect(KitchenPageReader.read(html: html).steps == ["Rinse the lentils and fry the onion until soft.", "Add the lentils and 600 ml water, then simmer for 20 minutes.", "Season and serve with rice."])
        #expect(KitchenPageReader.splittingGluedSentences("Bake at 180 °C. Serve with the U.S. style sauce and enjoy it warm, or cold.") == ["Bake at 180 °C. Serve with the U.S. style sauce and enjoy it warm, or cold."])
    }

    @Test func aPlaceholderListGivesWayToThePagesTable() {
        // A Mediavine-like card that shows its ingredients in a table, with a one-word list in its JSON-LD.
        let html = Self.page(Self.jsonLD(#"{"@type":"Recipe","name":"Gazpacho","recipeIngredient":["Ingredients"],"recipeInstructions":["Blend everything.","Chill."]}"#),
                             """
                             <div class="mv-create-card"><h2>Gazpacho</h2><div class="mv-create-ingredients"><h3>Ingredients</h3>
                             <table><tr><td>1 kg</td><td>ripe tomatoes</td></tr><tr><td>1</td><td>cucumber</td></tr><tr><td>2 tbsp</td><td>sherry vinegar</td></tr></table></div></div>
                             """)
        let clipped = KitchenPageReader.read(html: html)
        #expect(clipped.ingredientLines == ["1 kg ripe tomatoes", "1 cucumber", "2 tbsp sherry vinegar"])
    }

    @Test func oldMicrodataIngredientsAreRead() {
        let html = Self.page("""
            <div itemscope itemtype="http://data-vocabulary.org/Recipe"><h1 itemprop="name">Apple Crumble</h1>
            <ul><li itemprop="ingredient" itemscope itemtype="http://data-vocabulary.org/RecipeIngredient"><span itemprop="amount">4</span> <span itemprop="name">apples</span></li>
            <li itemprop="ingredient" itemscope itemtype="http://data-vocabulary.org/RecipeIngredient"><span itemprop="amount">100 g</span> <span itemprop="name">butter</span></li>
            <li itemprop="ingredients">150 g flour</li></ul>
            <div itemprop="recipeInstructions"><p>Slice the apples.</p><p>Rub the butter into the flour and bake.</p></div></div>
            """)
        let clipped = KitchenPageReader.read(html: html)
        #expect(clipped.ingredientLines == ["4 apples", "100 g butter", "150 g flour"])
        #expect(clipped.steps.count == 2)
    }

    @Test func aYieldRangeInTheListsSecondElementIsKept() {
        let html = Self.page(Self.jsonLD(#"{"@type":"Recipe","name":"Chili","recipeYield":["4","4-6 servings"],"recipeIngredient":["500 g beef","1 can beans"],"recipeInstructions":["Brown the beef.","Simmer with the beans."]}"#), "")
        let clipped = KitchenPageReader.read(html: html)
        #expect(clipped.servings == 4)
        #expect(clipped.servingsUpTo == 6)
    }

    @Test(arguments: [("Frühstück", KitchenCategory.breakfast), ("Mittagessen", .lunch), ("Dolci", .snack), ("Cookies", .snack), ("Hauptgericht", .dinner),
                      ("Sobremesas", .snack), ("Café da manhã", .breakfast), ("Desszert", .snack), ("Postres", .snack), ("Morgenmad", .breakfast)])
    func categoriesInOtherLanguages(text: String, category: KitchenCategory) {
        #expect(ClippedRecipe.category(from: text) == category)
    }

    // MARK: Nutrition and servings

    @Test func nutritionForTheWholeDishIsNotMultiplied() throws {
        let html = Self.page(Self.jsonLD(#"{"@type":"Recipe","name":"Lasagne","recipeYield":"6","recipeIngredient":["500 g beef","12 lasagne sheets"],"recipeInstructions":["Layer.","Bake."],"nutrition":{"@type":"NutritionInformation","servingSize":"1 recipe","calories":"3720 kcal","proteinContent":"210 g"}}"#), "")
        let draft = try Self.draft(html)
        let recipe = try JSONSerialization.jsonObject(with: Data(draft.bytes)) as! [String: Any]
        let nutrition = recipe["nutrition"] as! [String: Any]
        #expect(nutrition["calories"] as? Int == 3720)
        #expect(draft.repairs.contains { $0.contains("whole dish") })
        // Without a serving size, a serving's figure above a day's worth reads as the dish's too.
        let unsized = html.replacingOccurrences(of: #""servingSize":"1 recipe","#, with: "")
        let other = try Self.written(unsized)["nutrition"] as! [String: Any]
        #expect(other["calories"] as? Int == 3720)
        // A serving's plausible figure is still multiplied.
        let plain = try Self.written(unsized.replacingOccurrences(of: "3720 kcal", with: "620 kcal"))["nutrition"] as! [String: Any]
        #expect(plain["calories"] as? Int == 3720)
    }

    @Test func zeroCaloriesIsAPlaceholder() {
        let html = Self.page(Self.jsonLD(#"{"@type":"Recipe","name":"Tea","recipeIngredient":["1 tea bag"],"recipeInstructions":["Steep."],"nutrition":{"calories":"0 kcal","fatContent":"0 g"}}"#), "")
        let clipped = KitchenPageReader.read(html: html)
        #expect(clipped.nutritionPerServing == nil)
        #expect(clipped.warnings.contains { $0.contains("placeholder") })
    }

    @Test(arguments: ["1309 people printed this", "52 people made this recipe", "Saved by 1,204 people"])
    func aCounterIsNoServings(line: String) {
        #expect(KitchenYieldReader.range(inLine: line) == nil)
        #expect(KitchenYieldReader.range(inLine: "Serves 4") == KitchenYieldReader.Servings(count: 4))
    }

    @Test func aCaptionsPortionsOfAnIngredientAreNoServings() {
        #expect(KitchenYieldReader.servings(inLine: "4 portions of salmon fillet") == nil)
        #expect(KitchenYieldReader.servings(inLine: "4 portions") == 4)
    }

    // MARK: HTML-only recipes

    @Test func plainAndItalicSectionNamesAndBrSeparatedLines() {
        // An Italian blog with no plugin: the sections named in a plain and an italic paragraph,
        // the ingredients in one paragraph broken by <br>.
        let html = Self.page("""
            <article><h1>Pasta al pomodoro</h1><p>La ricetta della nonna.</p>
            <p>Ingredienti</p><p>320 g di spaghetti<br>400 g di pomodori pelati<br>2 spicchi d'aglio<br>4 cucchiai di olio</p>
            <p><em>Preparazione</em></p><p>Scaldate l'olio con l'aglio.</p><p>Aggiungete i pomodori e cuocete 15 minuti.</p><p>Scolate la pasta e condite.</p>
            </article>
            """)
        let clipped = KitchenPageReader.read(html: html)
        #expect(clipped.ingredientLines == ["320 g di spaghetti", "400 g di pomodori pelati", "2 spicchi d'aglio", "4 cucchiai di olio"])
        #expect(clipped.steps.count == 3)
    }

    @Test func methodHeadingsInOtherWords() {
        let html = Self.page("""
            <main><h1>Flapjacks</h1><h2>What you'll need</h2><ul><li>250 g oats</li><li>125 g butter</li><li>3 tbsp golden syrup</li></ul>
            <h2>How to make them</h2><ol><li>Melt the butter with the syrup.</li><li>Stir in the oats and bake for 20 minutes.</li></ol></main>
            """)
        let clipped = KitchenPageReader.read(html: html)
        #expect(clipped.ingredientLines.count == 3)
        #expect(clipped.steps == ["Melt the butter with the syrup.", "Stir in the oats and bake for 20 minutes."])
    }

    @Test func groupsAreNotCutAtTheNextHeading() {
        // German, the groups' headings at the section heading's own level.
        let html = Self.page("""
            <div class="entry"><h1>Zwetschgenkuchen</h1><h3>Zutaten</h3><h3>Für den Teig</h3><ul><li>250 g Mehl</li><li>125 g Butter</li></ul>
            <h3>Für den Belag</h3><ul><li>1 kg Zwetschgen</li><li>2 EL Zucker</li></ul>
            <h3>Zubereitung</h3><ol><li>Den Teig kneten.</li><li>Belegen und backen.</li></ol></div>
            """)
        let clipped = KitchenPageReader.read(html: html)
        #expect(clipped.ingredientLines == ["250 g Mehl", "125 g Butter", "1 kg Zwetschgen", "2 EL Zucker"])
        #expect(clipped.steps.count == 2)
    }

    @Test func aShareMenuIsNoSteps() {
        let html = Self.page("""
            <div><h1>Lemonade</h1><h2>Ingredients</h2><ul><li>4 lemons</li><li>100 g sugar</li><li>1 l water</li></ul>
            <h2>Directions</h2><div class="share-buttons"><ul><li><a href="#">Facebook</a></li><li><a href="#">Pin it</a></li><li><a href="#">Email</a></li></ul></div>
            <ol><li>Squeeze the lemons.</li><li>Stir in the sugar and water.</li></ol></div>
            """)
        let clipped = KitchenPageReader.read(html: html)
        #expect(clipped.steps == ["Squeeze the lemons.", "Stir in the sugar and water."])
        // Share links in structured steps are left out, and said.
        var given = ClippedRecipe()
        given.steps = ["Share on Facebook", "Pin it", "Mix the lemon juice and sugar."]
        let repaired = given.repaired()
        #expect(repaired.steps == ["Mix the lemon juice and sugar."])
        #expect(repaired.warnings.contains { $0.contains("share") })
    }

    // MARK: Lines

    @Test func gluedBrLinesInOneListItemAreSplit() {
        // A Tasty-like card whose list item holds three lines broken by <br>.
        let html = Self.page("""
            <div class="tasty-recipes"><h2>Ingredients</h2><div class="tasty-recipes-ingredients"><ul><li>2 cups flour<br>1 tsp baking soda<br>½ tsp salt</li><li>1 cup milk</li></ul></div>
            <div class="tasty-recipes-instructions"><ol><li>Mix.</li><li>Bake.</li></ol></div></div>
            """)
        #expect(KitchenPageReader.read(html: html).ingredientLines == ["2 cups flour", "1 tsp baking soda", "½ tsp salt", "1 cup milk"])
    }

    @Test func unitTabsKeptThreeTimesAreOneList() {
        var clipped = ClippedRecipe()
        clipped.ingredientLines = ["1 cup flour", "2 eggs", "½ cup milk", "125 g flour", "2 eggs", "120 ml milk", "4.4 oz flour", "2 eggs", "4 fl oz milk"]
        clipped.steps = ["Mix.", "Bake."]
        let repaired = clipped.repaired()
        #expect(repaired.ingredientLines == ["1 cup flour", "2 eggs", "½ cup milk"])
    }

    @Test func everyStepTwiceIsEachOnce() {
        var clipped = ClippedRecipe()
        clipped.ingredientLines = ["1 egg"]
        clipped.steps = ["Whisk the egg.", "Fry it.", "Serve.", "Whisk the egg.", "Fry it.", "Serve."]
        #expect(clipped.repaired().steps == ["Whisk the egg.", "Fry it.", "Serve."])
        clipped.steps = ["Whisk the egg.", "Whisk the egg.", "Fry it.", "Fry it."]
        #expect(clipped.repaired().steps == ["Whisk the egg.", "Fry it."])
    }

    @Test func aLineBreakInsideOneIngredientIsOneLine() {
        var clipped = ClippedRecipe()
        clipped.ingredientLines = ["2", "cups rolled oats", "1 banana"]
        clipped.steps = ["Mix."]
        #expect(clipped.repaired().ingredientLines == ["2 cups rolled oats", "1 banana"])
    }

    @Test func aLoneAmountJoinsTheLineAfterIt() {
        #expect(KitchenHTMLRecipeReader.joiningLoneAmounts(["2", "cups flour", "1 egg"]) == ["2 cups flour", "1 egg"])
        #expect(KitchenHTMLRecipeReader.joiningLoneAmounts(["salt", "pepper"]) == ["salt", "pepper"])
    }

    @Test func sectionTitlesAndTemplateTextAreNoGroupsAndGroupNamesAreNotBought() throws {
        var clipped = ClippedRecipe()
        clipped.title = "Curry"
        clipped.ingredientLines = ["Ingredients (6)", "For the paste", "2 shallots", "3 cloves garlic", "For the curry", "400 ml coconut milk", "1 tbsp fish sauce"]
        clipped.ingredientGroups = [ClippedRecipe.IngredientGroup(startsAt: 0, name: "Title")]
        clipped.steps = ["Blend the paste.", "Simmer."]
        let repaired = clipped.repaired()
        #expect(repaired.ingredientLines == ["2 shallots", "3 cloves garlic", "400 ml coconut milk", "1 tbsp fish sauce"])
        #expect(repaired.ingredientGroups.map(\.name) == ["For the paste", "For the curry"])
        #expect(ClippedRecipe.isPlaceholderGroupName("step1"))
        #expect(ClippedRecipe.isPlaceholderGroupName("Ingredients (14)"))
        #expect(!ClippedRecipe.isPlaceholderGroupName("For the glaze"))
    }

    // MARK: Saying what is not sure

    @Test func aRecipeWithNoStepsOrNoIngredientsIsSaid() throws {
        let noSteps = Self.page(Self.jsonLD(#"{"@type":"Recipe","name":"Granola","recipeIngredient":["300 g oats","100 ml maple syrup"]}"#), "")
        #expect(try Self.draft(noSteps).repairs.contains { $0.contains("no steps") && $0.contains("2 ingredients") })
        let noIngredients = Self.page(Self.jsonLD(#"{"@type":"Recipe","name":"Toast","recipeInstructions":["Toast the bread."]}"#), "")
        #expect(try Self.draft(noIngredients).repairs.contains { $0.contains("no ingredients") && $0.contains("1 step") })
    }
}
