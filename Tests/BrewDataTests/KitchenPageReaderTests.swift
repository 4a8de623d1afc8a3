@testable import BrewClip
@testable import BrewData
import Testing

/// The generic reading rules of `KitchenPageReader`, each on a few lines of HTML (issue 14).
@Suite struct KitchenPageReaderTests {
    static func page(jsonLD: String, body: String = "") -> String {
        "<html><head><title>T</title><script type=\"application/ld+json\">\(jsonLD)</script></head><body>\(body)</body></html>"
    }

    @Test func aStepNameThatIsATitleOfItsOwnIsALineBeforeItsText() {
        let html = Self.page(jsonLD: """
        {"@type": "Recipe", "name": "Kabobs", "recipeIngredient": ["1 onion"], "recipeInstructions": [
          {"@type": "HowToStep", "name": "Make marinade", "text": "Make the marinade. Whisk the oil."},
          {"@type": "HowToStep", "name": "Thread skewers", "text": "Thread skewers. Light a grill."},
          {"@type": "HowToStep", "name": "Serve it.", "text": "Serve it with lemon."},
          {"@type": "HowToStep", "name": "Grill", "text": "Grill."}
        ]}
        """)
        #expect(KitchenPageReader.read(html: html).steps == ["Make marinade", "Make the marinade. Whisk the oil.", "Thread skewers. Light a grill.", "Serve it with lemon.", "Grill."])
    }

    @Test func aStepNameSharedByManyStepsIsALabelAndLeftOut() {
        let html = Self.page(jsonLD: """
        {"@type": "Recipe", "name": "Galette", "recipeIngredient": ["1 egg"], "recipeInstructions": [
          {"@type": "HowToStep", "name": "Adding", "text": "Put the flour in."},
          {"@type": "HowToStep", "name": "Adding", "text": "Put the butter in."},
          {"@type": "HowToStep", "name": "Boil", "text": "Bring to a boil."}
        ]}
        """)
        #expect(KitchenPageReader.read(html: html).steps == ["Put the flour in.", "Put the butter in.", "Boil", "Bring to a boil."])
    }

    @Test func aStringWithRawLineBreaksKeepsItsLines() {
        let html = Self.page(jsonLD: "{\"@type\": \"Recipe\", \"name\": \"Soup\", \"recipeIngredient\": \"1 kg potatoes\n\n\t2 onions<br>salt\", \"recipeInstructions\": \"Peel.\r\nBoil.\"}")
        let clipped = KitchenPageReader.read(html: html)
        #expect(clipped.ingredientLines == ["1 kg potatoes", "2 onions", "salt"])
        #expect(clipped.steps == ["Peel.", "Boil."])
    }

    @Test func theRichestRecipeWinsAndAStubFillsOnlyItsGaps() {
        let html = """
        <script type="application/ld+json">{"@graph": [{"@type": "Recipe", "name": "Stub", "recipeCategory": "Dessert", "recipeYield": "6"}]}</script>
        <script type="application/ld+json">{"@type": "Recipe", "name": "Pudding", "recipeIngredient": ["1 egg", "200 g sugar"], "recipeInstructions": "Mix.\\nBake."}</script>
        """
        let clipped = KitchenPageReader.read(html: html)
        #expect(clipped.title == "Pudding")
        #expect(clipped.ingredientLines == ["1 egg", "200 g sugar"])
        #expect(clipped.servings == 6)
        #expect(clipped.category == "Dessert")
    }

    @Test func inlineTagsJoinTheirTextAsABrowserShowsIt() {
        #expect(HTMLDocument.plainText("add the <span>ketchup</span>, <b>then</b> <a href=x>stir</a>") == "add the ketchup, then stir")
        #expect(HTMLDocument.plainText("<p>one</p><p>two</p>", keepLines: true) == "one\ntwo")
    }

    @Test func controlCharactersInsideJSONStringsAreEscapedOnly() {
        #expect(KitchenPageReader.escapingControlCharactersInStrings("{\n\"a\": \"x\ny\\\"\tz\"\n}") == "{\n\"a\": \"x\\ny\\\"\\tz\"\n}")
    }

    // MARK: The page's HTML

    static let wprmSteps = """
    <div class="wprm-recipe-instructions-container"><h3 class="wprm-recipe-header">Instructions</h3>
    <div class="wprm-recipe-instruction-group"><ul class="wprm-recipe-instructions"><li class="wprm-recipe-instruction"><div class="wprm-recipe-instruction-text">Wash the plums.</div></li></ul></div>
    <div class="wprm-recipe-instruction-group"><h4 class="wprm-recipe-group-name">4–6 months</h4><ul class="wprm-recipe-instructions"><li class="wprm-recipe-instruction"><span>Offer a <a href="/compote">compote</a>.</span></li></ul></div></div>
    """

    @Test func stepsMissingFromJSONLDAreReadFromAPluginContainerWithEveryGroup() {
        let html = Self.page(jsonLD: #"{"@type": "Recipe", "name": "Plums", "recipeIngredient": ["5 plums"]}"#, body: Self.wprmSteps)
        let clipped = KitchenPageReader.read(html: html)
        #expect(clipped.steps == ["Wash the plums.", "Offer a compote."])
        #expect(clipped.readFrom == ["JSON-LD", "HTML"])
    }

    @Test func paragraphsInAContainerAreLinesAndScreenReaderTextIsLeftOut() {
        let body = """
        <div class="tasty-recipes-ingredients"><div class="tasty-recipes-ingredients-header"><h3>Ingredients</h3><button>2x</button></div>
        <div class="tasty-recipes-ingredients-body"><p><span data-amount="3">3 Tbsp</span> olive oil</p><p><span class="sr-only">▢ </span>Juice of <span>half a</span> lime</p></div></div>
        <ol class="recipe-steps"><li>1. Heat the oil.</li><li>Add the lime.</li></ol>
        """
        let clipped = KitchenPageReader.read(html: "<html><body>\(body)</body></html>")
        #expect(clipped.ingredientLines == ["3 Tbsp olive oil", "Juice of half a lime"])
        #expect(clipped.steps == ["Heat the oil.", "Add the lime."])
    }

    @Test func aSectionHeadingIsFollowedByItsListsUpToTheNextSection() {
        let body = """
        <h1>Banana pancakes</h1><p>Intro.</p>
        <h2>Ingredients<br></h2><ul><li> 1 banana </li><li>100 grams plain flour</li></ul>
        <h3>Method</h3><ol><li>Mash the banana.</li><li>Fry.</li></ol><p>From a magazine.</p>
        <h2>More recipes</h2><ul><li>Fonio pancakes</li></ul>
        """
        let clipped = KitchenPageReader.read(html: "<html><head><meta property=\"og:title\" content=\"Banana pancakes\"></head><body>\(body)</body></html>")
        #expect(clipped.ingredientLines == ["1 banana", "100 grams plain flour"])
        #expect(clipped.steps == ["Mash the banana.", "Fry."])
        #expect(clipped.title == "Banana pancakes")
    }

    @Test func aWrappedHeadingLooksPastItsWrapperAndBoldParagraphsAreGroupNames() {
        let body = """
        <div class="card"><div class="head"><h2>Zutaten</h2></div><div class="text"><p><strong>Rub</strong></p><ul><li>2 EL Paprika</li></ul><ul><li>2 racks of lamb</li></ul></div></div>
        <div class="card"><h2>Directions</h2><div><p>Rub the lamb.</p><p>Grill it.</p></div></div>
        """
        let clipped = KitchenPageReader.read(html: "<body>\(body)</body>")
        #expect(clipped.ingredientLines == ["2 EL Paprika", "2 racks of lamb"])
        #expect(clipped.steps == ["Rub the lamb.", "Grill it."])
    }

    @Test func tableRowsJoinTheirCells() {
        let body = """
        <table class="ingredients"><tr><td>20 g</td><td>sunflower oil</td></tr><tr><td>3 tbsp</td><td><a href="/s">sugar</a></td></tr></table>
        <div id="method"><p>Pop the corn.</p></div>
        """
        let clipped = KitchenPageReader.read(html: "<body>\(body)</body>")
        #expect(clipped.ingredientLines == ["20 g sunflower oil", "3 tbsp sugar"])
        #expect(clipped.steps == ["Pop the corn."])
    }

    @Test func timesAndServingsWrittenAsTextFillWhatJSONLDLacks() {
        let body = """
        <div class="details"><span>Tempo de preparo</span><div>30</div><span>minutos</span></div>
        <div><span>Cooking Time:</span> <span>15 minutes</span></div><p>Serves 4</p>
        """
        let html = Self.page(jsonLD: #"{"@type": "Recipe", "name": "Stroganoff", "recipeIngredient": ["1 onion"], "recipeInstructions": "Fry.", "totalTime": "PT45M"}"#, body: body)
        let clipped = KitchenPageReader.read(html: html)
        #expect(clipped.prepTime == "30 min")
        #expect(clipped.cookTime == "15 min")
        #expect(clipped.servings == 4)
    }

    @Test func secondsOnlyDurationsGiveWayToThePagesLabelledTimes() {
        let body = "<span>Preparation Time:</span> <span>45 minutes</span><br><span>Cook time</span> <span>30 minutes</span>"
        let html = Self.page(jsonLD: #"{"@type": "Recipe", "name": "Fig bars", "recipeIngredient": ["2 cups figs"], "recipeInstructions": "Bake.", "prepTime": "PT45S", "cookTime": "PT30S", "recipeYield": "24"}"#, body: body)
        let clipped = KitchenPageReader.read(html: html)
        #expect(clipped.prepTime == "45 min")
        #expect(clipped.cookTime == "30 min")
        #expect(clipped.servings == 24)
    }

    @Test func aFlattenedIngredientStringLosesTheHeadingsThePageShows() {
        let html = Self.page(jsonLD: "{\"@type\": \"Recipe\", \"name\": \"Skewers\", \"recipeIngredient\": \"Ingredients\\n\\nSkewers\\n\\t1 kg lamb\\n\\tsalt\\n<br>\\nSalsa\\n\\t1 onion\", \"recipeInstructions\": \"Grill.\"}", body: "<div class=\"ing\"><h2>Ingredients</h2><h2>Skewers</h2><ol><li>1 kg lamb</li><li>salt</li></ol><h2>Salsa</h2><ol><li>1 onion</li></ol></div>")
        #expect(KitchenPageReader.read(html: html).ingredientLines == ["1 kg lamb", "salt", "1 onion"])
    }

    @Test func aFlattenedIngredientStringYieldsToThePagesListOfAsManyLines() {
        let html = Self.page(jsonLD: #"{"@type": "Recipe", "name": "Curry", "recipeIngredient": ["3 Tbsp oil\n3 garlic cloves", "5 tsp ginger"], "recipeInstructions": "Cook."}"#, body: """
        <div class="tasty-recipes-ingredients-body"><p>3 Tbsp oil</p><p>3 garlic cloves</p><p>1.5 tsp ginger</p></div>
        """)
        #expect(KitchenPageReader.read(html: html).ingredientLines == ["3 Tbsp oil", "3 garlic cloves", "1.5 tsp ginger"])
    }

    // MARK: Microdata and RDFa

    @Test func microdataWithNestedStepsAndSectionsReadsAsJSONLDWould() {
        let html = """
        <html><body><span itemprop="name">Site name</span>
        <div itemscope itemtype="https://schema.org/Recipe"><h1 itemprop="name">Lemon tart</h1>
        <meta itemprop="prepTime" content="PT20M"><time itemprop="cookTime" datetime="PT35M">35 minutes</time>
        <span itemprop="recipeYield">Serves 8</span><img itemprop="image" src="https://example.com/tart.jpg">
        <ul><li itemprop="recipeIngredient">3 lemons</li><li itemprop="recipeIngredient">100 g <b>sugar</b></li></ul>
        <ol><li itemprop="recipeInstructions" itemscope itemtype="https://schema.org/HowToStep"><span itemprop="name">Prepare</span> <span itemprop="text">Zest the lemons.</span></li>
        <li itemprop="recipeInstructions" itemscope itemtype="https://schema.org/HowToStep"><span itemprop="text">Bake.</span></li></ol>
        <div itemprop="nutrition" itemscope itemtype="https://schema.org/NutritionInformation"><span itemprop="calories">300 kcal</span><span itemprop="name">Nutrition</span></div>
        </div></body></html>
        """
        let clipped = KitchenPageReader.read(html: html)
        #expect(clipped.title == "Lemon tart")
        #expect(clipped.ingredientLines == ["3 lemons", "100 g sugar"])
        #expect(clipped.steps == ["Prepare", "Zest the lemons.", "Bake."])
        #expect(clipped.servings == 8)
        #expect(clipped.prepTime == "20 min")
        #expect(clipped.cookTime == "35 min")
        #expect(clipped.image == "https://example.com/tart.jpg")
        #expect(clipped.nutritionPerServing?.calories == 300)
        #expect(clipped.readFrom == ["microdata"])
    }

    @Test func rdfaPropertiesWithASchemaPrefix() {
        let html = """
        <html><head><meta property="og:title" content="OG title"></head><body>
        <article vocab="http://schema.org/" typeof="Recipe"><h1 property="schema:name">Flapjacks</h1>
        <p property="recipeIngredient">200 g oats</p><p property="recipeIngredient">100 g butter</p>
        <div property="recipeInstructions"><p>Melt the butter.</p><p>Stir in the oats and bake.</p></div></article></body></html>
        """
        let clipped = KitchenPageReader.read(html: html)
        #expect(clipped.title == "Flapjacks")
        #expect(clipped.ingredientLines == ["200 g oats", "100 g butter"])
        #expect(clipped.steps == ["Melt the butter.", "Stir in the oats and bake."])
    }

    @Test func anIngredientWithoutAnAmountTakesThePagesLineWithOne() {
        let html = Self.page(jsonLD: #"{"@type": "Recipe", "name": "Popcorn", "recipeIngredient": ["Sonnenblumenöl", "Zucker ((fein))", "2 EL Wasser"], "recipeInstructions": "Poppen."}"#, body: """
        <div class="recipe-ingredients"><div class="list__ingredient"><span>20 g</span> <span>Sonnenblumenöl</span></div>
        <div class="list__ingredient">Zucker (fein) 3 EL</div><div class="list__ingredient">2 EL Wasser!</div></div>
        """)
        #expect(KitchenPageReader.read(html: html).ingredientLines == ["20 g Sonnenblumenöl", "Zucker (fein)", "2 EL Wasser"])
    }

    /// The recipe plugins' markup, as their cards print it (trimmed to two lines each).
    static let pluginCards: [(plugin: String, html: String)] = [
        ("Mediavine Create", """
        <div class="mv-create-ingredients"><h3 class="mv-create-ingredients-title mv-create-title-secondary">Ingredients</h3><ul><li>1 cup flour</li><li>2 eggs</li></ul></div>
        <div class="mv-create-instructions mv-create-instructions-slot-v2"><h3 class="mv-create-instructions-title">Instructions</h3><ol><li>Mix.</li><li>Bake.</li></ol></div>
        """),
        ("Zip Recipes", """
        <div id="zrdn-ingredients-list-wrap"><ul id="zrdn-ingredients-list" class="zrdn-list zrdn-ingredients-list"><li class="zrdn-ingredient-item">1 cup flour</li><li class="zrdn-ingredient-item">2 eggs</li></ul></div>
        <ol id="zrdn-instructions-list" class="zrdn-list zrdn-instructions-list"><li class="zrdn-instruction-item">Mix.</li><li class="zrdn-instruction-item">Bake.</li></ol>
        """),
        ("WP Ultimate Recipe", """
        <div class="wpurp-recipe-ingredients"><ul class="wpurp-recipe-ingredient-container"><li class="wpurp-recipe-ingredient"><span class="wpurp-recipe-ingredient-quantity">1</span> <span class="wpurp-recipe-ingredient-unit">cup</span> <span class="wpurp-recipe-ingredient-name">flour</span></li><li class="wpurp-recipe-ingredient">2 eggs</li></ul></div>
        <div class="wpurp-recipe-instructions"><ol class="wpurp-recipe-instruction-container"><li class="wpurp-recipe-instruction"><span class="wpurp-recipe-instruction-text">Mix.</span></li><li class="wpurp-recipe-instruction">Bake.</li></ol></div>
        """),
        ("Cooked", """
        <div class="cooked-recipe-ingredients"><div class="cooked-single-ingredient cooked-ingredient"><span class="cooked-ing-amount">1</span> <span class="cooked-ing-measurement">cup</span> <span class="cooked-ing-name">flour</span></div><div class="cooked-single-ingredient cooked-ingredient">2 eggs</div></div>
        <div class="cooked-recipe-directions"><div class="cooked-single-direction cooked-direction"><div class="cooked-dir-content"><p>Mix.</p></div></div><div class="cooked-single-direction cooked-direction"><p>Bake.</p></div></div>
        """),
        ("Yoast how-to block", """
        <h2>Ingredients</h2><ul><li>1 cup flour</li><li>2 eggs</li></ul>
        <div class="schema-how-to wp-block-yoast-how-to-block"><ol class="schema-how-to-steps"><li class="schema-how-to-step"><p class="schema-how-to-step-text">Mix.</p></li><li class="schema-how-to-step"><p class="schema-how-to-step-text">Bake.</p></li></ol></div>
        """),
        ("a plain page", """
        <h2>What you need:</h2><table><tr><td>1 cup</td><td>flour</td></tr><tr><td>2</td><td>eggs</td></tr></table>
        <h2>Directions</h2><p>Mix.</p><p>Bake.</p><h2>Comments</h2><p>Lovely!</p>
        """),
    ]

    @Test(arguments: Self.pluginCards.indices) func aRecipePluginsCardIsReadWithoutJSONLD(_ index: Int) {
        let (plugin, body) = Self.pluginCards[index]
        let clipped = KitchenPageReader.read(html: "<html><head><title>Cake</title></head><body><nav><ul><li>Home</li></ul></nav>\(body)</body></html>")
        // "What you need" is a section name the reader knows since issue 50.
        #expect(clipped.ingredientLines == ["1 cup flour", "2 eggs"], "\(plugin)")
        #expect(clipped.steps == ["Mix.", "Bake."], "\(plugin)")
    }
}
